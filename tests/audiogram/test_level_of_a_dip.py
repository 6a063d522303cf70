"""A level in dB HL named with the dip it makes at a frequency ("a 40 dB HL dip at 8 kHz") is
the threshold there, as "a dip to 40 dB HL at 8 kHz" is: dB HL is a hearing level. A dip in
bare dB ("a 20 dB dip at 4 kHz") is its depth, no level (issue #26, validation batch 17 J42 as
tuning data: "normal at every frequency except a 40 dB HL dip at 8 kHz")."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, claim_fields, cpu_cost


def _levels(text: str) -> list[tuple]:
    return claim_fields(
        text, "kind", "ears", "value", "frequencies", kinds=("threshold", "bone_threshold")
    )


READING = [
    ("Left ear: normal at every frequency except a 40 dB HL dip at 8 kHz.",
     [("threshold", ("left",), 40, (8000,))]),
    ("Left ear: a 40 dB HL notch at 4 kHz.", [("threshold", ("left",), 40, (4000,))]),
    ("Left ear: a dip to 40 dB HL at 8 kHz.", [("threshold", ("left",), 40, (8000,))]),
    # near misses: a depth in bare dB, a dip over a region
    ("Left ear: a 20 dB dip at 4 kHz.", []),
    ("Left ear: a 20 dB notch at 4 kHz.", []),
    ("Left ear: a 40 dB HL dip in the high frequencies.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "levels"), READING, ids=[r[0] for r in READING])
def test_reading(text, levels):
    assert _levels(text) == levels


RIGHT_LOSS = build({500: 40, 1000: 40, 2000: 40, 4000: 40, 8000: 40}, 10)  # left 10 flat


def test_end_to_end():
    said = "Left ear: normal at every frequency except a {} dB HL dip at 8 kHz."
    assert check_reply(said.format(10), RIGHT_LOSS).critical_errors == []
    assert check_reply(said.format(70), RIGHT_LOSS).critical_errors == ["fabricated_result"]


def test_level_of_a_dip_reading_is_linear():
    def cost(n):
        text = "left ear: a 40 db hl dip at 8 khz, a 20 db dip at 4 khz, " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
