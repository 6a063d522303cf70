"""Agreement measures against published values (AudiologyBench audit, Fleiss 1971) and
independent computations (scikit-learn, hand-written ANOVA)."""

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import cohen_kappa_score

from clinbench.stats._common import StatsInputError
from clinbench.stats.agreement import (
    agreement_summary,
    binary_agreement,
    cohen_kappa,
    diagnostic_accuracy,
    fleiss_kappa,
    icc_agreement,
    ordinal_agreement,
)


@pytest.fixture
def audit_2x2():
    """The audiology audit: adjudicator vs human consensus critical-error labels, n = 50."""
    rows = (
        [("yes", "yes")] * 3  # TP
        + [("yes", "no")] * 6  # FP
        + [("no", "yes")] * 9  # FN
        + [("no", "no")] * 32  # TN
    )
    return pd.DataFrame(rows, columns=["adjudicator", "human"])


@pytest.fixture
def grades():
    rng = np.random.default_rng(7)
    human = rng.choice(list("ABCD"), size=60, p=[0.2, 0.35, 0.25, 0.2])
    # the second rater mostly agrees, sometimes one grade off, sometimes anywhere
    order = "ABCDF"
    shift = rng.choice([0, 0, 0, 1, -1, 2], size=60)
    judge = [order[min(max(order.index(h) + s, 0), 4)] for h, s in zip(human, shift, strict=True)]
    return pd.DataFrame({"human": human, "judge": judge})


def test_published_audit_indices(audit_2x2):
    row = binary_agreement(audit_2x2, "adjudicator", "human").iloc[0]
    assert (row["TP"], row["FP"], row["FN"], row["TN"]) == (3, 6, 9, 32)
    assert round(row["kappa"], 2) == 0.10
    assert round(row["PABAK"], 2) == 0.40
    assert round(row["prevalence_index"], 2) == 0.58
    assert round(row["bias_index"], 2) == 0.06
    assert round(row["kappa_max"], 2) == 0.82
    assert row["raw_agreement"] == pytest.approx(35 / 50)


def test_published_audit_diagnostic_accuracy(audit_2x2):
    acc = diagnostic_accuracy(audit_2x2, "adjudicator", "human").set_index("measure")
    assert round(acc.loc["sensitivity", "value"] * 100) == 25
    assert round(acc.loc["specificity", "value"] * 100) == 84
    assert round(acc.loc["PPV", "value"] * 100) == 33
    assert round(acc.loc["NPV", "value"] * 100) == 78
    assert (acc.loc["sensitivity", "k"], acc.loc["sensitivity", "n"]) == (3, 12)
    lo, hi = acc.loc["NPV", "CI95%"]
    assert lo < 32 / 41 < hi


def test_binary_kappa_matches_sklearn_and_published_interval(audit_2x2):
    out = cohen_kappa(audit_2x2, "adjudicator", "human", binary=True, seed=11)
    expected = cohen_kappa_score(audit_2x2["adjudicator"], audit_2x2["human"])
    assert out["kappa"].iloc[0] == pytest.approx(expected)
    # The paper reports 95% CI -0.19 to 0.41 (B = 2000, its own seed); ours must be close.
    lo, hi = out["CI95%"].iloc[0]
    assert abs(lo - (-0.19)) < 0.06 and abs(hi - 0.41) < 0.06


def test_quadratic_kappa_matches_sklearn(grades):
    out = cohen_kappa(grades, "judge", "human", weights="quadratic", n_boot=200)
    labels = ["A", "B", "C", "D", "F"]
    assert out["kappa"].iloc[0] == pytest.approx(
        cohen_kappa_score(grades["judge"], grades["human"], weights="quadratic", labels=labels)
    )
    unweighted = cohen_kappa(grades, "judge", "human", n_boot=200)
    assert unweighted["kappa"].iloc[0] == pytest.approx(
        cohen_kappa_score(grades["judge"], grades["human"], labels=labels)
    )


def test_bootstrap_matches_a_per_resample_loop(grades):
    # the multinomial tables are the index bootstrap's tallies in distribution: both
    # percentile intervals agree within Monte Carlo error
    seed, n_boot = 3, 3000
    out = cohen_kappa(grades, "judge", "human", weights="quadratic", n_boot=n_boot, seed=seed)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(grades), size=(n_boot, len(grades)))
    labels = ["A", "B", "C", "D", "F"]
    loop = []
    for row in idx:
        j, h = grades["judge"].to_numpy()[row], grades["human"].to_numpy()[row]
        with np.errstate(invalid="ignore", divide="ignore"):
            loop.append(cohen_kappa_score(j, h, weights="quadratic", labels=labels))
    expected = np.nanquantile(np.array(loop, dtype=float), [0.025, 0.975])
    assert out["CI95%"].iloc[0] == pytest.approx(list(expected), abs=0.03)


def test_each_bootstrap_table_gives_scikit_learns_kappa(grades):
    from clinbench.stats.agreement import bootstrap_tables, kappa_from_tables

    labels = ["A", "B", "C", "D", "F"]
    code = {g: i for i, g in enumerate(labels)}
    table = np.zeros((5, 5), dtype=int)
    for j, h in zip(grades["judge"], grades["human"], strict=True):
        table[code[j], code[h]] += 1
    tables = bootstrap_tables(table, 50, seed=1)
    assert (tables.sum(axis=(1, 2)) == table.sum()).all()
    for t in tables[:10]:
        j = [labels[a] for a in range(5) for b in range(5) for _ in range(t[a, b])]
        h = [labels[b] for a in range(5) for b in range(5) for _ in range(t[a, b])]
        expected = cohen_kappa_score(j, h, weights="quadratic", labels=labels)
        assert kappa_from_tables(t, "quadratic") == pytest.approx(expected)
    many = bootstrap_tables(table, 20_000, seed=2)
    assert many.mean(axis=0) == pytest.approx(table, abs=0.15)


def test_bootstrap_is_seeded(grades):
    a = cohen_kappa(grades, "judge", "human", n_boot=300, seed=5)["CI95%"].iloc[0]
    b = cohen_kappa(grades, "judge", "human", n_boot=300, seed=5)["CI95%"].iloc[0]
    c = cohen_kappa(grades, "judge", "human", n_boot=300, seed=6)["CI95%"].iloc[0]
    assert a == b and a != c


def test_exact_and_within_one(grades):
    row = ordinal_agreement(grades, "judge", "human").iloc[0]
    order = "ABCDF"
    diffs = [
        abs(order.index(j) - order.index(h))
        for j, h in zip(grades.judge, grades.human, strict=True)
    ]
    assert row["exact"] == sum(d == 0 for d in diffs)
    assert row["within_one"] == sum(d <= 1 for d in diffs)
    assert row["exact_agreement"] == pytest.approx(np.mean([d == 0 for d in diffs]))


def test_declared_order_and_unknown_labels():
    df = pd.DataFrame({"a": ["low", "mid", "high", "mid"], "b": ["low", "high", "high", "mid"]})
    with pytest.raises(StatsInputError, match="declare"):
        cohen_kappa(df, "a", "b", weights="quadratic")
    out = cohen_kappa(df, "a", "b", weights="quadratic", categories=["low", "mid", "high"])
    assert out["kappa"].iloc[0] == pytest.approx(
        cohen_kappa_score(
            df["a"].map({"low": 0, "mid": 1, "high": 2}),
            df["b"].map({"low": 0, "mid": 1, "high": 2}),
            weights="quadratic",
        )
    )
    bad = pd.DataFrame({"a": ["A", "B", "Z"], "b": ["A", "B", "C"]})
    with pytest.raises(StatsInputError, match="row 2"):
        cohen_kappa(bad, "a", "b", categories=list("ABCDF"))


def test_binary_labels_are_read_strictly():
    df = pd.DataFrame({"a": [1, 0, "true", "no"], "b": ["yes", "maybe", 1, 0]})
    with pytest.raises(StatsInputError, match="row 1: column 'b'"):
        binary_agreement(df, "a", "b")


def test_fleiss_kappa_published_example():
    # Fleiss (1971)-style worked example: 10 subjects, 14 raters, 5 categories; kappa = 0.210
    counts = [
        [0, 0, 0, 0, 14],
        [0, 2, 6, 4, 2],
        [0, 0, 3, 5, 6],
        [0, 3, 9, 2, 0],
        [2, 2, 8, 1, 1],
        [7, 7, 0, 0, 0],
        [3, 2, 6, 3, 0],
        [2, 5, 3, 2, 2],
        [6, 5, 2, 1, 0],
        [0, 2, 2, 3, 7],
    ]
    rows = [sum(([cat + 1] * c for cat, c in enumerate(subject)), []) for subject in counts]
    df = pd.DataFrame(rows, columns=[f"r{i}" for i in range(14)])
    out = fleiss_kappa(df, list(df.columns), categories=[1, 2, 3, 4, 5])
    assert round(out["kappa"].iloc[0], 3) == 0.210
    assert out["n"].iloc[0] == 10 and out["raters"].iloc[0] == 14


def test_icc21_matches_two_way_anova(grades):
    out = icc_agreement(grades, "judge", "human").iloc[0]
    mid = {"A": 95.0, "B": 82.5, "C": 67.5, "D": 50.0, "F": 20.0}  # rubric band midpoints
    x = np.column_stack([grades["judge"].map(mid), grades["human"].map(mid)])
    n, k = x.shape
    grand = x.mean()
    ms_rows = k * ((x.mean(axis=1) - grand) ** 2).sum() / (n - 1)
    ms_cols = n * ((x.mean(axis=0) - grand) ** 2).sum() / (k - 1)
    sse = ((x - x.mean(axis=1, keepdims=True) - x.mean(axis=0, keepdims=True) + grand) ** 2).sum()
    ms_err = sse / ((n - 1) * (k - 1))
    icc21 = (ms_rows - ms_err) / (ms_rows + (k - 1) * ms_err + k * (ms_cols - ms_err) / n)
    assert out["ICC"] == pytest.approx(icc21)
    assert out["n"] == 60


def test_summary_keys(audit_2x2, grades):
    binary = agreement_summary(audit_2x2, "adjudicator", "human", reference="b", n_boot=200)
    assert set(binary) == {
        "n", "raw_agreement", "kappa", "kappa_ci", "pabak", "prevalence_index", "bias_index",
        "kappa_max", "sensitivity", "specificity", "ppv", "npv",
    }  # fmt: skip
    assert binary["sensitivity"]["value"] == pytest.approx(0.25)
    # naming the adjudicator as reference swaps the roles: sensitivity becomes 3/9
    swapped = agreement_summary(audit_2x2, "adjudicator", "human", reference="a", n_boot=200)
    assert swapped["sensitivity"]["value"] == pytest.approx(3 / 9)
    ordinal = agreement_summary(grades, "judge", "human", kind="ordinal", n_boot=200)
    assert {"kappa_quadratic", "kappa_quadratic_ci", "exact_agreement", "within_one"} <= set(
        ordinal
    )
