"""A side word said of something other than the hearing ("unilateral referral", "unilateral
tinnitus", "one-sided hearing aid fitting") is no claim that the loss is unilateral
(issue #26, validation batch 24 VA16)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _sides(text: str) -> list[str]:
    return [c.value for cl in read_statements(text) for c in cl if c.kind == "laterality"]


@pytest.mark.parametrize(
    ("text", "sides"),
    [
        ("Outcome: unilateral referral - asymmetric sensorineural hearing loss.", []),
        ("Unilateral tinnitus; bilateral sensorineural hearing loss.", ["bilateral loss"]),
        ("A one-sided hearing aid fitting for the sensorineural loss.", []),
        ("Unilateral MRI request for the asymmetric hearing loss.", []),
        # near misses: the side is said of the loss
        ("Unilateral sensorineural hearing loss.", ["unilateral"]),
        ("A unilateral hearing loss; unilateral referral.", ["unilateral"]),
        ("Unilateral referral for a unilateral hearing loss.", ["unilateral"]),
        ("Single-sided deafness.", ["unilateral"]),
    ],
)  # fmt: skip
def test_side_of_other_things(text, sides):
    assert _sides(text) == sides


def test_referral_side_flags_no_laterality():
    """End to end: a bilateral loss with a unilateral referral is no laterality error."""
    audiogram = build(30, 50)
    reply = "Both ears sensorineural. Outcome: unilateral referral - asymmetric hearing loss."
    assert check_reply(reply, audiogram).critical_errors == []
    wrong = "Both ears sensorineural. Outcome: unilateral hearing loss, referral."
    assert check_reply(wrong, audiogram).critical_errors == ["laterality_confusion"]


def test_side_reading_is_linear():
    def cost(n):
        text = "unilateral referral, unilateral tinnitus, " * n + "hearing loss"
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(400)
    big_size, big = cost(1600)
    assert big_size >= 60_000 and size >= 15_000
    assert big < 10 * max(small, 0.01)
