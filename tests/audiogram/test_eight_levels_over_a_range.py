"""A row of eight levels with its unit is read at the standard frequencies in order when the
row names their span ("Right: 15, 15, 20, 25, 30, 40, 45, 45 dB HL (250-8000 Hz, 3 kHz
included)"), as a bare row of eight is; a bold ear label ("**Right:**") is still the ear
(issue #26, validation batch 28 VE17: a 3 kHz value the audiogram lacks, fabricated)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise

from .conftest import build, cpu_cost


@pytest.mark.parametrize(
    "text",
    [
        "Right: 15, 15, 20, 25, 30, 40, 45, 45 dB HL (250-8000 Hz, 3 kHz included).",
        "**Right:** 15, 15, 20, 25, 30, 40, 45, 45 dB HL (250\u20138000 Hz).",
        "**Right:** 15 15 20 25 30 40 45 45",
    ],
)
def test_eight_levels_over_their_span_are_read(text):
    out = normalise(text)
    assert "Right ear air conduction: 15 dB at 250 Hz" in out, out
    assert "30 dB at 3000 Hz" in out and "45 dB at 8000 Hz" in out


@pytest.mark.parametrize(
    "text",
    [
        "Right: 15, 15, 20, 25, 30, 40, 45, 45 dB HL.",  # no span named
        "Right: 15, 15, 20, 25, 30, 40, 45, 45 dB HL (250-4000 Hz).",  # another span
        "Right: 15, 15, 20, 25, 30, 40, 45, 45 dB HL at 3 kHz.",
        "Right: 15, 15, 20, 25, 30, 40, 45 dB HL (250-8000 Hz).",  # seven values
    ],
)
def test_other_rows_are_left_as_written(text):
    assert "air conduction:" not in normalise(text)


def test_untested_3k_in_a_spanned_row_is_fabricated():
    """V21: as V20 but 3 kHz not tested in either ear."""
    audiogram = build(
        {250: 15, 500: 15, 1000: 20, 2000: 25, 4000: 40, 6000: 45, 8000: 45},
        {250: 20, 500: 30, 1000: 40, 2000: 50, 4000: 60, 6000: 65, 8000: 65},
    )
    reply = "**Right:** 15, 15, 20, 25, 30, 40, 45, 45 dB HL (250-8000 Hz, 3 kHz included)."
    assert check_reply(reply, audiogram).critical_errors == ["fabricated_result"]
    fair = "**Right:** 15, 15, 20, 25, 40, 45, 45 dB HL (250-8000 Hz, 3 kHz not tested)."
    assert check_reply(fair, audiogram).critical_errors == []


def test_spanned_row_reading_is_linear():
    def cost(n):
        text = "Right: 15, 15, 20, 25, 30, 40, 45, 45 dB HL (250-8000 Hz). " * n
        return len(text), cpu_cost(lambda: normalise(text))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 59_000 and size >= 14_000
    assert big < 10 * max(small, 0.01)
