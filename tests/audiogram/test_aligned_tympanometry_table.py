"""A tympanometry table aligned by gaps (a label and two ear columns, rows that name a
measure) is read as a pipe table is: each value is its column's ear's (notation._gapped_table;
round 16, batch 100; my own wording, on V08: right type B 3.4 ml, left type A 1.2 ml, and
V02, which has no tympanometry)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import tables_to_text

from .validation import cases

CASES = cases()

TABLES = [
    ("V08", "Tympanometry   Right    Left\nType           A        B\nECV   1.2 ml   3.4 ml",
     ["laterality_confusion"]),
    ("V08", "Immittance    RT       LT\nECV           1.2 ml   3.4 ml", ["laterality_confusion"]),
    ("V08", "Immittance    RT       LT\nECV           3.4 ml   1.2 ml", []),
    ("V02", "Middle ear    R         L\nType          B (flat)  A\nECV           3.0 ml    0.9 ml",
     ["fabricated_result"]),
    # gaps that are no tympanometry table are left as written
    ("V02", "Plan          R        L\nType of aid   RIC      none", []),
]  # fmt: skip


@pytest.mark.parametrize(("case", "table", "errors"), TABLES)
def test_an_aligned_tympanometry_table_binds_each_column_to_its_ear(case, table, errors):
    assert check_reply(table, CASES[case]).critical_errors == errors


def test_reading_an_aligned_table():
    text = "Tymps\tR\tL\nECV\t0.8 ml\t1.0 ml"
    assert tables_to_text(text) == "Right ear ECV: 0.8 ml.\nLeft ear ECV: 1.0 ml."
    prose = "Seen today  with her son  and a friend."
    assert tables_to_text(prose) == prose
