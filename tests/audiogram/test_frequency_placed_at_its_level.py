"""A frequency as the subject of a verb that places its level ("250 Hz is at 40 dB HL", "4 kHz
sits at about 60 dB HL", "the 1 kHz point lies at 35 dB") gives the threshold at that
frequency, as "250 Hz is 40 dB HL" does (issue #26, batch 152, the real local model's text,
where a frequency "corresponds to" a level, as tuning data; the phrasings here are new). So
does the copula with an approximating word ("500 Hz is approximately 45 dB HL": batch 160).
A level that is not the frequency's stays unread."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, threshold_levels

FLAT = build(30)  # 30 dB HL at every frequency, both ears


@pytest.mark.parametrize(
    ("reply", "level"),
    [
        ("On the left, 250 Hz is at 70 dB HL.", ("left", 250, 70)),
        ("Right ear: 4 kHz sits at about 75 dB HL.", ("right", 4000, 75)),
        ("2000 Hz lies at roughly 80 dB HL in the right ear.", ("right", 2000, 80)),
        ("1 kHz was at 65 dB HL.", (None, 1000, 65)),
        ("In the right ear 2 kHz is approximately 70 dB HL.", ("right", 2000, 70)),
        ("1000 Hz was about 60 dB HL.", (None, 1000, 60)),
    ],
)
def test_a_level_placed_by_its_frequency_is_read(reply, level):
    assert level in threshold_levels(reply, FLAT)
    assert check_reply(reply, FLAT).critical_errors == ["fabricated_result"]


def test_a_true_level_placed_by_its_frequency_is_no_error():
    reply = "Left ear: 500 Hz is at 30 dB HL."
    assert ("left", 500, 30) in threshold_levels(reply, FLAT)
    assert check_reply(reply, FLAT).critical_errors == []


def test_a_range_or_average_beside_it_is_not_its_level():
    assert (
        check_reply("The average is at 30 dB HL from 500 Hz to 4 kHz.", FLAT).critical_errors == []
    )


def test_an_approximate_level_of_a_frequency_within_range_is_no_error():
    reply = "On the left, 4 kHz is roughly 30 dB HL."
    assert ("left", 4000, 30) in threshold_levels(reply, FLAT)
    assert check_reply(reply, FLAT).critical_errors == []
