"""A part, portion, share or gap of a loss named by its type is one component of the loss,
not the ear's type: "a conductive gap over a cochlear element", "that portion is
conductive", "the difference is partly sensorineural" describe a mixed loss as well as a
pure one (BSA 2018: a mixed loss has a conductive and a sensorineural component), while "a
conductive loss" and "the loss is conductive" stay claims of the ear's type (issue #26,
batches 88 and 92, used as tuning data). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.result_claims import type_claims

from .conftest import build, cpu_cost

# (clause, (kind, value) of each type claim read)
READING = [
    ("left: a conductive gap sits over a mild cochlear element",
     [("type_component", "conductive")]),
    ("at low pitches that portion is conductive", [("type_component", "conductive")]),
    ("the remaining share appears to be sensorineural", [("type_component", "sensorineural")]),
    ("the loss is partially conductive", [("type_component", "conductive")]),
    ("so the asymmetry is partly conductive",
     [("asymmetry_type", "conductive"), ("type_component", "conductive")]),
    # near misses: the loss itself named by its type
    ("left: a conductive loss", [("type", "conductive")]),
    ("the loss is conductive", [("type", "conductive")]),
    ("the left ear's hearing loss appears to be sensorineural", [("type", "sensorineural")]),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "read"), READING, ids=[row[0] for row in READING])
def test_reading(clause, read):
    assert [(c.kind, c.value) for c in type_claims(clause, clause, None, False)] == read


# left: mixed (air 50-60, masked bone 25-35); right: normal (10 dB HL)
LEFT_MIXED = build(
    10,
    {500: 50, 1000: 55, 2000: 60, 4000: 60},
    right_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    left_bone={500: 25, 1000: 30, 2000: 35, 4000: 35},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Left ear: a conductive gap sits over a mild cochlear element. Right ear normal.", []),
        ("Left: bone is 25-35 dB HL and air 50-60; the gap portion is conductive. "
         "Right: normal.", []),
        ("Left ear worse than the right; the asymmetry is partly sensorineural.", []),
        # near misses: a pure type said of the mixed ear
        ("Left ear: a conductive loss. Right ear normal.", ["type_misclassification"]),
        ("Left ear: the loss is sensorineural. Right ear normal.", ["type_misclassification"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, LEFT_MIXED).critical_errors == errors


def test_many_parts_read_in_linear_time():
    def cost(n):
        text = "the part is to be " * n + "conductive"
        return len(text), cpu_cost(lambda: type_claims(text, text, None, False))

    size, small = cost(1000)
    _, big = cost(4000)
    assert size > 15_000
    assert big < 10 * max(small, 0.02)
