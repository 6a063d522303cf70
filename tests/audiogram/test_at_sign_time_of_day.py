"""A time of day after an at-sign is no frequency (lexicon.CLOCK_TIME): observation charts
and patient-report forms stamp each set of observations with its time ("Obs 2 @ 14:40", "BP
re-checked @ 0915"), and the number before it is no level. Issue #26 batch 158: an ambulance
form. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import tokens

from .conftest import build

FLAT = build(45)


def frequencies(text: str) -> list[str]:
    return [t.value for t in tokens(text.lower()) if t.kind == "freq"]


@pytest.mark.parametrize(
    "text",
    [
        "Set 3 @ 14:40: pulse 96, sats 97%",
        "BP re-checked @ 0915, 132/84",
        "Second reading @ 7:05 after the nebuliser",
        "Obs 2 @23:59 handed over",
    ],
)
def test_a_time_of_day_is_no_frequency(text):
    assert frequencies(text) == []


@pytest.mark.parametrize(
    ("text", "hz"),
    [
        ("35 @ 1000, 40 @ 2000 and 45 @ 1500", ["1000", "2000", "1500"]),
        ("55 @ 0.25, right ear", ["250"]),
        ("50 @ 1250 Hz", ["1250"]),
        ("60 @ 4: right", ["4000"]),
    ],
)
def test_a_frequency_after_an_at_sign_still_reads(text, hz):
    assert frequencies(text) == hz


def test_time_stamped_observations_flag_nothing():
    reply = (
        "Set 1 @ 09:50: pulse 104, RR 24, temp 38.1.\n"
        "Set 2 @ 1020: pulse 96, RR 20.\n"
        "Hearing clinic result from this morning: flat 45 dB HL in both ears, a moderate "
        "sensorineural loss."
    )
    assert check_reply(reply, FLAT).critical_errors == []


def test_a_level_at_an_untested_frequency_still_flags():
    reply = "Hearing clinic result from this morning: R 45 @ 2k, 70 @ 10, moderate."
    assert check_reply(reply, FLAT).critical_errors == ["fabricated_result"]
