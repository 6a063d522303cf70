"""Calibration map, the three sparse-cell rules, and reweighting, checked by hand."""

import numpy as np
import pandas as pd
import pytest

from clinbench.stats._common import StatsInputError
from clinbench.stats.calibration import (
    apply_calibration,
    calibration_map,
    reweighted_estimate,
    sampling_weights,
)


@pytest.fixture
def audit():
    # adjudicator score vs human score; Q1/A has a single audited item (sparse at min_cell=2)
    rows = [
        ("Q1", "A", 96, 80),
        ("Q1", "B", 85, 70),
        ("Q1", "B", 88, 78),
        ("Q1", "D", 40, 60),
        ("Q1", "D", 45, 50),
        ("Q2", "B", 84, 85),
        ("Q2", "B", 82, 80),
        ("Q2", "C", 72, "B"),  # a human letter grade: B's midpoint 82.5
        ("Q2", "C", 75, 70),
    ]
    return pd.DataFrame(rows, columns=["question", "grade", "score", "human_score"])


def test_cell_deltas_and_question_fallback(audit):
    m = calibration_map(audit, min_cell=2).set_index(["question", "grade"])
    assert m.loc[("Q1", "B"), "delta"] == pytest.approx(((85 - 70) + (88 - 78)) / 2)
    assert m.loc[("Q1", "D"), "applied_delta"] == pytest.approx(((40 - 60) + (45 - 50)) / 2)
    assert m.loc[("Q2", "C"), "delta"] == pytest.approx(((72 - 82.5) + (75 - 70)) / 2)
    q1 = np.mean([96 - 80, 85 - 70, 88 - 78, 40 - 60, 45 - 50])
    assert m.loc[("Q1", "A"), "n"] == 1
    assert m.loc[("Q1", "A"), "source"] == "question"
    assert m.loc[("Q1", "A"), "applied_delta"] == pytest.approx(q1)
    # Q2 has no A or D audited: n = 0 cells fall back too
    assert m.loc[("Q2", "A"), "n"] == 0 and m.loc[("Q2", "A"), "source"] == "question"


def test_drop_rule(audit):
    m = calibration_map(audit, min_cell=2, sparse_rule="drop").set_index(["question", "grade"])
    assert m.loc[("Q1", "A"), "source"] == "dropped"
    assert np.isnan(m.loc[("Q1", "A"), "applied_delta"])
    assert m.loc[("Q1", "B"), "source"] == "cell"


def test_question_only_rule(audit):
    m = calibration_map(audit, sparse_rule="question_only")
    assert set(m["source"]) == {"question"}
    q2 = np.mean([84 - 85, 82 - 80, 72 - 82.5, 75 - 70])
    assert m.set_index(["question", "grade"]).loc[("Q2", "B"), "applied_delta"] == pytest.approx(q2)


def test_apply_clips_and_discloses(audit):
    results = pd.DataFrame(
        {
            "question": ["Q1", "Q1", "Q1", "Q2", "Q3", "Q2"],
            "grade": ["B", "D", "A", "F", "B", "C"],
            "score": [99.0, 10.0, 97.0, 30.0, 80.0, 70.0],
        }
    )
    m = calibration_map(audit, min_cell=2, sparse_rule="drop")
    out = apply_calibration(results, m)
    q1b, q1d = 12.5, -12.5
    assert out["calibrated_score"].iloc[0] == pytest.approx(min(max(99 - q1b, 0), 100))
    assert out["calibrated_score"].iloc[1] == pytest.approx(10 - q1d)
    assert list(out["calibration_source"]) == [
        "cell", "cell", "dropped", "dropped", "no_audit", "cell",
    ]  # fmt: skip
    assert np.isnan(out["calibrated_score"].iloc[2]) and np.isnan(out["calibrated_score"].iloc[4])
    # clip at 100: a negative delta on a high score
    m2 = calibration_map(audit, min_cell=2)
    high = pd.DataFrame({"question": ["Q1"], "grade": ["D"], "score": [95.0]})
    assert apply_calibration(high, m2)["calibrated_score"].iloc[0] == 100.0
    low = pd.DataFrame({"question": ["Q1"], "grade": ["B"], "score": [5.0]})
    assert apply_calibration(low, m2)["calibrated_score"].iloc[0] == 0.0
    # an unaudited grade under the fallback rule takes the question delta
    fb = apply_calibration(results, m2)
    assert fb["calibration_source"].iloc[3] == "question"


def test_sampling_weights_and_reweighting():
    population = pd.DataFrame({"stratum": ["fail"] * 20 + ["pass"] * 80})
    # the audit over-samples failures: 10 of 20 failures, 10 of 80 passes
    sample = pd.DataFrame(
        {"stratum": ["fail"] * 10 + ["pass"] * 10, "critical": [1] * 8 + [0] * 2 + [1] + [0] * 9}
    )
    sample["weight"] = sampling_weights(sample, population, ["stratum"])
    assert sample.loc[0, "weight"] == 2.0 and sample.loc[15, "weight"] == 8.0
    out = reweighted_estimate(sample, "critical", "weight", strata=["stratum"], n_boot=500)
    expected = (8 * 2 + 1 * 8) / (10 * 2 + 10 * 8)  # = population rate 24/100
    assert out["estimate"].iloc[0] == pytest.approx(expected)
    assert out["unweighted"].iloc[0] == pytest.approx(9 / 20)
    lo, hi = out["CI95%"].iloc[0]
    assert lo < expected < hi
    assert out["n_eff"].iloc[0] == pytest.approx(100**2 / (10 * 4 + 10 * 64))


def test_bad_input(audit):
    with pytest.raises(StatsInputError):
        calibration_map(audit, sparse_rule="guess")
    with pytest.raises(StatsInputError, match="missing column"):
        calibration_map(audit.drop(columns="human_score"))
    bad = audit.copy()
    bad.loc[3, "human_score"] = "Z"
    with pytest.raises(StatsInputError, match="row 3"):
        calibration_map(bad)
