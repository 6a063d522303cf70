"""Ear words in another sense are no ear (issue #26, the mirror test, tests/audiogram/mirror.py).

"right" also means "correct" ("Your PTA is right: 45 dB HL", "sensorineural is right.",
"conductive is the right call"), and AS/AD in capitals after "type" are Jerger's tympanogram
types As and Ad, not the Latin ear tags. Only one ear has each second sense, so a reader
that hears an ear in it gives the claim beside it to that ear, never to the other: swapping
right and left in a reply and its audiogram changed the verdict of VG03 and G30 (batches
1-50 on main eda8395) and the finding's ear of VC10, VC29, VG29 and VP36.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.lexicon import ears_in

from .conftest import build, cpu_cost

EARS = [
    # "right" said of a reading: correct
    ("Your PTA is right: 45 dB HL, moderate.", set()),
    ("So sensorineural is right.", set()),
    ("The shape is right but the type isn't.", set()),
    ("Degrees and asymmetry are right, left worse.", {"left"}),
    ("Type sensorineural is right (bone 60-65).", set()),
    ("I think conductive is the right call here.", set()),
    ("That was the right decision.", set()),
    # near misses: the right ear, still read
    ("The affected side is right.", {"right"}),
    ("The poorer ear is right.", {"right"}),
    ("The loss is on the right.", {"right"}),
    ("The right is worse by 20 dB.", {"right"}),
    ("Right word recognition 40%.", {"right"}),
    ("The right call-back ear", {"right"}),
    ("Right, moderate SNHL.", {"right"}),
    ("PTA is 45 on the right, 25 on the left.", {"right", "left"}),
    # a tympanogram type in capitals after "type"
    ("left ear type AS (ear canal volume 1.0 ml)", {"left"}),
    ("right ear type AS (canal volume 1.1 ml)", {"right"}),
    ("Tympanogram type AD, hypermobile.", set()),
    # near misses: the Latin tags, still read
    ("AS: normal, type A.", {"left"}),
    ("AD mod SNHL; AS WNL.", {"right", "left"}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "ears"), EARS, ids=[r[0] for r in EARS])
def test_the_ears_a_text_names(text, ears):
    assert ears_in(text) == ears


CLAIM_READER = [
    ("so sensorineural is right.", [()]),
    ("Type: SNHL is right.", [()]),
    ("conductive is the right call", [()]),
    ("right ear type AS, conductive", [("right",)]),
    # near misses
    ("SNHL right.", [("right",)]),
    ("AS: SNHL", [("left",)]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "ears"), CLAIM_READER, ids=[r[0] for r in CLAIM_READER])
def test_the_claim_reader_takes_the_same_ears(text, ears):
    assert [c.ears for c in read_claims(text) if c.kind == "type"] == ears


# A right conductive loss (As, otosclerosis) and a normal left ear.
RIGHT_CONDUCTIVE = build(
    {500: 45, 1000: 40, 2000: 35, 4000: 30},
    10,
    right_bone={500: 10, 1000: 10, 2000: 20, 4000: 5},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 5},
    bone_masked=True,
    tympanometry={"right": {"type": "As"}, "left": {"type": "A"}},
)
LEFT_CONDUCTIVE = build(
    10,
    {500: 45, 1000: 40, 2000: 35, 4000: 30},
    right_bone={500: 5, 1000: 5, 2000: 10, 4000: 5},
    left_bone={500: 10, 1000: 10, 2000: 20, 4000: 5},
    bone_masked=True,
    tympanometry={"right": {"type": "A"}, "left": {"type": "As"}},
)


def test_end_to_end_the_same_on_either_side():
    said = {
        "right": "The right ear has a moderate conductive loss. Your PTA is right: 37.5 dB HL, "
        "moderate. The left is normal.",
        "left": "The left ear has a moderate conductive loss. Your PTA is right: 37.5 dB HL, "
        "moderate. The right is normal.",
    }
    assert check_reply(said["right"], RIGHT_CONDUCTIVE).critical_errors == []
    assert check_reply(said["left"], LEFT_CONDUCTIVE).critical_errors == []
    typed = {
        "right": "A conductive hearing loss, with right ear type AS and left ear type A.",
        "left": "A conductive hearing loss, with left ear type AS and right ear type A.",
    }
    assert check_reply(typed["right"], RIGHT_CONDUCTIVE).critical_errors == []
    assert check_reply(typed["left"], LEFT_CONDUCTIVE).critical_errors == []
    # near miss: the wrong ear named is still found
    wrong = "The left ear has a moderate conductive loss (type AS). The right is normal."
    assert "laterality_confusion" in check_reply(wrong, RIGHT_CONDUCTIVE).critical_errors


def test_reading_right_as_correct_is_linear():
    def cost(n):
        text = "the shape is right but the type is right, the right call " * n
        return len(text), cpu_cost(lambda: ears_in(text))

    size, small = cost(300)
    big_size, big = cost(1200)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
