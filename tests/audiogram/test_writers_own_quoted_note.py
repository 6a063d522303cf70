"""Text the writer puts in quotation marks as their own note, plan or instruction is their
statement: a reporting verb whose subject is the writer ("For the handover I wrote: '...'"),
the writer's own document ("My summary line: '...'", "our referral: '...'"), words checked
and kept ("she wrote, and I checked and kept: '...'"), a care plan or seating plan for a group
of helpers ("Seating plan for the group: '...'"), and an instruction before a dash that the
ear's value follows ("'Speak on his right side - his right ear is the one at 40 dB'"). A
person's words (the patient's, a relative's, the GP's) stay theirs, and the writer's own words
corrected after them stay withdrawn (batches 184-185: TC34, TD16, TD24, TD32, TD34, a later
mention with the ear or grade wrong after correct first mentions). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import labelled_otherwise

from .conftest import build

# right conductive 45 dB flat with masked bone 10, left normal 10
RIGHT_LOSS = build(
    45,
    10,
    right_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
    left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
    bone_masked=True,
)
BODY = "Right: flat 45 dB, masked bone 10 - conductive, moderate. Left: 10 dB, normal.\n"


@pytest.mark.parametrize(
    "line",
    [
        # an instruction before a dash, then the ear's value (prose, list, table cell)
        "Care plan: 'Talk into his left side - his left ear is the one at 40-50 dB.'",
        "- Handover: 'Sit to his left - left ear 45 dB, the poorer one.'",
        "| plan | 'Stand on his left – his left ear is at 40-50 dB' |",
        # the writer's own note, quoted
        "For the ward profile I wrote: 'left conductive loss; speak on the right'.",
        "My summary line for the file: 'moderate conductive loss, left ear'.",
        "We recorded: 'left ear 45 dB flat'.",
        # kept after checking
        "His daughter wrote on the form, and I checked and kept: 'conductive loss on the left'.",
        # a plan addressed to a group: the group is its audience, not a figure of it
        "Seating plan for the group: 'Sam - left conductive loss; speak on his right.'",
    ],
)
def test_the_writers_quoted_line_is_read(line):
    assert check_reply(BODY + line, RIGHT_LOSS).critical_errors == ["laterality_confusion"]


@pytest.mark.parametrize(
    "line",
    [
        "Care plan for the carers: 'Talk into his right side - his right ear is at 40-50 dB.'",
        "For the ward profile I wrote: 'right conductive loss; speak on the left'.",
        "Seating plan for the group: 'Sam - right conductive loss; speak on his left.'",
        # a person's words stay theirs
        "My GP said: 'left conductive loss'.",
        "His wife wrote: 'the left is the bad ear, 45 dB'.",
        # the writer's own words, corrected
        "I wrote 'left conductive' at first but the audiologist corrected me.",
    ],
)
def test_right_sides_and_other_peoples_words_stay_unflagged(line):
    assert check_reply(BODY + line, RIGHT_LOSS).critical_errors == []


@pytest.mark.parametrize(
    ("clause", "labelled"),
    [
        # a spaced dash before an ear starts the ear's own statement
        ("speak on his left side - his left ear is 40 db at 1 khz.", False),
        ("face him from the right \u2013 right ear 55 db at 2 khz", False),
        # a measure's label before a dash with no ear after it still labels the value
        ("room noise - 40 db at 250 hz", True),
        ("gain target at 2 khz - 40 db", True),
    ],
)
def test_a_dash_before_an_ear_starts_a_label(clause, labelled):
    assert labelled_otherwise(clause, clause.index(" db") - 2) is labelled
