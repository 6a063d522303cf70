"""Words that set one point of the curve apart ("an isolated 45 at 6 kHz", "a solitary 50
dB") and the names of pure-tone audiometry's ranges ("Extended high frequencies: 30 dB at
12.5 kHz", "Conventional: 20 dB HL at 1 kHz") are threshold vocabulary: a value they label
is this ear's threshold (lexicon.THRESHOLD_LABEL_WORDS). A value labelled with another
measure ("target", "norm") is still not read. Batches 132 ZG38 and 136 ZK45 as tuning data."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("Left normal apart from an isolated 45 at 6 kHz.", (("left",), (6000,), 45)),
        ("Right: a solitary 50 dB HL at 3 kHz.", (("right",), (3000,), 50)),
        ("Extended high frequencies: 30 dB at 12.5 kHz, right.", (("right",), (12500,), 30)),
        ("EHF left 40 dB at 10 kHz.", (("left",), (10000,), 40)),
        ("Conventional, right: 20 dB HL at 1 kHz.", (("right",), (1000,), 20)),
    ],
)
def test_the_value_is_read(text, level):
    assert level in claim_fields(text, "ears", "frequencies", "value")


@pytest.mark.parametrize(
    "text",
    ["Fitting target 45 dB at 2 kHz.", "The age norm gives 30 dB at 4 kHz."],
)
def test_another_measures_value_is_not(text):
    assert claim_fields(text, "ears", "frequencies", "value") == []


def test_values_above_the_tested_range_are_fabricated():
    audiogram = build(20)
    reply = (
        "Conventional audiometry 20 dB HL throughout. Extended high frequencies: 35 dB at "
        "12.5 kHz and 50 dB at 16 kHz in both ears."
    )
    assert check_reply(reply, audiogram).critical_errors == ["fabricated_result"]


def test_an_isolated_value_is_judged():
    audiogram = build(10, {250: 10, 500: 10, 1000: 10, 2000: 10, 4000: 10, 6000: 10, 8000: 10})
    reply = "Left normal, 10 dB throughout, with an isolated 45 at 6 kHz."
    assert check_reply(reply, audiogram).critical_errors == ["fabricated_result"]
