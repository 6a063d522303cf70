"""An ear named worse in shorthand, with "ear" but no verb ("left ear worse, moderate", "right
ear worse - 55 at 2 kHz, moderate"): the ear is the clause's subject, named as the worse one
(lexicon.WORSE_NAMED), and carried on to the clauses after it, not passed over for the ear
named before (issue #26, batch 196 TM11's kind, as tuning data). A comparison with the other
ear named ("left ear worse than right, ...") stays a comparison, and a side word alone before
"worse" ("(left worse, by 20 dB)") keeps its recorded reading. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# right mild (4FA 25), left moderate (4FA 45), sensorineural both
CASE = build({250: 15, 500: 15, 1000: 20, 2000: 25, 4000: 40, 8000: 45},
             {250: 25, 500: 30, 1000: 40, 2000: 50, 4000: 60, 8000: 65})  # fmt: skip


@pytest.mark.parametrize(
    "reply",
    [
        "Right ear mild loss, left ear worse, moderate.",
        "R ear: mild loss (average 25); left ear worse - 50 at 2 kHz, average 45, moderate.",
        "- right mild HL\n- left ear worse; moderate, sensorineural",
        "Right ear has a mild loss, left ear much worse, a moderate loss.",
    ],
)
def test_the_ear_named_worse_carries_on(reply):
    assert check_reply(reply, CASE).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "Left ear mild loss, right ear worse, moderate.",
        "Left mild; right worse - average 45, moderate.",
        "left mild, right ear worse: moderate",
    ],
)
def test_the_wrong_ear_named_worse_is_flagged(reply):
    assert check_reply(reply, CASE).critical_errors
