"""Trend over time (families in release order) and scores before/after a bank correction."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.proportion import proportion_confint
from typer.testing import CliRunner

from clinbench.cli.ausclin_commands import app
from clinbench.items.loader import ItemFileError
from clinbench.items.model import ExactItem
from clinbench.results import read_results
from clinbench.scoring.exact import is_correct
from clinbench.suites.ausclin.items import DATA_DIR
from clinbench.suites.ausclin.scoring_correction import changed_items, correction_table
from clinbench.suites.ausclin.trend import read_model_releases, trend_table

N = 30


def facts(item: int, kind: str = "choice", key: str = "a_b") -> str:
    field = {
        "name": "value",
        "kind": kind,
        "normalise": ["whitespace"],
        "options": ["a_b", "c_d", "e_f", "g_h"] if kind == "choice" else None,
    }
    return json.dumps(
        {
            "ausclin": {
                "fields": [field],
                "answer": {"value": key},
                "chance": 0.25 if kind == "choice" else 0.0,
            }
        }
    )


def run(model: str, outcome, condition: str = "blind", items=range(N), meta=facts) -> pd.DataFrame:
    """One run's rows; ``outcome(i)`` gives item i's outcome."""
    return pd.DataFrame(
        [
            {
                "suite": "ausclin",
                "model": model,
                "condition": condition,
                "item_id": f"q{i:02d}",
                "epoch": 1,
                "outcome": outcome(i),
                "response": "{}",
                "item_metadata": meta(i),
            }
            for i in items
        ]
    )


def correct_if(rule):
    return lambda i: "correct" if rule(i) else "incorrect"


RELEASES = """\
model,family,release_date
fam/v3,F,2026-06-01
fam/v1,F,2024-01-01
fam/v2,F,2025-01-01
fam/broken,F,2025-06-01
fam/never-run,F,2023-01-01
"""


@pytest.fixture
def releases(tmp_path):
    path = tmp_path / "models.csv"
    path.write_text(RELEASES)
    return path


@pytest.fixture
def family_results():
    return pd.concat(
        [
            run("fam/v1", correct_if(lambda i: i < 10)),
            run("fam/v2", correct_if(lambda i: i < 18 or i == 25)),
            run("fam/broken", lambda i: "parse_failed"),
            run("fam/v3", correct_if(lambda i: i < 27)),
        ],
        ignore_index=True,
    )


def test_releases_file_is_read_and_checked(tmp_path, releases):
    table = read_model_releases(releases)
    assert list(table["model"]) == ["fam/v3", "fam/v1", "fam/v2", "fam/broken", "fam/never-run"]
    bad = tmp_path / "bad.csv"
    bad.write_text(RELEASES.replace("fam/v2,F,", "fam/v2,,"))
    with pytest.raises(ItemFileError, match=r"bad.csv:4: family: "):
        read_model_releases(bad)
    bad.write_text(RELEASES.replace("2024-01-01", "last spring"))
    with pytest.raises(ItemFileError, match=r"bad.csv:3: release_date: .*'last spring'"):
        read_model_releases(bad)
    bad.write_text(RELEASES.replace("fam/v2", "fam/v1"))
    with pytest.raises(ItemFileError, match=r"bad.csv:4: model: 'fam/v1' is already named at "):
        read_model_releases(bad)
    bad.write_text("model,family,release_date\n")
    with pytest.raises(ItemFileError, match=r"bad.csv:1: model: no models"):
        read_model_releases(bad)


def test_trend_orders_releases_and_pairs_each_with_the_previous(family_results, releases):
    table = trend_table(family_results, read_model_releases(releases), n_boot=2000)
    assert list(table["model"]) == ["fam/never-run", "fam/v1", "fam/v2", "fam/broken", "fam/v3"]
    notes = table.set_index("model")["note"]
    assert notes["fam/never-run"] == "not in these results"
    assert notes["fam/broken"].startswith("excluded")
    rows = table.set_index("model")
    for model, k in (("fam/v1", 10), ("fam/v2", 19), ("fam/v3", 27)):
        low, high = proportion_confint(k, N, method="wilson")
        assert rows.loc[model, "correct"] == k and rows.loc[model, "answered"] == N
        assert rows.loc[model, "CI95% low"] == pytest.approx(low)
        assert rows.loc[model, "CI95% high"] == pytest.approx(high)
    # the excluded release is skipped: v3 is compared with v2, v2 with v1
    assert rows.loc["fam/v2", "previous"] == "fam/v1"
    assert rows.loc["fam/v3", "previous"] == "fam/v2"
    assert rows.loc["fam/v1", "previous"] == ""
    assert rows.loc["fam/v2", "change"] == pytest.approx(9 / N)
    # v3 vs v2: 9 items gained (18..26 except 25), item 25 kept, none lost
    assert rows.loc["fam/v3", "change"] == pytest.approx(8 / N)
    expected = sm_mcnemar(np.array([[19, 0], [8, 3]]), exact=True).pvalue
    assert rows.loc["fam/v3", "McNemar p"] == pytest.approx(expected)
    assert rows.loc["fam/v3", "change CI95% low"] > 0


def test_trend_pairs_only_items_both_answered(releases):
    results = pd.concat(
        [
            run("fam/v1", lambda i: "declined" if i < 5 else "incorrect"),
            run("fam/v2", lambda i: "parse_failed" if i >= 28 else "correct"),
        ],
        ignore_index=True,
    )
    table = trend_table(results, read_model_releases(releases), n_boot=500).set_index("model")
    # a decline counts as answered (never correct); the parse failures leave the pairing
    assert table.loc["fam/v2", "shared items"] == 28
    assert table.loc["fam/v2", "change"] == pytest.approx(1.0)


def test_trend_command(tmp_path, family_results, releases):
    path = tmp_path / "r.csv"
    family_results.to_csv(path, index=False)
    done = CliRunner().invoke(
        app, ["trend", str(path), "--models", str(releases), "--format", "csv"]
    )
    assert done.exit_code == 0, done.output
    assert "fam/v3" in done.output and "McNemar p" in done.output
    bad = tmp_path / "bad.csv"
    bad.write_text("model,family,release_date\nx,F,\n")
    done = CliRunner().invoke(app, ["trend", str(path), "--models", str(bad)])
    assert done.exit_code != 0 and "bad.csv:2: release_date" in done.output


def free_text(i: int) -> str:
    return facts(i, kind="text") if i < 3 else facts(i)


def test_changed_items_names_format_and_key_changes():
    before = run("m", correct_if(lambda i: True), items=range(5), meta=free_text)
    after = run(
        "m",
        correct_if(lambda i: True),
        items=range(1, 6),
        meta=lambda i: facts(i, key="c_d") if i == 4 else facts(i),
    )
    table = changed_items(before, after).set_index("item_id")["change"].to_dict()
    assert table == {
        "q00": "only before",
        "q01": "format",
        "q02": "format",
        "q04": "key",
        "q05": "only after",
    }


def test_correction_compares_matched_items_per_model():
    before = pd.concat(
        [
            run("m", correct_if(lambda i: i >= 3 and i < 20), meta=free_text),
            run("old-only", correct_if(lambda i: True), meta=free_text),
        ],
        ignore_index=True,
    )
    after = run("m", correct_if(lambda i: i < 20), items=range(N + 5))
    table = correction_table(before, after, n_boot=2000).set_index("model")
    row = table.loc["m"]
    assert row["matched items"] == N
    assert (row["correct before"], row["answered before"]) == (17, N)
    assert (row["correct after"], row["answered after"]) == (20, N)  # the 5 extra items left out
    assert row["change"] == pytest.approx(3 / N)
    assert (
        row["changed items"],
        row["correct on changed before"],
        row["correct on changed after"],
    ) == (3, 0, 3)
    low, high = proportion_confint(17, N, method="wilson")
    assert (row["CI95% low before"], row["CI95% high before"]) == pytest.approx((low, high))
    assert table.loc["old-only", "note"] == "only in the before table"


def test_correction_command_and_the_illustrative_table(tmp_path):
    before = DATA_DIR / "correction_before_example.csv"
    old = read_results(before)
    # the shipped table's outcomes follow the exact-match rule against its own keys
    answered = old[old["outcome"].isin(["correct", "incorrect"])]
    for _, row in answered.iterrows():
        facts_ = json.loads(row["item_metadata"])["ausclin"]
        item = ExactItem(
            id=row["item_id"], stem="-", fields=facts_["fields"], answer=facts_["answer"]
        )
        good = is_correct(item, json.loads(row["extracted_answer"]))
        assert (row["outcome"] == "correct") == good, row["item_id"]
    out = tmp_path / "same.csv"
    done = CliRunner().invoke(app, ["correction", str(before), str(before), "-o", str(out)])
    assert done.exit_code == 0, done.output
    same = pd.read_csv(out)
    scored = same[same["note"].isna()]
    assert len(scored) >= 4 and (scored["change"] == 0).all()
    assert (scored["changed items"] == 0).all()
    listed = CliRunner().invoke(app, ["correction", str(before), str(before), "--items"])
    assert listed.exit_code == 0 and "no rows" in listed.output
