"""A value in brackets after a comparison of the ears or a rule is the size of a difference,
not a threshold: a lower bound ("the left is weaker at high pitches (at least 20 dB at
4-8 kHz)", "criterion met (>= 15 dB at 3 kHz)") is the least difference the comparison or
the rule needs, and the values after a difference named as such ("the interaural
difference lies at 3 and 4 kHz (20 and 25 dB)") are its sizes (AAO-HNS asymmetry criteria
are differences between the ears; issue #26, batches 83, 90 and 92, used as tuning data).
A bracket that names the ears or sets values against each other still gives thresholds.
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost

LEVELS = ("threshold", "threshold_range")


def levels(text: str) -> list[tuple[str, object]]:
    return [(c.kind, c.value) for part in read_statements(text) for c in part if c.kind in LEVELS]


@pytest.mark.parametrize(
    "text",
    [
        "The left is weaker at high pitches (at least 20 dB at 4-8 kHz), so imaging is due.",
        "Asymmetry criterion met (>= 15 dB at 3 kHz): refer for MRI.",
        "The interaural difference lies at 3 and 4 kHz (3 and 4 kHz, 20 and 25 dB).",
        "Poorer on the left over the highs (≥ 20 dB at 3-6 kHz).",
    ],
)
def test_a_bracketed_difference_is_no_threshold(text):
    assert levels(text) == []


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("The left is worse at 4 kHz (55 dB HL).", [("threshold", 55)]),
        ("At 4 kHz: right 30, left 55 dB HL.", [("threshold", 30), ("threshold", 55)]),
    ],
)
def test_a_bracketed_level_is_still_a_threshold(text, read):
    assert levels(text) == read


# right 20 throughout; left 20 to 2 kHz, then 45-50 at 3-8 kHz (sensorineural)
LEFT_HIGH_LOSS = build(
    {250: 20, 500: 20, 1000: 20, 2000: 20, 3000: 20, 4000: 20, 6000: 20, 8000: 20},
    {250: 20, 500: 20, 1000: 20, 2000: 20, 3000: 45, 4000: 50, 6000: 50, 8000: 50},
    right_bone={500: 15, 1000: 15, 2000: 20, 4000: 20},
    left_bone={500: 15, 1000: 15, 2000: 20, 4000: 45},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The left is weaker at high pitches (at least 20 dB at 4-8 kHz), so imaging is due.",
         []),
        ("Asymmetry criterion met (>= 15 dB at 3 kHz): refer for MRI of the left.", []),
        # near miss: a bracketed level that the case does not hold
        ("The left is worse at 4 kHz (70 dB HL).", ["fabricated_result"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, LEFT_HIGH_LOSS).critical_errors == errors


def test_many_brackets_read_in_linear_time():
    def cost(n):
        text = "the asymmetry (" * n + "20 dB at 4 kHz)"
        return len(text), cpu_cost(lambda: levels(text))

    size, small = cost(1000)
    _, big = cost(4000)
    assert size > 15_000
    assert big < 20 and big < 10 * max(small, 0.05)
