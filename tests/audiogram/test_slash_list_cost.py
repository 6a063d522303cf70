"""The slash-list pattern reads each number atomically, so a row of many slashed frequencies
with spaces ("250 / 500 / ... / 8000 Hz") costs linear time; before, the pattern could split
every number at each digit and took seconds on one reply of ten frequencies (validation
batch 50 WC46). Slash lists still read the same (claims._SLASH_LIST)."""

from __future__ import annotations

from clinbench.audiogram.claims import read_claims

from .conftest import assert_linear, cpu_cost

ROW = (
    "Right: 20 / 20 / 25 / 25 / 35 / 40 / 55 / 60 / 65 / 70 dB HL at 250 / 500 / 750 / 1000 / "
    "1500 / 2000 / 3000 / 4000 / 6000 / 8000 Hz\n"
)


def test_row_of_slashed_frequencies_is_cheap():
    assert cpu_cost(lambda: read_claims(ROW)) < 0.05


def test_slash_list_reading_is_linear():
    def cost(n):
        text = "1000 / 2000 / 3000 / 4000 / 6000 / 8000 / 250 / 500 Hz; " * n
        return cpu_cost(lambda: read_claims(text))

    assert_linear(cost(50), cost(200))


def test_slash_list_still_read():
    levels = [
        (c.frequencies, c.value)
        for c in read_claims("R .25/.5/1k 55/50/40")
        if c.kind == "threshold"
    ]
    assert levels == [((250,), 55), ((500,), 50), ((1000,), 40)]
