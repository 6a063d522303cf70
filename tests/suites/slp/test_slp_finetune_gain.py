"""SLPHelm Figure 3 (issue 28): the change after fine-tuning, per scenario, with a paired
bootstrap interval, on a small results table whose metrics are checkable by hand."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli.slp_commands import app
from clinbench.errors import ClinbenchError
from clinbench.results import write_results
from clinbench.results.schema import RESULT_COLUMNS
from clinbench.suites.slp.finetune_gain import UnknownModelError, finetune_gain
from clinbench.suites.slp.scenario_tables import scenario_table

TD, SD = "typically_developing", "speech_disorder"


def _label(model, item, gold, predicted, outcome):
    row = dict.fromkeys(RESULT_COLUMNS)
    meta = {"gold_label": gold, "predicted_label": predicted}
    row.update(suite="slp", task="slp_disorder", model=model, item_id=item, epoch=1,
               condition="audio", outcome=outcome, score=float(outcome == "correct"),
               score_metadata=json.dumps(meta))  # fmt: skip
    return row


def _speech(model, item, reference, hypothesis):
    row = dict.fromkeys(RESULT_COLUMNS)
    meta = {"reference": reference, "hypothesis": hypothesis}
    row.update(suite="slp", task="slp_transcription", model=model, item_id=item, epoch=1,
               condition="audio", outcome="correct", score=0.0,
               score_metadata=json.dumps(meta))  # fmt: skip
    return row


def _table() -> pd.DataFrame:
    rows = [
        # slp_disorder. base: i1, i4 right, i2, i3 wrong -> Micro F1 2/4 = 0.5.
        # tuned: i1, i2, i4 right, i3 unreadable (a wrong label) -> 3/4 = 0.75.
        _label("base", "i1", TD, TD, "correct"), _label("tuned", "i1", TD, TD, "correct"),
        _label("base", "i2", SD, TD, "incorrect"), _label("tuned", "i2", SD, SD, "correct"),
        _label("base", "i3", SD, TD, "incorrect"), _label("tuned", "i3", SD, None, "parse_failed"),
        _label("base", "i4", TD, TD, "correct"), _label("tuned", "i4", TD, TD, "correct"),
        # only the base answered i5: left out of both (else the base would score 3/5)
        _label("base", "i5", TD, TD, "correct"),
        _label("other", "i1", TD, SD, "incorrect"),
        # slp_transcription. base: 1 substitution in 6 reference words -> WER 1/6; tuned: 0.
        _speech("base", "t1", "the cat sat", "the cat sat"),
        _speech("tuned", "t1", "the cat sat", "the cat sat"),
        _speech("base", "t2", "a red ball", "a bed ball"),
        _speech("tuned", "t2", "a red ball", "a red ball"),
    ]  # fmt: skip
    return pd.DataFrame(rows, columns=RESULT_COLUMNS)


def test_metrics_and_change_match_the_hand_count():
    out = finetune_gain(_table(), "base", ["tuned"], resamples=500).set_index("task")
    label = out.loc["slp_disorder"]
    assert (label["metric"], label["n"], label["tuned"]) == ("Micro F1", 4, "tuned")
    assert label["base"] == pytest.approx(0.5)
    assert label["tuned_value"] == pytest.approx(0.75)
    assert label["change"] == pytest.approx(0.25)
    speech = out.loc["slp_transcription"]
    assert (speech["metric"], speech["n"]) == ("WER", 2)
    assert speech["base"] == pytest.approx(1 / 6)
    assert speech["tuned_value"] == pytest.approx(0.0)
    assert speech["change"] == pytest.approx(-1 / 6)


def test_the_metric_is_the_suites_scenario_metric():
    frame = _table()
    shared = frame[frame["item_id"] != "i5"]
    suite = scenario_table(shared, resamples=0).set_index(["model", "task"])
    out = finetune_gain(frame, "base", ["tuned"], resamples=0).set_index("task")
    assert out.loc["slp_disorder", "base"] == suite.loc[("base", "slp_disorder"), "Micro F1"]
    assert (
        out.loc["slp_transcription", "tuned_value"]
        == suite.loc[("tuned", "slp_transcription"), "WER"]
    )
    assert np.isnan(out["CI low"]).all()  # no resamples: no interval, not a made-up one


def test_the_bootstrap_is_paired_and_seeded():
    frame = _table()
    first = finetune_gain(frame, "base", ["tuned"], resamples=800, seed=3)
    again = finetune_gain(frame, "base", ["tuned"], resamples=800, seed=3)
    pd.testing.assert_frame_equal(first, again)
    out = first.set_index("task")
    # the tuned model is right wherever the base is: every paired resample gains (>= 0),
    # whereas resampling the two models independently would often show a loss
    # (only i2 differs, so a resample's change is its draws of i2 / 4: Binomial(4, 1/4) / 4,
    # whose 2.5% and 97.5% points are 0 and 0.75)
    assert (out.loc["slp_disorder", "CI low"], out.loc["slp_disorder", "CI high"]) == (0, 0.75)
    # the tuned model never makes a word error: the WER change is never positive
    assert out.loc["slp_transcription", "CI high"] <= 0 <= -out.loc["slp_transcription", "CI low"]
    same = finetune_gain(frame, "base", ["base"], resamples=200).set_index("task")
    assert (same["change"] == 0).all() and (same["CI low"] == 0).all()
    assert (same["CI high"] == 0).all()


def test_several_tuned_models_and_a_missing_one():
    out = finetune_gain(_table(), "base", ["tuned", "other"], resamples=100)
    other = out[out["tuned"] == "other"].iloc[0]
    assert (other["task"], other["n"], other["change"]) == ("slp_disorder", 1, -1.0)
    with pytest.raises(UnknownModelError, match="nope") as err:
        finetune_gain(_table(), "base", ["tuned", "nope"])
    assert isinstance(err.value, ClinbenchError) and isinstance(err.value, ValueError)


def test_command_prints_the_table_and_refuses_an_unknown_model(tmp_path):
    path = write_results(_table(), tmp_path / "results.parquet")
    runner = CliRunner()
    args = ["finetune-gain", str(path), "--base", "base", "--tuned", "tuned"]
    res = runner.invoke(app, [*args, "--resamples", "200", "--format", "json"])
    assert res.exit_code == 0, res.output
    [table] = json.loads(res.stdout)["tables"]
    got = {r["task"]: (r["base"], r["tuned_value"], r["change"]) for r in table["rows"]}
    assert got["slp_disorder"] == pytest.approx((0.5, 0.75, 0.25))
    assert got["slp_transcription"] == pytest.approx((1 / 6, 0.0, -1 / 6))
    bad = runner.invoke(app, ["finetune-gain", str(path), "--base", "gpt", "--tuned", "tuned"])
    assert bad.exit_code == 2
    assert "gpt" in bad.output and len(bad.output.strip().splitlines()) == 1
