"""A sentence may open with a frequency average's abbreviation, whose first letter is a digit
("4FA 17.5 R (within normal range) and 28.75 L (mild)": WHO 2021's four-frequency average):
after a parenthesis closed with the sentence before, a new sentence starts there, so the ear
the sentence before carried does not reach its grades (issue #26, validation batch 90 used as
tuning data). A lower-case digit word after a full stop ("... at 4 kHz. 4 of 6 ...") is not
split by this rule.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import SENTENCE_SPLIT

from .conftest import build

NOTCH_LEFT_DEEPER = build(
    {250: 10, 500: 10, 1000: 10, 2000: 15, 3000: 25, 4000: 35, 6000: 25, 8000: 15},
    {250: 10, 500: 10, 1000: 15, 2000: 25, 3000: 50, 4000: 65, 6000: 55, 8000: 30},
)


@pytest.mark.parametrize(
    "text",
    [
        "Asymmetric notch (right shallower at 3-6 kHz). 4FA 17.5 R (normal) and 28.75 L (mild).",
        "Notch both ears (the right one at 4 kHz only). 4FA 28.75 L (mild), 17.5 R (normal).",
        "Noise notch (right 35 dB HL at 4 kHz). 3FA 13.3 R (normal) and 16.7 L (normal).",
    ],
)
def test_grades_after_the_average_are_its_ears(text):
    assert check_reply(text, NOTCH_LEFT_DEEPER).critical_errors == []


def test_the_sentence_splits_before_the_average():
    text = "Right shallower (at 3-6 kHz). 4FA 17.5 R."
    assert [m.start() for m in SENTENCE_SPLIT.finditer(text)] == [text.index(" 4FA")]


@pytest.mark.parametrize(
    "text",
    ["Notch at 4 kHz. 4FA about 40 dB right.", "Right worse (at 4 kHz). 4 of 6 frequencies."],
)
def test_no_split_without_a_closed_parenthesis_or_an_average(text):
    assert "4FA" not in [text[m.end() : m.end() + 3] for m in SENTENCE_SPLIT.finditer(text)]
