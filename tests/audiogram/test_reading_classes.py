"""Classes of reading fixed by principle after blind batches 21-23 became tuning data (issue
#26 item 5): each rule is tested as text -> claims and, where it needs a sentence around it,
end to end; each has a long-input test. The sentences are written here, not the batches'."""

from __future__ import annotations

import time

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import threshold_claims

from .conftest import build


def _thresholds(text, ear=None):
    return [(c.kind, c.value, c.frequencies) for c in threshold_claims(text.lower(), ear, False)]


# --- differences between the ears are not thresholds (threshold_claims.py) ---------------

DIFFERENCES = [
    ("the interaural differences at 500, 1k and 2k (15, 20, 30 dB) meet the criterion", []),
    ("asymmetry of 20 dB at 2 kHz and 4 kHz", []),
    ("interaural asymmetry >= 15 dB at 1k, 2k and 4k", []),
    ("the asymmetry at 2 and 4 kHz: 25 and 30 dB", []),
    # the thresholds themselves are still read
    ("thresholds at 500, 1k and 2k (15, 20, 30 dB)",
     [("threshold", 15, (500,)), ("threshold", 20, (1000,)), ("threshold", 30, (2000,))]),
    ("left 45 dB at 4 kHz, an asymmetry of 25 dB", [("threshold", 45, (4000,))]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), DIFFERENCES)
def test_differences_between_ears_are_no_thresholds(text, expected):
    assert _thresholds(text) == expected


def test_difference_lists_read_in_linear_time():
    def cost(n):
        text = "the interaural differences at 1, 2 and 4 khz (20, 25, 20 db), " * n
        began = time.process_time()
        threshold_claims(text, None, False)
        return len(text), time.process_time() - began

    size, small = cost(1700)
    big_size, big = cost(6800)
    assert size > 100_000
    assert big < 2.0 and big < 8 * max(small, 0.02)


# --- a meeting's parts: the ear of the line above does not carry (check.py/vocabulary) ---

RIGHT_CONDUCTIVE = build(
    {250: 45, 500: 45, 1000: 40, 2000: 35, 4000: 30, 8000: 30},
    10,
    right_bone={500: 5, 1000: 10, 2000: 10, 4000: 5},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 5},
    bone_masked=True,
)

MEETING = [
    ("Right: conductive loss, 40 dB.\nLeft: normal.\nDiscussion: the conductive loss needs "
     "a CT scan.", []),
    ("Right: conductive loss.\nLeft: normal.\nOutcome: surgery for the conductive ear.", []),
    ("Right: conductive loss.\nLeft: normal.\nRequest: review the conductive loss.", []),
    # an ear the part names itself is still read
    ("Right: conductive loss.\nLeft: normal.\nDiscussion: left conductive loss.",
     ["laterality_confusion"]),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "errors"), MEETING)
def test_an_ear_does_not_carry_into_a_meetings_discussion(reply, errors):
    """The first and third gave a laterality error on main d013948 (the left's ear carried
    into the discussion)."""
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == errors
