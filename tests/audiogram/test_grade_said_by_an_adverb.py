"""A grade said by its adverb of an ear's hearing grades that ear: "the right ear is moderately
impaired", "hearing in the left ear is severely reduced" (scope8's leftover: read as no
degree, a silent "no error"). Near misses: the true grade is no error, and an adverb grading
something that is not the ear or its hearing ("quality of life is severely impaired",
"speech understanding is moderately reduced in noise", "severely affected by tinnitus") is
no grade of the hearing."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise

from .conftest import assert_linear, build, cpu_cost

# flat mild sensorineural loss, 25 dB HL both ears (bone 20)
FLAT_MILD = build(25, right_bone=20, left_bone=20)


@pytest.mark.parametrize(
    "reply",
    [
        "The right ear is moderately impaired.",
        "Hearing in the left ear is severely reduced.",
        "Right ear moderately impaired.",
        "Right ear: severely impaired.",
        "Her hearing is now moderately reduced on the left.",
    ],
)
def test_an_adverbs_grade_is_the_ears(reply):
    assert check_reply(reply, FLAT_MILD).critical_errors == ["severity_misclassification"]


@pytest.mark.parametrize(
    "reply",
    [
        "Both ears are mildly impaired.",
        "The right ear is mildly affected.",
        "She is severely affected by tinnitus.",
        "Her quality of life is severely impaired.",
        "Speech understanding is moderately reduced in noise.",
    ],
)
def test_a_true_grade_or_another_things_grade_is_no_error(reply):
    assert check_reply(reply, FLAT_MILD).critical_errors == []


def test_the_adverb_is_written_as_a_grade_of_loss():
    assert "moderate hearing loss (impaired)" in normalise("The right ear is moderately impaired.")


def test_grade_adverbs_are_read_in_linear_time():
    text = "the right ear is moderately impaired, " * 50 + "ear " * 300 + "ly " * 100
    small = cpu_cost(lambda: check_reply(text * 5, FLAT_MILD))
    big = cpu_cost(lambda: check_reply(text * 20, FLAT_MILD))
    assert_linear(small, big)
