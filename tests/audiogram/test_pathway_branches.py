"""A decision pathway's branch marked "not taken", "not applicable" or "hypothetical", and
the condition of an IF ... THEN rule, say nothing about the patient: the trace's verdict,
written after the rule, does (issue #26, batch 96: rule-engine and branch-trace outputs).
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.pathways import without_rule_conditions, without_untaken_branches
from clinbench.audiogram.statements import read_statements

from .conftest import build

RIGHT_CONDUCTIVE = build(
    {250: 45, 500: 45, 1000: 40, 2000: 35, 3000: 30, 4000: 30, 6000: 25, 8000: 25},
    10,
    right_bone={500: 5, 1000: 10, 2000: 10, 4000: 10},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 5},
    bone_masked=True,
)  # right mild conductive (4FA 37.5: moderate), left normal


def types(text: str) -> set[str]:
    return {
        str(c.value) for part in read_statements(without_unclaimed(text)) for c in part
        if c.kind == "type"
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Step 7 -> conductive route (a sensorineural route would need bone worse than 25 dB: "
        "not applicable).",
        "Node 4: mixed loss pathway not taken.",
        "Box C (not taken): mixed loss with abnormal bone -> CT of the temporal bones.",
        "Hypothetical path: bone above 20 dB HL would make this a mixed loss.",
    ],
)
def test_a_branch_not_taken_is_no_type_claim(text):
    assert types(text) <= {"conductive"}
    assert "mixed" not in types(text) and "sensorineural" not in types(text)


@pytest.mark.parametrize(
    "text",
    [
        "Rule 3: IF masked bone > 20 dB HL THEN type := MIXED -> FALSE; type = CONDUCTIVE.",
        "if the gap closes on masking then label it sensorineural => not met; conductive.",
    ],
)
def test_an_if_then_rule_is_no_claim_but_its_verdict_is(text):
    assert types(text) == {"conductive"}


@pytest.mark.parametrize(
    "text",
    [
        "Step 7 -> conductive route (the sensorineural route: not applicable).",
        "Node 4: mixed loss pathway not taken.",
        "Rule 3: IF masked bone > 20 dB HL THEN type := MIXED -> FALSE",
    ],
)
def test_the_checker_flags_no_untaken_type(text):
    text = "Right conductive hearing loss; left normal.\n" + text
    assert "type_misclassification" not in check_reply(text, RIGHT_CONDUCTIVE).critical_errors


def test_the_taken_branch_is_still_judged():
    text = "Node 4: mixed loss pathway taken (the conductive branch: not taken)."
    assert "type_misclassification" in check_reply(text, RIGHT_CONDUCTIVE).critical_errors


def test_blanking_keeps_length_lines_and_the_rest():
    text = "A: mixed (not taken)\nB: conductive -> TRUE\nIf x then y -> NO"
    for blank in (without_untaken_branches, without_rule_conditions):
        out = blank(text)
        assert len(out) == len(text) and out.count("\n") == 2
        assert "conductive -> TRUE" in out
    assert "mixed" not in without_untaken_branches(text)
    assert without_rule_conditions(text).endswith("-> NO")
