"""A line that names no ear and gives a loss's type or its air-bone gap, after a line that
called an ear normal, is about the loss described, not that normal ear (issue #26, batches 46
and 49, as tuning data): "Left normal.\nConductive - steroids not indicated." (VY48) and
"LEFT - normal: ...\nAir-bone gap at 0.5-2 kHz: 35 / 30 / 15 dB" (WB19) had put the right
ear's conductive loss on the normal left, a false swap. The same holds of a later sentence of
the same line that gives a type (batch 80, think-aloud transcripts, XG11 and XG43): an ear
called normal ("the left's normal", "left ear fine", or the carried ear's own "Normal.") is not
the subject of a type word sentences later. Near misses: an ear called normal only in part
("left normal up to 1 kHz") still carries, as does an ear named with its loss; a type in the
sentence that calls the ear normal is that ear's, as is an air-bone gap in a later sentence
of its line ("Left normal. Air-bone gap absent."); a bare "normal" that goes on ("normal,
so ...") may be a measure's, and calls no ear normal; a type that names its ear is judged.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import assert_linear, build, cpu_cost

# right moderate conductive loss (40 dB HL air, bone 10, masked), left normal (10 dB HL)
RIGHT_CHL = build(40, 10, right_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
                  left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10}, bone_masked=True)  # fmt: skip


def _types(reply: str) -> list[tuple]:
    return [
        (c.ears, c.value)
        for claims in read_statements(reply)
        for c in claims
        if c.kind in ("type", "air_bone_gap")
    ]


@pytest.mark.parametrize(
    ("reply", "read"),
    [
        ("Right moderate loss, 40 dB HL. Left normal.\nConductive - steroids not indicated.",
         [((), "conductive")]),
        ("LEFT - normal: air 10 dB HL, bone 10 dB HL.\nAir-bone gap at 0.5-2 kHz: 30 dB.",
         [((), "present")]),
        # near misses: the ear called normal only in part, or named with its loss, carries on
        ("Left normal up to 1 kHz.\nConductive above that.", [(("left",), "conductive")]),
        ("Left ear mild loss.\nConductive.", [(("left",), "conductive")]),
    ],
)  # fmt: skip
def test_a_loss_line_after_a_normal_ear(reply, read):
    assert _types(reply) == read


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right moderate conductive loss. Left normal.\nConductive - steroids not indicated.", []),
        ("RIGHT - conductive loss, 40 dB HL.\nLEFT - normal: air 10 dB HL, bone 10 dB HL.\n"
         "Air-bone gap at 0.5-2 kHz: 30 / 30 / 30 dB.", []),
        # a loss given to the normal ear in words is still judged
        ("Right normal.\nLeft conductive loss.", ["laterality_confusion"]),
        ("Left normal.\nLeft ear: conductive loss.", ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_judged_on_the_ear_with_the_loss(reply, errors):
    assert check_reply(reply, RIGHT_CHL).critical_errors == errors


@pytest.mark.parametrize(
    ("reply", "read"),
    [
        ("Looking at the left first. The left's normal, ten all across. Masking done. "
         "Bone shadows air. Sensorineural, I think.", [((), "sensorineural")]),
        ("So the left trace sits flat at 10. Normal. Then the gap: fine at the top, wide "
         "below. Conductive, clearly.", [((), "conductive")]),
        ("Right ear poor; left ear fine. Bone holds at ten. It's conductive.",
         [((), "conductive")]),
        # near misses: said in the normal ear's own sentence, or a "normal" that goes on
        ("Left normal, air-bone gap absent.", [(("left",), "absent")]),
        ("Left normal. Air-bone gap absent.", [(("left",), "absent")]),
        ("Left ear at 40. Bone normal, so conductive.", [(("left",), "conductive")]),
    ],
)  # fmt: skip
def test_a_type_sentences_after_a_normal_ear_on_its_line(reply, read):
    assert _types(reply) == read


@pytest.mark.parametrize(
    "reply",
    [
        "Right's worse, forty across. Left's normal, ten throughout. Bone sits at ten. Conductive.",
        "Left one is a flat ten. Normal. Masked bone stays at ten. So: conductive, no doubt.",
    ],
)
def test_a_type_sentences_after_a_normal_ear_is_no_swap(reply):
    assert check_reply(reply, RIGHT_CHL).critical_errors == []


def test_read_in_linear_time():
    text = "Left normal.\nConductive - steroids not indicated.\n" * 40
    small = cpu_cost(lambda: check_reply(text * 5, RIGHT_CHL))
    big = cpu_cost(lambda: check_reply(text * 20, RIGHT_CHL))
    assert_linear(small, big)
