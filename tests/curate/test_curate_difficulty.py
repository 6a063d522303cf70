"""Difficulty tags: cognitive level by rule or model, pilot accuracy from a results table."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli.curate_commands import app
from clinbench.curate.difficulty import (
    cognitive_level_rule,
    cognitive_levels,
    pilot_accuracy,
    tag_items,
)
from clinbench.items.loader import load_items, write_items
from clinbench.items.model import FIBItem, MCQItem, SAItem, TFItem
from clinbench.results.schema import RESULT_COLUMNS

runner = CliRunner()

RECALL = TFItem(id="i-recall", stem="The stapes is the smallest bone in the body.", answer=True)
APPLICATION = FIBItem(
    id="i-apply",
    stem="A 45-year-old woman has a better-ear average of 38 dB HL. Her WHO grade is ____.",
    answer="mild",
)
ANALYSIS = MCQItem(
    id="i-analysis",
    stem=(
        "Word recognition is far poorer than the pure-tone thresholds predict and acoustic "
        "reflexes are absent. What is the most likely site of lesion?"
    ),
    options={"A": "Cochlea", "B": "Eighth nerve", "C": "Middle ear"},
    answer="B",
)
SHORT = SAItem(id="i-sa", stem="Name the cells that produce otoacoustic emissions.", answer="OHCs")


@pytest.mark.parametrize(
    ("item", "level"),
    [(RECALL, "recall"), (APPLICATION, "application"), (ANALYSIS, "analysis"), (SHORT, "recall")],
)
def test_rule_levels(item, level) -> None:
    got, cue = cognitive_level_rule(item)
    assert got == level
    assert cue  # the cue that decided is recorded


def result_rows(rows: list[tuple]) -> pd.DataFrame:
    """Results table rows from (item_id, model, epoch, outcome, scorer)."""
    frame = pd.DataFrame(
        [
            {c: None for c in RESULT_COLUMNS}
            | {
                "item_id": i,
                "model": m,
                "epoch": e,
                "outcome": o,
                "scorer": s,
                "condition": "default",
                "score": {"correct": 1.0, "incorrect": 0.0, "declined": 0.0}.get(o, math.nan),
            }
            for i, m, e, o, s in rows
        ],  # fmt: skip
        columns=RESULT_COLUMNS,
    )
    return frame


@pytest.fixture
def results() -> pd.DataFrame:
    return result_rows(
        [
            ("i-recall", "m1", 1, "correct", "item_scorer"),
            ("i-recall", "m2", 1, "incorrect", "item_scorer"),
            ("i-recall", "m3", 1, "parse_failed", "item_scorer"),  # excluded, disclosed
            ("i-apply", "m1", 1, "correct", "item_scorer"),
            ("i-apply", "m1", 2, "incorrect", "item_scorer"),
            ("i-apply", "m2", 1, "correct", "item_scorer"),
            ("i-apply", "m3", 1, "declined", "item_scorer"),  # a decline is not correct
            ("i-analysis", "m1", 1, "error", "item_scorer"),
            ("i-analysis", "m2", 1, "error", "item_scorer"),
            ("i-sa", "judge", 1, "graded", "adjudicator"),  # rubric rows are not pilot accuracy
        ]
    )


def test_pilot_accuracy_is_share_of_models_correct(results) -> None:
    table = pilot_accuracy(results).set_index("item_id")
    assert table.loc["i-recall", "pilot_accuracy"] == pytest.approx(0.5)
    assert table.loc["i-recall", "pilot_models"] == 2
    assert table.loc["i-recall", "pilot_models_excluded"] == 1
    # m1 right in one of two epochs (0.5), m2 right (1), m3 declined (0)
    assert table.loc["i-apply", "pilot_accuracy"] == pytest.approx(0.5)
    assert table.loc["i-apply", "pilot_models"] == 3
    assert table.loc["i-analysis", "pilot_models"] == 0
    assert pd.isna(table.loc["i-analysis", "pilot_accuracy"])
    assert "i-sa" not in table.index


def test_several_scorers_must_be_named(results) -> None:
    extra = result_rows([("i-recall", "m1", 1, "incorrect", "other_scorer")])
    both = pd.concat([results, extra], ignore_index=True)
    with pytest.raises(ValueError, match="several scorers"):
        pilot_accuracy(both)
    table = pilot_accuracy(both, scorer="other_scorer").set_index("item_id")
    assert table.loc["i-recall", "pilot_accuracy"] == 0.0


def test_tags_are_written_to_metadata_with_sources(results) -> None:
    items = [RECALL, APPLICATION, ANALYSIS]
    tagged = {
        i.id: i
        for i in tag_items(
            items, levels=cognitive_levels(items), pilot=pilot_accuracy(results), bands=(0.4, 0.8)
        )
    }
    recall = tagged["i-recall"].metadata
    assert recall["cognitive_level"] == "recall"
    assert recall["cognitive_level_source"].startswith("rule:bloom-v1")
    assert recall["pilot_accuracy"] == 0.5 and recall["pilot_models_excluded"] == 1
    assert tagged["i-recall"].difficulty == "medium"
    # no model answered: no accuracy and no difficulty, never a default
    assert "pilot_accuracy" not in tagged["i-analysis"].metadata
    assert tagged["i-analysis"].metadata["pilot_models"] == 0
    assert tagged["i-analysis"].difficulty is None
    assert RECALL.metadata == {}  # the input items are not changed


def test_model_levels_through_replay_with_an_unparseable_reply(tmp_path: Path) -> None:
    replies = pd.DataFrame(
        [
            {
                "item_id": "i-recall",
                "model": "judge",
                "response": json.dumps({"level": "recall", "reason": "A single fact."}),
            },
            {"item_id": "i-analysis", "model": "judge", "response": "analysis, clearly"},
        ]  # fmt: skip
    )
    replies.to_csv(tmp_path / "levels.csv", index=False)
    items_path = write_items([RECALL, ANALYSIS], tmp_path / "items.jsonl")
    out = tmp_path / "tagged.jsonl"
    result = runner.invoke(
        app,
        [
            "tag",
            str(items_path),
            "--out",
            str(out),
            "--levels",
            "model",
            "--model",
            "clinbench/replay/judge",
            "-M",
            f"responses={tmp_path / 'levels.csv'}",
            "--log-dir",
            str(tmp_path / "logs"),
        ],  # fmt: skip
    )
    assert result.exit_code == 0, result.output
    tagged = {i.id: i for i in load_items(out)}
    assert tagged["i-recall"].metadata["cognitive_level"] == "recall"
    assert (
        tagged["i-recall"]
        .metadata["cognitive_level_source"]
        .startswith("model:clinbench/replay/judge")
    )
    assert "cognitive_level" not in tagged["i-analysis"].metadata
    log = pd.read_csv(tmp_path / "tagged.tags.csv", dtype=str, keep_default_na=False)
    assert dict(zip(log["item_id"], log["status"], strict=True)) == {
        "i-recall": "ok",
        "i-analysis": "parse_failed",
    }


def test_tag_cli_reads_a_results_file_and_rejects_a_bad_one(tmp_path: Path, results) -> None:
    items_path = write_items([RECALL, APPLICATION], tmp_path / "items.jsonl")
    results.to_csv(tmp_path / "results.csv", index=False)
    out = tmp_path / "tagged.jsonl"
    result = runner.invoke(
        app, ["tag", str(items_path), "--out", str(out), "--results", str(tmp_path / "results.csv")]
    )
    assert result.exit_code == 0, result.output
    assert {i.id: i.metadata["pilot_accuracy"] for i in load_items(out)} == {
        "i-recall": 0.5,
        "i-apply": 0.5,
    }
    bad = tmp_path / "bad.csv"
    bad.write_text("item_id,model,score\ni-recall,m1,1\n", "utf-8")
    out2 = tmp_path / "tagged2.jsonl"
    result = runner.invoke(app, ["tag", str(items_path), "--out", str(out2), "--results", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:1: outcome: results-table column missing" in result.output
    assert not out2.exists()
