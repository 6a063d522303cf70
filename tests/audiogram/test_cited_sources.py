"""Text an answer quotes as a cited source's (a reference list, footnotes, a block of
retrieved passages, "Source:" and "Not used:" lines) states that source's facts, not this
patient's results, unless it cites this audiogram itself (validation batch 87,
retrieval-augmented answers, used as tuning data). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.voice import cited_sources_blanked

from .conftest import conductive_right

CASE = conductive_right()  # right conductive loss 30-45 over bone 5-10, left normal

ANSWER = (
    "The right ear has a moderate conductive loss: air 45 dB HL at 250 Hz easing to 30 at "
    "4 kHz, bone 5-10 dB HL.{a} The left ear is normal, 10 dB HL throughout.{b}\n\n"
)

SOURCED = [
    # a references heading and its numbered list
    ANSWER.format(a=" [1]", b=" [2]")
    + "References used\n"
    + "1. Pure-tone record, this appointment.\n"
    + "2. Otology atlas, case 14: a man with a left sensorineural loss, 70 dB HL at 2 kHz.\n"
    + "3. Bone-anchored aid brochure: indicated where bone is 55 dB HL or better.\n",
    # footnotes, one of them defined after the answer
    ANSWER.format(a="[^atlas]", b="[^ha]")
    + "[^atlas]: Atlas of audiograms, plate 9: left mixed loss, bone 40 dB HL at 1 kHz.\n"
    + "[^ha]: Brochure (retrieved): suits losses of 30 to 70 dB HL at 4 kHz.\n",
    # superscript marks and a source label under a paragraph
    ANSWER.format(a="\u00b9", b="\u00b2")
    + "\u00b9 Handbook of tinnitus, ch. 3: left ear 70 dB HL at 2 kHz in the index case.\n"
    + "\u00b2 Leaflet for a hearing aid, fitting range 70 to 90 dB HL.\n"
    + "*Source: a population survey, median 70 dB HL at 2 kHz in the left ear at 80.*\n"
    + "**Not used** \u2014 a hearing-aid sheet quoting a 70 dB HL left-ear range.\n",
    # a block of retrieved passages above the answer, one of them this test
    "Passages retrieved for this answer\n"
    + "- (a) pure-tone chart, today's visit\n"
    + "- (b) Hearing-aid brochure: for losses of 70 dB HL on the left at 2 kHz.\n\n"
    + ANSWER.format(a=" (a)", b=" (a)"),
]


@pytest.mark.parametrize("text", SOURCED)
def test_the_entries_of_cited_sources_are_blanked(text):
    kept = cited_sources_blanked(text)
    assert len(kept) == len(text) and kept.count("\n") == text.count("\n")
    assert "70" not in kept and "40 dB HL at 1" not in kept
    assert "moderate conductive loss" in kept and "10 dB HL throughout" in kept


@pytest.mark.parametrize("text", SOURCED)
def test_the_sources_are_not_judged_as_this_patient(text):
    assert check_reply(text, CASE).critical_errors == []


@pytest.mark.parametrize(
    "line",
    [
        "Source: this audiogram, right 45 dB HL at 250 Hz.",
        "[1] Audiogram, today: right bone 5-10 dB HL.",
    ],
)
def test_an_entry_citing_this_audiogram_is_kept(line):
    text = ANSWER.format(a=" [1]", b="") + line
    assert cited_sources_blanked(text) == text


@pytest.mark.parametrize(
    "text",
    [
        # a guideline cited for the answer's own grade, inside its sentence
        "Right ear: moderate (WHO 2021) [1], 45 dB HL at 250 Hz; left ear normal.",
        # an enumerated list whose marks are cited nowhere: the answer's own items
        "(a) Right ear: 45 dB HL at 250 Hz, bone 5-10, conductive.\n(b) Left ear: normal.",
        # a label naming where the referral came from, then the answer's own lines
        "Referral source: GP practice\nRight ear: 45 dB HL at 250 Hz, conductive.\nLeft: normal.",
        # a notebook's numbered cells, cited only after them
        "[1] ear = load(source)\n[2] ear.air\n  right 45 40 35\nAs [2] shows, right conductive.",
    ],
)
def test_the_answers_own_words_are_kept(text):
    assert cited_sources_blanked(text) == text


def test_an_error_in_the_answer_is_still_found():
    reply = (
        SOURCED[0]
        .replace("The right ear has", "The left ear has")
        .replace("The left ear is normal", "The right ear is normal")
    )
    assert "laterality_confusion" in check_reply(reply, CASE).critical_errors
