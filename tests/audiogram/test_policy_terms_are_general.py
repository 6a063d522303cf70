"""A policy's cover ("Policy: pays for 'permanent total loss of hearing in one or both ears'",
"The policy covers ...") and a quoted term given its meaning ('"Total loss" = no useful
hearing', '"Mild" means 20-35 dB HL') state what a funder pays for or what a word means: a
yardstick, as a plan's requirement or a definition is, not a finding of this patient
(discourse.GENERAL_STATEMENT, RULES "general statement"). Near misses: the patient's own
grade beside the same words, and a quoted word that is not given a meaning, are read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, build

# mild sensorineural loss, 30 dB HL both ears (masked bone 25)
MILD = build(
    30,
    right_bone=dict.fromkeys((500, 1000, 2000, 4000), 25),
    left_bone=dict.fromkeys((500, 1000, 2000, 4000), 25),
    bone_masked=True,
)
HEAD = "Both ears: mild sensorineural loss. "

TERMS = [
    ('Policy: pays for "complete loss of hearing in both ears" only.', ["complete"]),
    ("The policy covers a profound loss in one or both ears.", ["profound"]),
    ("Our insurer's policies pay for severe losses only.", ["severe"]),
    ('"Total deafness" = no useful hearing in either ear.', ["useful"]),
    ('"Severe" means 65 to 80 dB HL on the better ear.', ["65", "80"]),
]


@pytest.mark.parametrize(("text", "gone"), TERMS)
def test_a_policy_or_a_term_is_not_a_finding(text, gone):
    assert_blanked(text, gone, kept=[])
    assert check_reply(HEAD + text, MILD).critical_errors == []


STILL_READ = [
    "Both ears: severe sensorineural loss; the policy number is 4471.",
    'Both ears: a "severe" loss, as the GP put it.',
    "Severe loss in both ears, which the policy covers.",
]


@pytest.mark.parametrize("text", STILL_READ)
def test_the_patients_grade_is_read(text):
    assert check_reply(text, MILD).critical_errors == ["severity_misclassification"]
