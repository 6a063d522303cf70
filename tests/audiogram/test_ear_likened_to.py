"""The ear a clause's findings are likened to ("Left - air identical to the right", "the
same as the left ear") is the standard of the comparison, not the clause's subject: the
clause keeps the ear named apart or carried (lexicon.STANDARD_EAR; issue #26, validation
batch 129)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _ears(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl if c.kind == "threshold"]


@pytest.mark.parametrize(
    ("text", "ears"),
    [
        ("Right: 40 dB at 1 kHz.\nLeft: air identical to the right; 70 dB at 4 kHz.",
         [(("right",), 40), (("left",), 70)]),
        ("Left ear: much the same as the right ear, 35 dB at 2 kHz.", [(("left",), 35)]),
        ("Left, similar to the right, 50 dB at 500 Hz.", [(("left",), 50)]),
        ("Left: comparable with the right side; 45 dB at 1 kHz.", [(("left",), 45)]),
        # near misses: the ear is the clause's own
        ("The right ear: 40 dB at 1 kHz.", [(("right",), 40)]),
        ("Same finding in the right ear, 30 dB at 4 kHz.", [(("right",), 30)]),
    ],
)  # fmt: skip
def test_ear_likened_to(text, ears):
    assert _ears(text) == ears


def test_likened_ear_takes_no_swap():
    """End to end: the left's own values after 'identical to the right' are no swap."""
    audiogram = build({1000: 40, 4000: 40}, {1000: 40, 4000: 70})
    reply = (
        "Right: 40 dB at 1 kHz, 40 at 4 kHz.\n"
        "Left: identical to the right up to 1 kHz; 70 dB at 4 kHz."
    )
    assert check_reply(reply, audiogram).critical_errors == []


def test_reading_is_linear():
    def cost(n):
        text = "left identical to the right, the same as the left, " * n + "40 dB at 1 kHz"
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(300)
    big_size, big = cost(1200)
    assert big_size >= 60_000 and size >= 15_000
    assert big < 10 * max(small, 0.01)
