"""A statement that something was not done, in a bracket that names its own subject ("(left
250 Hz not tested)", "(OAEs not done)"), is an aside about that subject only: it voids the
bracket, not the values of the clause around it. A bracket that opens with the statement
("(not tested)") is a note on what stands before it and voids the clause, as before; so does
one that names an ear the clause outside it does not name (its ear may have been taken for
the clause's). statements._bracket_of_its_own; batch 132 ZG18 as tuning data."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields


def _levels(text: str) -> list[tuple]:
    return claim_fields(text, "ears", "frequencies", "value", ordered=True)


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("Left 40 at 1 kHz, 65 at 3 kHz (left 8 kHz not tested).", (("left",), (3000,), 65)),
        ("Right ear: 30 dB at 2 kHz (OAEs not done).", (("right",), (2000,), 30)),
        ("Left 55 dB HL at 4 kHz (750 Hz wasn't tested).", (("left",), (4000,), 55)),
    ],
)
def test_the_values_outside_the_aside_are_read(text, level):
    assert level in _levels(text)


@pytest.mark.parametrize(
    "text",
    [
        "Left 40 at 1 kHz, 65 at 3 kHz (not tested).",  # the note voids what precedes it
        "Right 20 dB at 500 Hz, 30 at 1 kHz (3 kHz not tested in either ear).",
        "Left 50 dB at 2 kHz was not tested.",
    ],
)
def test_near_misses_stay_unread(text):
    assert _levels(text) == []


def test_a_value_at_a_frequency_the_ear_lacks_is_found():
    audiogram = build({500: 20, 1000: 20, 2000: 25, 3000: 30, 4000: 40},
                      {500: 20, 1000: 20, 2000: 25, 4000: 40})  # fmt: skip
    reply = "Left 20 dB at 500 Hz, 55 at 3 kHz, 40 at 4 kHz (left 250 Hz not tested)."
    assert check_reply(reply, audiogram).critical_errors == ["fabricated_result"]
