""" "AS" with the valve's measures after it ("moderate AS (mean gradient 28 mmHg)", "severe AS:
Vmax 4.5 m/s", "AS, AVA 0.8 cm2") is aortic stenosis, graded by peak velocity, mean gradient
and valve area (2021 ESC/EACTS Guidelines for the management of valvular heart disease), not
the Latin abbreviation of the left ear (lexicon.AORTIC_STENOSIS_AFTER, in LEFT and the claim
reader's ear abbreviations). A cardiology letter's "moderate AS" gave a moderate left ear
beside a correct right one (batch 145 ZT45 as tuning data). "AS" before a hearing level, an
average or a grade of hearing stays the left ear."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply

from .conftest import build


@pytest.mark.parametrize(
    "text",
    [
        "moderate AS (mean gradient 31 mmHg)",
        "severe AS: Vmax 4.2 m/s",
        "known AS, AVA 0.9 cm2",
        "mild AS - peak velocity 2.9 m/s",
        "AS 44 mmHg mean",
    ],
)
def test_aortic_stenosis_names_no_ear(text):
    assert lexicon.ears_in(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "AS 45 dB HL at 4 kHz",
        "moderate AS, mild AD",
        "AS (4FA 40)",
        "AD 20 / AS 55 @ 2k",
        "AS: moderate SNHL",
    ],
)
def test_the_left_ear_is_still_named(text):
    assert "left" in lexicon.ears_in(text)


RIGHT_ONLY = build(45, 10)  # right moderate, left normal
LETTER = (
    "Cardiology review. 58F, moderate AS (mean gradient 30 mmHg), LVEF 60%. Audiogram: right "
    "sensorineural loss, 4FA 45, moderate; left normal, 10 dB."
)


def test_the_valve_grade_is_no_ear_grade():
    assert check_reply(LETTER, RIGHT_ONLY).critical_errors == []


def test_a_left_ear_tag_is_still_judged():
    reply = "Audiogram: AD normal, 10 dB. AS moderate loss, 4FA 45."
    assert check_reply(reply, RIGHT_ONLY).critical_errors == ["laterality_confusion"]
