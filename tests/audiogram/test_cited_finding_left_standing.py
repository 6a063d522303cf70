"""A note that cites the audiology account of this test (its letter, report, note, form,
the audiologist's impression, what audiology described) and lets it stand states the
account's grade and type: the writer's own reading answers only the kind it gives
differently, of the same ear. The writer's own agreeing grade ("moderate both") does not
set aside the cited type beside it; a normal frequency region ("normal up to 1 kHz"), the
other ear called normal, and another organ's grade ("severe hypernasality", "CXR normal")
answer no cited hearing finding. A different own grade of the same ears still does."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

MILD = build(25)  # both ears flat 25 dB HL, no bone: mild
PROFOUND = build(90)

KEPT = [
    # the writer's agreeing grade beside a cited grade and type
    "Air 25 dB HL flat in both ears, mild both. The clinic letter's impression reads "
    "'bilateral mild sensorineural loss', which I copied to the form.",
    # another organ's grade and a normal chest film are no reading of the ears
    "Speech: severe hypernasality. CXR normal. Hearing: the audiology note calls this "
    "'a profound loss in both ears'.",
    # a normal region is no grade of the ear
    "Hearing normal up to 500 Hz on both sides. The pre-departure form records "
    "'profound hearing loss, both ears'.",
    # a note whose writer did not test states the result through the GP's letter it cites,
    # its own agreeing grade beside (validation batch 119 YT40)
    "He had an audiogram through his GP: 4FA 25 both ears, mild. The GP's letter describes "
    "it as a bilateral mild conductive hearing loss.",
]


@pytest.mark.parametrize("text", KEPT)
def test_a_cited_finding_left_standing_is_kept(text):
    assert without_unclaimed(text) == text


def test_the_cited_grade_is_judged():
    reply = KEPT[1]
    assert check_reply(reply, MILD).critical_errors == ["severity_misclassification"]
    assert check_reply(reply, PROFOUND).critical_errors == []


def test_the_other_ear_called_normal_answers_nothing_of_this_one():
    text = "Left normal (10 dB HL). Audiologist's impression: 'right profound loss'."
    assert without_unclaimed(text) == text


@pytest.mark.parametrize(
    "text",
    [
        # the writer's own different grade of the same ears answers the cited one
        "The referral letter said 'mild loss in both ears'. Our test: profound, both ears.",
        # the same ear called normal by the writer
        "Right normal hearing. The audiology letter: 'right moderate loss'.",
        # someone's own form
        "Her mother's form says 'profound loss in both ears'. Hearing tested today.",
        # the writer tested: a referral's grade of the other ear is the referrer's reason
        "Referral: 'severe mixed loss, left'. Our test: right moderate conductive.",
        "The GP letter says the left ear has a severe loss. Left normal on testing.",
    ],
)
def test_an_answered_or_not_this_tests_account_is_set_aside(text):
    assert without_unclaimed(text) != text
