"""A scorer that grades on a scale (word error rate, a rubric, a fact check) has no accuracy.

SmolLM2 on slp_transcription with Whisper (realuse6), 3 clips: one transcript read (WER
2.0), two replies with no transcript (parse failed). The run printed an "Exact-match
outcomes" table for the word-error-rate scorer with n 2, answered 0 and "accuracy (all)
0.000 (0.000-0.658)", and the headline said "no answered reply of 2", though three clips
ran and the task has no accuracy at all. The headline now counts all three under the scorer
(1 graded, 2 parse failed) and no accuracy is printed for it.
"""

from __future__ import annotations

import pandas as pd

from clinbench.cli.console import summary_blocks
from clinbench.summary import headline_rows, outcome_tables


def _transcription(outcomes: list[str]) -> pd.DataFrame:
    return pd.DataFrame([
        {"suite": "custom", "task": "transcription", "scorer": "wer_scorer", "model": "m",
         "condition": "default", "item_id": f"c{i}", "epoch": 1, "format": "audio",
         "question": "", "outcome": outcome, "score": 2.0 if outcome == "graded" else None,
         "grade": None, "score_metadata": "{}", "response": "r"}
        for i, outcome in enumerate(outcomes)
    ])  # fmt: skip


def test_unreadable_replies_of_a_scaled_scorer_are_not_an_accuracy():
    results = _transcription(["graded", "parse_failed", "parse_failed"])
    titles = [title for title, _, _ in outcome_tables(results)]
    assert "Exact-match outcomes" not in titles, titles
    (head,) = headline_rows(results).to_dict("records")
    assert head["kind"] == "graded" and int(head["n"]) == 3, head
    text = " ".join(" ".join(summary_blocks(headline_rows(results), width=100)).split())
    assert "m: 1 reply graded, 0 unscored, 2 parse failed;" in text, text
    assert "accuracy" not in text, text


def test_a_failed_call_of_a_scaled_scorer_is_counted_once_in_its_headline():
    results = _transcription(["graded", "declined", "error"])
    (head,) = headline_rows(results).to_dict("records")
    assert int(head["n"]) == 3 and int(head["error"]) == 1, head
    text = " ".join(" ".join(summary_blocks(headline_rows(results), width=100)).split())
    assert "1 reply graded, 0 unscored, 1 declined, 1 error (no reply)" in text, text


def test_an_exact_match_scorer_keeps_its_failed_calls_in_its_accuracy():
    results = _transcription(["correct", "incorrect", "error"]).assign(scorer="match")
    (title, table, _), *_ = outcome_tables(results)
    assert title == "Exact-match outcomes"
    assert int(table["n"].iloc[0]) == 3 and int(table["error"].iloc[0]) == 1
