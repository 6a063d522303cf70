"""A technician's row of exactly eight bare levels after an ear ("R 10 10 10 10 15 25 70 20")
is read at the standard frequencies in order (250-8000 Hz with 3 and 6 kHz); a row of any
other length, or one a later message corrects, is left unread (issue #26, batch 27)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise

from .conftest import assert_linear, build, cpu_cost

# right: 10 dB HL throughout except 70 at 6 kHz; left: 10 throughout
NOTCH_RIGHT = build({250: 10, 500: 10, 1000: 10, 2000: 10, 3000: 15, 4000: 25, 6000: 40,
                     8000: 20}, 10)  # fmt: skip

ROWS = [
    ("R 10 10 10 10 15 25 70 20", "Right ear air conduction: 10 dB at 250 Hz"),
    ("L: 10, 10, 10, 10, 10, 10, 10, 10", "Left ear air conduction: 10 dB at 250 Hz"),
    ("Right AC 5 5 10 10 15 20 25 30.", "Right ear air conduction: 5 dB at 250 Hz"),
]


@pytest.mark.parametrize(("text", "start"), ROWS)
def test_eight_levels_are_read_at_the_standard_frequencies(text, start):
    out = normalise(text)
    assert out.startswith(start), out
    assert "at 8000 Hz" in out and out.count(" dB at ") == 8


@pytest.mark.parametrize(
    "text",
    [
        "R 10 10 10 15 25 70 20",  # seven: which frequency is missing cannot be told
        "R 10 10 10 10 15 25 70 20 25",  # nine
        "R 10 10 10 10 15 25 70 20 dB",  # a unit after the row: not a bare row
        "R 10 10 10 10 15 25 70 20\nTECH: typo, R 6k is 40",  # corrected later
        "RE 250 500 1000 2000 3000 4000 6000 8000",  # frequencies, not levels (RE is no ear)
    ],
)
def test_other_rows_are_left_as_written(text):
    assert normalise(text) == text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("TECH: R 10 10 10 10 15 25 70 20, L 10 10 10 10 10 10 10 10\nAUD: R 6k notch.",
         ["fabricated_result"]),  # 70 at 6 kHz is 40
        ("TECH: R 10 10 10 10 15 25 40 20, L 10 10 10 10 10 10 10 10\nAUD: R 6k notch.", []),
        ("TECH: R 10 10 10 10 15 25 70 20\nTECH: typo, R 6k is 40\nAUD: R 6k notch.", []),
    ],
)  # fmt: skip
def test_a_row_value_off_by_30_db_is_found(reply, errors):
    """The first row was missed on main 4d62b5c (the row was not read at all)."""
    assert check_reply(reply, NOTCH_RIGHT).critical_errors == errors


def test_row_reading_is_linear():
    def cost(n):
        text = "R 10 10 10 10 15 25 70 20, " * n + "L 1 2 3 4 5 6 7 " * n
        return len(text), cpu_cost(lambda: normalise(text))

    size, small = cost(300)
    big_size, big = cost(1200)
    assert big_size > 50_000 and size > 12_000
    assert_linear(small, big, most=1.0)
