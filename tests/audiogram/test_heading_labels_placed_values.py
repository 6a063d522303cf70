"""A value after a heading's colon that only words placing it precede (frequencies and
their units, dB, list words: lexicon.LABEL_COORDINATE_WORDS) names no measure of its own:
the heading labels it, so a heading that names another measure (an attenuation, a noise
level, a leakage) leaves it unread (lexicon.labelled_otherwise), unless an ear is named
outside brackets (lexicon.LABEL_EAR_WORDS). The same label test holds for a shorthand kHz
list before which no ear is named and for slash pairs under an ear order declared in such a
heading (notation.ear_order_pairs_to_text). Issue #26, batch 102 (hearing-protection and
noise records, used as tuning data); the texts here are new."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.notation import normalise
from clinbench.audiogram.statements import read_statements

from .conftest import build

NORMAL = build(20)  # both ears 20 dB HL at every frequency
FAB = "fabricated_result"
LEVELS = ("threshold", "threshold_range", "bone_level")


def _read(text: str) -> list[tuple[str, int]]:
    said = [c for part in read_statements(normalise(text)) for c in part]
    return [(c.kind, c.value) for c in said + read_claims(text) if c.kind in LEVELS]


@pytest.mark.parametrize(
    "text",
    [
        "Earmuff insertion loss, dB: 250 Hz 71, 1 kHz 75, 4 kHz 78.",
        "Measured room noise, octave bands: 500 Hz 72, 1 kHz 70, 2 kHz 66.",
        "Plug seal leakage (R/L): 1 kHz 72/74, 2 kHz 75/77.",
        "Ambient levels at the press: 250 Hz 88, 500 Hz 86, 1 kHz 84.",
        "Choose a muff for the hall; ambient 250 Hz 90, 500 Hz 85, 1 kHz 80.",
    ],
)
def test_a_heading_naming_another_measure_labels_the_placed_values(text):
    assert _read(text) == []
    assert FAB not in check_reply(text, NORMAL).critical_errors


@pytest.mark.parametrize(
    "text",
    [
        "Air conduction (R/L): 1 kHz 70/20, 2 kHz 70/20.",
        "Thresholds today: 500 Hz 70 dB, 1 kHz 70 dB.",
        "Right ear: 250 Hz 70, 500 Hz 70, 1 kHz 70.",
        "Audiogram (this visit): 250 Hz 70, 500 Hz 70, 1 kHz 70.",
        # words after the colon that name a measure give the value a label of its own
        "Noise survey: her right ear shows 70 dB HL at 1 kHz.",
    ],
)
def test_threshold_headings_and_own_labels_are_still_read(text):
    assert _read(text)
    assert check_reply(text, NORMAL).critical_errors == [FAB]


def test_only_placing_words_after_the_colon_hand_the_label_to_the_heading():
    low = "band attenuation (l/r, db): 1 khz 28, at 2 khz 31"
    assert lexicon.labelled_otherwise(low, low.index("28"))
    assert lexicon.labelled_otherwise(low, low.index("31"))
    # a measure or an ear named (outside a bracketed key) gives the value a label of its own
    low = "band attenuation: the hearing at 1 khz 28"
    assert not lexicon.labelled_otherwise(low, low.index("28"))
    low = "band attenuation: right ear at 1 khz 28"
    assert not lexicon.labelled_otherwise(low, low.index("28"))


@pytest.mark.parametrize(
    "text",
    [
        "Values for the fitting app, right: 250 Hz 70, 500 Hz 70, 1 kHz 70.",
        "Booth record: left 1 kHz 70 dB, 2 kHz 70 dB.",
    ],
)
def test_an_ear_named_ties_placed_values_to_its_hearing(text):
    assert _read(text)
    assert check_reply(text, NORMAL).critical_errors == [FAB]
