"""A bracketed aside that only placing words (lexicon.LABEL_COORDINATE_WORDS) follow before
a value starts no label of that value: the label the aside interrupted goes on, so a heading
or label naming another measure still labels it ("Crowd noise (peak) 70 dB"), as it does
without the aside (lexicon.labelled_otherwise). Words after the aside that name a measure
label the value themselves, as before. Issue #26 (precision on unseen families: a heading's
bracketed key, source or unit); the texts here are new."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply

from .conftest import build

NORMAL = build(20)  # both ears 20 dB HL at every frequency


@pytest.mark.parametrize(
    "text",
    [
        "Crowd noise at the stadium (peak) 70 dB at 2 kHz.",
        "Weekly exposure of the violas (section mean): 70 dB at 4 kHz.",
        "Gym treadmill hum (measured on the day) 70 dB at 2 kHz.",
    ],
)
def test_a_label_interrupted_by_an_aside_still_labels_the_value(text):
    low = text.lower()
    assert lexicon.labelled_otherwise(low, low.index("7"))
    assert check_reply(text, NORMAL).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Right ear (masked): 70 dB at 2 kHz.",
        "Her thresholds (booth 2) 70 dB at 2 kHz.",
        # words after the aside that name a measure are the value's own label
        "Right ear: sudden onset (Sunday) flat hearing loss, 70-75 dB HL.",
    ],
)
def test_an_aside_in_a_threshold_label_leaves_the_value_read(text):
    low = text.lower()
    assert not lexicon.labelled_otherwise(low, low.index("70"))
    assert check_reply(text, NORMAL).critical_errors == ["fabricated_result"]
