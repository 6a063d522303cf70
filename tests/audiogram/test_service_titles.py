"""A title line naming the clinic, pathway or follow-up the patient is seen in by a condition
is the service's name, not a finding of today's audiogram: "Sudden sensorineural hearing loss
- discharge from follow-up" above a note whose today's result is a mixed loss (issue #26,
blind batch 46, sudden-loss follow-up notes, as tuning data: VY20, and VY23's extra type
finding). Near misses: a title naming an ear, a sentence ("Sensorineural loss - review in 6
weeks."), and a claim beside a follow-up plan are read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, assert_linear, conductive_right, cpu_cost

# right moderate conductive loss (PTA 37.5), left normal at 10 dB HL
RIGHT_CONDUCTIVE = conductive_right()


@pytest.mark.parametrize(
    "title",
    [
        "Sudden sensorineural hearing loss - discharge from follow-up",
        "SSNHL follow-up (day 14)",
        "Sudden SNHL pathway - 3-week review",
        "Sudden SNHL clinic, 4 weeks",
    ],
)
def test_a_service_title_is_not_a_finding(title):
    reply = f"{title}\nToday: right moderate conductive loss. Left normal."
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (
            "Right sensorineural loss - review\nToday: right moderate loss.",
            ["type_misclassification"],
        ),
        ("Sensorineural loss - review in 6 weeks.", ["type_misclassification"]),
        (
            "The right ear has a sensorineural loss; follow-up in 6 weeks.",
            ["type_misclassification"],
        ),
        (
            "Sudden SNHL follow-up\nToday: right moderate sensorineural loss.",
            ["type_misclassification"],
        ),
    ],
)
def test_a_claim_beside_a_service_is_still_read(reply, errors):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == errors


def test_only_the_condition_of_the_title_is_blanked():
    assert_blanked(
        "Sudden SNHL pathway - 3-week review\nRight: moderate conductive loss.",
        gone=["SNHL"],
        kept=["pathway - 3-week review", "Right: moderate conductive loss."],
    )


def test_service_titles_are_read_in_linear_time():
    text = "Sudden SNHL clinic " + "x " * 30 + "\n" + "sensorineural loss follow-up\n" * 20
    small = cpu_cost(lambda: check_reply(text * 10, RIGHT_CONDUCTIVE))
    big = cpu_cost(lambda: check_reply(text * 40, RIGHT_CONDUCTIVE))
    assert_linear(small, big)
