"""A hearing average named in words, without "PTA" ("average hearing loss 45 dB", "mean
hearing level 45 dB HL", "mean hearing threshold 30 dB") is the ear's pure-tone average (issue #26:
a gap listed by the tuning helpers of batches 35-36, the German "mittlerer Hoerverlust" of
translated reports, and lay letters). An age is never an average."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _averages(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl if c.kind == "pta"]


READING = [
    ("Right ear: average hearing loss 45 dB.", [(("right",), 45.0)]),
    ("The average hearing loss is 45 dB on the right.", [(("right",), 45.0)]),
    ("Mean hearing level 45 dB HL right.", [(("right",), 45.0)]),
    ("Left: mean hearing threshold 30 dB.", [(("left",), 30.0)]),
    ("Left ear: average hearing levels of 32.5 dB HL.", [(("left",), 32.5)]),
    # near misses
    ("An average hearing loss for his age of 70 years.", []),
    ("Average hearing loss at 4 kHz is 50 dB.", []),
    ("Hearing loss on average is expected with age.", []),
    ("PTA 45 dB, age 70 years.", [((), 45.0)]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "averages"), READING, ids=[r[0] for r in READING])
def test_reading(text, averages):
    assert _averages(text) == averages


MODERATE_RIGHT = build({500: 40, 1000: 45, 2000: 45, 4000: 50}, 10)  # right PTA 45


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right ear: average hearing loss 45 dB, a moderate loss. Left ear normal.", []),
        ("Right ear: average hearing loss 75 dB. Left ear normal.", ["fabricated_result"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, MODERATE_RIGHT).critical_errors == errors


def test_average_in_words_reading_is_linear():
    def cost(n):
        text = "right: average hearing loss 45 db, mean hearing level for his age, " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(200)
    big_size, big = cost(800)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
