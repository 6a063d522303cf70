"""A leaderboard row of a transcription task shows its WER, lower is better (surf28 item 1).

SmolLM2 through ``clinbench local`` with the bundled Whisper on slp_transcription: the run
summary, ``analyze`` and the report gave corpus WER 1.250 over 2 graded replies (15
unparseable, 3 failed recognitions). ``leaderboard add`` (``--threshold 1``) entered the row
as "nothing scored" with 0 parse failures and 0 errors: it looked for an accuracy, which a
word error rate is not. The row now holds the suite's own figure (``SuiteSpec.
board_measures``: the SLP scenario table's WER), named and ordered lower-is-better.
"""

from __future__ import annotations

import json

import pandas as pd

from clinbench.stats import leaderboard as lb
from clinbench.suites.slp.scenario_tables import scenario_table


def _rows(model: str, hypotheses: list[str | None]) -> list[dict]:
    out = []
    for i, hyp in enumerate(hypotheses):
        outcome = "parse_failed" if hyp is None else "graded"
        meta = {"reference": "red ball", "hypothesis": hyp or "", "outcome": outcome}
        out.append({"suite": "slp", "task": "slp_transcription", "model": model,
                    "condition": "asr=whisper", "scorer": "slp_transcription_scorer",
                    "item_id": f"c{i}", "epoch": 1, "run_id": model, "format": "audio",
                    "question": "", "outcome": outcome, "score": None if hyp is None else 0.0,
                    "response": hyp or "Transcribe the child's speech.",
                    "score_metadata": json.dumps(meta)})  # fmt: skip
    return out


RESULTS = pd.DataFrame(
    _rows("worse", ["wed ball"] * 9 + ["red ball"])
    + _rows("better", ["red ball"] * 9 + ["wed ball"])
    + _rows("unreadable", ["red ball"] * 8 + [None, None])
)


def test_the_row_is_the_scenario_tables_wer_and_ranks_lower_first():
    board = lb.add_version(lb.empty_leaderboard(), RESULTS, "1", "transcription")
    shown = lb.shown_rows(board.current())
    assert shown["model"].tolist() == ["better", "worse", "unreadable"]
    wer = scenario_table(RESULTS, resamples=0).set_index("model")["WER"]
    rows = board.current().set_index("model")
    for model in ("better", "worse"):
        assert rows.loc[model, "status"] == lb.SCORED
        assert rows.loc[model, "score"] == wer[model]  # the same figure as every table
        assert rows.loc[model, "measure"] == "WER" and bool(rows.loc[model, "lower_is_better"])
        assert pd.isna(rows.loc[model, "accuracy"])
    assert (rows.loc["better", "score"], rows.loc["worse", "score"]) == (0.05, 0.45)
    assert set(shown["measure"]) == {"WER, lower is better"}
    # 2 of 10 unreadable exceed the 10% threshold: excluded, its parse failures counted
    assert rows.loc["unreadable", "status"] == lb.EXCLUDED
    assert int(rows.loc["unreadable", "parse_failed"]) == 2 and pd.isna(
        rows.loc["unreadable", "score"]
    )


def test_the_measure_survives_the_file_and_stays_out_of_the_accuracy_trend(tmp_path):
    for name in ("board.json", "board.csv"):
        board = lb.add_version(
            lb.empty_leaderboard(),
            RESULTS,
            "1",
            "transcription",
            release_dates={"better": "2025-01-01", "worse": "2024-01-01"},
        )
        lb.write_leaderboard(board, tmp_path / name)
        back = lb.read_leaderboard(tmp_path / name).current().set_index("model")
        assert back.loc["better", "measure"] == "WER" and back.loc["better", "lower_is_better"]
        assert lb.trend(lb.read_leaderboard(tmp_path / name)).empty
