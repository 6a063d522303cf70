"""Severity: exact match against evidenced lists; unmatched stays unclassified."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from clinbench.items.model import ExactItem
from clinbench.suites.ausclin.severity import classify_wrong_answer, severity_counts

URL = "https://example.org/rule"
ITEM = ExactItem(
    id="ats",
    stem="ATS category and maximum wait?",
    fields=[
        {"name": "category", "kind": "choice", "options": ["1", "2", "3"]},
        {"name": "wait", "kind": "text", "normalise": ["whitespace", "case"]},
    ],
    answer={"category": "2", "wait": "10 minutes"},
    wrong_values=[
        {"field": "wait", "value": "15 minutes", "label": "foreign", "quote": "q", "url": URL},
        {"field": "category", "value": "3", "label": "superseded", "quote": "q", "url": URL},
        {"field": "wait", "value": "7 minutes", "label": "fabricated", "quote": "q", "url": URL},
    ],
)


def test_classification_by_exact_match_only():
    assert classify_wrong_answer(ITEM, {"category": "2", "wait": "15 Minutes"}) == "foreign"
    assert classify_wrong_answer(ITEM, {"category": "3", "wait": "10 minutes"}) == "superseded"
    assert classify_wrong_answer(ITEM, {"category": "3", "wait": "15 minutes"}) == (
        "foreign+superseded"
    )
    # one wrong field without evidence leaves the whole answer unclassified
    assert classify_wrong_answer(ITEM, {"category": "3", "wait": "20 minutes"}) == "unclassified"
    # near misses are not matches: never assumed fabricated
    assert classify_wrong_answer(ITEM, {"category": "2", "wait": "7 min"}) == "unclassified"


def _row(model, outcome, answer=None, condition="blind"):
    return {
        "model": model,
        "condition": condition,
        "item_id": "ats",
        "outcome": outcome,
        "extracted_answer": json.dumps(answer) if answer else None,
    }


def test_counts_cover_blind_wrong_answers_only_with_coverage():
    rows = pd.DataFrame(
        [
            _row("m1", "incorrect", {"category": "2", "wait": "15 minutes"}),
            _row("m1", "incorrect", {"category": "2", "wait": "7 minutes"}),
            _row("m1", "incorrect", {"category": "1", "wait": "10 minutes"}),
            _row("m1", "declined"),
            _row("m1", "parse_failed"),
            _row("m1", "correct", {"category": "2", "wait": "10 minutes"}),
            _row("m1", "incorrect", {"category": "3", "wait": "10 minutes"}, condition="rule"),
            _row("m2", "declined"),
        ]
    )
    counts = severity_counts(rows, {"ats": ITEM}).set_index("model")
    m1 = counts.loc["m1"]
    assert (m1["wrong answers"], m1["foreign"], m1["fabricated"], m1["unclassified"]) == (
        3,
        1,
        1,
        1,
    )
    assert m1["superseded"] == 0  # the rule-condition answer is not classified
    assert m1["coverage"] == pytest.approx(2 / 3)
    m2 = counts.loc["m2"]
    assert m2["wrong answers"] == 0 and pd.isna(m2["coverage"])  # declines never classified
