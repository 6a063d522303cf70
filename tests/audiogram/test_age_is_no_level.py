"""A number naming a person's age ("a woman of 78", "aged 65", "a 70-year-old") is no
hearing level, even beside a frequency ("the median for a man of 68 at 4 kHz"). Validation
batch 93 XT21 (age-norm interpretations, as tuning data; ages.AGE, in check.READING_STEPS)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.ages import AGE, YEARS, age_spans, may_name_an_age, without_ages
from clinbench.audiogram.check import check_reply

from .conftest import build, random_word_texts

FLAT_45 = build(45)


@pytest.mark.parametrize(
    "text",
    [
        "Set against listeners aged 65 at 4 kHz, both ears sit at 45 dB HL.",
        "For a gentleman of 81 at 2 kHz the picture is ordinary: 45 dB HL each side.",
        "Both ears 45 dB HL; he is 70 yrs at 1 kHz testing, so age plays a part.",
    ],
)
def test_an_age_is_no_threshold(text):
    assert check_reply(text, FLAT_45).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "A man of 68: both ears 70 dB HL at 4 kHz.",
        "Aged 52, her right ear is 80 dB HL at 1 kHz.",
    ],
)
def test_a_level_beside_an_age_is_still_read(text):
    assert check_reply(text, FLAT_45).critical_errors == ["fabricated_result"]


def test_blanking():
    text = "A woman of 78 at 4 kHz; right ear 45 dB HL at 4 kHz."
    out = without_ages(text)
    assert len(out) == len(text) and "78" not in out
    assert "woman of" in out and "right ear 45 dB HL at 4 kHz" in out


def test_the_cheap_test_is_exact_on_random_texts():

    words = (
        "man woman men person patient of aged age Age: 78 65 years old year-old yo y/o yrs "
        "at 4 kHz dB 45 right left - , the \u0130 r\u0131ght"
    ).split()
    seps = [" ", "  ", "\t", "\n", "", "-"]
    for text in random_word_texts(words, seps, seed=93, count=20000, longest=10):
        low = text.lower()
        if not may_name_an_age(low):
            assert not AGE.search(low) and not YEARS.search(low) and not age_spans(low), text
            assert without_ages(text) == text
