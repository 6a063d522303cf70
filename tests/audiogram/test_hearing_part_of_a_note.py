"""A note that reports other things too (an occupational-therapy visit, a ward round) gives
the hearing its own labelled part ("Hearing: ...", "Audiogram (ENT letter): ..."): a side
named on a line before it for another field (a grip, a limb, a rail) is not carried into it,
so its values keep the ears the part itself names, or none (the SOAP note's labelled parts,
Weed 1968; lexicon.HEARING_PART). Validation batch 154 UC25 (as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# right normal (15 dB HL), left a 4 kHz notch to 60 dB HL
LEFT_NOTCH = build(15, {250: 15, 500: 15, 1000: 15, 2000: 25, 3000: 45, 4000: 60, 6000: 40,
                        8000: 20})  # fmt: skip


def ears_of(text: str, kind: str) -> list[tuple[str, ...]]:
    """Return the ears of each claim of ``kind`` read in ``text``, in reading order."""
    return [c.ears for clause in read_statements(text) for c in clause if c.kind == kind]


@pytest.mark.parametrize(
    "text",
    [
        "Grip: left 38 kg, right not measured.\nHearing: 60 dB at 4 kHz, a noise notch.",
        "Stairs: rail on the right going up.\nAudiogram: 60 dB at 4 kHz.",
        "Knee flexion right 95 degrees, left 110.\nHearing (ENT letter, May): 60 dB at 4 kHz.",
        "Splint on the right wrist at night.\n**Audiometry:** 60 dB at 4 kHz.",
    ],
)
def test_a_side_of_another_field_is_not_carried_into_the_hearing_part(text):
    assert ears_of(text, "threshold") == [()]


def test_the_part_keeps_the_ears_it_names():
    text = "Grip left 40 kg, right not tested.\nHearing: left 60 dB at 4 kHz; right normal."
    assert ears_of(text, "threshold") == [("left",)]
    assert check_reply(text, LEFT_NOTCH).critical_errors == []


def test_values_of_the_part_are_not_given_to_the_other_fields_side():
    text = (
        "Grip left 40 kg, right not tested.\n"
        "Hearing: left ear worse, 60 dB at 4 kHz, mild on average; right ear normal."
    )
    assert check_reply(text, LEFT_NOTCH).critical_errors == []


@pytest.mark.parametrize(
    ("text", "ear"),
    [
        # an ear heading scopes every line under it, labelled or not
        ("### Left ear\nHearing: 60 dB at 4 kHz.", ("left",)),
        # "hearing" without a label's colon at the margin is prose about the ear before
        ("The left ear has a notch.\nHearing there drops to 60 dB at 4 kHz.", ("left",)),
        # a line that does not open with the label goes on about the ear before it
        ("Left ear: notch.\nThe hearing there is 60 dB at 4 kHz.", ("left",)),
    ],
)
def test_near_misses_keep_the_carried_ear(text, ear):
    assert ears_of(text, "threshold") == [ear]
