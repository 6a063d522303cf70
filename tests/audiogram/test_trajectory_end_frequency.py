"""A trajectory "from 20 dB at 250 Hz to 65 dB ..." gives its start's frequency to the start:
the value after "to" lies at another frequency, never the 250 Hz the start already owns, even
where its own frequency comes late ("to 65 dB (right) and 70 dB (left) at 8 kHz") (issue #26,
validation batch 35 VM21). A frequency that no value owns still goes to the value after "to"
("drops at 4 kHz to 60 dB")."""

from __future__ import annotations

import pytest

from clinbench.audiogram.statements import read_statements

from .conftest import claim_fields, cpu_cost


def _levels(text: str) -> list[tuple]:
    return claim_fields(text, "value", "frequencies")


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        # the bracketed pair now takes its own frequency (test_bracketed_ear_pair.py)
        ("Sloping from 20 dB at 250 Hz to 65 dB (right) and 70 dB (left) at 8 kHz.",
         [(20, (250,)), (65, (8000,)), (70, (8000,))]),
        ("Falling from 20 dB at 250 Hz to 65 dB.", [(20, (250,))]),
        # near misses: the end's own frequency; a frequency no value owns
        ("Sloping from 20 dB at 250 Hz to 65 dB at 8 kHz.", [(20, (250,)), (65, (8000,))]),
        ("The threshold drops at 4 kHz to 60 dB.", [(60, (4000,))]),
    ],
)  # fmt: skip
def test_trajectory_end_frequency(text, levels):
    assert _levels(text) == levels


def test_trajectory_end_linear():
    def cost(n):
        text = "Sloping from 20 dB at 250 Hz to 65 dB (right) and 70 dB (left) at 8 kHz. " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 70_000 and size >= 17_000
    assert big < 10 * max(small, 0.01)
