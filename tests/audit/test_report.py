"""The agreement report against independent computations on a labelled audit."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import cohen_kappa_score

from clinbench.audit.agreement_report import audit_report, grade_midpoints
from clinbench.audit.labels import GRADES, validate_label
from clinbench.audit.sampling import DB_FILE, load_key
from clinbench.audit.store import AuditStore
from tests.audit.audit_support import make_audit


@pytest.fixture
def labelled(tmp_path: Path, results_file: Path) -> tuple[Path, pd.DataFrame]:
    """A 24-item audit labelled by two reviewers (seeded), with one consensus recorded."""
    audit = make_audit(tmp_path, results_file, n=24, calibration=6, strata=("question", "grade"))
    store = AuditStore(audit / DB_FILE)
    people = {n: store.reviewer_by_token(store.add_reviewer(n)) for n in ("ann", "ben")}
    key = load_key(audit)
    rng = np.random.default_rng(8)
    rows = []
    for _, k in key.iterrows():
        base = GRADES.index(k["adjudicator_grade"])
        for name, person in people.items():
            grade = GRADES[int(np.clip(base + rng.integers(-1, 2), 0, 4))]
            flag = bool(grade in "DF" and rng.random() < 0.5)
            label, errors = validate_label(
                grade, flag, "severity_misclassification" if flag else None, "noted"
            )
            assert not errors
            store.save_label(person["id"], k["audit_id"], label)
            rows.append({"audit_id": k["audit_id"], "reviewer": name, "grade": grade, "flag": flag})
    ids = list(key["audit_id"])
    for person in people.values():
        assert store.submit_set(person["id"], ids)
    wide = pd.DataFrame(rows).pivot(index="audit_id", columns="reviewer")
    disputed = next(
        a for a in ids if wide.loc[a, ("grade", "ann")] != wide.loc[a, ("grade", "ben")]
    )
    resolved, _ = validate_label("C", True, "type_misclassification", "Conductive called mixed.")
    store.save_consensus(disputed, resolved, "reviewers_disagree", people["ann"]["id"])
    return audit, wide


def test_report_matches_independent_computations(labelled, tmp_path: Path):
    audit, wide = labelled
    out = tmp_path / "report"
    written = audit_report(audit, out, n_boot=300, seed=1)
    assert {p.name for p in written} >= {"labels.csv", "summary.json", "report.md"}
    inter = pd.read_csv(out / "inter_reviewer.csv").set_index("scope")
    ann, ben = wide[("grade", "ann")], wide[("grade", "ben")]
    expected = cohen_kappa_score(ann, ben, weights="quadratic", labels=list(GRADES))
    assert inter.loc["overall", "grade_kappa_quadratic"] == pytest.approx(expected)
    assert inter.loc["overall", "grade_exact_agreement"] == pytest.approx((ann == ben).mean())
    assert inter.loc["overall", "n"] == 24 and inter.loc["segment=calibration", "n"] == 6
    flags = wide[("flag", "ann")].astype(bool), wide[("flag", "ben")].astype(bool)
    assert inter.loc["overall", "critical_error_raw_agreement"] == pytest.approx(
        (flags[0] == flags[1]).mean()
    )

    items = pd.read_csv(out / "items.csv").set_index("audit_id")
    key = load_key(audit).set_index("audit_id")
    agree = (ann == ben) & (flags[0] == flags[1])
    # Human label: the recorded consensus, else the reviewers' shared label, else unresolved.
    recorded = items[items["human_label_source"] == "consensus"]
    assert len(recorded) == 1 and recorded["human_grade"].iloc[0] == "C"
    unresolved = set(items.index[items["human_label_source"] == "unresolved"])
    assert unresolved == set(wide.index[~agree]) - set(recorded.index)

    resolved = items[items["human_label_source"] != "unresolved"]
    adj = pd.read_csv(out / "adjudicator_vs_consensus.csv").set_index("scope")
    expected = cohen_kappa_score(
        resolved["adjudicator_grade"], resolved["human_grade"], weights="quadratic",
        labels=list(GRADES),
    )  # fmt: skip
    assert adj.loc["overall", "n"] == len(resolved)
    assert adj.loc["overall", "grade_kappa_quadratic"] == pytest.approx(expected)

    a_flag = resolved["adjudicator_critical_error"].astype(bool)
    h_flag = resolved["human_critical_error"].astype(bool)
    direction = pd.read_csv(out / "error_direction.csv").set_index("scope")
    assert direction.loc["overall", "over_flags"] == int((a_flag & ~h_flag).sum())
    assert direction.loc["overall", "under_flags"] == int((~a_flag & h_flag).sum())
    weights = key.loc[resolved.index, "weight"]
    assert direction.loc["overall", "human_critical_error_rate_reweighted"] == pytest.approx(
        float(np.average(h_flag, weights=weights))
    )

    cal = pd.read_csv(out / "calibration_map.csv")
    cal = cal[cal["rule"] == "question_fallback"].set_index(["question", "grade"])
    midpoints = grade_midpoints()
    diff = resolved["adjudicator_score"] - resolved["human_grade"].map(midpoints)
    cells = diff.groupby([resolved["question"], resolved["adjudicator_grade"]]).agg(
        ["mean", "size"]
    )
    for (question, grade), row in cells.iterrows():
        assert cal.loc[(question, grade), "n"] == row["size"]
        assert cal.loc[(question, grade), "delta"] == pytest.approx(row["mean"])
    means = pd.read_csv(out / "calibrated_means.csv")
    assert set(means["rule"]) == {"question_fallback", "drop", "question_only"}

    labels = pd.read_csv(out / "labels.csv")
    assert len(labels) == 48 and labels["created_at"].notna().all()
    assert set(labels.columns) >= {"reviewer", "segment", "grade", "rationale", "updated_at"}
    summary = json.loads((out / "summary.json").read_text())
    assert summary["consensus"]["recorded"] == 1
    assert summary["calibration"]["grade_midpoints"] == midpoints


def test_the_same_audit_gives_the_same_report(labelled, tmp_path: Path):
    audit, _ = labelled
    audit_report(audit, tmp_path / "one", n_boot=200, seed=5)
    audit_report(audit, tmp_path / "two", n_boot=200, seed=5)
    for name in ("inter_reviewer.csv", "adjudicator_vs_consensus.csv", "calibration_map.csv"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


def test_grade_midpoints_follow_the_rubric_bands(tmp_path: Path):
    from clinbench.suites.audiology import RUBRIC as DEFAULT_RUBRIC

    bands = DEFAULT_RUBRIC.read_text().replace("{grade: B, min: 75", "{grade: B, min: 70")
    bands = bands.replace("{grade: C, min: 60, max: 74.99}", "{grade: C, min: 60, max: 69.99}")
    rubric = tmp_path / "rubric.yaml"
    rubric.write_text(bands)
    default, moved = grade_midpoints(), grade_midpoints(rubric)
    assert default["A"] == 95.0 and default["B"] == (75 + 90) / 2
    assert moved["B"] == (70 + 90) / 2 and moved["C"] == (60 + 70) / 2
    assert all(default[g] == moved[g] for g in ("A", "D", "F"))


def test_reviewers_grading_at_random_give_a_report_not_a_crash(tmp_path: Path, results_file):
    """Three reviewers who grade uniformly at random agree on no item: the report still comes
    out, every item counted as unresolved and the adjudicator tables left empty (on main
    before the fix the error-direction table raised TypeError comparing an empty str rank)."""
    audit = make_audit(tmp_path, results_file, n=24, calibration=6, strata=("question", "grade"))
    store = AuditStore(audit / DB_FILE)
    people = [store.reviewer_by_token(store.add_reviewer(n)) for n in ("ann", "ben", "cy")]
    key = load_key(audit)
    rng = np.random.default_rng(3)
    labels: dict[str, set] = {}
    for _, k in key.iterrows():
        for person in people:
            grade = GRADES[int(rng.integers(0, len(GRADES)))]
            flag = bool(rng.integers(0, 2))
            label, errors = validate_label(grade, flag, "fabricated_result" if flag else None, "x")
            assert not errors
            store.save_label(person["id"], k["audit_id"], label)
            labels.setdefault(k["audit_id"], set()).add((grade, flag))
    for person in people:
        assert store.submit_set(person["id"], list(key["audit_id"]))
    agreed = sum(len(given) == 1 for given in labels.values())
    assert agreed == 0  # the seed gives no item all three reviewers labelled alike
    out = tmp_path / "report"
    audit_report(audit, out, n_boot=50)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["consensus"]["unresolved"] == len(key) == 24
    assert summary["error_direction"] == [] and summary["adjudicator_vs_consensus"] == []
    assert len(pd.read_csv(out / "inter_reviewer.csv")) > 0  # pairwise figures still computed
    assert "No item has a human label yet" in (out / "report.md").read_text()


def test_error_direction_counts_against_an_independent_tally(labelled, tmp_path: Path):
    """Harsher / more lenient / same grade and flag directions, recounted from items.csv."""
    audit, _ = labelled
    out = tmp_path / "report"
    audit_report(audit, out, n_boot=50)
    items = pd.read_csv(out / "items.csv")
    resolved = items[items["human_grade"].notna()]
    a = resolved["adjudicator_grade"].map(GRADES.index)
    h = resolved["human_grade"].map(GRADES.index)
    row = pd.read_csv(out / "error_direction.csv").set_index("scope").loc["overall"]
    assert row["n"] == len(resolved)
    assert row["adjudicator_harsher"] == int((a > h).sum())
    assert row["adjudicator_more_lenient"] == int((a < h).sum())
    assert row["same_grade"] == int((a == h).sum())


def test_report_md_counts_items_and_names_midpoints_in_words(labelled, tmp_path: Path):
    """On a real two-reviewer audit, report.md said 'Consensus needed on 6 items (6 reviewers
    disagree, 0 reviewers agree against the adjudicator)' for two reviewers (the counts are
    items), and gave the midpoints as Python's dict: "{'A': 95.0, 'B': 82.5, ...}"."""
    audit, _ = labelled
    out = tmp_path / "report"
    audit_report(audit, out, n_boot=50, seed=1)
    text = (out / "report.md").read_text()
    consensus = json.loads((out / "summary.json").read_text())["consensus"]
    assert (
        f"{consensus['reviewers_disagree']} where the reviewers disagree, "
        f"{consensus['reviewers_vs_adjudicator']} where they agree with each other "
        "but not with the adjudicator" in text
    ), text[:600]
    assert "{'" not in text and "A 95, B 82.5, C 67.5, D 50, F 20" in text, text
