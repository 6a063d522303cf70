"""Reviewer-panel agreement: Fleiss kappa, Krippendorff alpha, LOO ranges and rates,
checked against statsmodels, krippendorff and scikit-learn called directly."""

from __future__ import annotations

import json

import krippendorff
import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa
from typer.testing import CliRunner

from clinbench.stats.panel_agreement import pairwise_loo_kappa, panel_agreement, rater_rates

GRADES = ["A", "B", "C", "D", "F"]


def _panel(seed: int = 5, items: int = 20, raters: int = 4) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, 5, items)
    rows = []
    for i in range(items):
        for r in range(raters):
            grade = GRADES[int(np.clip(truth[i] + rng.integers(-1, 2), 0, 4))]
            rows.append({"item": f"i{i:02d}", "rater": f"r{r}", "label": grade})
    return pd.DataFrame(rows)


def test_fleiss_and_alpha_match_the_libraries_and_alpha_keeps_incomplete_items():
    labels = _panel()
    # r3 skips the first five items: Fleiss drops them, alpha keeps them
    labels = labels[~((labels["rater"] == "r3") & (labels["item"] < "i05"))]
    table = panel_agreement(labels, value="label", categories=GRADES, ordinal=True, n_boot=200)
    wide = labels.pivot(index="item", columns="rater", values="label")
    codes = wide.apply(lambda c: c.map({g: i for i, g in enumerate(GRADES)}))
    complete = codes.dropna().to_numpy(int)
    expected = fleiss_kappa(aggregate_raters(complete, n_cat=5)[0], method="fleiss")
    fleiss = table.iloc[0]
    assert fleiss["items"] == 15 and fleiss["value"] == pytest.approx(expected)
    alpha = table.iloc[1]
    assert alpha["items"] == 20
    assert alpha["value"] == pytest.approx(krippendorff.alpha(
        reliability_data=codes.to_numpy(float).T, value_domain=range(5),
        level_of_measurement="ordinal"))  # fmt: skip
    for row in (fleiss, alpha):
        assert row["ci_low"] <= row["value"] <= row["ci_high"]
        assert row["loo_min"] <= row["value"] <= row["loo_max"]


def test_loo_range_is_the_min_and_max_over_dropped_items():
    labels = _panel(seed=9, items=12, raters=2)
    table = pairwise_loo_kappa(labels, value="label", categories=GRADES, weights="quadratic")
    wide = labels.pivot(index="item", columns="rater", values="label")
    dropped = [
        cohen_kappa_score(
            wide.drop(index=i)["r0"], wide.drop(index=i)["r1"], labels=GRADES, weights="quadratic"
        )  # fmt: skip
        for i in wide.index
    ]
    row = table.iloc[0]
    assert row["loo_min"] == pytest.approx(min(dropped))
    assert row["loo_max"] == pytest.approx(max(dropped))
    assert row["loo_min"] < row["loo_max"]


def test_rates_count_each_rater_flags():
    labels = pd.DataFrame({"rater": ["a", "a", "a", "b", "b"], "flag": [1, 0, 1, 0, 0]})
    rates = rater_rates(labels, flag="flag").set_index("rater")
    assert rates.loc["a", "flagged"] == 2 and rates.loc["a", "n"] == 3
    assert rates.loc["b", "rate"] == 0 and rates.loc["b", "ci_high"] > 0


def test_labels_off_the_scale_are_refused():
    labels = _panel(items=4, raters=3)
    labels.loc[0, "label"] = "Z"
    with pytest.raises(ValueError, match="outside the scale"):
        panel_agreement(labels, value="label", categories=GRADES)


def test_audit_panel_command_and_report_files(tmp_path, results_file):
    from clinbench.audit.agreement_report import audit_report
    from clinbench.audit.labels import validate_label
    from clinbench.audit.sampling import DB_FILE, load_key
    from clinbench.audit.store import AuditStore
    from clinbench.cli.audit_commands import app
    from tests.audit.audit_support import make_audit

    audit = make_audit(tmp_path, results_file, n=12, calibration=3, strata=("question", "grade"))
    store = AuditStore(audit / DB_FILE)
    people = [store.reviewer_by_token(store.add_reviewer(n)) for n in ("ann", "ben", "cy")]
    rng = np.random.default_rng(1)
    for _, k in load_key(audit).iterrows():
        for person in people:
            base = GRADES.index(k["adjudicator_grade"])
            grade = GRADES[int(np.clip(base + rng.integers(-1, 2), 0, 4))]
            label, errors = validate_label(grade, False, None, "noted")
            assert not errors, errors
            store.save_label(person["id"], k["audit_id"], label)
    result = CliRunner().invoke(app, ["panel", str(audit), "--n-boot", "100", "-f", "csv"])
    assert result.exit_code == 0, result.output
    assert "Krippendorff alpha" in result.output and ",3,12," in result.output
    as_json = CliRunner().invoke(app, ["panel", str(audit), "--n-boot", "100", "-f", "json"])
    assert as_json.exit_code == 0, as_json.output
    assert json.loads(as_json.stdout)["tables"]  # stdout holds one JSON document only
    written = {p.name for p in audit_report(audit, tmp_path / "report", n_boot=100)}
    assert {"panel_agreement.csv", "panel_pairs_loo.csv", "panel_reviewer_rates.csv"} <= written
    pairs = pd.read_csv(tmp_path / "report" / "panel_pairs_loo.csv")
    assert len(pairs) == 6  # 3 pairs x (grade, critical error)
