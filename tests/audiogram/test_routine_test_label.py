"""A label that says when this test falls in a routine ("annual", "routine", "pre-season")
names this test, not another measure: a level after it is read as this ear's threshold
(lexicon.THRESHOLD_LABEL_WORDS, labelled_otherwise). Issue #26 batch 158: a club's
pre-season hearing test done the same day. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply

from .conftest import build

NORMAL = build(10)


@pytest.mark.parametrize(
    "low",
    [
        "hearing: annual hearing test today - normal apart from 50 db at 6 khz on the left.",
        "hearing: pre-season test today, normal except 50 db at 6 khz on the left.",
        "hearing: routine yearly audiogram - 50 db at 6 khz on the left.",
    ],
)
def test_a_routine_tests_level_is_read(low):
    assert not lexicon.labelled_otherwise(low, low.index("50"))


@pytest.mark.parametrize(
    "low",
    [
        "hearing: annual noise survey - 85 db at 6 khz on the shop floor.",
        "hearing: pre-season helmet fitting, 50 db at 6 khz attenuation.",
    ],
)
def test_another_measures_label_still_labels(low):
    assert lexicon.labelled_otherwise(low, low.index("85" if "85" in low else "50"))


def test_a_wrong_level_in_a_routine_test_is_caught():
    reply = "Ankle sprain. Hearing: annual hearing test today - normal except 50 dB at 6 kHz left."
    assert check_reply(reply, NORMAL).critical_errors == ["fabricated_result"]


def test_a_true_routine_test_flags_nothing():
    reply = "Ankle sprain. Hearing: pre-season hearing test today - normal, 10 dB at 6 kHz left."
    assert check_reply(reply, NORMAL).critical_errors == []
