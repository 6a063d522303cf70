"""An exact-answer text field whose value repeats the field's own name before the answer.

Recorded from SmolLM2-135M-Instruct on ausclin mbs-004 (condition rule, llama.cpp,
json_object), 2026-12-07: the field ``mbs_item`` ("MBS item number, digits only") came back
as ``"MBS item 965"``. A person reads that as item 965, the key; clinbench scored it
incorrect. Only the field's own name (and "number", "no.", "code", ":", "#") is dropped,
only when one bare token is left, and the reading is recorded; anything longer is left as
the model wrote it.
"""

from __future__ import annotations

import json

import pytest

from clinbench.items.model import ExactItem
from clinbench.scoring.exact import score_extraction
from clinbench.scoring.extract import extract_answer

MBS_004 = ExactItem(
    id="mbs-004",
    stem="From 1 July 2025, which MBS item does a GP bill for preparing a GP chronic "
    "condition management plan for an eligible patient?",
    fields=[{"name": "mbs_item", "kind": "text", "description": "MBS item number, digits only"}],
    answer={"mbs_item": "965"},
)
RECORDED = '{ "mbs_item": "MBS item 965", "decline": false }'


def test_recorded_reply_is_read_as_the_item_number():
    found = extract_answer(MBS_004, RECORDED)
    assert found.status == "ok"
    assert found.answer == {"mbs_item": "965"}
    assert found.read_from == "field_label"
    assert "MBS item 965" in found.reason
    assert score_extraction(MBS_004, found)[0] == "correct"


@pytest.mark.parametrize(
    "value",
    ["mbs item 965", "MBS item number 965", "MBS Item No. 965", "mbs_item: 965", "MBS item #965"],
)
def test_label_forms(value):
    found = extract_answer(MBS_004, json.dumps({"mbs_item": value, "decline": False}))
    assert found.answer == {"mbs_item": "965"}


@pytest.mark.parametrize(
    "value",
    [
        # a sentence after the label is not reduced to its first number
        "MBS item 23 is a Level B general practitioner attendance",
        "Level E, 65 minutes",
        "item 965",  # "item" alone is not the field's name
        "965",
    ],
)
def test_other_values_are_kept_as_written(value):
    found = extract_answer(MBS_004, json.dumps({"mbs_item": value, "decline": False}))
    assert found.answer == {"mbs_item": value}
    assert found.read_from == ""


# Recorded from the same model on ausclin -T rewording=1 (mbs-001, mbs-003, mbs-004): the
# field holds the prompt's description of the field, or its name, and decline is true. Each
# is a decline with the form's placeholder text left in, not a decline that also answers.
@pytest.mark.parametrize(
    "reply",
    [
        '{"mbs_item": "MBS item number, digits only", "decline": true}',
        '{"mbs_item": "MBS item number", "decline": true}',
        '{"mbs_item": "...", "decline": true}',
    ],
)
def test_placeholder_with_decline_is_a_decline(reply):
    found = extract_answer(MBS_004, reply)
    assert found.status == "declined"
    assert "placeholder" in found.reason
    assert score_extraction(MBS_004, found)[0] == "declined"


@pytest.mark.parametrize(
    "value", ["MBS item number, digits only", "MBS item number", "...", "mbs_item", "MBS item"]
)
def test_placeholder_without_decline_is_no_answer(value):
    found = extract_answer(MBS_004, json.dumps({"mbs_item": value, "decline": False}))
    assert found.status == "none"
    assert "placeholder" in found.reason


def test_a_real_value_with_decline_stays_contradictory():
    found = extract_answer(MBS_004, '{"mbs_item": "MBS item 965", "decline": true}')
    assert found.status == "contradictory"
