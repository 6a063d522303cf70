"""Two rows of eight levels, the first naming its eight frequencies at its end and the second
bare ("R: 20 / 25 / ... at 250 / 500 / 750 / 1k / 1.5k / 2k / 3k / 4k" then "L: 25 / 30 / ..."):
the bare row has the same frequencies, given once on the row above, not the standard octaves
with 3 and 6 kHz (issue #26 batch 106, a letter's table with inter-octave frequencies; used as
tuning data). Wording of our own."""

from __future__ import annotations

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

FREQS = (250, 500, 750, 1000, 1500, 2000, 3000, 4000)
LEFT = (15, 20, 20, 25, 30, 40, 50, 60)
CASE = build(
    dict(zip(FREQS, (15, 15, 20, 20, 30, 35, 50, 55), strict=True)),
    dict(zip(FREQS, LEFT, strict=True)),
)

TWO_ROWS = (
    "Thresholds:\n"
    "  R:  15 / 15 / 20 / 20 / 30 / 35 / 50 / 55 at 250 / 500 / 750 / 1k / 1.5k / 2k / 3k / 4k\n"
    "  L:  {left}\n"
)


def test_the_bare_row_takes_the_frequencies_above():
    text = TWO_ROWS.format(left=" / ".join(map(str, LEFT)))
    left = sorted(
        (c.frequencies[0], c.value)
        for part in read_statements(text)
        for c in part
        if c.kind == "threshold" and c.ears == ("left",)
    )
    assert left == sorted(zip(FREQS, LEFT, strict=True))


def test_the_two_rows_are_judged_true():
    text = TWO_ROWS.format(left=" / ".join(map(str, LEFT)))
    assert check_reply(text, CASE).critical_errors == []


def test_a_bare_row_alone_keeps_the_standard_frequencies():
    text = "L:  10 / 10 / 15 / 20 / 30 / 40 / 50 / 60\n"
    found = sorted(
        c.frequencies[0] for part in read_statements(text) for c in part if c.kind == "threshold"
    )
    assert found == [250, 500, 1000, 2000, 3000, 4000, 6000, 8000]
