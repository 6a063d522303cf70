"""A clinical trial's eligibility criterion quoted under its number is the protocol's
yardstick, not the subject's result: "Inclusion 4 (bone conduction 25 dB HL or better in the
study ear): met", "Exclusion 5 (conductive component in either ear): APPLIES (left)"
(issue #26, validation batch 49, trial case report forms, as tuning data: WB27, WB49). The
verdict beside the criterion is read, and a criterion that names an ear or gives no limit
after its colon reports a result (near misses)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, assert_linear, build, cpu_cost

# left low-frequency conductive loss, right normal at 10 dB HL
LEFT_LOW_CONDUCTIVE = build(
    10, {250: 55, 500: 50, 1000: 35, 2000: 20, 4000: 15, 8000: 15},
    left_bone={500: 10, 1000: 10, 2000: 10}, right_bone={500: 10, 1000: 10}, bone_masked=True,
)  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (
            "Right ear normal, 10 dB HL.\nExclusion 5 (conductive component in either ear): "
            "applies (left).",
            [],
        ),
        ("Inclusion criterion 3 (sensorineural loss in both ears): not met.", []),
        (
            "Exclusion criterion 2: a severe loss, 70 dB HL or worse at 2 kHz in either ear - not "
            "met.",
            [],
        ),
        ("Eligibility (moderate sensorineural loss, 40-70 dB HL at 2 kHz): not met.", []),
        ("Exclusion 2 (air conduction 70 dB HL or worse at 2 kHz in either ear): not met.", []),
        # near misses: the criterion names an ear, the colon part states no limit, or a
        # result follows the verdict
        ("Inclusion 4 (right ear bone 60 dB HL at 1 kHz): met.", ["fabricated_result"]),
        ("Inclusion 4: right ear 60 dB HL at 1 kHz.", ["fabricated_result"]),
        (
            "Exclusion criterion 2: a severe loss at 2 kHz in the left ear.",
            ["severity_misclassification"],
        ),
        (
            "Inclusion 4 (bone 25 dB HL or better): met; the right ear is 60 dB HL at 1 kHz.",
            ["fabricated_result"],
        ),
        (
            "Exclusion 5 (conductive component in either ear): applies - the right ear has a "
            "conductive loss.",
            ["laterality_confusion"],
        ),
    ],
)
def test_a_trial_criterion_is_not_a_result(reply, errors):
    assert check_reply(reply, LEFT_LOW_CONDUCTIVE).critical_errors == errors


def test_the_criterion_is_blanked_and_its_verdict_kept():
    assert_blanked(
        "Inclusion 4 (bone conduction 25 dB HL or better in the study ear): met.",
        gone=["25 dB HL", "study ear"],
        kept=["Inclusion 4", "met."],
    )
    assert_blanked(
        "Exclusion 5 (conductive component in either ear): APPLIES (left).",
        gone=["conductive"],
        kept=["APPLIES (left)"],
    )


def test_the_batch_49_form_reads_no_bone_level_for_the_other_ear():
    # WB27: the study ear's bone limit was read as the left ear's bone level (carried from
    # the line before)
    ears = build(
        {250: 60, 500: 60, 1000: 60, 2000: 65, 4000: 60, 8000: 70}, 10,
        right_bone={500: 5, 1000: 10, 2000: 15, 4000: 10}, left_bone={500: 5, 1000: 5},
        bone_masked=True,
    )  # fmt: skip
    reply = (
        "LEFT: normal, 10 dB HL; bone 5 dB HL.\n"
        "Inclusion 4 (bone conduction 25 dB HL or better in the study ear): met."
    )
    assert check_reply(reply, ears).critical_errors == []


def test_trial_criteria_are_read_in_linear_time():
    text = "Exclusion 7 (" + "a" * 150 + ": " * 50
    small = cpu_cost(lambda: check_reply(text * 40, LEFT_LOW_CONDUCTIVE))
    big = cpu_cost(lambda: check_reply(text * 160, LEFT_LOW_CONDUCTIVE))
    assert_linear(small, big)
