"""A chain-of-thought reply with no ``ANSWER:`` line (surf27 item 3).

The SLP chain-of-thought prompt asks for a last line ``ANSWER: <letter>``; the real local
model (SmolLM2-135M) ended its reasoning "The child is experiencing articulation disorder."
with no such line, and it was unparseable. A person reads a reply whose last sentence names
exactly one offered label, plainly, and no other label anywhere, as that answer (the
hand-labelled set already reads "The child shows substitution." so). Such a label is
marked as read from the prose, recorded with the score and counted beside the parse figures;
two labels, a hedge, a denial or no label stay unparseable.
"""

from __future__ import annotations

import json

import pytest

from clinbench.suites.slp.replies import READ_FROM_PROSE, read_label_reply
from clinbench.suites.slp.scenarios import SCENARIOS
from tests.suites.slp.runs import replayed_cot_run

DISORDER, TYPE, SYMPTOM = (SCENARIOS[n] for n in ("slp_disorder", "slp_disorder_type",
                                                 "slp_symptom"))  # fmt: skip
SMOLLM2 = (  # the real model's reply on slp_disorder_type with cot=true (asr pipeline)
    "The child is experiencing articulation disorder."
)


@pytest.mark.parametrize(
    ("spec", "reply", "label"),
    [
        (DISORDER, "This indicates a speech disorder.", "speech_disorder"),
        (DISORDER, "The child says 'wed' for 'red'.\nThis indicates a speech disorder.",
         "speech_disorder"),
        (TYPE, SMOLLM2, "articulation"),
        (SYMPTOM, "The r is said as w. So the main feature is substitution.", "substitution"),
    ],
)  # fmt: skip
def test_a_plain_conclusion_naming_one_label_is_read_from_the_prose(spec, reply, label):
    found = read_label_reply(reply, spec, cot=True)
    assert (found.status, found.answer, found.read_from) == ("ok", label, "prose"), found


@pytest.mark.parametrize(
    ("spec", "reply"),
    [
        # two answers: in the conclusion, or one there and another in the reasoning
        (DISORDER, "It is typically developing or a speech disorder."),
        (TYPE, "Sounds are replaced, as in articulation.\nThis indicates a phonological disorder."),
        (TYPE, "B - articulation (trouble producing particular speech sounds)\n"
               "C - phonological (trouble with the sound system of the language)"),
        # hedged or denied
        (DISORDER, "This may indicate a speech disorder."),
        (DISORDER, "It is likely a speech disorder."),
        (DISORDER, "This is not a speech disorder."),
        (DISORDER, "The child's speech isn't typically developing."),
        # no offered answer named, or named but not in the conclusion
        (DISORDER, "The child repeats the words with some difficulty."),
        (TYPE, "It is articulation.\nThe clinician should assess the child again."),
        (SYMPTOM, "In addition, the child speaks clearly."),
    ],
)  # fmt: skip
def test_two_answers_a_hedge_or_no_answer_stay_unparseable(spec, reply):
    found = read_label_reply(reply, spec, cot=True)
    assert found.status == "none" and found.read_from == "", found


def test_the_answer_line_still_wins_and_the_prompt_without_cot_is_unchanged():
    marked = read_label_reply("It is a speech disorder.\nANSWER: A", DISORDER, cot=True)
    assert (marked.answer, marked.read_from) == ("typically_developing", "")
    plain = read_label_reply("This indicates a speech disorder.", DISORDER, cot=False)
    assert plain.status == "none" and plain.read_from == ""


def test_the_run_records_it_and_the_scenario_table_counts_it(tmp_path):
    """A replayed cot run: the score records the flag, the results table keeps it, the
    SLP scenario table (the run summary's, analyze's and the report's) counts it."""
    from clinbench.suites.slp.scenario_tables import PROSE_COLUMN, scenario_table

    table = replayed_cot_run(tmp_path)
    flags = table.set_index("item_id")["score_metadata"].map(
        lambda m: json.loads(m)[READ_FROM_PROSE]
    )
    assert flags.to_dict() == {"slp-s01": True, "slp-s02": False, "slp-s03": False}
    outcomes = table.set_index("item_id")["outcome"]
    assert outcomes["slp-s03"] == "parse_failed" and outcomes["slp-s01"] != "parse_failed"
    (row,) = scenario_table(table, resamples=0).to_dict("records")
    assert (row["answered"], row[PROSE_COLUMN], row["excluded"]) == (2, 1, 1)
