"""A type said to be the loss's main part ("mainly conductive", "predominantly
sensorineural", "the asymmetry is mainly conductive") allows a smaller part of the other
type: it is judged as a component is, true of that type or of a mixed loss, and still wrong
of the other pure type (issue #26, validation batch 44 VW32, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.result_claims import type_claims

from .conftest import build, cpu_cost

# (clause, (kind, value) of each type claim read)
READING = [
    ("right: predominantly conductive loss", [("type_component", "conductive")]),
    ("a mostly sensorineural loss", [("type_component", "sensorineural")]),
    ("so the asymmetry is mainly conductive",
     [("asymmetry_type", "conductive"), ("type_component", "conductive")]),
    # near misses: no main-part word, or one further away
    ("right: conductive loss", [("type", "conductive")]),
    ("mainly in the high frequencies, a sensorineural loss", [("type", "sensorineural")]),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "read"), READING, ids=[row[0] for row in READING])
def test_reading(clause, read):
    assert [(c.kind, c.value) for c in type_claims(clause, clause, None, False)] == read


# right: mixed (air 50-55, masked bone 25-30); left: mild sensorineural (air and bone 30-35)
RIGHT_MIXED_WORSE = build(
    {500: 50, 1000: 55, 2000: 55, 4000: 50},
    {500: 30, 1000: 35, 2000: 35, 4000: 35},
    right_bone={500: 25, 1000: 25, 2000: 30, 4000: 30},
    left_bone={500: 30, 1000: 30, 2000: 35, 4000: 35},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right mixed loss, left mild sensorineural loss. The asymmetry is mainly conductive.",
         []),
        ("Right: a predominantly conductive loss. Left: mild sensorineural loss.", []),
        # near misses: a pure type of a mixed ear; the main part of the wrong type
        ("Right mixed loss, left mild sensorineural loss. The asymmetry is conductive.",
         ["type_misclassification"]),
        # (a conductive main part is wrong of the sensorineural left, true of the mixed right)
        ("Right: a predominantly sensorineural loss. Left: a predominantly conductive loss.",
         ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, RIGHT_MIXED_WORSE).critical_errors == errors


def test_many_main_parts_read_in_linear_time():
    def cost(n):
        text = "mainly conductive, " * n
        return len(text), cpu_cost(lambda: type_claims(text, text, None, False))

    size, small = cost(1000)
    _, big = cost(4000)
    assert size > 15_000
    assert big < 10 * max(small, 0.02)
