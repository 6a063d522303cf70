"""A rule, limit or method quoted under its name is the writer's yardstick, not a result:
"Criteria (15 dB at two adjacent frequencies; 15 dB at 3 kHz)", "Against the Class 1 limits
(35 dB HL at 500, 1000 and 2000 Hz; 50 dB HL at 3000 Hz)", "Service standard: average of
0.5-2 kHz no worse than 35 dB HL", "calculation (mean of 0.5, 1, 2 and 3 kHz, 25 dB fence)"
(issue #26, validation batches 41 and 44, fitness-for-duty reports and asymmetry screens, as
tuning data: VT31, VT33, VW08, VW12, and VT14 beside its planted error). "Within normal limits
(...)" and "no response at the oscillator limits (65-70 dB HL)" are findings and are read. The
name may carry its user and an aside before the colon ("Profile rule used by the clinic
(paraphrased): ..."), and the rule goes on through each semicolon whose part states a limit
(batches 49-50: WC02, WC06, WB26)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import assert_blanked, assert_linear, build, cpu_cost

# left low-frequency conductive loss, right normal at 10 dB HL
LEFT_LOW_CONDUCTIVE = build(
    10, {250: 55, 500: 50, 1000: 35, 2000: 20, 4000: 15, 8000: 15},
    left_bone={500: 10, 1000: 10, 2000: 10}, right_bone={500: 10, 1000: 10}, bone_masked=True,
)  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Against the Class 1 limits (35 dB HL at 500, 1000 and 2000 Hz; 50 dB HL at 3000 Hz): "
         "the left ear exceeds the limit at 500 Hz.", []),
        ("Criteria (40 dB at two adjacent frequencies; 40 dB at 4 kHz): none met.", []),
        ("Rules: 40 dB at two adjacent frequencies / 40 dB at 4 kHz - neither met.", []),
        ("Service standard: no worse than 70 dB HL at 4 kHz in the better ear.", []),
        ("Examiner's calculation (mean of 0.5, 1, 2 and 4 kHz, 70 dB HL at 4 kHz as the fence).",
         []),
        # the name with who uses it and an aside before the colon, and a rule that goes on
        # through semicolons (batches 49-50: WC02, WC06, WB26)
        ("Profile rule used by the clinic (paraphrased): H1 = average of 500, 1000 and 2000 Hz "
         "of 25 dB or less, and 4000 Hz 70 dB or less; H2 = average 30 dB or less, 4000 Hz 60 "
         "or less; otherwise H3.", []),
        ("Class 3 tone rule (as given in the medical standards): no ear worse than 35 dB HL at "
         "500 Hz, nor worse than 60 dB HL at 4000 Hz.", []),
        ("Candidacy rule (protocol): PTA of 70 dB HL or more in the better ear -> met.", []),
        ("Standard applied by the service: no worse than 60 dB HL at 4 kHz; 70 dB HL or worse "
         "at 8 kHz fails.", []),
        # near misses: an ear named after the aside, a semicolon's part that is a result
        ("Rule used by the clinic (paraphrased): right ear 60 dB HL at 4 kHz.",
         ["fabricated_result"]),
        ("Standard: no worse than 35 dB HL; right ear 60 dB HL at 4 kHz.", ["fabricated_result"]),
        ("Standard: no worse than 35 dB HL; 60 dB HL at 4 kHz on the left.",
         ["fabricated_result"]),
        # near misses: a finding in "normal limits (...)", and levels outside the quote
        ("Right ear within normal limits (60 dB HL at 4 kHz).", ["fabricated_result"]),
        ("Criteria (15 dB at 3 kHz): met. Right 60 dB HL at 4 kHz.", ["fabricated_result"]),
        ("Left standard audiometry: 5 dB HL at 500 Hz.", ["fabricated_result"]),
        # an ear named inside the quote, or limits an ear exceeds: a result (fixB7, reviewer)
        ("Calculation: right PTA 60 dB HL.", ["fabricated_result"]),
        ("Method: right ear thresholds were 60 dB HL at 1 kHz.", ["fabricated_result"]),
        # (and 25 dB at 4 kHz, where the ears differ by 5: a fabricated size, tune60)
        ("Criteria met: right ear 25 dB worse than the left at 4 kHz.",
         ["fabricated_result", "laterality_confusion"]),
        ("Right ear exceeds the Class 1 limits (45 dB HL at 2 kHz).", ["fabricated_result"]),
        # a calculation worked through to its value, and an ear named by its tag, report the
        # patient's result (review8: both were blanked, a silent "no error")
        ("Right ear\nCalculation: (55 + 50 + 35 + 20) / 4 = 40 dB HL, a moderate loss.",
         ["laterality_confusion", "severity_misclassification"]),
        ("Calculation: RE PTA 60 dB HL.", ["fabricated_result"]),
        ("Criteria met: AD 60 dB HL at 4 kHz.", ["fabricated_result"]),
        ("Criteria met: both ears 60 dB HL at 4 kHz.", ["fabricated_result"]),
        # near misses: the formula and a limit with no worked value stay a yardstick
        ("Formula: PTA = (T500 + T1000 + T2000 + T4000) / 4, with 40 dB HL as the fence.", []),
        ("Criteria: an average (0.5 + 1 + 2 + 4 kHz) / 4 of 40 dB HL or worse.", []),
        ("Standard: both ears no worse than 60 dB HL at 4 kHz.", []),
        ("Rule: each ear at least 60 dB HL at 4 kHz.", []),
    ],
)  # fmt: skip
def test_quoted_rules_are_not_results(reply, errors):
    assert check_reply(reply, LEFT_LOW_CONDUCTIVE).critical_errors == errors


def test_the_equipment_limit_is_a_result():
    text = "Masked bone gave no response at the oscillator limits (65-70 dB HL)."
    assert without_unclaimed(text) == text


def test_only_the_rule_is_blanked():
    assert_blanked(
        "Limits (35 dB HL at 12.5 kHz): met. Left 55 dB HL at 250 Hz.",
        gone=["35 dB", "12.5"],
        kept=["met. Left 55 dB HL at 250 Hz."],
    )


def test_quoted_rule_reading_is_linear():
    def cost(n):
        text = "criteria (15 dB at 3 kHz) at the limits (20 dB) " * n
        return cpu_cost(lambda: check_reply(text, LEFT_LOW_CONDUCTIVE))

    assert_linear(cost(250), cost(1000))


def test_a_rule_going_on_through_semicolons_is_linear():
    def cost(n):
        text = "Rule used by the clinic (paraphrased): " + "60 dB or less; " * n + "done."
        return cpu_cost(lambda: check_reply(text, LEFT_LOW_CONDUCTIVE))

    assert_linear(cost(250), cost(1000))
