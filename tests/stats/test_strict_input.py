"""Stats input is strict: a score that is not a number is an error naming column and row;
bootstrap seeds come from each group's identity, so adding a group moves no other."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from clinbench.stats import case_clustering as clustering
from clinbench.stats import compare, describe
from clinbench.stats._common import StatsInputError, group_seed, numeric_column
from clinbench.stats.synthetic import synthetic_case_results


def _bad_table() -> pd.DataFrame:
    df = synthetic_case_results(n_models=2, n_cases=6, seed=3)
    df["score"] = df["score"].astype(object)
    df.loc[5, "score"] = "n/a"
    df.loc[7, "score"] = "oops"
    return df


@pytest.mark.parametrize(
    "call",
    [
        lambda d: describe.describe_scores(d, "score", "model", n_boot=50),
        lambda d: compare.kruskal(d, "score", "model"),
        lambda d: compare.pairwise_mwu(d, "score", "question"),
        lambda d: clustering.icc_oneway(d, "score", "item_id"),
        lambda d: clustering.case_bootstrap(d, "score", "item_id", "model", n_boot=50),
        lambda d: clustering.leave_one_case_out(d, "score", "item_id", "model"),
    ],
)
def test_non_numeric_score_is_an_error_naming_column_and_first_bad_row(call):
    with pytest.raises(StatsInputError, match=r"row 5: column 'score': 'n/a' is not a number"):
        call(_bad_table())


def test_blank_and_missing_scores_are_missing_not_errors():
    df = pd.DataFrame({"score": ["1.5", "", None, float("nan"), " 2 "]})
    out = numeric_column(df, "score")
    assert out.iloc[0] == 1.5 and out.iloc[4] == 2.0
    assert out.iloc[1:4].isna().all()


def test_numeric_strings_are_read_as_numbers():
    df = synthetic_case_results(n_models=2, n_cases=6, seed=3)
    as_text = df.assign(score=df["score"].astype(str))
    a = compare.kruskal(df, "score", "model")
    b = compare.kruskal(as_text, "score", "model")
    assert a["H"].iloc[0] == pytest.approx(b["H"].iloc[0])


def test_adding_a_group_does_not_move_another_groups_bootstrap_interval():
    rng = np.random.default_rng(0)
    rows = [
        {"model": m, "score": float(rng.normal(70, 10))}
        for m in ("b-model", "c-model")
        for _ in range(30)
    ]
    two = pd.DataFrame(rows)
    extra = pd.DataFrame([{"model": "a-model", "score": float(v)} for v in rng.normal(50, 5, 30)])
    three = pd.concat([extra, two], ignore_index=True)  # sorts first: old seed + i would shift
    before = describe.describe_scores(two, "score", "model", n_boot=500, seed=7).set_index("model")
    after = describe.describe_scores(three, "score", "model", n_boot=500, seed=7).set_index("model")
    for model in ("b-model", "c-model"):
        assert before.loc[model, "boot_CI95%"] == after.loc[model, "boot_CI95%"]


def test_group_seed_depends_on_key_and_seed():
    assert group_seed(0, {"model": "a"}) == group_seed(0, {"model": "a"})
    assert group_seed(0, {"model": "a"}) != group_seed(0, {"model": "b"})
    assert group_seed(0, {"model": "a"}) != group_seed(1, {"model": "a"})
    assert group_seed(0, {"n": np.int64(3)}) == group_seed(0, {"n": 3})
