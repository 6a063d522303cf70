"""The audiology report's critical-error counts, worked by hand, and its tier column."""

import pandas as pd

from clinbench.suites.audiology import report


def _rows(cells, question="Q1"):
    return pd.DataFrame(
        {
            "task": "audiology_cases", "scorer": "vendor/rubric_rules_grader",
            "question": question, "outcome": "graded", "critical_errors": cells,
        }
    )  # fmt: skip


def test_each_type_counts_the_rows_that_flag_it():
    cells = ['["laterality_confusion", "fabricated_result"]', "[]", '["fabricated_result"]',
             '["laterality_confusion", "fabricated_result"]', None, "missed_red_flag",
             ["fabricated_result"]]  # fmt: skip
    rows = pd.concat([_rows(cells), _rows(['["missed_red_flag"]', "[]"], "Q2")])
    table = report.critical_errors_by_type(rows).set_index(["question", "critical error"])
    # Q1, by hand: fabricated 4 of 7 rows (two repeats of one cell, one list cell),
    # laterality 2, missed red flag 1 (a ;-separated cell); Q2: 1 of 2
    assert table.loc[("Q1", "fabricated_result"), ["k", "n"]].tolist() == [4, 7]
    assert table.loc[("Q1", "laterality_confusion"), "k"] == 2
    assert table.loc[("Q1", "missed_red_flag"), "k"] == 1
    assert table.loc[("Q2", "missed_red_flag"), ["k", "n"]].tolist() == [1, 2]
    assert table.loc[("Q2", "missed_red_flag"), "rate"] == 0.5
    assert len(table) == 4
    assert set(table.reset_index()["scorer"]) == {"rubric_rules_grader"}


def test_the_tier_column_leaves_the_callers_table_as_it_was():
    rows = _rows(["[]", "[]"])
    before = rows.copy()
    tiered = report.with_tier(rows)
    assert tiered["tier"].tolist() == ["cases", "cases"]
    assert tiered["scorer"].tolist() == ["rubric_rules_grader"] * 2
    pd.testing.assert_frame_equal(rows, before)
