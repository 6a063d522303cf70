"""A definition of a term ("The protocol definition of a significant air-bone gap is 15 dB or
more at two frequencies", "A significant gap is defined as ...") says what the term means, a
yardstick as a rule or a norm is, not a finding of this patient (discourse.GENERAL_STATEMENT,
RULES "general statement"). Near misses: a clause that names an ear ("The right ear meets
the definition of a conductive loss") or a finding without a definition stays read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, build

# sensorineural 40 dB HL both ears, masked bone 30 (10 dB differences, no significant gap)
SNHL_40 = build(
    40,
    right_bone=dict.fromkeys((500, 1000, 2000, 4000), 30),
    left_bone=dict.fromkeys((500, 1000, 2000, 4000), 30),
    bone_masked=True,
)

DEFINITIONS = [
    "Our service's definition of a significant air-bone gap is 15 dB or more at two frequencies.",
    "The definition of a conductive loss is a gap of 15 dB or more with normal bone.",
    "A significant air-bone gap is defined as 15 dB or more at two or more frequencies.",
    "Mixed loss is defined by a significant gap over abnormal bone conduction.",
    "- the trial definitions for a significant gap are 15 dB at two frequencies",
]


@pytest.mark.parametrize("text", DEFINITIONS)
def test_a_definition_is_not_a_claim(text):
    assert_blanked(text, gone=["gap", "15"], kept=[])
    reply = "Both ears: moderate sensorineural loss, no significant gap. " + text
    assert check_reply(reply, SNHL_40).critical_errors == []


STILL_READ = [
    "The right ear meets the definition of a conductive loss.",
    "Right ear: significant air-bone gap of 15 dB at 1 and 2 kHz.",
    "The left ear is conductive, by the definition above.",
]


@pytest.mark.parametrize("text", STILL_READ)
def test_a_finding_beside_the_word_is_read(text):
    assert check_reply(text, SNHL_40).critical_errors == ["type_misclassification"]
