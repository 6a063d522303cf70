"""Reliability and rates reweighted with the sampling weights (AudiologyBench's expanded Q1
audit), checked against scikit-learn's sample_weight and numpy's weighted average."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import cohen_kappa_score, precision_score, recall_score
from typer.testing import CliRunner

from clinbench.stats.weighted_agreement import weighted_pair_agreement

GRADES = ["A", "B", "C", "D", "F"]


def _pairs(seed: int = 4, n: int = 60) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, 5, n)
    a = np.clip(truth + rng.integers(-1, 2, n), 0, 4)
    b = np.clip(truth + rng.integers(-1, 2, n), 0, 4)
    return pd.DataFrame({
        "a": [GRADES[i] for i in a], "b": [GRADES[i] for i in b],
        "fa": rng.random(n) < 0.4, "fb": rng.random(n) < 0.35,
        "cell": rng.choice(["x", "y", "z"], n),
        "w": rng.choice([1.0, 2.5, 7.0], n),
    })  # fmt: skip


def test_weighted_figures_match_scikit_learn_sample_weight():
    data = _pairs()
    grade = weighted_pair_agreement(
        data, "a", "b", "w", categories=GRADES, kappa_weights="quadratic", strata="cell",
        n_boot=300,
    ).set_index("statistic")  # fmt: skip
    w = data["w"]
    expected = cohen_kappa_score(data["a"], data["b"], weights="quadratic", sample_weight=w)
    assert grade.loc["kappa (quadratic)", "estimate"] == pytest.approx(expected)
    plain = cohen_kappa_score(data["a"], data["b"], weights="quadratic")
    assert grade.loc["kappa (quadratic)", "unweighted"] == pytest.approx(plain)
    assert expected != pytest.approx(plain)  # the weights matter on this sample
    same = (data["a"] == data["b"]).astype(float)
    assert grade.loc["exact agreement", "estimate"] == pytest.approx(np.average(same, weights=w))
    near = (data["a"].map(GRADES.index) - data["b"].map(GRADES.index)).abs() <= 1
    assert grade.loc["within one category", "estimate"] == pytest.approx(
        np.average(near, weights=w)
    )
    assert grade.loc["exact agreement", "n_eff"] == pytest.approx(w.sum() ** 2 / (w**2).sum())
    for _, row in grade.iterrows():
        assert row["ci_low"] <= row["estimate"] <= row["ci_high"]

    flag = weighted_pair_agreement(
        data, "fa", "fb", "w", categories=[False, True], reference=True, strata="cell",
        n_boot=300,
    ).set_index("statistic")["estimate"]  # fmt: skip
    test, ref = data["fa"], data["fb"]  # fb is the reference
    assert flag["kappa (unweighted)"] == pytest.approx(
        cohen_kappa_score(test, ref, sample_weight=w)
    )
    assert flag["sensitivity"] == pytest.approx(recall_score(ref, test, sample_weight=w))
    assert flag["specificity"] == pytest.approx(recall_score(ref, test, pos_label=False,
                                                             sample_weight=w))  # fmt: skip
    assert flag["PPV"] == pytest.approx(precision_score(ref, test, sample_weight=w))
    assert flag["NPV"] == pytest.approx(precision_score(ref, test, pos_label=False,
                                                        sample_weight=w))  # fmt: skip
    assert flag["over-flag share"] == pytest.approx(np.average(test & ~ref, weights=w))
    assert flag["under-flag share"] == pytest.approx(np.average(~test & ref, weights=w))


def test_equal_weights_give_the_unweighted_figures_and_bad_input_is_refused():
    data = _pairs(seed=8).assign(w=3.0)
    table = weighted_pair_agreement(data, "a", "b", "w", categories=GRADES, n_boot=50)
    assert np.allclose(table["estimate"], table["unweighted"])
    with pytest.raises(ValueError, match="negative weights"):
        weighted_pair_agreement(data.assign(w=-1.0), "a", "b", "w", categories=GRADES)
    with pytest.raises(ValueError, match="not one of"):
        weighted_pair_agreement(data.assign(a="Z"), "a", "b", "w", categories=GRADES)


@pytest.fixture
def enriched_audit(tmp_path, results_file):
    """An audit enriched for questions every model failed (so weights differ), 2 reviewers."""
    from clinbench.audit.labels import validate_label
    from clinbench.audit.sampling import DB_FILE, load_key
    from clinbench.audit.store import AuditStore
    from tests.audit.audit_support import make_audit

    audit = make_audit(tmp_path, results_file, n=30, calibration=0, strata=("question",),
                       enrich="all_models_fail")  # fmt: skip
    store = AuditStore(audit / DB_FILE)
    people = {n: store.reviewer_by_token(store.add_reviewer(n)) for n in ("ann", "ben")}
    key = load_key(audit)
    rng = np.random.default_rng(2)
    for _, k in key.iterrows():
        base = GRADES.index(k["adjudicator_grade"])
        for person in people.values():
            grade = GRADES[int(np.clip(base + rng.integers(-1, 2), 0, 4))]
            flag = bool(rng.random() < 0.4)
            label, errors = validate_label(grade, flag, "fabricated_result" if flag else None, "x")
            assert not errors
            store.save_label(person["id"], k["audit_id"], label)
    return audit


def test_audit_rates_are_the_weighted_shares_of_each_reviewer_and_rule(enriched_audit):
    from clinbench.audit.reweighted import reweighted_tables
    from clinbench.audit.sampling import DB_FILE, load_key
    from clinbench.audit.store import AuditStore

    key = load_key(enriched_audit)
    assert key["weight"].nunique() > 1  # enrichment: items do not weigh alike
    q1 = key[key["question"] == "Q1"].set_index("audit_id")
    labels = pd.DataFrame(AuditStore(enriched_audit / DB_FILE).labels())
    flags = labels.pivot(index="audit_id", columns="reviewer", values="critical_error")
    flags = flags.loc[q1.index].astype(bool)
    tables = reweighted_tables(enriched_audit, question="Q1", n_boot=100)
    rates = next(t for c, t in tables.items() if c.startswith("Critical-error"))
    rates = rates.set_index(["rate_of", "who"])["reweighted"]
    w = q1["weight"].astype(float)
    for who in ("ann", "ben"):
        expected = np.average(flags[who], weights=w)
        assert rates[("critical error flagged", who)] == pytest.approx(expected)
    either = np.average(flags.any(axis=1), weights=w)
    both = np.average(flags.all(axis=1), weights=w)
    assert rates[("critical error flagged", "either reviewer flags")] == pytest.approx(either)
    assert rates[("critical error flagged", "every reviewer flags")] == pytest.approx(both)
    adjudicator = q1["adjudicator_critical_error"].astype(str).str.lower() == "true"
    assert rates[("critical error flagged", "adjudicator")] == pytest.approx(
        np.average(adjudicator, weights=w)
    )
    pairs = next(t for c, t in tables.items() if c.startswith("Reviewer pairs"))
    kappa = pairs.set_index(["label", "statistic"]).loc[("grade", "kappa (quadratic)")]
    grades = labels.pivot(index="audit_id", columns="reviewer", values="grade").loc[q1.index]
    assert kappa["estimate"] == pytest.approx(cohen_kappa_score(
        grades["ann"], grades["ben"], weights="quadratic", sample_weight=w))  # fmt: skip
    assert kappa["n"] == len(q1)


def test_reweighted_command_and_report_files(enriched_audit, tmp_path):
    from clinbench.audit.agreement_report import audit_report
    from clinbench.cli.audit_commands import app

    out = CliRunner().invoke(app, ["reweighted", str(enriched_audit), "--question", "Q1",
                                   "--n-boot", "50", "-f", "csv"])  # fmt: skip
    assert out.exit_code == 0, out.output
    assert "either reviewer flags" in out.output and "sensitivity" in out.output
    missing = CliRunner().invoke(app, ["reweighted", str(enriched_audit), "--question", "Q9"])
    assert missing.exit_code != 0 and "no audit item of question 'Q9'" in missing.output
    written = {p.name for p in audit_report(enriched_audit, tmp_path / "report", n_boot=50)}
    assert {"reweighted_pairs.csv", "reweighted_adjudicator.csv", "reweighted_rates.csv"} <= written
