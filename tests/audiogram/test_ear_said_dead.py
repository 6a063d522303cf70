"""An ear said to be dead ("left ear dead (no response even to masked bone)", "my LEFT ear
is totally dead", "Left ear: dead") is a dead ear: profound to complete (WHO 2021), as "dead
ear" is; with the other ear said normal, a dead ear put on the wrong side is a laterality
error (issue #26, validation batches 51 WD15 and 54 WG15, as tuning data; claims rule "dead
ear"). "Dead" of anything but the ear (a hearing aid's battery, "dead tired") is no grade."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import assert_linear, build, cpu_cost

RIGHT_DEAD = build(
    {250: 95, 500: 100, 1000: 105, 2000: 110, 3000: 110, 4000: 110, 6000: 110, 8000: 110},
    10,
)


def _grades(text: str) -> list[tuple]:
    return [(c.ears, c.value, c.value_high) for c in read_claims(text) if c.kind == "degree"]


READING = [
    ("Hearing: left ear dead (no response even to masked bone).",
     [(("left",), "profound", "complete")]),
    ("My LEFT ear is totally dead.", [(("left",), "profound", "complete")]),
    ("Left ear: dead.", [(("left",), "profound", "complete")]),
    ("The right ear is completely dead.", [(("right",), "profound", "complete")]),
    # near misses
    ("The battery in the left ear's aid is dead.", []),
    ("He is dead tired.", []),
    ("The left ear is deadened by wax.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "grades"), READING, ids=[r[0] for r in READING])
def test_reading(text, grades):
    assert _grades(text) == grades


def test_dead_ear_on_the_wrong_side():
    text = "Hearing: left ear dead (no response even to masked bone), right ear normal."
    assert check_reply(text, RIGHT_DEAD).critical_errors == ["laterality_confusion"]
    right = "Hearing: right ear dead (no response even to masked bone), left ear normal."
    assert check_reply(right, RIGHT_DEAD).critical_errors == []


def test_dead_ear_reading_is_linear():
    def cost(n):
        text = "the ear is totally dead and the ear was dead, " * n
        return cpu_cost(lambda: read_claims(text))

    assert_linear(cost(100), cost(400))
