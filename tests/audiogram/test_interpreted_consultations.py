"""Results explained through an interpreter (issue #26, batch 58 used as tuning data).

The reading facts tested here, each in wording written here:

- what a third person believes of their ears ("he feels the right is worse", "she thinks
  the left is the bad one") is their view, not the clinician's finding;
- a gloss in brackets straight after quoted words ('"grave" (severe)') is the quotation's:
  it goes wherever the quoted words go;
- a grade named as the one a scale step is above ("profound is the grade above severe")
  names the scale's order, not the ear's grade;
- a conduction named between a no response and its frequency ("no response to air at
  6 kHz") is that no response's conduction;
- a region stated before a 'normal' phrase in its clause ("up to 1 kHz her hearing is
  normal") scopes it;
- a focusing adverb between a frequency and its level ("at 3 kHz only 40 dB") keeps them a
  pair.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.statements import read_statements

from .conftest import assert_blanked, build

LEFT_WORSE = build(
    {250: 20, 500: 20, 1000: 25, 2000: 30, 4000: 35, 8000: 40},
    {250: 35, 500: 40, 1000: 45, 2000: 50, 4000: 55, 8000: 60},
    right_bone={500: 20, 1000: 25, 2000: 30, 4000: 35},
    left_bone={500: 40, 1000: 45, 2000: 50, 4000: 55},
    bone_masked=True,
)  # sensorineural both; right mild (27.5), left moderate (47.5)
PROFOUND = build(90, right_bone={500: 60}, left_bone={500: 60}, bone_masked=True)
SKI_SLOPE = build({250: 15, 500: 15, 1000: 15, 2000: 50, 3000: 70, 4000: 80, 8000: 85})


@pytest.mark.parametrize(
    ("text", "gone", "kept"),
    [
        ("The left is worse on testing, though he feels the right is worse.",
         ["the right is worse"], ["The left is worse on testing"]),
        ("Left ear moderate. She still thinks the right ear is the poorer one.",
         ["right ear is the poorer"], ["Left ear moderate."]),
        ("I went through the words with the interpreter, who suggested \"grave\" (severe) "
         "as the word to use; the loss is moderate.", ["(severe)"], ["the loss is moderate"]),
    ],
)  # fmt: skip
def test_someone_else_s_view_and_a_quoted_gloss_are_not_read(text, gone, kept):
    assert_blanked(without_unclaimed(text), gone, kept)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Summary: both ears sensorineural, the left moderate and the right mild. The left is "
         "the worse ear, although he feels the right is worse.", []),
        ("Summary: both ears sensorineural, the left moderate and the right mild. He believes "
         "his right ear is the worse one, but the test shows the left is.", []),
        # the clinician's own view is still read
        ("Summary: both ears sensorineural. I feel the right is worse.",
         ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_a_patient_s_belief_is_not_the_clinician_s_claim(reply, errors):
    assert check_reply(reply, LEFT_WORSE).critical_errors == errors


@pytest.mark.parametrize(
    "reply",
    [
        "Both ears: profound sensorineural loss. I explained that profound is the grade above "
        "severe.",
        "Profound loss in each ear; the interpreter checked that profound is the category "
        "beyond severe.",
        'Both ears profound. The interpreter suggested "bardzo ciężki" (very severe) for it.',
    ],
)
def test_grade_names_explained_are_no_grade_claims(reply):
    assert check_reply(reply, PROFOUND).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Bone 60 at 500 Hz; no response to air at 8 kHz.",
        "Bone conduction was absent above 500 Hz, and no response by air at 8 kHz.",
    ],
)
def test_a_no_response_takes_the_conduction_named_before_its_frequency(text):
    nr = [c for s in read_statements(text) for c in s if c.value == "no response"]
    nr += [c for c in read_claims(text) if c.value == "no response"]
    assert nr and all(c.conduction == "air" and c.frequencies == (8000,) for c in nr)


@pytest.mark.parametrize(
    "reply",
    [
        "Up to 1000 Hz her hearing is normal; above that it drops steeply to 80 dB at 4 kHz.",
        "Until 1 kHz the hearing is normal in both ears, then there is a steep fall.",
    ],
)
def test_a_region_before_normal_scopes_it(reply):
    normal = [c for s in read_statements(reply) for c in s if c.value == "normal"]
    assert normal and all(c.frequencies for c in normal)
    assert check_reply(reply, SKI_SLOPE).critical_errors == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Both ears: at 2000 Hz 50 dB, at 3000 Hz only 70 dB.", []),
        ("Both ears: at 2000 Hz 50 dB, at 3000 Hz only 30 dB.", ["fabricated_result"]),
        ("Both ears: at 2 kHz 50 dB, in 3 kHz just 30 dB.", ["fabricated_result"]),
    ],
)
def test_a_focusing_adverb_keeps_a_frequency_and_its_level(reply, errors):
    assert check_reply(reply, SKI_SLOPE).critical_errors == errors
