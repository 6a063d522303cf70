"""A table whose column heads are kHz written without a leading zero (".25 .5 1 2 4 8", chart
shorthand) is read like one headed "250 500 1k 2k 4k 8k" (issue #26, validation batch 13,
used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import tables_to_text

from .conftest import build, cpu_cost

SLOPING = build({250: 20, 500: 20, 1000: 30, 2000: 40, 4000: 55, 8000: 65},
                {250: 20, 500: 25, 1000: 30, 2000: 45, 4000: 55, 8000: 70})  # fmt: skip

TABLE = "freq  .25 .5  1  2  4  8\nR     20  20 30 40 55 65\nL     20  25 30 45 55 70"


def test_the_table_is_written_out_at_its_frequencies():
    text = tables_to_text(TABLE)
    assert "20 dB HL at 250 Hz" in text and "25 dB HL at 500 Hz" in text
    assert "65 dB HL at 8000 Hz" in text and "70 dB HL at 8000 Hz" in text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (TABLE, []),
        (TABLE.replace("30 45 55 70", "30 45 85 70"), ["fabricated_result"]),
        # a column the audiogram has no threshold for (3 kHz was not tested)
        ("freq .25 .5 1 2 3 4 8\nR 20 20 30 40 50 55 65", ["fabricated_result"]),
        # near miss: a line of plain numbers is no header
        ("scores .25 .5 and 1\nR 20 20 30", []),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, SLOPING).critical_errors == errors


def test_many_tables_read_in_linear_time():
    def cost(n):
        text = (TABLE + "\n\n") * n
        return len(text), cpu_cost(lambda: tables_to_text(text))

    size, small = cost(1000)
    _, big = cost(4000)
    assert size > 70_000
    assert big < 20 and big < 10 * max(small, 0.02)
