"""One level said at every frequency and then called within normal limits says every
threshold is normal: "25 dB HL at every frequency in both ears - within normal limits" on a
flat 25 dB HL loss is wrong (WHO 2021: 20 dB HL or more is a loss), as "both ears within
normal limits" is (issue #26, blind batch 46, sudden-loss follow-up notes, as tuning data:
VY37; the number was read as limiting 'normal' as an average does). Near misses: a true
normal level, an average ("PTA within normal limits") and an exception still limit it."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import degree_claims

from .conftest import assert_linear, build, cpu_cost

# flat 25 dB HL in both ears (bone 20-25): a mild sensorineural loss, not normal hearing
FLAT_25 = build(25, right_bone={500: 20, 1000: 25, 2000: 20, 4000: 25},
                left_bone={500: 20, 1000: 25, 2000: 20, 4000: 25}, bone_masked=True)  # fmt: skip
# normal hearing, 10 dB HL everywhere
NORMAL = build(10)


@pytest.mark.parametrize(
    "reply",
    [
        "Today: 25 dB HL at every frequency in both ears - within normal limits.",
        "Both ears 25 dB HL throughout: within normal limits.",
        "Right and left ears 25 dB HL at all frequencies, WNL.",
    ],
)
def test_a_level_at_every_frequency_called_normal_is_a_normal_claim(reply):
    assert check_reply(reply, FLAT_25).critical_errors == ["type_misclassification"]


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("Both ears 10 dB HL at every frequency - within normal limits.", NORMAL, []),
        ("Both ears: PTA 25 dB HL, within normal limits.", FLAT_25, []),
        ("Both ears within normal limits except 25 dB HL at 4 kHz.", FLAT_25, []),
    ],
)
def test_an_average_or_an_exception_still_limits_normal(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors


def test_the_no_loss_claim_is_read():
    low = "25 db hl at every frequency in both ears - within normal limits"
    kinds = [c.kind for c in degree_claims(low, "both", False, low)]
    assert "no_loss" in kinds


def test_levels_everywhere_are_read_in_linear_time():
    text = "both ears 25 dB HL at every frequency, " * 40 + "every " * 200 + "- normal. "
    small = cpu_cost(lambda: check_reply(text * 5, FLAT_25))
    big = cpu_cost(lambda: check_reply(text * 20, FLAT_25))
    assert_linear(small, big)
