"""A frequency that opens a sentence before a pair of ears' values ("Bone 5-20 dB HL both ears.
3 kHz: right 35, left 40 dB HL") still opens it once the pair is written out per ear (issue
#26, batch 50, as tuning data: WC05). The rewrite had lowercased the opening, so the bone
conduction of the sentence before carried over its full stop and the two air thresholds were
judged as bone values the case lacks (two false fabricated results). Near misses: a pair
inside a sentence stays inside it (and keeps its sentence's bone), and the rewrite of a pair
at the start of a reply opens the reply.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import ear_pairs_to_text
from clinbench.audiogram.statements import read_statements

from .conftest import assert_linear, build, cpu_cost

# right 35 dB HL flat, left 40 dB HL flat, bone 5-20 (no bone at 3 kHz)
FLAT = build(35, 40, right_bone={500: 5, 1000: 10, 2000: 20, 4000: 15},
             left_bone={500: 5, 1000: 10, 2000: 20, 4000: 15}, bone_masked=True)  # fmt: skip


@pytest.mark.parametrize(
    ("text", "opening"),
    [
        ("Bone 5-20 dB HL both ears. 3 kHz: right 35, left 40 dB HL.", "ears. Right ear 35"),
        ("3 kHz: right 35, left 40 dB HL.", "Right ear 35"),
        # near miss: a pair inside a sentence keeps its place
        ("Air and bone, at 3 kHz: right 35, left 40 dB HL.", "at right ear 35"),
    ],
)
def test_the_rewritten_pair_keeps_its_sentence_opening(text, opening):
    assert opening in ear_pairs_to_text(text)


def test_bone_of_the_sentence_before_does_not_carry():
    reply = "Bone 5-20 dB HL both ears. 3 kHz: right 35, left 40 dB HL."
    read = [
        (c.ears, c.value, c.conduction)
        for claims in read_statements(reply)
        for c in claims
        if c.kind == "threshold"
    ]
    assert read == [(("right",), 35, "air"), (("left",), 40, "air")]


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Bone 5-20 dB HL both ears. 3 kHz: right 35, left 40 dB HL.", []),
        # the pair is still judged per ear
        ("Bone 5-20 dB HL both ears. 3 kHz: right 40, left 35 dB HL.", []),
        ("Bone 5-20 dB HL both ears. 3 kHz: right 70, left 40 dB HL.", ["fabricated_result"]),
    ],
)
def test_the_pair_is_judged_as_air(reply, errors):
    assert check_reply(reply, FLAT).critical_errors == errors


def test_read_in_linear_time():
    text = "Bone 5-20 dB HL both ears. 3 kHz: right 35, left 40 dB HL. " * 20
    small = cpu_cost(lambda: check_reply(text * 5, FLAT))
    big = cpu_cost(lambda: check_reply(text * 20, FLAT))
    assert_linear(small, big)
