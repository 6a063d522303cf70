"""A field named "Asymmetry:" before a description in words: the description
after the colon is the finding ("Asymmetry: the ears differ by 5 dB on average" says the ears
are alike), so the field's name claims no asymmetry of its own (issue #26, validation batch
44 VW05: an asymmetry screen's field read as 'asymmetric'). An asymmetry said outright is
still read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

SYMMETRIC = build(40, right_bone=35, left_bone=35, bone_masked=True)
RIGHT_POORER = build(
    {500: 30, 1000: 30, 2000: 60, 4000: 65},
    {500: 30, 1000: 30, 2000: 35, 4000: 40},
    right_bone={500: 30, 1000: 30, 2000: 55, 4000: 60},
    left_bone={500: 30, 1000: 30, 2000: 35, 4000: 40},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("text", "audiogram"),
    [
        ("Asymmetry: the two ears sit within 5 dB of each other.", SYMMETRIC),
        ("Interaural asymmetry: ears within 10 dB everywhere, both moderate.", SYMMETRIC),
        ("Asymmetry: right ear poorer by 25 dB at 2 and 4 kHz.", RIGHT_POORER),
    ],
)
def test_field_name_before_a_description_claims_nothing(text, audiogram):
    assert check_reply(text, audiogram).critical_errors == []


def test_asymmetry_said_outright_is_still_read():
    text = "Marked asymmetry between the ears."
    assert check_reply(text, SYMMETRIC).critical_errors == ["laterality_confusion"]


def _asymmetry(text: str) -> list[str]:
    return [c.value for cl in read_statements(text) for c in cl if c.kind == "asymmetry"]


def test_reading():
    assert _asymmetry("Asymmetry: the ears differ by 5 dB.") == []
    assert _asymmetry("Asymmetry: right ear worse by 20 dB at 4 kHz.") == []
    assert _asymmetry("There is an asymmetry between the ears.") == ["asymmetric"]
    # a verdict before the colon stays one: denied noun, adjective
    assert _asymmetry("No real asymmetry: ears within 5 dB.") == ["symmetric"]
    assert _asymmetry("Loss asymmetric: right ear worse.") == ["asymmetric"]
