"""The run's headline says when the report and ``analyze`` leave a model out of ranking.

The real local model (SmolLM2-135M) on slp_disorder_type: the run printed "accuracy 0.667
(95% CI 0.300–0.903), 4 correct of 6 answered" with its 12 parse failures, while the
report, ``analyze`` and the leaderboard showed no figure for it: 12 of 18 replies unusable
exceed the 10% exclusion threshold. The run's headline now says so, with the report's reason
(``report.headline.exclusions``, the same words the leaderboard gives).
"""

from __future__ import annotations

import pandas as pd

from clinbench.cli.console import summary_blocks
from clinbench.report.headline import exclusions
from clinbench.stats import leaderboard as lb
from clinbench.summary import headline_rows


def _results(model: str, outcomes: list[str]) -> pd.DataFrame:
    return pd.DataFrame([
        {"suite": "slp", "task": "slp_disorder_type", "scorer": "slp_label_scorer",
         "model": model, "condition": "asr", "item_id": f"i{n}", "epoch": 1, "format": "audio",
         "question": "", "outcome": outcome, "score": {"correct": 1.0}.get(outcome, 0.0),
         "grade": None, "score_metadata": "{}", "response": "r", "run_id": "r1"}
        for n, outcome in enumerate(outcomes)
    ])  # fmt: skip


def _text(results: pd.DataFrame) -> str:
    return " ".join(" ".join(summary_blocks(headline_rows(results), width=80)).split())


def test_a_model_over_the_exclusion_threshold_is_said_not_ranked():
    smollm2 = _results("m", ["correct"] * 4 + ["incorrect"] * 2 + ["parse_failed"] * 12)
    text = _text(smollm2)
    (reason,) = exclusions(smollm2)["reason"]
    assert "accuracy 0.667" in text, text
    assert f"not ranked (report, analyze): {reason}" in text, text
    (board,) = lb.summarise(smollm2).to_dict("records")
    assert board["status"] == lb.EXCLUDED and board["excluded_reason"] == reason


def test_a_model_with_no_reply_scored_is_said_not_ranked():
    text = _text(_results("m", ["parse_failed"] * 18))
    assert "no answered reply of 18" in text
    assert "not ranked (report, analyze): none of its 18 replies could be scored" in text


def test_a_ranked_model_says_nothing_more():
    text = _text(_results("m", ["correct"] * 9 + ["parse_failed"]))
    assert "not ranked" not in text, text
