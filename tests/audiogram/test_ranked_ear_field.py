"""A field whose key ranks the ear ("Better-hearing ear = RIGHT", "Worse ear: left", "Poorer
ear=L") names which ear is better or worse: a claim about the ears side by side, read as the
worse ear (a letter written out: "Worse ear: L" -> "Worse ear: left"), not a record's ear
field whose value tags the values after it ("ear=L; 4000 Hz 60 dB"; notation._RANKED_BEFORE;
issue #26 batch 176, a summary line naming the wrong ear as the better one). Wording of our
own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import export_fields_written_out

from .conftest import build, threshold_levels

# a severe right loss beside a normal left ear
RIGHT_SEVERE = build({250: 60, 500: 65, 1000: 65, 2000: 70, 4000: 75, 8000: 75}, 10)


@pytest.mark.parametrize(
    "reply",
    [
        # a form's field, with the value's aside
        "Better-hearing ear = RIGHT (normal, 10 dB). Seat him with it to the speaker.",
        # a list entry
        "Communication needs:\n- worse ear: left\n- lip-reads well",
        # a summary line holding two labels
        "Summary: better ear: right.",
        # a record's shorthand field
        "Worse-hearing ear=left; plan: aid the other side.",
        "Poorer ear = left",
        # the ear as a letter, and a form's ticked option
        "Worse ear: L",
        "Better ear = R",
        "Poorer ear:   \u25cb R   \u25cf L",
    ],
)
def test_a_ranked_ear_field_naming_the_wrong_ear_is_flagged(reply):
    assert check_reply(reply, RIGHT_SEVERE).critical_errors == ["laterality_confusion"]


@pytest.mark.parametrize(
    "reply",
    [
        "Better-hearing ear = LEFT (normal, 10 dB). Seat him with it to the speaker.",
        "Communication needs:\n- worse ear: right\n- lip-reads well",
        "Summary: better ear: left.",
    ],
)
def test_a_ranked_ear_field_naming_the_right_ear_is_no_error(reply):
    assert check_reply(reply, RIGHT_SEVERE).critical_errors == []


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("ear=R; 1000 Hz 65 dB", "R: 1000 Hz 65 dB"),
        ('"ear": "left", 4000 Hz 75 dB', "left: 4000 Hz 75 dB"),
        ("Better ear = left", "Better ear = left"),
        ("worse-hearing ear: R", "worse-hearing ear: right"),
        ("Poorer ear = L;", "Poorer ear = left;"),
    ],
)
def test_only_a_record_ear_field_becomes_its_tag(text, written):
    assert export_fields_written_out(text) == written


def test_a_record_ear_field_still_tags_its_values():
    assert ("right", 1000, 65) in threshold_levels("ear=R; 1000 Hz 65 dB", RIGHT_SEVERE)
