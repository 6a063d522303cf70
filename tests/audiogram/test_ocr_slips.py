"""OCR letter slips in clinical words are mended before a reply is read (issue #26, batch
32's class: a handwritten note passed through a scanner's OCR). A scanner reads "m" as "rn",
"o" as "0" and mixes "l", "I", "i" and "1"; digits that carry a value are never touched. The
sentences are written here, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import OCR_WORDS, _ocr_key, ocr_slips_mended

from .conftest import assert_linear, build, cpu_cost

MENDED = [
    ("Rt rnild SNHL", "Rt mild SNHL"),
    ("L/ rnod-sev CHL", "L/ mod-sev CHL"),
    ("=> rnixed, SEVERE", "=> mixed, SEVERE"),
    ("Lt C0NDUCTIVE loss", "Lt CONDUCTIVE loss"),
    ("Lt normaI", "Lt normal"),
    ("lmpressi0n: bilat sIop1ng loss", "impression: bilat sloping loss"),
    ("Tyrnps A / A", "tymps A / A"),
    ("rnoderate HL biIat", "moderate HL bilat"),
    ("MlXED HL", "mixed HL"),
    ("pr0f0und both", "profound both"),
    ("tyrnp Ad (hypercornpliant)", "tymp Ad (hypercompliant)"),
]


@pytest.mark.parametrize(("text", "expected"), MENDED)
def test_ocr_slips_in_clinical_words_are_mended(text, expected):
    assert ocr_slips_mended(text) == expected


NEAR_MISSES = [
    "a flat pattern, no concern, turn to the internal auditory meatus",  # real 'rn' words
    "10 15 20 at 1k 2k, 0.5 kHz 40",  # digits carry values: never letters
    "R1 L0 Ad",  # a digit after one letter only: not between letters
    "Ali and Mil are names; It is flat; In the left ear",  # capitals of everyday words
    "limp, lid, nil, ill, mid",  # near spellings of clinical words are other words
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_text_without_ocr_slips_is_unchanged(text):
    assert ocr_slips_mended(text) == text


def test_no_two_clinical_words_share_a_slip_blind_spelling():
    keys = [_ocr_key(word) for word in OCR_WORDS]
    assert len(set(keys)) == len(keys)


MILD_LEFT_CONDUCTIVE = build(
    10,
    {250: 40, 500: 40, 1000: 35, 2000: 25, 3000: 20, 4000: 20, 6000: 20, 8000: 20},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 10},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Lt C0NDUCTIVE loss, rnild\nRt n0rmal", []),
        ("Lt rnixed loss, rnild\nRt n0rmal", ["type_misclassification"]),
        ("Lt C0NDUCTIVE loss, pr0f0und\nRt n0rmal", ["severity_misclassification"]),
    ],
)
def test_mended_words_are_read_as_claims(reply, errors):
    assert check_reply(reply, MILD_LEFT_CONDUCTIVE).critical_errors == errors


def test_mending_is_linear():
    def cost(n):
        text = "Lt rnild C0NDUCTIVE, normaI; pattern turn 10 15 20\n" * n
        return len(text), cpu_cost(lambda: ocr_slips_mended(text))

    size, small = cost(2000)
    _, big = cost(8000)
    assert size > 100_000
    assert_linear(small, big, floor=0.02, most=2.0)


@pytest.mark.parametrize("unit", ["rnild pattern turn, ", "rnrnrnrnrn"])
def test_mending_words_with_rn_only_is_linear(unit):
    # Text whose only slip sign is "rn" takes the word-by-word path; one long word of "rn"
    # is looked at once, not once per "rn" in it.
    def cost(n):
        text = unit * n
        return len(text), cpu_cost(lambda: ocr_slips_mended(text))

    size, small = cost(6000)
    _, big = cost(24000)
    assert size > 50_000
    assert_linear(small, big, floor=0.02, most=2.0)


def test_words_with_rn_are_mended_alone_and_the_rest_kept():
    assert ocr_slips_mended("a pattern of rnild, then rnod-sev (turn)") == (
        "a pattern of mild, then mod-sev (turn)"
    )
