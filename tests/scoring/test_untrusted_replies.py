"""Model replies are untrusted input: extraction never raises, never stalls, never guesses.

- adversarial replies from issue 12 (``"true " * 8000``, ``"[[" * 100000``, ``"[" * 5000``)
  are read to a valid status, and the deep JSON one is ``parse_failed`` with a reason;
- strict JSON: a repeated key, NaN/Infinity or a too-deep reply is not an answer;
- a property test over every extractor: any reply gives a valid status (never an exception);
- the linear rules read every short reply exactly as the former (quadratic) rules did.

Speed itself is measured by ``benchmarks/extract.py`` (times and growth ratios); the one
timed test here is a hang guard with a margin of about a thousand times.
"""

from __future__ import annotations

import multiprocessing as mp
import re

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from clinbench.items.model import CaseItem, ExactItem, FIBItem, MCQItem, SAItem, TFItem
from clinbench.scoring import outcomes
from clinbench.scoring.exact import score_extraction
from clinbench.scoring.extract import (
    MAX_CANDIDATES,
    extract_answer,
    extract_fib,
    extract_mcq,
    extract_tf,
    find_json_objects,
    json_objects,
)
from clinbench.scoring.match import normalised_match
from clinbench.suites.audiology.reply_sections import split_sections
from clinbench.suites.slp.replies import read_label_reply, read_transcription_reply
from clinbench.suites.slp.scenarios import SCENARIOS
from tests.scoring import quadratic_reference as old

MCQ = MCQItem(id="m", stem="Which?", options={"A": "a", "B": "b", "C": "c", "I": "i"}, answer="C")
TF = TFItem(id="t", stem="A type A tympanogram is normal.", answer=True)
FIB = FIBItem(id="f", stem="Notch near ____ Hz.", answer="4000", accept=["4 kHz"])
SA = SAItem(id="s", stem="Which test?", answer="tympanometry")
EXACT = ExactItem(
    id="e",
    stem="Refer? How many days?",
    fields=[
        {"name": "refer", "kind": "choice", "options": ["yes", "no"]},
        {"name": "days", "kind": "text"},
    ],
    answer={"refer": "yes", "days": "7"},
)
CASE = CaseItem(
    id="c",
    stem="History.",
    questions=[
        {"id": "Q1", "prompt": "Results?", "reference": "Normal."},
        {"id": "Q2", "prompt": "Diagnosis?", "reference": "None."},
    ],
)
ITEMS = [MCQ, TF, FIB, SA, EXACT, CASE]
STATUSES = {"ok", "ambiguous", "none", "declined", "refused", "contradictory"}


# -- the deep-JSON reply was recorded as `error`: now parse_failed with a reason --------------


@pytest.mark.parametrize(
    "reply", ["[" * 5000, "{" * 5000, '{"refer":' * 5000, "Answer: " + "[" * 100_000 + " ok"]
)
def test_deeply_nested_reply_is_parse_failed_with_a_reason(reply):
    extraction = extract_answer(EXACT, reply)
    assert extraction.status == "none"
    assert "nested deeper than" in extraction.reason
    outcome, value = score_extraction(EXACT, extraction)
    assert outcome == outcomes.PARSE_FAILED and value != value


def test_shallow_json_still_found_beside_deep_brackets_in_other_replies():
    reply = 'Here: {"refer": "yes", "days": "7", "decline": false}'
    assert extract_answer(EXACT, reply).answer == {"refer": "yes", "days": "7"}


@pytest.mark.parametrize(
    "reply, why",
    [
        ('{"refer": "yes", "refer": "no", "days": "7", "decline": false}', "duplicate key"),
        ('{"refer": "yes", "days": NaN, "decline": false}', "NaN is not a JSON number"),
        ('{"refer": "yes", "days": 1e999, "decline": false}', "too large"),
        ('So: {"refer": "yes", "days": Infinity, "decline": false}', "Infinity"),
        ("1" * 5000 + "x", "too long to read"),  # raised ValueError from int() before
        ('{"refer": "yes", "days": ' + "9" * 5000 + "}", "too long to read"),
    ],
)
def test_non_strict_json_is_not_an_answer(reply, why):
    extraction = extract_answer(EXACT, reply)
    assert extraction.status == "none" and why in extraction.reason, extraction


def test_a_stray_quote_before_the_object_does_not_hide_it():
    reply = 'He is [5" 11 tall. Answer: {"refer": "no", "days": "14", "decline": false}'
    assert extract_answer(EXACT, reply).answer == {"refer": "no", "days": "14"}


def test_many_distinct_candidates_are_kept_bounded():
    reply = " ".join(f"[[{i}]]" for i in range(5000))
    extraction = extract_fib(reply)
    assert extraction.status == "ambiguous" and extraction.answer == "0"
    assert len(extraction.candidates) == MAX_CANDIDATES
    assert "5000 distinct" in extraction.reason


# -- the quadratic replies of issue 12: a hang guard, not a speed test -----------------------


def _run(name: str, reply: str, conn) -> None:
    result = ADVERSARIAL_CALLS[name](reply)
    conn.send(getattr(result, "status", "done"))


ADVERSARIAL_CALLS = {
    "tf": lambda r: extract_answer(TF, r),
    "fib": lambda r: extract_answer(FIB, r),
    "mcq": lambda r: extract_answer(MCQ, r),
    "exact": lambda r: extract_answer(EXACT, r),
    "sections": lambda r: split_sections(CASE, r),
    "slp": lambda r: read_label_reply(r, SCENARIOS["slp_disorder"]),
    "slp_transcript": read_transcription_reply,
    "match": lambda r: normalised_match(r, ["4 kHz"]),
}


@pytest.mark.parametrize(
    "name, reply",
    [
        ("tf", "true " * 40_000),  # 8,000 copies took 18.6 s; 40,000 took minutes
        ("tf", "not true " * 20_000),
        ("fib", "[[" * 100_000),  # 310 s
        ("fib", "answer: " + " " * 100_000 + "x" + " " * 100_000 + "y"),
        ("mcq", "A " * 100_000),
        ("mcq", "answer" + "*" * 100_000),
        ("exact", "```" + " " * 200_000),
        ("exact", "x {" + '"a":1,' * 30_000),
        ("sections", "Q1\n" * 100_000),
        ("slp", "decline" + " " * 100_000 + "x"),
        ("match", "1" * 100_000 + " khz"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 10 else None,
)
def test_adversarial_reply_finishes(name, reply):
    context = mp.get_context("fork")
    parent, child = context.Pipe()
    process = context.Process(target=_run, args=(name, reply, child))
    process.start()
    finished = parent.poll(60)  # linear: well under a second; quadratic: minutes
    process.kill()
    process.join()
    assert finished, f"{name} did not finish within 60 s on a {len(reply):,}-character reply"
    assert parent.recv() in STATUSES | {"done"}


# -- property tests -------------------------------------------------------------------------

FRAGMENTS = [
    "true", "false", "True", "FALSE", "not ", "isn't ", "whether ", "if ", "cannot say ",
    "can't tell ", "answer", "ANSWER:", "Answer is ", " ", "  ", "\n", "\t", "*", "**", "[[",
    "]]", "[", "]", "{", "}", '"', ":", ",", "-", "```", "json", "A", "B", "C", "I", "E", "(",
    ")", "a ", "I think ", "option ", "refer", '"refer"', '"days"', '"yes"', '"no"', "7",
    '"decline"', "decline", "DECLINE", "Q1", "Q2 Diagnosis:", "Recommendations:", "#", "1",
    "khz", "\\", "–", "entirely ", "é", "\x00",
]  # fmt: skip
replies = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=4)), max_size=40).map(
    "".join
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reply=replies)
def test_every_extractor_returns_a_valid_outcome_on_any_reply(reply):
    for item in ITEMS:
        extraction = extract_answer(item, reply)
        assert extraction.status in STATUSES
        if not isinstance(item, CaseItem):
            outcome, _ = score_extraction(item, extraction)
            assert outcome in outcomes.OUTCOMES
        if extraction.status == "none":
            assert extraction.reason
    assert isinstance(json_objects(reply), list)
    sections = split_sections(CASE, reply)
    assert set(sections["sections"]) <= {"Q1", "Q2"}
    for cot in (False, True):
        assert read_label_reply(reply, SCENARIOS["slp_symptom"], cot=cot).status in STATUSES
    assert read_transcription_reply(reply).status in STATUSES
    assert normalised_match(reply, ["4 kHz"]).method in {"exact", "contained", "fuzzy", "none"}
    assert normalised_match(reply, ["tympanometry"], contained=True).method


def _read_by_a_later_mcq_rule(reply: str) -> bool:
    """Return True when a multiple-choice rule added after the linear rewrite applies.

    Issue 29 changed the letter rules on purpose (a lone letter in either case, lower-case
    letters written as options, "A)" as an option, every option offered after an answer
    mark, a lower-case "a" after the mark that is the article before a word: "Answer: a
    true statement"); the former rules are the reference only for replies none of these
    touch.
    """
    from clinbench.scoring import extract

    article = any(
        m.group(1) == "a" and extract._is_word_use(m.group(0)[-1], reply, m.end())
        for m in extract._MARKED_LETTER.finditer(reply)
    )
    return bool(
        article
        or extract._LONE_LETTER.fullmatch(reply)
        or extract._LOWER_OPTION.search(reply)
        or re.search(r"(?<![A-Za-z0-9'])[AI]\)", reply)
        or re.search(r"\banswer\b.*(?:\bor\b|\band\b|/|&)", reply, re.I | re.S)
    )


@settings(max_examples=600, deadline=None)
@given(reply=replies)
@example(reply="ANSWER:a true")  # found by hypothesis: the article rule, not a letter
def test_linear_rules_read_short_replies_as_the_former_rules_did(reply):
    from clinbench.scoring import extract

    pairs = [(extract_tf(reply), old.extract_tf(reply))]
    # the decline word written into a fill-in's blank is a decline (surf26), on purpose:
    # the former rules are the reference for the fill-ins it does not touch
    fib = extract_fib(reply)
    if not (fib.status == "declined" and extract._DECLINE_IN_BLANK.search(reply)):
        pairs.append((fib, old.extract_fib(reply)))
    if not _read_by_a_later_mcq_rule(reply):
        pairs.append(
            (extract_mcq(reply, ["A", "B", "C", "I"]), old.extract_mcq(reply, ["A", "B", "C", "I"]))
        )
    for new, before in pairs:
        assert (new.status, new.answer, new.candidates, new.reason) == (
            before.status,
            before.answer,
            before.candidates,
            before.reason,
        )


def _strict(text: str) -> bool:
    """Return True when no object the former rule could take is outside strict JSON."""
    return not re.search(r"NaN|Infinity|\d[eE]\d", text)


@settings(max_examples=600, deadline=None)
@given(reply=replies)
def test_linear_json_search_finds_what_the_former_search_found(reply):
    try:
        before = old.json_objects(reply)
    except RecursionError:  # the former defect; not generated at these lengths
        return
    objects, why = find_json_objects(reply)
    assume(_strict(reply) and "duplicate key" not in why)
    assert objects == before


@pytest.mark.parametrize(
    "reply",
    [
        '{"a": {"b": 1} x {"c": 2}',
        'note (see [list "a", "b"]) {"refer": "no"} and {"refer": "no"}',
        '```json\n{"refer": "yes"}\n``` then ```{"refer": "no"}```',
        '[1, 2] {"refer": "yes"} [3',
        '{"a": "line\nbreak"} {"b": 1}',
    ],
)
def test_json_search_examples_agree_with_the_former_search(reply):
    assert json_objects(reply) == old.json_objects(reply)


def test_braces_inside_a_json_string_are_text_not_an_object():
    # The former search also took the "{}" inside the string literal for an object.
    assert json_objects('x ["{}", 1] {"refer": "yes"}') == [{"refer": "yes"}]
