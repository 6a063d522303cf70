"""The hearing loss, with the definite article and no complement naming a kind, cause or
group is the loss the reply is about, this patient's: a sentence that names it before its
frame adverb ("The hearing loss is relatively mild and typically develops gradually") is said
of this test and stays read (issue #26, batch 152, the real local model's text, as tuning
data; the phrasings here are new). A frame before it ("Typically the loss is mild") and a
loss named by its kind or cause ("the loss of presbycusis is usually mild") stay generic."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.generic_frames import generic_sentences_blanked

from .conftest import build

SEVERE = build(70)  # 70 dB HL at every frequency, both ears: severe (WHO 2021)


@pytest.mark.parametrize(
    "text",
    [
        "The hearing loss is mild and usually progresses slowly.",
        "The loss is only slight and tends to affect speech in noise.",
        "The hearing loss here, which is mild, is generally stable.",
    ],
)
def test_the_loss_at_hand_named_before_the_frame_is_read(text):
    assert generic_sentences_blanked(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "Typically the hearing loss is mild at first.",
        "The loss of presbycusis is usually mild and symmetric.",
        "The hearing loss seen in noise exposure is typically notched at 4 kHz.",
        "A conductive loss is generally mild to moderate.",
        "The loss caused by otosclerosis tends to be conductive.",
    ],
)
def test_a_pattern_stays_generic(text):
    assert generic_sentences_blanked(text).strip(" .") == ""


def test_a_grade_of_the_loss_at_hand_is_judged():
    reply = "The hearing loss is mild and generally worsens over years."
    assert check_reply(reply, SEVERE).critical_errors == ["severity_misclassification"]
    true_grade = "The hearing loss is severe and usually stable."
    assert check_reply(true_grade, SEVERE).critical_errors == []
