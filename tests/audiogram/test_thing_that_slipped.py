"""Only the writer's own slip ("finger slipped", "typo") makes the bare eight-level rows of a
reply uncertain; a thing that slipped during the test ("the earphone slipped", "insert
slipped out") corrects no value, so the rows are read. Validation batch 108 (as tuning
data; notation _SLIP_CORRECTED)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# flat 15 dB HL both ears
NORMAL = build(15, 15)


@pytest.mark.parametrize(
    "text",
    [
        "The right earphone slipped halfway; refitted and repeated.\n"
        "Left 15 15 15 15 15 15 15 15\nRight 15 15 15 15 45 15 15 15",
        "Insert slipped out of the canal once - re-inserted.\nR 15 15 15 15 45 15 15 15 (250-8k)",
    ],
)
def test_a_row_after_a_thing_that_slipped_is_read(text):
    assert check_reply(text, NORMAL).critical_errors == ["fabricated_result"]


def test_a_row_after_the_writers_slip_is_left_as_written():
    text = "R 15 15 15 15 45 15 15 15 (250-8k) - sorry, finger slipped, 3k is 15"
    assert check_reply(text, NORMAL).critical_errors == []
