"""The ear with more (or less) of the hearing loss is a claim of which ear is worse: "the left
ear has a higher level of hearing impairment than the right ear", "more hearing loss on the
left", "the right shows slightly less hearing loss" (issue #26, validation batch 18 G03, a
real small model's reply, as tuning data). A comparison with something other than the other
ear ("more loss than expected for his age") names no worse ear."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _worse(text: str) -> list[tuple]:
    return [c.value for cl in read_statements(text) for c in cl if c.kind == "worse_ear"]


READING = [
    ("The left ear has a higher level of hearing impairment than the right ear.", ["left"]),
    ("There is more hearing loss on the left.", ["left"]),
    ("More hearing loss in the right ear than the left.", ["right"]),
    ("The right shows slightly less hearing loss.", ["left"]),
    ("The right ear has a greater degree of hearing loss than the left ear.", ["right"]),
    ("The left ear has more loss than the right ear.", ["left"]),
    # near misses
    ("The right ear has more loss than expected for his age.", []),
    ("There is no more hearing loss on the left.", []),
    ("The left ear has more wax than the right.", []),
    ("More hearing loss is expected with age.", []),
    ("The right ear has a loss of more than 40 dB.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "worse"), READING, ids=[r[0] for r in READING])
def test_reading(text, worse):
    assert _worse(text) == worse


RIGHT_WORSE = build(
    {250: 45, 500: 40, 1000: 25, 2000: 20, 4000: 15, 8000: 15},
    {250: 10, 500: 10, 1000: 10, 2000: 10, 4000: 10, 8000: 10},
)  # right a low-frequency loss, left normal


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The left ear has a higher level of hearing impairment than the right ear.",
         ["laterality_confusion"]),
        ("The right ear has a higher level of hearing impairment than the left ear.", []),
        ("There is more hearing loss on the right.", []),
        ("The right ear has more loss than expected for his age.", []),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, RIGHT_WORSE).critical_errors == errors


def test_more_loss_reading_is_linear():
    def cost(n):
        text = "the left ear has a higher level of hearing impairment than the right, " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(200)
    big_size, big = cost(800)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
