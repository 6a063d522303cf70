"""Descriptive statistics against statsmodels, a per-resample loop, and hand counts."""

import json

import numpy as np
import pandas as pd
import pytest
from statsmodels.stats.weightstats import DescrStatsW

from clinbench.stats import resample
from clinbench.stats.describe import (
    accuracy,
    critical_error_lists,
    critical_error_rate,
    describe_scores,
    has_critical_error,
    parse_critical_errors,
    pass_rate,
)
from clinbench.stats.proportions import wilson_interval
from clinbench.stats.resample import bootstrap_means
from clinbench.stats.synthetic import synthetic_case_results, synthetic_knowledge_results


@pytest.fixture(scope="module")
def cases():
    return synthetic_case_results(n_models=4, n_cases=30, seed=3, unscored=5)


def test_mean_sd_t_interval_match_statsmodels(cases):
    out = describe_scores(cases, "score", by="question", n_boot=500).set_index("question")
    for q, sub in cases.dropna(subset=["score"]).groupby("question"):
        d = DescrStatsW(sub["score"].to_numpy())
        assert out.loc[q, "n"] == len(sub)
        assert out.loc[q, "mean"] == pytest.approx(d.mean)
        assert out.loc[q, "SD"] == pytest.approx(sub["score"].std(ddof=1))
        assert out.loc[q, "CI95%"] == pytest.approx(list(d.tconfint_mean()))
    assert out["n"].sum() == len(cases) - 5  # unscored rows are not scores


def _chunk_loop(x: np.ndarray, n_boot: int, seed: int) -> np.ndarray:
    """Per-resample loop over bootstrap_means' chunk streams (SeedSequence children)."""
    chunks = resample.bootstrap_chunks(x.size, n_boot)
    streams = np.random.SeedSequence(seed).spawn(len(chunks))
    loop = []
    for (start, stop), stream in zip(chunks, streams, strict=True):
        idx = np.random.default_rng(stream).integers(0, x.size, size=(stop - start, x.size))
        loop += [x[row].mean() for row in idx]
    return np.array(loop)


def test_bootstrap_is_the_per_resample_loop():
    x = np.random.default_rng(0).normal(70, 15, 120)
    fast = bootstrap_means(x, n_boot=2000, seed=42)
    np.testing.assert_allclose(fast, _chunk_loop(x, 2000, 42), rtol=1e-12)


def test_bootstrap_threads_never_change_the_means(monkeypatch):
    # small chunks (7 resamples of 120 values, the last one short): many chunks to share out
    monkeypatch.setattr(resample, "_CHUNK_CELLS", 7 * 121)
    x = np.random.default_rng(3).normal(60, 10, 121)
    assert len(resample.bootstrap_chunks(x.size, 500)) == 72
    runs = [bootstrap_means(x, n_boot=500, seed=9, threads=t) for t in (1, 2, 3, 1)]
    for other in runs[1:]:
        np.testing.assert_array_equal(runs[0], other)
    np.testing.assert_allclose(runs[0], _chunk_loop(x, 500, 9), rtol=1e-12)
    assert bootstrap_means(x, n_boot=500, seed=10, threads=2)[0] != runs[0][0]


def test_bootstrap_interval_close_to_t_interval(cases):
    out = describe_scores(cases, "score", n_boot=10_000, seed=1).iloc[0]
    assert out["boot_CI95%"] == pytest.approx(out["CI95%"], abs=0.5)
    again = describe_scores(cases, "score", n_boot=10_000, seed=1).iloc[0]
    assert again["boot_CI95%"] == out["boot_CI95%"]


def test_accuracy_counts_and_wilson():
    df = synthetic_knowledge_results(n_models=2, n_items=45)
    out = accuracy(df, by=["model", "format"])
    for _, row in out.iterrows():
        sub = df[(df.model == row["model"]) & (df.format == row["format"])]
        answered = sub[sub.outcome.isin(["correct", "incorrect", "declined"])]
        k = int((answered.outcome == "correct").sum())
        assert row["correct"] == k and row["n"] == len(answered)
        assert row["declined"] == int((sub.outcome == "declined").sum())
        assert row["excluded"] == int((sub.outcome == "parse_failed").sum())
        assert row["CI95%"] == pytest.approx(list(wilson_interval(k, len(answered))))


def test_pass_and_critical_error_rates(cases):
    pr = pass_rate(cases, by="model").set_index("model")
    ce = critical_error_rate(cases, by="model").set_index("model")
    for m, sub in cases.groupby("model"):
        graded = sub[sub.grade != ""]
        assert pr.loc[m, "n"] == len(graded)
        assert pr.loc[m, "k"] == graded.grade.isin(["A", "B", "C"]).sum()
        assert ce.loc[m, "k"] == sum(len(json.loads(v)) > 0 for v in graded.critical_errors)


def test_rows_whose_critical_errors_are_unknown_are_out_of_the_rate():
    # hand counts: 4 graded rows, one flagged; one unflagged row's errors are not known
    unknown = json.dumps({"critical_errors_unknown": "no_claim_read"})
    rows = pd.DataFrame(
        {
            "grade": ["A", "B", "C", "D"],
            "critical_errors": ['["fabricated_result"]', "[]", "[]", "[]"],
            "score_metadata": ["{}", unknown, "", json.dumps({"critical_errors_unknown": None})],
        }
    )
    out = critical_error_rate(rows).iloc[0]
    assert (out["k"], out["n"]) == (1, 3)
    assert critical_error_rate(rows.drop(columns="score_metadata")).iloc[0]["n"] == 4


def test_parse_critical_errors():
    assert parse_critical_errors('["laterality_confusion"]') == ["laterality_confusion"]
    assert parse_critical_errors("a; b") == ["a", "b"]
    assert parse_critical_errors(float("nan")) == [] and parse_critical_errors("[]") == []
    with pytest.raises(ValueError):
        parse_critical_errors("[not json")


def test_empty_group_gives_nan_not_zero():
    df = pd.DataFrame({"score": [np.nan, np.nan], "g": ["a", "a"]})
    out = describe_scores(df, "score", by="g", n_boot=10).iloc[0]
    assert out["n"] == 0 and np.isnan(out["mean"])


def test_few_level_bootstrap_has_the_index_bootstrap_distribution():
    # 0/1 outcomes: multinomial over the two levels; the bootstrap SD of a mean of n Bernoulli
    # draws is sqrt(p (1 - p) / n), and its percentiles match the index bootstrap's
    rng = np.random.default_rng(5)
    x = (rng.random(400) < 0.3).astype(float)
    fast = bootstrap_means(x, n_boot=20_000, seed=1)
    p = x.mean()
    assert fast.mean() == pytest.approx(p, abs=0.002)
    assert fast.std() == pytest.approx(np.sqrt(p * (1 - p) / 400), rel=0.03)
    idx = np.random.default_rng(2).integers(0, 400, size=(20_000, 400))
    loop = np.array([x[row].mean() for row in idx])
    assert np.quantile(fast, [0.025, 0.975]) == pytest.approx(
        np.quantile(loop, [0.025, 0.975]), abs=0.006
    )


def test_critical_error_lists_read_each_cell_as_parse_critical_errors_does():
    cells = pd.Series(['["a", "b"]', "[]", '["a", "b"]', "c; d", None, float("nan"), ["e"], ""],
                      index=[7, 3, 5, 1, 0, 2, 4, 6])  # fmt: skip
    out = critical_error_lists(cells)
    assert out.index.tolist() == cells.index.tolist()
    assert out.tolist() == [parse_critical_errors(v) for v in cells]
    out.iloc[0].append("changed")  # each row holds its own list
    assert out.iloc[2] == ["a", "b"]
    with pytest.raises(ValueError):
        critical_error_lists(pd.Series(["[]", "[broken"]))


def test_has_critical_error_is_a_non_empty_list_of_types():
    cells = pd.Series(['["a", "b"]', "[]", "c; d", None, float("nan"), ["e"], "", []],
                      index=[7, 3, 1, 0, 2, 4, 6, 9])  # fmt: skip
    flags = has_critical_error(cells)
    assert flags.index.tolist() == cells.index.tolist()
    assert flags.tolist() == [bool(parse_critical_errors(v)) for v in cells]
    assert flags.tolist() == [True, False, True, False, False, True, False, False]
    arrow = pd.Series(['["a"]', None, "[]"], dtype="string[pyarrow]")
    assert has_critical_error(arrow).tolist() == [True, False, False]


def test_a_missing_arrow_cell_has_no_critical_error():
    # Arrow-backed text columns (Parquet tables) hold pd.NA, not None, where a cell is empty
    cells = pd.Series(['["a"]', None, "[]", "x; y"], dtype="string[pyarrow]")
    assert critical_error_lists(cells).tolist() == [["a"], [], [], ["x", "y"]]
    assert parse_critical_errors(pd.NA) == []


def test_bounded_scores_get_an_interval_inside_their_scale():
    """#29: 'rubric_rules_grader Q1 99.700 (99.072-100.328)' on a 0-100 score."""
    import pandas as pd

    from clinbench.stats.describe import RUBRIC_SCALE, describe_scores, t_interval

    scores = np.array([100.0] * 9 + [97.0])
    plain = t_interval(scores)
    assert plain[1] > 100  # the unbounded t interval leaves the scale
    frame = pd.DataFrame({"score": scores, "model": "m"})
    row = describe_scores(frame, "score", by="model", n_boot=500, scale=RUBRIC_SCALE).iloc[0]
    low, high = row["CI95%"]
    assert 0 <= low < 99.7 < high < 100
    # far from the bounds it is close to the t interval
    mid = np.array([40.0, 55, 60, 62, 70, 48, 51, 66])
    bounded = describe_scores(pd.DataFrame({"score": mid}), "score", n_boot=0,
                              scale=RUBRIC_SCALE).iloc[0]["CI95%"]  # fmt: skip
    assert bounded == pytest.approx(list(t_interval(mid)), abs=1.0)
    # every score at the top: no spread, the interval is the point
    top = describe_scores(pd.DataFrame({"score": [100.0] * 5}), "score", n_boot=0,
                          scale=RUBRIC_SCALE).iloc[0]["CI95%"]  # fmt: skip
    assert top == [100.0, 100.0]


def test_the_console_rubric_table_stays_inside_0_100():
    import pandas as pd

    from clinbench.summary import rubric_table

    rows = pd.DataFrame({"task": "cases", "scorer": "rubric_rules_grader", "model": "m",
                         "question": "Q1", "outcome": "graded",
                         "score": [100.0] * 9 + [97.0], "grade": "A",
                         "critical_errors": ""})  # fmt: skip
    low, high = rubric_table(rows).iloc[0]["CI95%"]
    assert 0 <= low and high <= 100
