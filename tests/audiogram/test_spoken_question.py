"""A question asserts nothing, however it opens: spoken after a filler or a turn word ("Okay,
is the left ear conductive?", "Um, could the right be mixed?") or quoted as a title ("Session:
'Why is the right ear mixed?'"); and a reading a group of others would make ("Most trainees
would call this conductive, but ...") is raised to be answered, as "one might think" is.
Issue #26, validation batch 80 XG11, XG35 (think-aloud transcripts, as tuning data; discourse
QUESTION, CONSIDERED)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, build

RIGHT_SNHL = build(50, 10, right_bone=45, left_bone=10, bone_masked=True)


@pytest.mark.parametrize(
    "text",
    [
        "Okay, is the left ear conductive? No gap there; the left is normal.",
        "Um, could the right be mixed? The masked bone follows the air: sensorineural on the "
        "right, left normal.",
        "Session 2: \u201cWhy is the right ear mixed?\u201d The right is sensorineural; the left "
        "is normal.",
        "Most trainees would call the right conductive, but the masked bone sits on the air "
        "line: sensorineural.",
        "Plenty of clinicians might read the right as mixed; however the gap is only 5 dB, so "
        "it is sensorineural.",
    ],
)
def test_question_or_others_reading_is_no_claim(text):
    assert check_reply(text, RIGHT_SNHL).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Okay, the left ear is conductive.",
        "Well, the left ear is mixed, isn't it.",
    ],
)
def test_a_statement_is_read(text):
    assert check_reply(text, RIGHT_SNHL).critical_errors != []


def test_blanking():
    assert_blanked(
        "So, is the left ear mixed? The right is sensorineural.",
        gone=["mixed"],
        kept=["right is sensorineural"],
    )
    assert_blanked(
        "Lots of students will say conductive here. But the bone is 45: sensorineural.",
        gone=["conductive"],
        kept=["sensorineural"],
    )
