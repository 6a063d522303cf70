"""The levels of a loudness measure are no thresholds: an uncomfortable loudness level
("Her discomfort levels were 80 dB HL at 2 kHz"), a loudness or pitch match of the tinnitus,
a minimum masking level (issue #26, validation batch 43, tinnitus and hyperacusis letters,
as tuning data: VV07, VV23, VV27, VV37, and VV02, VV20, VV44 beside their planted error).
The measure reaches to its sentence's end; the hearing levels after it, or after "but", are
read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, assert_linear, build, cpu_cost

# flat mild sensorineural loss, 25 dB HL both ears
FLAT_MILD = build(25, right_bone=20, left_bone=20)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Her discomfort levels were 80 dB HL at 2 kHz on both sides.", []),
        ("Uncomfortable loudness levels: 95-100 dB HL in both ears.", []),
        ("Loudness discomfort levels are reduced: 70-75 dB HL at 1-4 kHz in both ears.", []),
        ("UCLs 90 dB HL at 1 kHz and 85 at 4 kHz on the left.", []),
        ("Pitch match 4 kHz; loudness match 60 dB HL at 4 kHz.", []),
        # near misses: hearing levels outside the measure's clause are read
        ("Discomfort levels were 90 dB HL. Thresholds 70 dB HL at 2 kHz in both ears.",
         ["fabricated_result"]),
        ("LDLs were normal, but hearing was 70 dB HL at 2 kHz in both ears.",
         ["fabricated_result"]),
        ("She reports aural discomfort; 70 dB HL at 2 kHz in both ears.",
         ["fabricated_result"]),
        # a comma then "where" or an ear, or a threshold named, ends the measure (#26 review)
        ("Pitch-matched at 4 kHz, where both ears are at 70 dB HL at 2 kHz.",
         ["fabricated_result"]),
        ("Loudness match 60 dB HL at 4 kHz, both ears 70 dB HL at 2 kHz.", ["fabricated_result"]),
        ("UCLs were 90 dB HL with thresholds of 70 dB HL at 2 kHz in both ears.",
         ["fabricated_result"]),
        # "and" or "with" turning to the ear's hearing ends the measure too (review8: the
        # grade and type after it were blanked, a silent "no error")
        ("Loudness discomfort levels were normal and both ears have a severe conductive loss.",
         ["severity_misclassification", "type_misclassification"]),
        ("Pitch-matched to 4 kHz and the audiogram shows 70 dB HL at 2 kHz in both ears.",
         ["fabricated_result"]),
        ("LDLs were 95 dB HL with a profound loss in both ears.",
         ["severity_misclassification"]),
        # near misses: the measure's own levels after "and" stay blanked
        ("UCLs 90 dB HL at 1 kHz and 85 dB HL at 4 kHz in the right and left ears.", []),
        ("UCLs 90 dB HL in the right and left ears at 1 kHz and 85 dB HL at 4 kHz.", []),
        ("Loudness discomfort levels were reduced and mild hyperacusis was diagnosed.", []),
    ],
)  # fmt: skip
def test_loudness_levels_are_not_thresholds(reply, errors):
    assert check_reply(reply, FLAT_MILD).critical_errors == errors


def test_only_the_measure_is_blanked():
    assert_blanked(
        "Bone 20 dB HL. Discomfort levels 12.5 dB above 80 dB HL at 2 kHz; air 25 dB HL.",
        gone=["12.5", "80 dB"],
        kept=["Bone 20 dB HL.", "; air 25 dB HL."],
    )


def test_loudness_measure_reading_is_linear():
    def cost(n):
        text = "discomfort levels 90 dB HL at 1 kHz, 85 at 4 kHz, " * n
        return cpu_cost(lambda: check_reply(text, FLAT_MILD))

    assert_linear(cost(250), cost(1000))


def test_a_level_after_the_measure_and_a_comma_is_read():
    reply = "Tinnitus pitch-matched at 4 kHz, where the right ear has a notch of 60 dB HL."
    assert check_reply(reply, FLAT_MILD).claims_read == 1


# right mild (25), left moderate (45): a side left of a tinnitus aside would move a grade
RIGHT_MILD_LEFT_MODERATE = build(25, 45)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # the side named with the tinnitus goes with it: the left's grade stays the left's
        ("Left: 4FA 45 (moderate) (her right-sided tinnitus was matched at 2 kHz, 30 dB HL).", []),
        ("Left: 4FA 45 (moderate) (the right ear tinnitus is pitch-matched near 4 kHz).", []),
        # near miss: a grade said of the right itself is still read
        ("Left: 4FA 45 (moderate). Right ear: moderate.", ["severity_misclassification"]),
    ],
)  # fmt: skip
def test_the_tinnitus_side_is_the_tinnitus(reply, errors):
    assert check_reply(reply, RIGHT_MILD_LEFT_MODERATE).critical_errors == errors
