"""A sentence that calls a loss's part one-sided ("the inner ear part is one sided so MRI is
worth considering") names no ear: the ear of the sentence before it is not carried into it.
Two things had let it carry: the rewrite of "The inner ear part" into "the sensorineural part"
dropped the capital that marks the sentence's start, so the two sentences were read as one,
and a dictated "one sided" is written out as "1 sided" (issue #26, validation batch 15 D21,
dictated reports, as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _kinds(text: str) -> list[tuple]:
    return [(c.kind, c.ears) for cl in read_statements(text) for c in cl
            if c.kind in ("type_component", "laterality")]  # fmt: skip


READING = [
    ("Left ear normal. The inner ear part is one sided so MRI is worth considering.",
     [("type_component", ()), ("laterality", ())]),
    ("Left ear normal. The inner ear part is 1 sided so MRI is worth considering.",
     [("type_component", ()), ("laterality", ())]),
    # near misses: an ear named in the sentence itself keeps it; one not called one-sided
    # is still about the ear carried
    ("Left ear normal. Right ear: the inner ear part is large.",
     [("type_component", ("right",))]),
    # (an ear with a loss: the part of a loss is not a normal ear's, test_loss_after_an_ear_
    # called_normal)
    ("Left ear mild loss. The inner ear part is large.", [("type_component", ("left",))]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "claims"), READING, ids=[r[0] for r in READING])
def test_reading(text, claims):
    assert _kinds(text) == claims


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("Normal. The inner ear part is small.", "Normal. The sensorineural part is small."),
        ("with an inner-ear component", "with a sensorineural component"),
        ("An inner ear component", "A sensorineural component"),
    ],
)
def test_the_rewrite_keeps_the_capital(text, written):
    assert normalise(text) == written


# right: severe mixed; left normal
MIXED_RIGHT = build(
    {250: 60, 500: 65, 1000: 65, 2000: 70, 4000: 75, 8000: 80}, 10,
    right_bone={500: 35, 1000: 40, 2000: 45, 4000: 50}, left_bone={500: 10, 1000: 10},
    bone_masked=True,
)  # fmt: skip


def test_end_to_end():
    reply = (
        "sixty two year old right ear severe mixed hearing loss full stop left ear normal ten "
        "decibels full stop the inner ear part is one sided so MRI is worth considering full stop"
    )
    assert check_reply(reply, MIXED_RIGHT).critical_errors == []


def test_one_sided_part_reading_is_linear():
    def cost(n):
        text = "Left ear normal. The inner ear part is one sided. " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
