"""A hearing average named by the conduction it averages ("an average air conduction of 40 dB",
"the mean air-conduction threshold is 35 dB HL") is the ear's pure-tone average: the PTA is of
air-conduction thresholds (BSA 2018 pure-tone audiometry), so it is read and judged as one
(lexicon.AVERAGE_IN_WORDS; issue #26 batch 149, the real local model's "the right ear, which
has an average air conduction of around 17.5 dB" for a four-frequency average of 37.5).
Near misses: air conduction named with no average, an average of something else, a
difference. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

CASE = build(40, 20)  # right flat 40 (PTA 40), left flat 20 (PTA 20)


def _averages(text: str) -> list[tuple[tuple[str, ...], float]]:
    return [
        (c.ears, float(c.value)) for clause in read_statements(text) for c in clause
        if c.kind == "pta"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("The right ear has an average air conduction of around 17.5 dB.", (("right",), 17.5)),
        ("The mean air-conduction threshold of the left ear is 42.5 dB HL.", (("left",), 42.5)),
        ("Left ear: average air conduction thresholds 30 dB.", (("left",), 30.0)),
    ],
)
def test_an_average_named_by_its_conduction_is_the_pta(text, read):
    assert _averages(text) == [read]


@pytest.mark.parametrize(
    "text",
    [
        "The right ear's air conduction is 40 dB at 1 kHz.",
        "The average speech level was 65 dB.",
        "Air conduction averages 20 dB worse than bone.",
    ],
)
def test_air_conduction_without_an_average_is_not_the_pta(text):
    assert _averages(text) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The right ear has an average air conduction of about 40 dB.", []),
        ("The left ear has an average air conduction of around 20 dB.", []),
        ("The right ear has an average air conduction of around 17.5 dB.", ["fabricated_result"]),
    ],
)
def test_the_average_is_judged_as_the_ears_pta(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
