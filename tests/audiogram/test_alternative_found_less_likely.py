"""The alternative a writer weighs and finds less likely is not claimed: in "otosclerosis more
likely than sudden SNHL" the sensorineural loss is the diagnosis set aside (issue #26, blind
batch 46, sudden-loss follow-up notes, as tuning data: VY19's impression line). Near misses:
the type that is more likely ("a sensorineural loss is more likely than a conductive one",
"sensorineural loss less likely than conductive": conductive is the one preferred) and a
finding after the comparison are read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_linear, build, conductive_right, cpu_cost

# right conductive loss (air 30-45 over masked bone 5-10), left normal at 10 dB HL
RIGHT_CONDUCTIVE = conductive_right()
# flat mild sensorineural loss, 25 dB HL both ears (bone 20)
FLAT_MILD = build(25, right_bone=20, left_bone=20)


@pytest.mark.parametrize(
    "reply",
    [
        "Impression: otosclerosis more likely than sudden SNHL; no steroids.",
        "Right ear: a conductive loss, more likely than a sensorineural one.",
        "Glue ear is more probable than a sensorineural cause for the right ear.",
    ],
)
def test_the_alternative_found_less_likely_is_not_claimed(reply):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == []


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        (
            "Right ear: a sensorineural loss is more likely than a conductive one.",
            RIGHT_CONDUCTIVE,
            ["type_misclassification"],
        ),
        (
            "Right ear: sensorineural loss less likely than conductive.",
            RIGHT_CONDUCTIVE,
            ["type_misclassification"],
        ),
        (
            "Presbycusis more likely than noise damage; both ears have a mild conductive loss.",
            FLAT_MILD,
            ["type_misclassification"],
        ),
    ],
)
def test_the_type_preferred_is_still_read(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors


def test_the_comparison_is_read_in_linear_time():
    text = "Right ear: otosclerosis more likely than sudden SNHL, " * 40
    small = cpu_cost(lambda: check_reply(text * 5, RIGHT_CONDUCTIVE))
    big = cpu_cost(lambda: check_reply(text * 20, RIGHT_CONDUCTIVE))
    assert_linear(small, big)
