""" "The other ear" (the opposite, the contralateral ear) is the ear opposite the one named
last, not that one (issue #26, validation batch 29 VF15: "I'm reading that trace as the
left ear.\\nThe other ear is 5-15 dB HL" gave the left ear the right's values). It is not
carried on: the loss the reply went on about is still the ear named before (batch 8 M69)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import conductive_right, cpu_cost


def _ears(text: str, kind: str) -> list[tuple]:
    return [c.ears for cl in read_statements(text) for c in cl if c.kind == kind]


@pytest.mark.parametrize(
    ("text", "kind", "ears"),
    [
        ("The trace is the left ear.\nThe other ear is 5-15 dB HL.", "threshold_range",
         [("right",)]),
        ("Right ear: 45 dB HL at 1 kHz. The opposite ear has normal hearing.", "degree",
         [("left",)]),
        ("On the left, a moderate loss. The other ear is 5-15 dB HL. It is a conductive loss.",
         "type", [("left",)]),
        # near misses: no ear named before; an ear named in the clause itself
        ("The other ear has normal hearing.", "degree", [()]),
        ("Left ear 40 dB HL at 1 kHz. The other ear, the right, is 5-15 dB HL.",
         "threshold_range", [("right",)]),
    ],
)  # fmt: skip
def test_other_ear_is_the_opposite(text, kind, ears):
    assert _ears(text, kind) == ears


def test_other_ear_end_to_end():
    """Right conductive loss, left normal: 'the other ear' after the right is the left."""
    reply = "The right ear has a moderate conductive loss. The other ear has normal hearing."
    assert check_reply(reply, conductive_right()).critical_errors == []
    wrong = "The left ear has a moderate conductive loss. The other ear has normal hearing."
    assert check_reply(wrong, conductive_right()).critical_errors == ["laterality_confusion"]


def test_other_ear_reading_is_linear():
    def cost(n):
        text = "The left ear is 40. The other ear is normal. " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 45_000 and size >= 11_000
    assert big < 10 * max(small, 0.01)
