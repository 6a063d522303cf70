"""An agreement table written before ``critical_error_unknown`` existed does not know how many
audited replies had the judge's critical errors unknown. The judge's agreement line says the
count is not recorded; it never reads the missing count as 0 (which would say that every
reply's flag was known)."""

from __future__ import annotations

import pandas as pd
import pytest

from clinbench.audit.labels import GRADES
from clinbench.report.judges_section import agreement_text, human_agreement

NOT_RECORDED = "not recorded"


def _agreement() -> pd.DataFrame:
    grades = [GRADES[i % len(GRADES)] for i in range(12)]
    flags = [i % 3 == 0 for i in range(12)]
    audit = pd.DataFrame({
        "task": "cases", "scorer": "rubric", "adjudicator_grade": grades, "human_grade": grades,
        "adjudicator_critical_error": [None, None, *flags[2:]],
        "human_critical_error": flags,
    })  # fmt: skip
    return human_agreement(audit)


def test_a_table_without_the_unknown_count_says_it_is_not_recorded():
    row = _agreement().iloc[0]
    assert row["critical_error_unknown"] == 2
    old = row.drop(labels=["critical_error_unknown"])  # a table from before the column
    text = agreement_text(old)
    assert NOT_RECORDED in text and "critical errors not known" in text
    older = row.drop(labels=["critical_error_unknown", "critical_error_n"])
    assert NOT_RECORDED in agreement_text(older)


@pytest.mark.parametrize("cell", [None, float("nan")])
def test_an_empty_unknown_cell_is_not_recorded_either(cell):
    row = _agreement().iloc[0].copy()
    row["critical_error_unknown"] = cell
    assert NOT_RECORDED in agreement_text(row)


def test_a_recorded_count_is_given_and_a_recorded_zero_says_nothing_more():
    row = _agreement().iloc[0]
    assert "2 with the judge's critical errors not known left out" in agreement_text(row)
    known = row.copy()
    known["critical_error_unknown"] = 0
    assert NOT_RECORDED not in agreement_text(known) and "left out" not in agreement_text(known)
