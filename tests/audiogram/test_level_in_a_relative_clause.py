"""A level given in a relative clause after the frequency it is at ("except the right at 6
kHz which was 45 dB HL", "the threshold at 4 kHz that was 60 dB") is the level at that
frequency, as "the right at 6 kHz was 45 dB HL" is. Batch 115 YP23 as tuning data
(threshold_claims._PAIR_BEFORE)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields


def _levels(text: str) -> list[tuple]:
    return claim_fields(text, "ears", "frequencies", "value", ordered=True)


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("Normal except the right at 6 kHz which was 45 dB HL.", (("right",), (6000,), 45)),
        ("Left: the threshold at 4 kHz that was 60 dB.", (("left",), (4000,), 60)),
        (
            "Right ear normal but for one point at 3 kHz which is 40 dB HL.",
            (("right",), (3000,), 40),
        ),
    ],
)
def test_the_level_is_at_the_frequency_named(text, level):
    assert level in _levels(text)


def test_a_relative_clause_about_something_else_gives_no_level():
    assert _levels("Right ear: the 6 kHz notch, which is typical of noise.") == []


def test_judged_as_the_level_there():
    audiogram = build({250: 10, 500: 5, 1000: 10, 2000: 5, 4000: 15, 6000: 15, 8000: 20})
    reply = "Results normal in both ears, except the right at 6 kHz which was 45 dB HL."
    assert check_reply(reply, audiogram).critical_errors == ["fabricated_result"]
