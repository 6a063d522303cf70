"""A mail client wraps long lines, so a sentence runs on over a line break; the reader joins
such a break where the sentence cannot end, and keeps every other line break (issue #26,
found by the metamorphic test ``perturb.hard_wrapped``: on batches 1-38 the reply verdict
changed under wrapping in 238 of 1,902 replies before this rule, 17 after)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import mail_wrap_mended

from .conftest import conductive_right, cpu_cost

LONG = "Her audiogram shows a mild conductive hearing loss in the right ear with air-bone gaps"

JOINED = [
    # the next line goes on in small letters
    (f"{LONG}\nof 40 dB at 250-500 Hz.", f"{LONG} of 40 dB at 250-500 Hz."),
    # the next line opens with a unit
    ("Air conduction: 50 dB HL at 250 Hz, 45 dB HL at 500 Hz, 30 dB\nHL at 1 kHz.",
     "Air conduction: 50 dB HL at 250 Hz, 45 dB HL at 500 Hz, 30 dB HL at 1 kHz."),
    # the line ends on a word no sentence ends on, even before a capital or a digit
    ("- Flat loss, 60 dB HL at 250-500 Hz, 65 dB HL at 1-2 kHz, 70 dB HL at\n3-6 kHz.",
     "- Flat loss, 60 dB HL at 250-500 Hz, 65 dB HL at 1-2 kHz, 70 dB HL at 3-6 kHz."),
    ("Masked bone conduction 55-60 dB HL (no response at 4 kHz), so no\nsignificant gap: SN.",
     "Masked bone conduction 55-60 dB HL (no response at 4 kHz), so no significant gap: SN."),
    # the next line opens with a level and its unit
    ("Air conduction 75-105 dB HL, no response at 8 kHz; masked bone\n40-60 dB HL.",
     "Air conduction 75-105 dB HL, no response at 8 kHz; masked bone 40-60 dB HL."),
    # small words before a colon are no label ("hearing loss:")
    ("Your left ear is normal. Your right ear has a slight middle ear\nhearing loss: the inner "
     "ear heard better.", "Your left ear is normal. Your right ear has a slight middle ear "
     "hearing loss: the inner ear heard better."),
    # a label after the line is not taken for one when the line cannot end there
    ("Right: slight/mild conductive hearing loss with air-bone gaps of\nLeft: 15",
     "Right: slight/mild conductive hearing loss with air-bone gaps of Left: 15"),
]  # fmt: skip

KEPT = [
    # short lines are written so, not wrapped
    "R: 45 40 at 250 500, up to 1k\nmasked BC 5-10, so conductive",
    # a finished sentence
    f"{LONG}.\nthe left is normal.",
    # the next line opens a list item, a quote, a heading or a label
    f"{LONG}\n- left normal",
    f"{LONG}\n> from the student",
    f"{LONG}\n## left ear",
    f"{LONG}\nleft ear: normal",
    f"{LONG}\nPTA: 45 dB",
    f"{LONG}\nl: 45 dB",
    # the next ear's line in small letters (fixB7, reviewer)
    "Right ear: a moderate sensorineural hearing loss gently sloping to severe\nleft ear normal "
    "hearing throughout the range.",
    # a capital after a word a sentence can end on
    f"{LONG}\nLeft ear normal",
    # tables and JSON are data
    "Right BC     15   20    -   25    -    35   50   55    -    -\nLeft AC      20   25",
    '{"right_ear": {"thresholds_dB_HL": {"250": 25, "500": 25, "1000": 25, "2000": 25},\n'
    '   "hearing_loss": false}}',
    "| Right AC | 15 | 20 | 25 | 40 | 50 | 60 | 65 | 70 | 75 | 80 | 85 |\nand more",
    # a record of key=value fields
    "ear=L; pta=105; result=no response at the limits 6-8 kHz; class=profound SNHL\near=R; pta=10",
    # a capital A after an ear letter is a tympanogram type, not the article
    "L 15 15 20 40 55 60 70 75, BC follows. Tymp R B normal vol, L A\nAUD: R mixed",
]


@pytest.mark.parametrize(("text", "mended"), JOINED, ids=range(len(JOINED)))
def test_wrapped_sentences_are_joined(text, mended):
    assert mail_wrap_mended(text) == mended


@pytest.mark.parametrize("text", KEPT, ids=range(len(KEPT)))
def test_other_line_breaks_are_kept(text):
    assert mail_wrap_mended(text) == text


CONDUCTIVE_RIGHT = conductive_right()  # right conductive loss, left normal


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        # "masked bone" wrapped away from its "conduction" (the old reader took the bone
        # levels for air levels: fabricated)
        ("Her right ear shows a moderate conductive hearing loss, air around 30-45 dB and "
         "masked bone\nconduction of 5-10 dB. The left ear is normal.", CONDUCTIVE_RIGHT, []),
        # the ear wrapped away from its finding (the old reader gave the loss to the left)
        ("Her left ear is normal and there is a moderate conductive hearing loss in the\n"
         "right ear with gaps of 30-40 dB.", CONDUCTIVE_RIGHT, []),
        # near miss: the wrong ear, wrapped, is still the wrong ear
        ("Her left ear is normal and there is a moderate conductive hearing loss in the\n"
         "left ear with gaps of 30-40 dB.", CONDUCTIVE_RIGHT, ["laterality_confusion"]),
        # the wrap fell between a level and its unit
        ("Right ear: air conduction 45 dB HL at 250 Hz, 45 dB HL at 500 Hz and 40 dB\n"
         "HL at 1 kHz; left ear normal.", CONDUCTIVE_RIGHT, []),
        ("Right ear: air conduction 45 dB HL at 250 Hz, 45 dB HL at 500 Hz and 90 dB\n"
         "HL at 1 kHz; left ear normal.", CONDUCTIVE_RIGHT, ["fabricated_result"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors


def test_many_wrapped_lines_are_mended_in_linear_time():
    def cost(n):
        text = (LONG + "\nof 40 dB at 250 Hz and\n") * n
        return len(text), cpu_cost(lambda: mail_wrap_mended(text))

    size, small = cost(1500)
    _, big = cost(6000)
    assert size > 100_000
    assert big < 10 * max(small, 0.02)
