"""A grade or type word typed one slip wrong (a letter dropped, added, changed or two
swapped), or "sensorineural" split in two by voice-to-text, is read as the word meant
(issue #26, validation batch 67: text messages passing the result on). Real words one slip
away ("conducive", "moderated") and short words stay as written."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.spelling import typing_slips_mended

from .conftest import assert_linear, conductive_right, cpu_cost

MENDED = [
    ("Left ear: moderatley severe loss", "Left ear: moderately severe loss"),
    ("a profuond loss on the right", "a profound loss on the right"),
    ("CONDUCTVE loss, right side", "CONDUCTIVE loss, right side"),
    ("she said modrate, the right one", "she said moderate, the right one"),
    ("it's sensori-neural both sides", "it's sensorineural both sides"),
    # automatic captions split the word at its stems (batch 73)
    ("a SENSOR NEURAL type on the right", "a SENSORINEURAL type on the right"),
    ("right one: sensor-neural, I'm sorry", "right one: sensorineural, I'm sorry"),
    ("Sensory neural, she reckoned", "Sensorineural, she reckoned"),
]

KEPT = [
    "Quiet rooms are conducive to testing.",
    "The session was moderated by the charge nurse.",
    "Sensorineural loss on the left.",
    "several severe headaches; a mild cold",
    "sensory and neural causes were discussed",
]


@pytest.mark.parametrize(("text", "mended"), MENDED)
def test_slips_are_mended(text, mended):
    assert typing_slips_mended(text) == mended


@pytest.mark.parametrize("text", KEPT)
def test_real_words_are_kept(text):
    assert typing_slips_mended(text) == text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # right moderate conductive (37.5), left normal
        ("right ear is modrate and conductve; the left is normal", []),
        ("right ear - profuond conductive loss, left ok", ["severity_misclassification"]),
        ("the right one is moderate, sensory neural she thinks not the middle ear",
         ["type_misclassification"]),
        ("and the right, that's a sensor neural loss of moderate degree",
         ["type_misclassification"]),
    ],
)  # fmt: skip
def test_mended_words_are_judged(reply, errors):
    assert check_reply(reply, conductive_right()).critical_errors == errors


def test_mending_is_linear():
    text = "modrate conductve sensory neural several conducive " * 500
    small = cpu_cost(lambda: typing_slips_mended(text))
    big = cpu_cost(lambda: typing_slips_mended(text * 4))
    assert_linear(small, big)
