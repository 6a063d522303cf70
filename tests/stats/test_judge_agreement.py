"""Agreement among the judges of a panel: Fleiss' kappa and pairwise weighted kappa.

Hand-worked before the code ran (the figures below are the expected values):

Binary verdicts, 3 judges, 6 replies (1 = correct):

    reply  J1 J2 J3   counts (0s, 1s)   P_i = sum n(n-1) / (3*2)
    r1      1  1  1        (0, 3)         6/6 = 1
    r2      1  1  0        (1, 2)         2/6 = 1/3
    r3      0  0  0        (3, 0)         1
    r4      1  0  0        (2, 1)         1/3
    r5      1  1  1        (0, 3)         1
    r6      0  0  1        (2, 1)         1/3

Fleiss: mean P = 4/6 = 2/3; p(1) = 10/18, p(0) = 8/18, P_e = (25 + 16)/81 = 41/81;
kappa = (54/81 - 41/81) / (40/81) = 13/40 = 0.325.

Pairwise Cohen (quadratic weights on two categories = unweighted):
J1-J2: p_o = 5/6, p_e = (4/6)(3/6) + (2/6)(3/6) = 1/2, kappa = (1/3)/(1/2) = 2/3.
J1-J3: p_o = 3/6, p_e = 1/2, kappa = 0.
J2-J3: p_o = 4/6, p_e = 1/2, kappa = 1/3.

Letter grades, 2 judges, 5 question replies: J1 A A B C C, J2 A B B B C.
Quadratic weights w = (i - j)^2 (A=0, B=1, C=2): observed sum w*O = 1 (A,B) + 1 (C,B) = 2;
marginals J1 (A2 B1 C2), J2 (A1 B3 C1), expected E = r*c/5: (A,B) 1.2, (A,C) 0.4 x4,
(B,A) 0.2, (B,C) 0.2, (C,A) 0.4 x4, (C,B) 1.2 -> sum w*E = 6.0; kappa_w = 1 - 2/6 = 2/3.
Fleiss on the same 5: P_i = 1, 0, 1, 0, 1 -> mean 0.6; p = (3, 4, 3)/10, P_e = 0.34;
kappa = 0.26 / 0.66 = 13/33 = 0.394.
"""

from __future__ import annotations

import json
import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa
from typer.testing import CliRunner

from clinbench.results import write_results
from clinbench.results.schema import RESULT_COLUMNS
from clinbench.stats import judge_agreement as panels
from clinbench.stats._common import group_seed
from clinbench.stats.judge_agreement import (
    fleiss_panel_kappa,
    judge_agreement,
    judge_ratings,
    pairwise_weighted_kappa,
)

BINARY = {"J1": [1, 1, 0, 1, 1, 0], "J2": [1, 1, 0, 0, 1, 0], "J3": [1, 0, 0, 0, 1, 1]}
GRADES = {"J1": list("AABCC"), "J2": list("ABBBC")}


def _rows(scorer, ratings, graded=False, task="t", model="m"):
    """Results rows of a panel: each judge's rows (SCORER[judgeN]) and the panel's own."""
    rows = []
    names = list(ratings)
    n = len(ratings[names[0]])
    for i in range(n):
        base = {c: "" for c in RESULT_COLUMNS} | {
            "suite": "s", "task": task, "model": model, "item_id": f"r{i + 1}", "epoch": 1,
            "epochs": 1, "condition": "default", "question": "Q1" if graded else "",
        }  # fmt: skip
        rows.append(base | {"scorer": scorer, "judge": "panel:majority", "outcome": "correct",
                            "score": 1.0})  # fmt: skip
        for place, judge in enumerate(names, start=1):
            value = ratings[judge][i]
            if graded:
                extra = {"outcome": "graded", "grade": value, "score": 50.0}
            elif value is None:
                extra = {"outcome": "unscored", "score": float("nan")}
            else:
                extra = {"outcome": "correct" if value else "incorrect", "score": float(value)}
            rows.append(base | {"scorer": f"{scorer}[judge{place}]", "judge": f"judge/{judge}"}
                        | extra)  # fmt: skip
    return rows


def _table(*parts):
    return pd.DataFrame([r for p in parts for r in p], columns=RESULT_COLUMNS)


def test_fleiss_kappa_matches_the_hand_worked_examples():
    binary = fleiss_panel_kappa(_table(_rows("answer_adjudicator", BINARY)), n_boot=200)
    row = binary.iloc[0]
    assert (row["scorer"], row["question"], row["n"], row["judges"]) == (
        "answer_adjudicator", "all", 6, 3)  # fmt: skip
    assert row["kappa"] == pytest.approx(13 / 40)
    graded = fleiss_panel_kappa(_table(_rows("rubric_adjudicator", GRADES, graded=True)))
    assert graded.iloc[0]["kappa"] == pytest.approx(13 / 33)


def test_pairwise_weighted_kappa_matches_the_hand_worked_examples_and_sklearn():
    table = pairwise_weighted_kappa(_table(_rows("answer_adjudicator", BINARY)), n_boot=200)
    got = {(r.judge_a, r.judge_b): r.kappa for r in table.itertuples()}
    assert got == pytest.approx(
        {
            ("judge/J1", "judge/J2"): 2 / 3,
            ("judge/J1", "judge/J3"): 0.0,
            ("judge/J2", "judge/J3"): 1 / 3,
        }  # fmt: skip
    )
    assert set(table["weights"]) == {"quadratic"} and set(table["n"]) == {6}
    graded = pairwise_weighted_kappa(_table(_rows("rubric_adjudicator", GRADES, graded=True)))
    assert graded.iloc[0]["kappa"] == pytest.approx(2 / 3)
    reference = cohen_kappa_score(GRADES["J1"], GRADES["J2"], weights="quadratic")
    assert graded.iloc[0]["kappa"] == pytest.approx(reference)


def test_intervals_are_seeded_by_the_pair_and_bracket_the_estimate():
    one = pairwise_weighted_kappa(_table(_rows("answer_adjudicator", BINARY)), seed=3)
    again = pairwise_weighted_kappa(_table(_rows("answer_adjudicator", BINARY)), seed=3)
    pd.testing.assert_frame_equal(one, again)
    # another task beside it does not move this pair's interval (seed from the pair's identity)
    more = _table(_rows("answer_adjudicator", BINARY),
                  _rows("answer_adjudicator", BINARY, task="a_first"))  # fmt: skip
    both = pairwise_weighted_kappa(more, seed=3)
    assert (
        both[both["task"] == "t"].reset_index(drop=True)["CI95%"].tolist() == one["CI95%"].tolist()
    )
    for row in one.to_dict(orient="records"):
        low, high = row["CI95%"]
        assert low <= row["kappa"] <= high
    assert one["n_boot"].eq(2000).all()


def test_unscored_verdicts_leave_the_pair_not_the_judge():
    ratings = {k: list(v) for k, v in BINARY.items()}
    ratings["J3"][0] = None  # judge 3 could not score r1
    table = _table(_rows("answer_adjudicator", ratings))
    pairs = pairwise_weighted_kappa(table, n_boot=100).set_index(["judge_a", "judge_b"])
    assert pairs.loc[("judge/J1", "judge/J2"), "n"] == 6
    assert pairs.loc[("judge/J1", "judge/J3"), "n"] == 5
    fleiss = fleiss_panel_kappa(table, n_boot=100).iloc[0]
    assert fleiss["n"] == 5 and fleiss["incomplete"] == 1


def test_ratings_are_read_from_the_per_judge_rows_only():
    wide = judge_ratings(_table(_rows("answer_adjudicator", BINARY)))
    assert list(wide.columns[-3:]) == ["judge/J1", "judge/J2", "judge/J3"]
    assert len(wide) == 6 and wide["judge/J1"].tolist() == BINARY["J1"]
    none = judge_agreement(
        _table([r for r in _rows("x", BINARY) if r["judge"] == "panel:majority"])
    )
    assert none.empty


def test_per_question_rows_beside_all():
    rows = _rows("rubric_adjudicator", GRADES, graded=True)
    q2 = [r | {"question": "Q2"} for r in _rows("rubric_adjudicator", GRADES, graded=True)]
    out = judge_agreement(_table(rows, q2), n_boot=100)
    assert set(out["question"]) == {"all", "Q1", "Q2"}
    assert set(out["measure"]) == {"Fleiss kappa", "weighted kappa (quadratic)"}
    pooled = out[(out["question"] == "all") & (out["measure"] == "weighted kappa (quadratic)")]
    assert pooled.iloc[0]["n"] == 10


def test_stats_judges_command(tmp_path):
    from clinbench.cli import _mount, app

    _mount()
    path = write_results(_table(_rows("answer_adjudicator", BINARY)), tmp_path / "r.csv")
    result = CliRunner().invoke(app, ["stats", "judges", str(path), "--format", "json",
                                      "--n-boot", "200"])  # fmt: skip
    assert result.exit_code == 0, result.output
    tables = json.loads(result.stdout)["tables"]
    rows = [r for t in tables for r in t["rows"]]
    fleiss = next(r for r in rows if r["measure"] == "Fleiss kappa")
    assert fleiss["kappa"] == pytest.approx(0.325)
    text = CliRunner().invoke(app, ["stats", "judges", str(path), "--n-boot", "200"])
    assert text.exit_code == 0 and "0.325" in text.output
    assert max(len(line) for line in text.output.splitlines()) <= 80
    empty = write_results(_table([]), tmp_path / "none.csv")
    nothing = CliRunner().invoke(app, ["stats", "judges", str(empty)])
    assert nothing.exit_code == 0 and "no judge panel" in nothing.output
    missing = CliRunner().invoke(app, ["stats", "judges", str(tmp_path / "absent.csv")])
    assert missing.exit_code == 2


def _fleiss_loop(counts, n_boot, seed):
    """The per-resample loop: statsmodels' fleiss_kappa of each resampled table."""
    idx = np.random.default_rng(seed).integers(0, len(counts), size=(n_boot, len(counts)))
    out = []
    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for row in idx:
            out.append(float(fleiss_kappa(counts[row], method="fleiss")))
    return np.array(out)


@pytest.mark.parametrize("raters, categories, n", [(3, 2, 41), (4, 6, 57), (2, 5, 30)])
def test_fleiss_bootstrap_is_the_per_resample_loop(monkeypatch, raters, categories, n):
    rng = np.random.default_rng(raters * 100 + n)
    truth = rng.integers(0, categories, n)
    codes = np.column_stack(
        [np.where(rng.random(n) < 0.7, truth, rng.integers(0, categories, n))
         for _ in range(raters)]
    )  # fmt: skip
    counts, _ = aggregate_raters(codes, n_cat=categories)
    monkeypatch.setattr(panels, "_FLEISS_CHUNK_CELLS", 7 * n)  # 7 resamples a chunk
    fast = panels.fleiss_bootstrap(counts, 300, np.random.default_rng(5))
    np.testing.assert_allclose(fast, _fleiss_loop(counts, 300, 5), rtol=1e-10, atol=1e-12)


def test_fleiss_bootstrap_of_one_category_is_undefined_as_statsmodels_says():

    counts = np.array([[3, 0]] * 9)  # every judge says category 0: kappa 0/0
    fast = panels.fleiss_bootstrap(counts, 50, np.random.default_rng(1))
    assert np.isnan(fast).all() and np.isnan(_fleiss_loop(counts, 50, 1)).all()


def test_fleiss_panel_interval_is_the_loop_percentile_interval():
    out = fleiss_panel_kappa(_table(_rows("answer_adjudicator", BINARY)), n_boot=400, seed=3)
    row = out.iloc[0]
    key = {"task": row["task"], "scorer": row["scorer"], "question": row["question"]}
    codes = np.column_stack([BINARY[j] for j in BINARY])
    counts, _ = aggregate_raters(codes, n_cat=2)
    loop = _fleiss_loop(counts, 400, group_seed(3, key))
    assert row["CI95%"] == pytest.approx(list(np.nanquantile(loop, [0.025, 0.975])))
