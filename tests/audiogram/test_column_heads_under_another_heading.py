"""A table's row of frequency column heads ("| | 250 | 500 | 1k | 2k |") measures nothing: it
names the columns of the rows under it. Under a heading that names something other than the
threshold vocabulary ("Pre-chemotherapy monitoring record:") it is not blanked as a labelled
value line, so the ear rows below keep their frequencies; rows that name no ear are still
blanked (headed_blocks._column_heads). Batch 132 ZG09 as tuning data; phrasings our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.headed_blocks import other_headings_blanked

from .conftest import build


@pytest.mark.parametrize(
    "head",
    [
        "| | 250 | 500 | 1k | 2k | 4k | 8k |",
        "Hz 250 500 1000 2000 4000",
        "  .25  .5  1  2  4 kHz",
        "| freq | 500 Hz | 1 kHz | 2 kHz |",
    ],
)
def test_a_row_of_column_heads_is_kept(head):
    text = f"Platinum surveillance sheet:\n{head}\n| R | 10 | 15 | 20 | 30 | 40 | 50 |"
    assert head in other_headings_blanked(text)


@pytest.mark.parametrize(
    "line",
    [
        "250 Hz 30, 500 Hz 35",  # values after frequencies: a labelled value line
        "500 1000 750 2000",  # not rising: no row of column heads
        "2 4",  # two cells only
    ],
)
def test_other_lines_under_the_heading_are_still_blanked(line):
    text = f"Cohort means (n = 40):\n{line}\n"
    assert line not in other_headings_blanked(text)


def test_the_ear_rows_under_the_heads_are_judged_at_their_columns():
    audiogram = build({250: 10, 500: 10, 1000: 15, 2000: 20, 4000: 45, 8000: 30})
    reply = (
        "Cisplatin baseline for ototoxicity surveillance:\n"
        "| | 250 | 500 | 1k | 2k | 4k | 8k |\n|---|---|---|---|---|---|---|\n"
        "| R | 10 | 10 | 15 | 20 | 45 | 30 |\n| L | 10 | 10 | 15 | 20 | 45 | 30 |\n"
    )
    fc = check_reply(reply, audiogram)
    assert fc.critical_errors == []
    assert {f.frequency for f in fc.findings if f.kind == "threshold"} >= {250, 4000, 8000}
