"""A finding is the ear's its own noun phrase ties it to (lexicon.FINDING_OF_AN_EAR): the
ear that modifies or possesses it ("her left-sided conductive loss", "the right ear's drop"),
the ear a preposition joins it to ("a dip in her left ear", "a loss confined to the left"),
or the ear that is its verb's subject ("his right ear slopes ..."). In a clause that names
both ears the other ear is the clause's advice or comparison ("... means the earpiece should
favour the right ear"), so the finding keeps its own ear instead of none (issue #26, the
held-out batches 188-195: a later plan or rationale line swapping the ear of a loss, batch
191 TH10's kind). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import ear_of_the_finding
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost

# right conductive loss (air 45-30, masked bone 5-10); left normal (10)
RIGHT_CONDUCTIVE = build(
    {250: 45, 500: 45, 1000: 35, 2000: 30, 4000: 30, 8000: 30},
    10,
    right_bone={250: 5, 500: 5, 1000: 10, 2000: 10, 4000: 10},
    left_bone={250: 5, 500: 5, 1000: 10, 2000: 10, 4000: 10},
    bone_masked=True,
)
BODY = (
    "Right ear: conductive loss, 45 dB at 250-500 Hz, 30-35 dB above, masked bone 5-10 dB. "
    "Left ear normal at 10 dB.\n"
)


@pytest.mark.parametrize(
    ("text", "ear"),
    [
        ("her left-sided conductive loss means the earpiece should favour the right ear", "left"),
        ("the right ear's high-frequency drop, so seat her with the left to the board", "right"),
        ("a conductive loss confined to the left, so the right is used for the phone", "left"),
        ("since his right ear slopes steeply he sits with the left ear to the tutor", "right"),
        ("a dip in her left ear; the right is fine", "left"),
        # no finding bound, or each ear its own: none
        ("seat him with the left ear to the class and the right to the wall", None),
        ("a loss in the right ear and a notch in the left ear", None),
    ],
)
def test_ear_of_the_finding(text, ear):
    assert ear_of_the_finding(text) == ear


@pytest.mark.parametrize(
    "line",
    [
        "Plan: her left-sided conductive loss means the phone should go to the right ear.",
        "- rationale: conductive loss confined to the left, so favour the right ear",
        "| Seating | left conductive hearing loss, right ear towards the speaker |",
        "Team note: a conductive loss in the left ear, so the right ear leads on calls.",
    ],
)
def test_a_later_line_giving_the_loss_to_the_other_ear_is_a_swap(line):
    assert check_reply(BODY + line, RIGHT_CONDUCTIVE).critical_errors == ["laterality_confusion"]


@pytest.mark.parametrize(
    "line",
    [
        "Plan: her right-sided conductive loss means the phone should go to the left ear.",
        "- rationale: conductive loss confined to the right, so favour the left ear",
        "Team note: a conductive loss in the right ear, so the left ear leads on calls.",
        # two ears, no finding bound to either: advice only
        "Seating: left ear towards the speaker, right ear to the wall.",
    ],
)
def test_the_loss_kept_on_its_own_ear_stays_unflagged(line):
    assert check_reply(BODY + line, RIGHT_CONDUCTIVE).critical_errors == []


def test_two_ear_clause_claims_take_the_bound_ear():
    claims = [
        (c.kind, c.ears)
        for cl in read_statements(
            "Rationale: her left-sided conductive loss means the earpiece should favour the "
            "right ear."
        )
        for c in cl
    ]
    assert ("type", ("left",)) in claims


def test_binding_reads_in_linear_time():
    def cost(n):
        text = "the right ear and the left ear with a loss of the " * n
        return len(text), cpu_cost(lambda: ear_of_the_finding(text))

    size, small = cost(300)
    big_size, big = cost(1200)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
