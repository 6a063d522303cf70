"""A grade adverb said of the hearing grades it whatever route of testing the sentence names
after it: "your hearing is severely impacted by bone conduction" grades the hearing severe, as
"severely affected" does; "impacted" is "affected" in other words (issue #26, batches 135 and
143: a small local model's replies write "severely impacted / affected by bone conduction",
labelled as the grade of the hearing). Near misses: a by-phrase that names something else
(a symptom, noise, a device) may be what is graded, and a true grade is no error. Wording of
our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise

from .conftest import build

# flat mild sensorineural loss, 25 dB HL both ears (bone 20)
FLAT_MILD = build(25, right_bone=20, left_bone=20)


@pytest.mark.parametrize(
    "reply",
    [
        "Her hearing is severely impacted.",
        "The patient's hearing was severely impacted by bone conduction.",
        "His left ear is moderately affected by air conduction as well.",
        "Overall the hearing seems profoundly impacted by the bone-conduction route.",
        "The right ear is severely impacted by air conduction, in my view.",
    ],
)
def test_a_grade_by_the_test_route_is_the_hearings(reply):
    assert check_reply(reply, FLAT_MILD).critical_errors == ["severity_misclassification"]


@pytest.mark.parametrize(
    "reply",
    [
        "Her hearing is mildly impacted by bone conduction.",
        "Her hearing is severely impacted by tinnitus at night.",
        "His hearing is moderately affected by background noise in the canteen.",
        "Speech clarity is severely impacted by the mask.",
        "The right ear is severely impacted with wax.",
    ],
)
def test_a_true_grade_or_a_grade_of_something_else_is_no_error(reply):
    assert check_reply(reply, FLAT_MILD).critical_errors == []


def test_impacted_is_written_as_a_grade_of_loss():
    assert "severe hearing loss (impacted)" in normalise("The right ear is severely impacted.")
