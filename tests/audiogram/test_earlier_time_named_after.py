"""A clause that ends by naming an earlier time is history, not today's audiogram: "right
average 60 dB HL then", "... 50 dB HL at that time", "Hearing was reported as normal at
school; today ...", "80 dB HL in 2018", "severe conductive loss at presentation" (issue #26:
blind batch 46, sudden-loss follow-up notes, as tuning data: VY24, VY44; review8's "normal at
school" and scope8's "a year written after its values"). The occasion may also head the
clause without a colon ("At presentation right average 85 dB HL", VY20). Near misses: a
clause that also names today or sets today's levels beside the earlier time ("the same as in
2018", "worse than at presentation"), and "then" as "next" in a list of levels, are read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, assert_linear, build, cpu_cost

# flat mild sensorineural loss, 25 dB HL both ears (bone 20)
FLAT_MILD = build(25, right_bone=20, left_bone=20)


@pytest.mark.parametrize(
    "reply",
    [
        "Presented with sudden right deafness: right 70 dB HL at 2 kHz then.",
        "Presented 2 weeks ago: right average 70 dB HL at that time.",
        "Hearing was reported as normal at school; today both ears show a mild sensorineural loss.",
        "Hearing was reported as normal at school, but today both ears show a mild "
        "sensorineural loss.",
        "The left ear was 70 dB HL at 2 kHz in 2018.",
        "Right ear: severe conductive loss at presentation.",
        "At presentation right average 85 dB HL.",
        "Right 70 dB HL at 2 kHz as a child.",
    ],
)
def test_a_clause_ending_with_an_earlier_time_is_not_read(reply):
    assert check_reply(reply, FLAT_MILD).critical_errors == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Left ear 70 dB HL at 2 kHz, the same as in 2018.", ["fabricated_result"]),
        ("Today the right ear is 70 dB HL at 2 kHz, as it was then.", ["fabricated_result"]),
        ("Right ear 25 dB HL at 1 kHz, then 70 dB HL at 4 kHz.", ["fabricated_result"]),
        ("Right ear 70 dB HL at 2 kHz, worse than at presentation.", ["fabricated_result"]),
        (
            "Hearing was normal at school but the right ear is now 70 dB HL at 2 kHz.",
            ["fabricated_result"],
        ),
        ("The right ear has a severe loss; it was normal in 2018.", ["severity_misclassification"]),
        ("Right ear 70 dB HL at 2000 Hz.", ["fabricated_result"]),  # 2000 is no year
    ],
)
def test_today_beside_an_earlier_time_is_still_read(reply, errors):
    assert check_reply(reply, FLAT_MILD).critical_errors == errors


def test_the_earlier_time_is_blanked_to_the_clause_start():
    assert_blanked(
        "Presented with sudden right deafness: right average 60 dB HL then. Today: normal.",
        gone=["average 60", "then."],
        kept=["Presented with sudden right deafness:", "Today: normal."],
    )
    assert_blanked(
        "At presentation right average 85 dB HL.\nToday: right mild loss.",
        gone=["average 85"],
        kept=["Today: right mild loss."],
    )


def test_earlier_times_are_read_in_linear_time():
    text = ("right 70 dB HL at 2 kHz " * 20 + "then. ") * 5 + "a" * 300 + " then; "
    small = cpu_cost(lambda: check_reply(text * 10, FLAT_MILD))
    big = cpu_cost(lambda: check_reply(text * 40, FLAT_MILD))
    assert_linear(small, big)
