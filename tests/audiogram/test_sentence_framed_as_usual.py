"""A sentence framed as what is usual in general ("typically", "usually", "as a rule", "in
most ...") or as what is expected or should hold ("are expected to", "should be below")
states a pattern of a cause, a group or a kind of loss, wherever its frame word
stands, and is left unread unless it names this patient or this test (the patient, her/his/
their, you, an ear by its side, "here", "today"): generic_frames.generic_sentences_blanked.
Issue #26 (precision on unseen families; batch 97, a drug-information answer, used as
tuning data); the texts here are new."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.generic_frames import generic_sentences_blanked

from .conftest import assert_linear, build, cpu_cost, random_word_texts

NORMAL = build(20)  # both ears 20 dB HL at every frequency


@pytest.mark.parametrize(
    "text",
    [
        "Long-distance cyclists on loud group rides show a moderate sensorineural loss, "
        "typically in both ears by the age of forty.",
        "A patient with Paget's disease of the skull usually has a mixed loss of about 55 dB HL.",
        "In most timpanists the 4 kHz threshold sits near 70 dB HL after twenty seasons.",
        "Mumps deafness is, as a rule, severe to profound and one-sided.",
        # modal frames: what is expected of a group, what should hold
        "Match referees are expected to have a moderate loss at worst.",
        "Shooting-club members are expected to show a mild loss after ten seasons.",
    ],
)
def test_a_sentence_framed_as_usual_is_not_read(text):
    assert generic_sentences_blanked(text).strip(" .") == ""
    assert check_reply(text, NORMAL).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Her right ear is at 70 dB HL at 4 kHz, typically a noise pattern.",
        "The patient usually copes, but today both ears are at 70 dB HL at 4 kHz.",
        "You have a moderate sensorineural loss, usually steady over years.",
        # a sentence without a frame word is read
        "Both ears show a moderate sensorineural loss of 55 dB HL.",
    ],
)
def test_a_sentence_about_this_patient_or_without_a_frame_is_read(text):
    assert generic_sentences_blanked(text) == text
    assert check_reply(text, NORMAL).critical_errors


def test_only_the_framed_sentence_is_blanked():
    text = "Deck crews on carriers end up, in most cases, with a severe loss. You have a mild loss."
    out = generic_sentences_blanked(text)
    assert len(out) == len(text) and "severe" not in out and "You have a mild loss." in out
    grades = [f.text for f in check_reply(text, NORMAL).findings if f.kind.value == "degree"]
    assert grades == ["mild"]


def test_reading_is_linear():
    text = "Drummers typically lose the top end. Right ear 20 dB HL at 4 kHz.\n"
    small = cpu_cost(lambda: generic_sentences_blanked(text * 300))
    big = cpu_cost(lambda: generic_sentences_blanked(text * 1200))
    assert_linear(small, big)


def test_the_cheap_test_is_exact():
    from clinbench.audiogram.generic_frames import _CUE_WORDS, _FRAME
    from clinbench.audiogram.lexicon import may_hold

    words = "typically usually in most as a rule tends to would normally be expected is are "
    words += "expected to should be sit below within no worse generally the loss"
    for text in random_word_texts(words.split(), [" ", "  ", ","], seed=7, count=3000, longest=8):
        if _FRAME.search(text):
            assert may_hold(text, *_CUE_WORDS), text
