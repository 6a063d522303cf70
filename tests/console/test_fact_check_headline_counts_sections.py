"""A scorer that grades each section of a reply says it counts sections, and of how many replies.

realuse6: one audiology case, its Q1 and Q2 fact-checked, and the headline said "2 replies
graded". It now says "2 sections graded, 0 unscored, from 1 reply"; the run's summary and
`analyze` print this same headline (both call print_summary), and the report's fact-check
table counts the same sections per question.
"""

from __future__ import annotations

import pandas as pd

from clinbench.cli.console import summary_blocks
from clinbench.summary import headline_rows


def _fact_check(cases: dict[str, list[tuple[str, str]]]) -> pd.DataFrame:
    return pd.DataFrame([
        {"suite": "audiology", "task": "audiology_cases", "scorer": "audiogram_fact_check",
         "model": "m", "condition": "default", "item_id": case, "epoch": 1, "format": "case",
         "question": question, "outcome": outcome,
         "score": 1.0 if outcome == "graded" else None, "grade": None,
         "score_metadata": "{}", "response": "r", "run_id": "r1"}
        for case, sections in cases.items() for question, outcome in sections
    ])  # fmt: skip


def _text(results: pd.DataFrame) -> str:
    return " ".join(" ".join(summary_blocks(headline_rows(results), width=100)).split())


def test_two_sections_of_one_case_are_two_sections_of_one_reply():
    results = _fact_check({"case-1": [("Q1", "graded"), ("Q2", "graded")]})
    (head,) = headline_rows(results).to_dict("records")
    assert int(head["graded"]) == 2 and int(head["replies"]) == 1, head
    text = _text(results)
    assert "m: 2 sections graded, 0 unscored, from 1 reply;" in text, text
    assert "replies graded" not in text, text


def test_unscored_sections_count_as_sections_and_replies_once_each():
    results = _fact_check({
        "case-1": [("Q1", "graded"), ("Q2", "unscored")],
        "case-2": [("Q1", "unscored"), ("Q2", "unscored")],
        "case-3": [("Q1", "graded"), ("Q2", "graded")],
    })  # fmt: skip
    text = _text(results)
    assert "m: 3 sections graded, 3 unscored, from 3 replies;" in text, text


def test_a_scorer_of_whole_replies_still_counts_replies():
    results = _fact_check({f"c{i}": [("", "graded")] for i in range(3)})
    assert "m: 3 replies graded, 0 unscored;" in _text(results)


def test_one_section_and_one_reply_are_singular():
    """The real local model's one case: 'smollm2: 1 sections graded, 1 unscored, from 1
    reply' (its Q2 had no claim the fact checker could read)."""
    results = _fact_check({"case-1": [("Q1", "graded"), ("Q2", "unscored")]})
    assert "m: 1 section graded, 1 unscored, from 1 reply;" in _text(results)
    whole = _fact_check({"c1": [("", "graded")], "c2": [("", "unscored")]})
    assert "m: 1 reply graded, 1 unscored;" in _text(whole)
