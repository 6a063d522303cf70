"""A number after an at-sign is no frequency when a unit of another measure follows it
("20 sessions @ 2.5 ATA": a treatment pressure in atmospheres absolute; "@ 1.5 bar", "@ 5 mg"),
batch 112: a hyperbaric referral. Wording of our own."""

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
        "Course booked: 20 sessions @ 2.5 ATA, Monday to Friday.",
        "Cylinder check 12 @ 1.5 bar before the dive",
        "Loading dose 30 @ 6 mg per kg",
    ],
)
def test_a_number_in_another_unit_is_no_frequency(text):
    assert frequencies(text) == []


@pytest.mark.parametrize(
    ("text", "hz"),
    [("45 @ 1.5 kHz and 50 @ 3k", ["1500", "3000"]), ("60 @ 4, right ear", ["4000"])],
)
def test_a_frequency_after_an_at_sign_still_reads(text, hz):
    assert frequencies(text) == hz


@pytest.mark.parametrize(
    "reply",
    [
        "Chamber plan: 20 sessions @ 2.5 ATA. Audiogram: flat 45 dB HL in both ears, "
        "moderate, sensorineural.",
        "Dives logged last season: 40 @ 1.5 bar average. Hearing flat at 45 dB HL each ear, "
        "a moderate sensorineural loss.",
    ],
)
def test_a_pressure_after_an_at_sign_flags_nothing(reply):
    assert check_reply(reply, FLAT).critical_errors == []
