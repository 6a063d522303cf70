"""Stratified sampling: balance, weights, enrichment, calibration segment, blinded files."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from clinbench.audit.sampling import (
    AuditInputError,
    all_models_fail,
    balanced_allocation,
    eligible_units,
    item_lookup,
    load_key,
    load_manifest,
    stratified_sample,
    write_audit,
)
from clinbench.audit.sampling import (
    audit_results as read_results,
)
from clinbench.items.loader import load_items
from tests.audit.audit_support import MODELS, make_results


@pytest.fixture
def table(results_file: Path) -> pd.DataFrame:
    return read_results(results_file)


@pytest.fixture
def items(results_file: Path) -> dict:
    return item_lookup(load_items([results_file.parent / "items" / "cases.jsonl"]))


def test_balanced_allocation_spreads_evenly_and_respects_cell_sizes():
    rng = np.random.default_rng(0)
    sizes = {"a": 2, "b": 50, "c": 50, "d": 0}
    alloc = balanced_allocation(sizes, 30, rng)
    assert alloc == {"a": 2, "b": 14, "c": 14, "d": 0}
    uneven = balanced_allocation({"a": 10, "b": 10, "c": 10}, 7, np.random.default_rng(1))
    assert sum(uneven.values()) == 7 and sorted(uneven.values()) == [2, 2, 3]
    with pytest.raises(ValueError):
        balanced_allocation({"a": 1}, 2, rng)


def test_sample_balances_strata_and_weights_rebuild_the_population(table: pd.DataFrame):
    units = eligible_units(table)
    drawn = stratified_sample(units, 27, strata=("question", "model"), seed=5, calibration=4)
    sample = drawn.sample
    assert len(sample) == 27 and sample["population_index"].is_unique
    # 9 cells (3 questions x 3 models) of 12 replies each: exactly 3 per cell.
    assert sample.groupby(["question", "model"]).size().tolist() == [3] * 9
    assert sample["weight"].sum() == pytest.approx(len(units))
    assert (sample["weight"] == 4.0).all()
    # Every cell's weights add up to its population count.
    per_cell = sample.groupby("cell")["weight"].sum()
    assert (
        per_cell.to_dict()
        == units.assign(cell=drawn.population["cell"])
        .groupby("cell")
        .size()
        .astype(float)
        .to_dict()
    )
    assert drawn.cells["sample_n"].sum() == 27
    assert (drawn.cells["sample_n"] == drawn.cells["target_n"]).all()
    # Calibration: the first 4 units, from 4 different cells.
    calibration = sample[sample["segment"] == "calibration"]
    assert calibration["position"].tolist() == [1, 2, 3, 4]
    assert calibration["cell"].nunique() == 4
    assert sample["audit_id"].tolist()[:3] == ["S01", "S02", "S03"]


def test_same_seed_same_sample_and_another_seed_differs(table: pd.DataFrame):
    units = eligible_units(table)
    strata = ("question", "model", "grade")
    one = stratified_sample(units, 20, strata=strata, seed=3, calibration=5).sample
    two = stratified_sample(units, 20, strata=strata, seed=3, calibration=5).sample
    other = stratified_sample(units, 20, strata=strata, seed=4, calibration=5).sample
    assert one["population_index"].tolist() == two["population_index"].tolist()
    assert one["population_index"].tolist() != other["population_index"].tolist()


def test_grade_strata_balance_against_a_skewed_population(tmp_path: Path):
    results = make_results(tmp_path, n_cases=30, seed=2)
    units = eligible_units(results.assign(_line=range(2, len(results) + 2)))
    population_share = units["grade"].value_counts(normalize=True)
    drawn = stratified_sample(units, 40, strata=("grade",), seed=0)
    counts = drawn.sample["grade"].value_counts()
    # Population is skewed towards B; the sample is as even as the cells allow.
    assert population_share.max() > 0.3
    small = {
        g for g, n in units["grade"].value_counts().items() if n < 40 // units["grade"].nunique()
    }
    for grade, n in counts.items():
        if grade not in small:
            assert abs(n - counts[~counts.index.isin(small)].iloc[0]) <= 1
    # Reweighting the sample's grade shares gives back the population's shares.
    weighted = drawn.sample.groupby("grade")["weight"].sum() / drawn.sample["weight"].sum()
    pd.testing.assert_series_equal(
        weighted.sort_index(), population_share.sort_index(), check_names=False
    )


def test_enrichment_oversamples_failures_and_weights_undo_it(table: pd.DataFrame):
    units = eligible_units(table)
    flags = all_models_fail(table)
    failed = table.loc[flags, ["item_id", "question"]].drop_duplicates()
    assert set(failed["item_id"]) == {"case-000", "case-001", "case-002"}
    assert set(failed["question"]) == {"Q1"}
    drawn = stratified_sample(
        units, 20, strata=("question",), seed=1, enrich="all_models_fail", enrich_share=0.5,
        results=table,
    )  # fmt: skip
    sample = drawn.sample
    enriched = sample[sample["enriched"]]
    assert len(enriched) == 9  # all 9 (3 cases x 3 models) enriched replies: fewer than 10
    population_rate = drawn.population["enriched"].mean()  # 9 / 108
    assert sample["enriched"].mean() > 4 * population_rate
    reweighted = (sample["weight"] * sample["enriched"]).sum() / sample["weight"].sum()
    assert reweighted == pytest.approx(population_rate)


def test_write_audit_separates_what_reviewers_see_from_the_key(tmp_path: Path, table, items):
    units = eligible_units(table)
    drawn = stratified_sample(
        units, 12, strata=("question", "model", "grade"), seed=2, calibration=3
    )
    out = tmp_path / "audit"
    warnings = write_audit(drawn, out, mode="review", settings={"n": 12}, items=items)
    assert len(warnings) == 1 and "got no sampled unit" in warnings[0]
    meta, items = load_manifest(out)
    assert meta["n_items"] == 12 and meta["n_calibration"] == 3 and meta["image_grounded"]
    visible = (out / "items.jsonl").read_text()
    for field in ("grade", "score", "critical_error", "weight", "cell", "model"):
        assert f'"{field}' not in visible
    for model in MODELS:
        assert model not in visible
    first = items[0]
    assert set(first) == {
        "audit_id", "position", "segment", "case_id", "case_text", "images", "question",
        "question_prompt", "reference", "response_section", "response",
    }  # fmt: skip
    assert (
        first["response_section"]
        == f"Section {first['question']} of the reply to {first['case_id']}."
    )
    row = table[(table["item_id"] == first["case_id"]) & (table["question"] == first["question"])]
    assert first["response"] in set(row["response"])
    assert first["reference"].startswith(f"Reference for {first['case_id']} {first['question']}")
    assert first["images"] and (out / "media" / first["images"][0]).read_bytes().startswith(
        b"\x89PNG"
    )
    key = load_key(out)
    assert list(key["audit_id"]) == [i["audit_id"] for i in items]
    assert set(key["model"]) <= set(MODELS)
    strata = pd.read_csv(out / "strata.csv")
    covered = strata.loc[strata["sample_n"] > 0, "population_n"].sum()
    assert key["weight"].sum() == pytest.approx(covered)  # 12 items cannot cover 35 cells
    assert meta["uncovered"]["cells"] == int((strata["sample_n"] == 0).sum()) > 0
    assert meta["uncovered"]["units"] == len(units) - covered
    assert (out / "key.csv").stat().st_mode & 0o077 == 0  # hidden: owner-only
    assert strata["sample_n"].sum() == 12 and strata["population_n"].sum() == len(units)
    with pytest.raises(FileExistsError):  # an audit in progress is never overwritten
        write_audit(drawn, out, mode="review", settings={}, items=items)


def test_text_only_audit_shows_no_images(tmp_path: Path, table, items):
    drawn = stratified_sample(eligible_units(table), 5, strata=("question",), seed=0)
    write_audit(drawn, tmp_path / "a", mode="review", settings={}, items=items, text_only=True)
    meta, shown = load_manifest(tmp_path / "a")
    assert meta["text_only"] and not meta["image_grounded"]
    assert all(item["images"] == [] for item in shown)
    assert list((tmp_path / "a" / "media").iterdir()) == []
    # ... and no sentence sends the reviewer to an image that is not there
    assert all("image" not in item["case_text"] for item in shown)
    assert all(item["case_text"].startswith("A ") for item in shown)


def test_images_are_shown_whenever_the_cases_have_them(tmp_path: Path, table, items):
    """The default (no flag) shows the images the case text refers to (issue 17)."""
    drawn = stratified_sample(eligible_units(table), 5, strata=("question",), seed=0)
    write_audit(drawn, tmp_path / "a", mode="review", settings={}, items=items)
    meta, shown = load_manifest(tmp_path / "a")
    assert meta["image_grounded"] and not meta["text_only"]
    for item in shown:
        assert "shown in the image" in item["case_text"] and len(item["images"]) == 1
        assert (tmp_path / "a" / "media" / item["images"][0]).is_file()


def test_a_case_text_pointing_to_a_missing_image_is_reported(tmp_path: Path, table, items):
    bare = {k: ({**item, "images": []}, d) for k, (item, d) in items.items()}
    drawn = stratified_sample(eligible_units(table), 2, strata=(), seed=0)
    warnings = write_audit(drawn, tmp_path / "a", mode="review", settings={}, items=bare)
    assert any("refers to an image it lacks" in w for w in warnings)


def test_missing_image_is_reported_not_hidden(tmp_path: Path, table, items):
    (tmp_path / "items" / "images" / "case-004_audiogram.png").unlink()
    units = eligible_units(table)
    units = units[units["item_id"] == "case-004"]
    drawn = stratified_sample(units, 2, strata=(), seed=0)
    warnings = write_audit(drawn, tmp_path / "a", mode="review", settings={}, items=items)
    assert any("case-004_audiogram.png" in w for w in warnings)
    meta = json.loads((tmp_path / "a" / "audit.json").read_text())
    assert meta["warnings"] == warnings


def test_baseline_mode_samples_whole_cases_without_references(tmp_path: Path, table, items):
    units = eligible_units(table, mode="baseline")
    assert len(units) == 12 and units["item_id"].is_unique
    drawn = stratified_sample(
        units, 4, strata=(), seed=0, mode="baseline", enrich="all_models_fail", results=table
    )
    assert drawn.sample["enriched"].sum() == 2
    write_audit(drawn, tmp_path / "b", mode="baseline", settings={}, items=items)
    meta, shown = load_manifest(tmp_path / "b")
    assert meta["kind"] == "baseline" and shown[0]["audit_id"] == "C01"
    assert [q["id"] for q in shown[0]["questions"]] == ["Q1", "Q2", "Q3"]
    text = (tmp_path / "b" / "items.jsonl").read_text()
    assert "Reference for" not in text and "Reply to" not in text
    assert all(item["images"] for item in shown)  # closed book, but the case's images


def test_input_problems_name_file_line_and_field(tmp_path: Path, table, items):
    path = tmp_path / "bad.csv"
    broken = table.drop(columns=["_line"]).copy()
    broken.loc[5, "grade"] = "Z"
    broken.to_csv(path, index=False)
    with pytest.raises(AuditInputError) as err:
        eligible_units(read_results(path))
    assert (err.value.line, err.value.field) == (7, "grade") and "'Z'" in str(err.value)
    table.drop(columns=["_line", "grade"]).to_csv(path, index=False)
    with pytest.raises(AuditInputError, match="grade: column missing"):
        eligible_units(read_results(path))
    drawn = stratified_sample(eligible_units(table), 108, strata=(), seed=0)
    with pytest.raises(AuditInputError, match="--items") as err:  # no case text without items
        write_audit(drawn, tmp_path / "never", mode="review", settings={})
    assert err.value.field == "item_metadata"
    partial = {k: v for k, v in items.items() if k != "case-005"}
    with pytest.raises(AuditInputError, match="no item 'case-005'") as err:
        write_audit(drawn, tmp_path / "never", mode="review", settings={}, items=partial)
    assert err.value.field == "item_id" and err.value.line >= 2
    assert not (tmp_path / "never").exists()  # nothing half-written
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".never")] == []
    two = pd.concat([table, table.assign(scorer="other_judge")]).drop(columns=["_line"])
    two.to_csv(path, index=False)
    with pytest.raises(AuditInputError, match="--scorer"):
        eligible_units(read_results(path))
    assert len(eligible_units(read_results(path), scorer="other_judge")) == 108


def test_items_may_travel_in_item_metadata(tmp_path: Path, table, items):
    """A table whose item_metadata carries the item itself needs no item files."""
    carried = table.copy()
    carried["item_metadata"] = [
        json.dumps({"item": items[i][0], "item_dir": items[i][1]}) for i in carried["item_id"]
    ]
    drawn = stratified_sample(eligible_units(carried), 4, strata=(), seed=0)
    write_audit(drawn, tmp_path / "c", mode="review", settings={})
    _, shown = load_manifest(tmp_path / "c")
    assert all(item["case_text"].startswith("A ") and item["images"] for item in shown)


def test_a_population_refuses_several_scorers_and_duplicate_units():
    """Both populations (graded replies, judged short answers) name the row that repeats a unit."""
    import pandas as pd

    from clinbench.audit.audit_errors import AuditInputError
    from clinbench.audit.sampling import eligible_units

    graded = pd.DataFrame(
        {"model": ["m", "m", "m"], "item_id": ["c1", "c1", "c2"], "question": ["Q1", "Q1", "Q1"],
         "grade": ["B", "c", "A"], "score": [80, 70, 95], "response": ["r", "r", "r"],
         "scorer": ["rubric", "rubric", "rubric"], "_line": [2, 3, 4]}
    )  # fmt: skip
    graded.attrs["source"] = "g.csv"
    with pytest.raises(AuditInputError) as caught:
        eligible_units(graded)
    assert str(caught.value) == (
        "g.csv:2: item_id: duplicate graded row for model 'm', item 'c1', question 'Q1'"
    )
    two = graded.assign(scorer=["rubric", "other", "rubric"])
    two.attrs["source"] = "g.csv"
    with pytest.raises(AuditInputError) as caught:
        eligible_units(two)
    assert str(caught.value) == (
        "g.csv:1: scorer: graded rows come from several scorers (other, rubric); "
        "pick the audited one with --scorer"
    )
    units = eligible_units(two, scorer="rubric")
    assert list(units["grade"]) == ["B", "A"]
    assert set(units["epoch"]) == set(units["condition"]) == {"(missing)"}

    judged = pd.DataFrame(
        {"model": ["m", "m"], "item_id": ["s1", "s1"], "format": ["sa", "fib"],
         "outcome": ["correct", "incorrect"], "response": ["x", "y"], "question": [None, ""],
         "scorer": ["judge", "judge"], "_line": [5, 6]}
    )  # fmt: skip
    judged.attrs["source"] = "j.csv"
    with pytest.raises(AuditInputError) as caught:
        eligible_units(judged, mode="reference")
    assert str(caught.value) == "j.csv:5: item_id: duplicate judged row for model 'm', item 's1'"
    two = judged.assign(scorer=["judge", "match"])
    two.attrs["source"] = "j.csv"
    with pytest.raises(AuditInputError) as caught:
        eligible_units(two, mode="reference")
    assert str(caught.value) == (
        "j.csv:1: scorer: short answers were judged by several scorers (judge, match); "
        "pick the audited one with --scorer"
    )
    units = eligible_units(two, mode="reference", scorer="match")
    assert list(units["question"]) == ["(missing)"] and list(units["_line"]) == [6]


def test_asking_for_more_than_there_is_says_how_many_there_are(table: pd.DataFrame):
    """realuse6: `audit sample --n 4` of a 3-reply run said only "cannot sample 4 from the 3
    eligible units", not what they are or what to ask for."""
    units = eligible_units(table)
    with pytest.raises(ValueError) as raised:
        stratified_sample(units, len(units) + 1, strata=("question",), seed=1)
    message = str(raised.value)
    assert f"ask for at most {len(units)}" in message, message
    assert "replies this audit can review" in message, message
