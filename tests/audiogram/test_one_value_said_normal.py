"""A single value said to be within normal limits ("25 is still inside the normal range",
"that 20 dB HL sits comfortably within normal limits") places that value on the scale: it
says nothing of the ear's degree, which WHO 2021 grades by the ear's average, so it is no
claim that the ear is normal; an average or the ear itself said normal still is (issue #26,
batches 88 and 92, used as tuning data). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def claims(text: str) -> list[tuple[str, object]]:
    return [(c.kind, c.value) for part in read_statements(text) for c in part]


@pytest.mark.parametrize(
    "text",
    [
        "Left ear: the curve dips at 2 kHz. 25 is still inside the normal range, though.",
        "Left ear: a small dip at 2 kHz; 25 remains in the normal range.",
        "Left: the 3 kHz dip is mild; that 20 dB HL sits comfortably within normal limits.",
        # the ear named before the value's sentence ends: the value stands alone
        "Left: a dip to 20 dB HL at 2 kHz in that ear. 20 remains within normal limits.",
    ],
)
def test_a_value_said_normal_is_no_degree_of_the_ear(text):
    assert ("degree", "normal") not in claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "Left ear PTA 15 is within normal limits.",
        "Left ear 15 dB is within normal limits.",
        "The left ear is within normal limits.",
    ],
)
def test_an_average_or_the_ear_said_normal_is_still_a_degree(text):
    assert ("degree", "normal") in claims(text)


# left: moderate conductive (air 40-50, masked bone 5-25); right: normal (10 dB HL)
LEFT_CONDUCTIVE = build(
    10,
    {500: 50, 1000: 45, 2000: 40, 4000: 40},
    right_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    left_bone={500: 5, 1000: 10, 2000: 20, 4000: 10},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Left: moderate conductive loss with a dip at 2 kHz; 20 is still inside the normal "
         "range. Right: normal.", []),
        # near miss: the ear itself called normal
        ("Left: a dip at 2 kHz. The left ear is within normal limits.",
         ["severity_misclassification"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, LEFT_CONDUCTIVE).critical_errors == errors


def test_many_values_read_in_linear_time():
    def cost(n):
        text = "left: " + "20 is still 30 is just " * n + "within normal limits"
        return len(text), cpu_cost(lambda: claims(text))

    size, small = cost(1000)
    _, big = cost(4000)
    assert size > 15_000
    assert big < 20 and big < 10 * max(small, 0.05)
