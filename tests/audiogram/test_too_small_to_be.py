"""A measure said too small to make a finding denies the finding: "bone about 10 dB better
than air - too small to be a conductive component" says there is no conductive component
(the 15 dB air-bone gap criterion of BSA 2018 not met), as "no conductive component" does
(lexicon.NEGATORS; issue #26, validation batch 128)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _types(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl if c.kind == "type"]


@pytest.mark.parametrize(
    ("text", "types"),
    [
        ("Gaps of 5-10 dB, too small to be a conductive element; sensorineural loss.",
         [((), "sensorineural")]),
        ("Right: air-bone gap 10 dB, too slight to count as conductive; sensorineural loss.",
         [(("right",), "sensorineural")]),
        ("The gap is too small to suggest a conductive loss in the left ear.", []),
        # near misses: no measure said too small for the finding
        ("The gap is too big to ignore: conductive loss on the right.",
         [(("right",), "conductive")]),
        ("Bone too small to measure; conductive loss on the right.",
         [(("right",), "conductive")]),
        ("A gap of 30 dB: a conductive loss on the left.", [(("left",), "conductive")]),
    ],
)  # fmt: skip
def test_too_small_to_be(text, types):
    assert _types(text) == types


def test_gap_too_small_is_no_type_error():
    """End to end: a sensorineural loss whose small gap is called too small for a conductive
    component is no type error."""
    air = {250: 35, 500: 35, 1000: 40, 2000: 45, 4000: 55}
    bone = {250: 25, 500: 25, 1000: 30, 2000: 35, 4000: 45}
    audiogram = build(air, air, right_bone=bone, left_bone=bone, bone_masked=True)
    reply = "Bone about 10 dB better than air - too small to be a conductive component, so a "
    reply += "bilateral sensorineural loss."
    assert check_reply(reply, audiogram).critical_errors == []
    wrong = "Bone 10 dB better than air: a bilateral conductive loss."
    assert check_reply(wrong, audiogram).critical_errors == ["type_misclassification"]


def test_reading_is_linear():
    def cost(n):
        text = "a gap too small to be a conductive component, " * n + "sensorineural loss"
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(350)
    big_size, big = cost(1400)
    assert big_size >= 60_000 and size >= 15_000
    assert big < 10 * max(small, 0.01)
