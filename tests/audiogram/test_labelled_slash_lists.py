"""A shorthand slash list ("at 0.5/1/2/4 kHz: 15/20/25/20") before which no ear is named is
read only when its label is threshold vocabulary (claims._list_of_another_measure,
lexicon.labelled_otherwise), as a kHz list is: "difference" or "attenuation" labels another
measure, and an ear named only after the list does not make it the ear's thresholds. Issue
#26, batch 103 (a model's inputs: interaural differences, used as tuning data); the texts
here are new."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build

NORMAL = build(20)  # both ears 20 dB HL at every frequency
FAB = "fabricated_result"


def _thresholds(text: str) -> list[int]:
    return [c.value for c in read_claims(text) if c.kind == "threshold"]


@pytest.mark.parametrize(
    "text",
    [
        "Ear-to-ear difference at 0.5/1/2/4 kHz: 50/50/50/50 (right worse)",
        "Plug attenuation at .5/1/2/4k: 70/70/70/70, left worse",
    ],
)
def test_a_slash_list_labelled_as_another_measure_is_not_read(text):
    assert _thresholds(text) == []
    assert FAB not in check_reply(text, NORMAL).critical_errors


@pytest.mark.parametrize(
    "text",
    [
        "Air at 0.5/1/2/4 kHz: 70/70/70/70 (right)",
        "Right, extra data at 0.5/1/2/4 kHz: 70/70/70/70",
    ],
)
def test_a_threshold_slash_list_or_an_ears_is_still_read(text):
    assert _thresholds(text) == [70, 70, 70, 70]
    assert check_reply(text, NORMAL).critical_errors == [FAB]
