""" "Normal" straight after the eardrum ("R: TM normal", "drum normal") is the otoscopy's
finding, not the ear's grade (claims rule "degree word"; batch 171 UT47), as "normal" after
a tympanogram is its result. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

RIGHT_MILD = build(35, 10)


@pytest.mark.parametrize("reply", ["R: wax cleared; TM normal.", "R: drum normal. L clear."])
def test_the_eardrum_normal_grades_no_ear(reply):
    assert check_reply(reply, RIGHT_MILD).critical_errors == []


def test_the_ear_said_normal_is_still_read():
    assert check_reply("R: normal.", RIGHT_MILD).critical_errors == ["severity_misclassification"]
