"""The condition a fitness or return decision is given on ("fit once the left ear equalises
and hearing is normal", "unfit until his hearing is normal", "may return to diving when the
hearing has recovered") is a state still to come, not a result of this test: it is blanked
to its clause end, the decision's own words kept. A fitness statement with no condition, and
a result given after "fit" in its own words, are read. Batch 112 YM31 as tuning data
(discourse.FITNESS_CONDITION)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

LEFT_CONDUCTIVE = build(
    10,
    {250: 55, 500: 50, 1000: 35, 2000: 20, 4000: 15, 8000: 15},
    left_bone={500: 5, 1000: 10, 2000: 10, 4000: 10},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "Unfit for now; fit once the left ear equalises and hearing is normal.",
        "No diving: unfit until his hearing is normal in both ears.",
        "She may return to flying when the hearing is normal again.",
        "Cleared to dive provided that her left ear is normal on re-test.",
    ],
)
def test_the_condition_is_no_result(text):
    low = without_unclaimed(text).lower()
    assert "normal" not in low
    assert check_reply(text, LEFT_CONDUCTIVE).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Fit to dive: hearing is normal in the right ear.",  # a result, no condition
        "Hearing is normal on the left; fit for work.",
        "He fitted his own aids once; hearing is normal on the left.",  # no decision
    ],
)
def test_results_beside_a_decision_are_read(text):
    assert "normal" in without_unclaimed(text).lower()


def test_a_result_beside_the_decision_is_still_judged():
    reply = "Fit once the ear equalises. Left hearing is normal."
    assert check_reply(reply, LEFT_CONDUCTIVE).critical_errors != []
