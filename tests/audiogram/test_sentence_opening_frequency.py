"""A sentence may open with a frequency ("... 55 dB HL at 4 kHz. 3 kHz was not tested in
either ear."): it ends the sentence before it, so the next sentence's "not" does not deny
the levels and grades before it (issue #26, validation batch 52 WE30: funding letters, as
tuning data; lexicon.SENTENCE_SPLIT). A decimal frequency and a frequency inside a sentence
do not split it."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import SENTENCE_SPLIT

from .conftest import build

NORMAL = build(10)


@pytest.mark.parametrize(
    "text",
    [
        "The right ear has a moderate sensorineural loss sloping to 55 dB HL at 4 kHz. 3 kHz was "
        "not tested in either ear.",
        "Right: 45 dB HL at 2 kHz. 3 kHz not tested.",
    ],
)
def test_levels_before_a_sentence_opening_with_a_frequency_are_read(text):
    assert check_reply(text, NORMAL).critical_errors != []


@pytest.mark.parametrize(
    ("text", "splits"),
    [
        ("at 4 kHz. 3 kHz was not tested", 1),
        ("at 4 kHz. 3 was the count", 0),
        ("at 1.5 kHz and 3 kHz", 0),
        ("SNHL. 500 15, 1k 20", 0),
    ],
)
def test_split(text, splits):
    assert len(list(SENTENCE_SPLIT.finditer(text))) == splits
