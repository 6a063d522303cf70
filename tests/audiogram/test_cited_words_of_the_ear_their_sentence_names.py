"""Words cited from this test's account are of the ear their own sentence names before
them ("... left normal 5-15 dB. Letter summary: right 'severe hearing loss'": the right's),
so the writer's own reading of the other ear earlier in the line does not answer them, and a
wrong grade passed on for the right stands as the writer's (discourse._line_ears; batch 174
UW09). Where the sentence names no ear, the line's ears still count. Wording of our own."""

from __future__ import annotations

from clinbench.audiogram.check import check_reply

from .conftest import build

RIGHT_COMPLETE = build(105, 10)


def test_a_wrong_grade_cited_for_the_named_ear_is_flagged():
    reply = (
        "Hearing: audiology letter of today: right 100-110 dB; left normal 5-15 dB. "
        "Letter summary: right 'moderate hearing loss', 4FA 105."
    )
    assert check_reply(reply, RIGHT_COMPLETE).critical_errors == ["severity_misclassification"]


def test_the_right_grade_cited_stays_unflagged():
    reply = (
        "Hearing: audiology letter of today: right 100-110 dB; left normal 5-15 dB. "
        "Letter summary: right 'profound hearing loss', 4FA 105."
    )
    assert check_reply(reply, RIGHT_COMPLETE).critical_errors == []
