"""A number right after "at", or one no audiometer presents (over 139), is the frequency of
the level before it, never a level of its own: "95 at 250, 100 at 500, 105 at 1k" gives 105
at 1 kHz, not 500 (issue #26, validation batch 29 VF15's fabricated 500 dB HL), and "45 at
250 and 500, 40 at 1k" gives 40 at 1 kHz, which the reader used to lose."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, claim_fields, cpu_cost


def _levels(text: str) -> list[tuple]:
    return claim_fields(text, "frequencies", "value")


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        # the first pair is read too: a bare test frequency before the next placed level is a
        # frequency (notation._BARE_TEST_FREQUENCY, batch 71 WX11)
        ("Right: 100 at 500, 105 at 1k and 2k.",
         [((500,), 100), ((1000,), 105), ((2000,), 105)]),
        ("Right air 45 at 250 and 500, 40 at 1k.", [((250,), 45), ((500,), 45), ((1000,), 40)]),
        # near misses: lists of levels before "at" are still read, in order
        ("Right: 50 at 2k and 60 at 4k.", [((2000,), 50), ((4000,), 60)]),
        ("Right: 15, 20 and 35 at 500, 1k and 2k.",
         [((500,), 15), ((1000,), 20), ((2000,), 35)]),
        ("Right: 120 at 4k.", [((4000,), 120)]),
    ],
)  # fmt: skip
def test_frequency_is_no_level(text, levels):
    assert _levels(text) == levels


def test_no_fabricated_level_from_a_frequency():
    """End to end: a dead right ear read in full flags nothing."""
    audiogram = build({250: 95, 500: 100, 1000: 105, 2000: 105, 4000: 110}, 10)
    reply = "Right: 95 at 250, 100 at 500, 105 at 1k and 2k, 110 at 4k."
    assert check_reply(reply, audiogram).critical_errors == []


def test_frequency_reading_is_linear():
    def cost(n):
        text = "Right 95 at 250, 100 at 500, 105 at 1k and 2k, " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 47_000 and size >= 11_000
    assert big < 10 * max(small, 0.01)
