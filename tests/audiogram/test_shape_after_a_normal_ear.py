"""A loss's shape on a line after one that called an ear normal ("Left ear normal (10
dB).\\nAssessment: fluctuating low-frequency loss") is not that ear's: a normal ear has no
loss to shape, so the ear called normal is not carried to it, as it is not to a loss's type
(issue #26, validation batch 126)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _shapes(text: str) -> list[tuple]:
    return [
        (c.ears, c.value) for cl in read_statements(text) for c in cl if c.kind == "configuration"
    ]


@pytest.mark.parametrize(
    ("text", "shapes"),
    [
        ("Right 50 dB at 250 Hz.\nLeft normal.\nImpression: low-frequency loss, Meniere's?",
         [((), "rising")]),
        ("Right: 60 dB at 4 kHz. Left ear normal.\nSummary: a sloping loss.",
         [((), "sloping")]),
        # near misses: the ear is named again, or the shape is on the same line
        ("Left normal.\nLeft: sloping loss from 3 kHz.", [(("left",), "sloping")]),
        ("Right ear: flat loss at 40 dB.\nLeft ear normal.", [(("right",), "flat")]),
    ],
)  # fmt: skip
def test_shape_after_a_normal_ear(text, shapes):
    assert _shapes(text) == shapes


def test_shape_after_a_normal_ear_is_no_swap():
    """End to end: a rising right loss, the left normal, then 'low-frequency loss'."""
    right = {250: 55, 500: 50, 1000: 40, 2000: 25, 4000: 20, 8000: 20}
    audiogram = build(right, 10)
    reply = "Right 55 dB at 250 Hz, 20 at 4 kHz. Left ear normal (10 dB).\n"
    reply += "Assessment: fluctuating low-frequency loss."
    assert check_reply(reply, audiogram).critical_errors == []
    wrong = "Right 55 dB at 250 Hz, 20 at 4 kHz. Left ear: low-frequency loss."
    assert check_reply(wrong, audiogram).critical_errors == ["laterality_confusion"]


def test_reading_is_linear():
    def cost(n):
        text = "Left normal.\nAssessment: low-frequency loss.\n" * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(350)
    big_size, big = cost(1400)
    assert big_size >= 60_000 and size >= 15_000
    assert big < 10 * max(small, 0.01)
