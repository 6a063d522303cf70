"""A relative's child, a nephew or a niece is a relative: "his sister's son has Alport syndrome
with a high-frequency sensorineural loss in both ears" is family history, not this patient's
audiogram (issue #26, blind batch 47, genetic counselling letters, as tuning data: VZ07, whose
family history gave a wrong type finding beside its planted one). Near misses: "your son",
"her daughter" alone are often the patient and are read, and a relative who reports on the
patient is a source."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_linear, conductive_right, cpu_cost

# right moderate conductive loss (PTA 37.5), left normal at 10 dB HL
RIGHT_CONDUCTIVE = conductive_right()


@pytest.mark.parametrize(
    "reply",
    [
        "His sister's son has Alport syndrome with a high-frequency sensorineural loss in both "
        "ears.",
        "Her nephew has a severe sensorineural loss in both ears.",
        "His brother's daughter wears hearing aids for a profound loss.",
        "A niece was diagnosed with a severe sensorineural loss as a baby.",
    ],
)
def test_a_relatives_child_is_a_relative(reply):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (
            "Your son has a moderate sensorineural loss in both ears.",
            ["laterality_confusion", "type_misclassification"],
        ),
        (
            "Her daughter's right ear has a severe sensorineural loss.",
            ["severity_misclassification", "type_misclassification"],
        ),
        (
            "His sister's son says the right ear has a severe sensorineural loss.",
            ["severity_misclassification", "type_misclassification"],
        ),
    ],
)
def test_a_child_alone_or_a_relative_reporting_is_still_read(reply, errors):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == errors


def test_relatives_are_read_in_linear_time():
    text = "his sister's son has a loss, " * 60 + "son " * 300 + ". "
    small = cpu_cost(lambda: check_reply(text * 5, RIGHT_CONDUCTIVE))
    big = cpu_cost(lambda: check_reply(text * 20, RIGHT_CONDUCTIVE))
    assert_linear(small, big)
