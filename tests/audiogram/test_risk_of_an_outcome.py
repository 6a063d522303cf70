"""An outcome named as a risk, chance or danger ("counsel on the risk of a dead ear") is a
possible future, not a finding: it makes no claim about the ear's degree."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import conductive_right


@pytest.mark.parametrize(
    "text",
    [
        "Plan: right stapedotomy; consent covers the risk of a dead ear (about 1 in 100).",
        "Surgery offered. She knows there is a small chance of a dead ear afterwards.",
        "Explained the risks of dead ear and of taste change before listing her.",
        "Warned about the danger of a dead ear with revision surgery.",
    ],
)
def test_an_outcome_named_as_a_risk_claims_no_degree(text):
    found = check_reply(text, conductive_right())
    assert not [f for f in found.findings if f.kind.value == "degree"], found.findings
    assert found.critical_errors == []


@pytest.mark.parametrize(
    "text",
    ["Right dead ear after the operation.", "The right ear is now a dead ear: no response."],
)
def test_an_ear_said_dead_is_still_a_degree_claim(text):
    found = check_reply(text, conductive_right())
    assert "severity_misclassification" in found.critical_errors
