"""A dB value whose noun is a change or a difference is no threshold: "15 dB asymmetry at that
frequency", "a 20 dB shift at 4 kHz", "a 10 dB improvement at 1 kHz" (issue #26, blind batch
49, trial case report forms, as tuning data: WB40, whose "15 dB asymmetry" was read as the
left ear's 3 kHz threshold beside its planted swap). Near misses: a level at a frequency
beside such words is still read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_linear, build, cpu_cost

# right 35 dB HL at 3 kHz, left 50 dB HL there; 20-30 dB HL elsewhere
_LOW = {250: 20, 500: 20, 1000: 25, 2000: 30}
CASE = build({**_LOW, 3000: 35, 4000: 40, 6000: 40, 8000: 45},
             {**_LOW, 3000: 50, 4000: 40, 6000: 45, 8000: 45})  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("At 3 kHz: right 35 dB HL, left 50 dB HL - 15 dB asymmetry at that frequency only.", []),
        ("The left ear shows a 20 dB shift at 3 kHz since last year.", []),
        ("A 10 dB improvement at 1 kHz on the right after treatment.", []),
        # near misses: levels beside the same words
        ("Left 70 dB HL at 3 kHz, a 15 dB asymmetry.", ["fabricated_result"]),
        ("Right 50 dB HL at 3 kHz; asymmetry 15 dB.", ["laterality_confusion"]),
    ],
)
def test_a_change_is_no_threshold(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors


def test_changes_are_read_in_linear_time():
    text = "left 15 dB asymmetry at 3 kHz, " * 60 + "db " * 300 + ". "
    small = cpu_cost(lambda: check_reply(text * 5, CASE))
    big = cpu_cost(lambda: check_reply(text * 20, CASE))
    assert_linear(small, big)
