"""An average's two ears given as a slash pair: under a declared ear order ("4FA R/L 30/45",
"PTA (L/R): 45/30 dB HL", "averages 30/45 (R/L)") or with each value followed by its ear's
word ("averages 88.75 right / 86.25 left"): each value is its ear's average, as a form's "R/L"
head declares. A pair with no order stays unread (never guessed); an ear's word after a value
without the slash keeps its earlier reading. Batch 114 YO26 as tuning data
(notation._AVERAGE_SLASH_PAIR, notation._AVERAGE_VALUE_EAR_PAIR)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise
from clinbench.audiogram.statements import read_statements

from .conftest import build


def _averages(text: str) -> list[tuple]:
    return sorted(
        (c.ears, c.value) for part in read_statements(text) for c in part if c.kind == "pta"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Hearing: 4FA R/L 30/45, a mild loss on the right.",
        "PTA (R/L): 30/45 dB HL.",
        "PTA (L/R): 45/30 dB HL.",
        "Averages 30/45 (R/L).",
        "Four-frequency average right/left 30 / 45 dB HL.",
        "Averages 30 right / 45 left.",
    ],
)
def test_each_value_is_its_ears_average(text):
    assert _averages(text) == [(("left",), 45.0), (("right",), 30.0)]


def test_a_sentence_it_opens_stays_its_own():
    text = "Bone 25 at 4 kHz both sides. 4FA 13.75 right / 15 left."
    assert normalise(text).endswith("Right 4FA 13.75 dB HL, left 4FA 15 dB HL.")


@pytest.mark.parametrize(
    "text",
    [
        "4FA 30/45.",  # no ear order declared: never guessed
        "Thresholds R/L: 500 Hz 30/45.",  # thresholds under an order, no average
    ],
)
def test_near_misses_give_no_ear_averages(text):
    assert not [a for a in _averages(text) if a[0] in (("right",), ("left",))]


def test_judged_per_ear():
    audiogram = build(
        {250: 25, 500: 30, 1000: 30, 2000: 30, 4000: 30, 8000: 35},
        {250: 40, 500: 45, 1000: 45, 2000: 45, 4000: 45, 8000: 50},
    )
    assert check_reply("4FA R/L 30/45.", audiogram).critical_errors == []
    swapped = check_reply("4FA R/L 45/30 dB HL.", audiogram)
    assert swapped.critical_errors == ["laterality_confusion"]
