"""A letter, note or call that passes on the result of this audiogram in another's words and
does not correct it states that result as its own (validation README, "Label conventions
settled across batches"; batches 123, 144 and 145): the words of a report of this test are
the document's claims, whether the report is named by the test it reports ("her audiology
report reads ...", not a letter the patient wrote), the result is relayed in the passive with
the test as its subject ("his hearing screen was recorded as ...", "It is labelled ...") or the
words come from the record ("from the GP record: ...": a record, not the GP's guess). What the
record goes on to say of a part of the test not done ("the left 6 kHz was not tested") is no
verdict on the words, and cited words that name no ear are of the ear their line names
("Right ear: ... the summary reads ..."), so another ear's own reading does not set them aside.

A person's opinion stays theirs: a view recorded as someone's, a result relayed by a named
agent ("... by his optician"), the patient's own letter, an earlier report or test, and words the
writer then corrects ("; this is not correct")."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

PROFOUND = build(90)  # both ears flat 90 dB HL: profound
MODERATE = build(40)  # both ears flat 40 dB HL: moderate
RIGHT_MODERATE = build(40, 10)  # right moderate, left normal
RIGHT_PROFOUND = build(90, 10)  # right profound, left normal

RELAYED = [
    "Dental note. Her audiology report reads 'moderate hearing loss in both ears'; the left "
    "6 kHz was not tested. Written consent forms used.",
    "Ophthalmology letter. His hearing screen was recorded as 'moderate loss, both ears'. "
    "Large-print leaflets given.",
    "Physiotherapy note. The audiogram came with the pack. It is labelled: 'bilateral "
    "moderate hearing loss'. Exercises shown, not only described.",
    "Occupational health. From the GP record: 'moderate hearing loss, both ears'. "
    "Fit for office duties.",
]


@pytest.mark.parametrize("text", RELAYED)
def test_a_relayed_report_of_the_test_is_kept(text):
    assert without_unclaimed(text) == text


@pytest.mark.parametrize("reply", RELAYED)
def test_the_relayed_grade_is_judged(reply):
    assert check_reply(reply, PROFOUND).critical_errors == ["severity_misclassification"]
    assert check_reply(reply, MODERATE).critical_errors == []


LINE = (
    "Incident review.\nRight ear: air 40-45 dB HL. The audiologist's summary reads "
    '"moderate hearing loss".\nLeft ear: normal, 10 dB HL.'
)


def test_cited_words_are_of_the_ear_their_line_names():
    assert without_unclaimed(LINE) == LINE
    assert check_reply(LINE, RIGHT_MODERATE).critical_errors == []
    assert "severity_misclassification" in check_reply(LINE, RIGHT_PROFOUND).critical_errors


SOMEONE_ELSES = [
    # a named agent relayed the words: their view
    "Ophthalmology letter. It was labelled 'moderate loss, both ears' by his optician. "
    "Large-print leaflets given.",
    # a view, not the test, is the subject
    "Ophthalmology letter. Her view was recorded as 'moderate loss, both ears'. Leaflets given.",
    # the patient's own letter, an earlier report
    "Dental note. His letter reads 'moderate hearing loss in both ears'. Consent forms used.",
    "Dental note. Her previous hearing report reads 'moderate hearing loss in both ears'.",
    "Dental note. Last year's audiogram was recorded as 'moderate hearing loss in both ears'.",
    "Dental note. A hearing screen two years ago was reported as 'moderate loss, both ears'.",
    # corrected by the writer after a semicolon
    "Dental note. Her audiology report reads 'moderate hearing loss in both ears'; this is "
    "not correct.",
]


@pytest.mark.parametrize("text", SOMEONE_ELSES)
def test_words_that_stay_someone_elses_are_set_aside(text):
    assert without_unclaimed(text) != text
    assert "severity_misclassification" not in check_reply(text, PROFOUND).critical_errors
