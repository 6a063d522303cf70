"""A dB value alone in brackets straight after a level is a note on that level (its
difference from the other ear, or its shift), not a second threshold: "At 3 kHz: right 35,
left 50 dB HL (15 dB)" (issue #26, validation batch 44, asymmetry screens, as tuning data:
VW40). A pair in brackets ("(25 vs 20)") or a level with its own frequency in the brackets is
read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import assert_linear, build, claim_fields, cpu_cost

# right 35, left 50 at 3 kHz; otherwise 20 dB HL both ears
ASYMMETRIC_3K = build(
    {250: 20, 500: 20, 1000: 20, 2000: 20, 3000: 35, 4000: 20},
    {250: 20, 500: 20, 1000: 20, 2000: 20, 3000: 50, 4000: 20},
)  # fmt: skip


def _levels(text: str) -> list[tuple]:
    return claim_fields(text, "ears", "frequencies", "value")


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("At 3 kHz: right 35, left 50 dB HL (15 dB).",
         [(("right",), (3000,), 35), (("left",), (3000,), 50)]),
        ("Left 50 dB HL at 3 kHz (15).", [(("left",), (3000,), 50)]),
        # near misses: a pair in brackets, a level with its own frequency, no level before
        ("Left 50 dB HL at 3 kHz (then 60 dB at 4 kHz).",
         [(("left",), (3000,), 50), (("left",), (4000,), 60)]),
        ("At 4 kHz (50 dB).", [((), (4000,), 50)]),
    ],
)  # fmt: skip
def test_bracketed_note_is_no_threshold(text, levels):
    assert _levels(text) == levels


def test_bracketed_difference_flags_nothing_on_a_true_note():
    text = "At 3 kHz: right 35, left 50 dB HL (15 dB). Elsewhere within 5 dB."
    assert check_reply(text, ASYMMETRIC_3K).critical_errors == []


def test_bracketed_note_reading_is_linear():
    def cost(n):
        text = "left 50 dB HL at 3 kHz (15 dB), " * n
        return cpu_cost(lambda: read_statements(text))

    assert_linear(cost(250), cost(1000))
