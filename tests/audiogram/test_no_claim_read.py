"""A reply in which the fact checker reads no claim is "no claim read", never "no critical error"
(issue #26): the FactCheck says so, and so do `clinbench audiogram check` and the validation
scores."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from clinbench.audiogram.check import CheckOutcome, check_claims, check_reply, critical_error_scores
from clinbench.audiogram.claims import Claim
from clinbench.cli.audiogram_commands import app

from .conftest import DATA

CASE = "B_right_conductive_adult"  # right: moderate conductive; left: normal
NOTHING = (  # SmolLM2's words in validation batch 18 (G13): nothing about this audiogram
    "The audiogram below provides a detailed assessment of hearing loss in the right ear and "
    "left ear. The degree and type of hearing loss are indicated by the decibel logarithm "
    "(dBHL), which indicates the extent to which sound is reduced."
)
TRUE = "Right ear: moderate conductive hearing loss. Left ear: normal hearing."
WRONG = "Left ear: moderate conductive loss. Right ear: normal hearing."
UNVERIFIABLE = "There is a moderate conductive hearing loss."  # no ear: true of one only


@pytest.fixture(scope="module")
def case(labelled_cases):
    return labelled_cases[CASE]


@pytest.mark.parametrize("reply", [NOTHING, "", "Q1 Results:\nSee image.", "   \n"])
def test_a_reply_with_no_claim_is_no_claim_read(reply, case):
    check = check_reply(reply, case)
    assert check.outcome == CheckOutcome.NO_CLAIM_READ and check.claims_read == 0
    assert check.critical_errors == [] and check.findings == []


def test_the_three_outcomes_are_told_apart(case):
    true, wrong = check_reply(TRUE, case), check_reply(WRONG, case)
    assert true.outcome == CheckOutcome.NO_CRITICAL_ERROR and true.claims_read >= 2
    assert wrong.outcome == CheckOutcome.CRITICAL_ERROR
    # a claim read but not judgeable is still a claim read
    unverifiable = check_reply(UNVERIFIABLE, case)
    assert {f.verdict for f in unverifiable.findings} == {"unverifiable"}
    assert unverifiable.claims_read == len(unverifiable.findings) > 0
    assert unverifiable.outcome == CheckOutcome.NO_CRITICAL_ERROR


def test_claims_from_a_claim_reader_count_the_same_way(case):
    assert check_claims([], case).outcome == CheckOutcome.NO_CLAIM_READ
    claim = Claim(kind="degree", ears=("left",), value="normal", text="left normal")
    read = check_claims([claim], case)
    assert read.claims_read == 1 and read.outcome == CheckOutcome.NO_CRITICAL_ERROR


def test_to_dict_carries_the_outcome_and_the_claims_read(case):
    data = json.loads(json.dumps(check_reply(NOTHING, case).to_dict()))
    assert data["outcome"] == "no_claim_read" and data["claims_read"] == 0
    data = check_reply(WRONG, case).to_dict()
    assert data["outcome"] == "critical_error" and data["claims_read"] == len(data["findings"])


def _check(tmp_path, text, *options):
    (tmp_path / "reply.txt").write_text(text)
    (tmp_path / "case.json").write_text(
        json.dumps(json.loads((DATA / "cases.json").read_text())[CASE])
    )
    args = ["check", str(tmp_path / "reply.txt"), "--case", str(tmp_path / "case.json"), *options]
    return CliRunner().invoke(app, args)


def test_the_check_command_says_no_claim_read_not_none(tmp_path):
    result = _check(tmp_path, NOTHING)
    assert result.exit_code == 0, result.output  # a result, like a critical error: not a failure
    printed = " ".join(result.output.split())
    assert "no claim read" in printed and "this is not 'no critical error'" in printed
    assert "critical errors: none" not in printed
    as_json = json.loads(_check(tmp_path, NOTHING, "--json").output)
    assert as_json["outcome"] == "no_claim_read" and as_json["claims_read"] == 0
    formatted = json.loads(_check(tmp_path, NOTHING, "--format", "json").output)
    (table,) = formatted["tables"]
    assert table["rows"] == [] and table["notes"][0].startswith("no claim read")
    # a reply that was read and is right still says "none"
    assert "critical errors: none" in " ".join(_check(tmp_path, TRUE).output.split())


def test_validation_scores_count_no_claim_replies_apart_and_never_as_detections(labelled_cases):
    rows = [
        {"id": "read-wrong", "case": CASE, "reply": WRONG,
         "critical_errors": ["laterality_confusion"]},
        {"id": "read-true", "case": CASE, "reply": TRUE, "critical_errors": []},
        {"id": "unread-wrong", "case": CASE, "reply": NOTHING + " Worth a second look.",
         "critical_errors": ["severity_misclassification"]},
        {"id": "unread-clean", "case": CASE, "reply": NOTHING, "critical_errors": []},
    ]  # fmt: skip
    assert check_reply(rows[2]["reply"], labelled_cases[CASE]).claims_read == 0
    scores = critical_error_scores(rows, labelled_cases)
    assert scores["replies_no_claim_read"] == 2
    assert scores["replies_no_claim_read_with_errors"] == 1
    assert scores["no_claim_read"] == ["unread-wrong", "unread-clean"]
    # not a detection: the labelled error in the unread reply is a miss, and nothing is flagged
    assert scores["reply_recall"] == 0.5 and scores["reply_precision"] == 1.0
    assert scores["replies_flagged"] == 1
    (miss,) = [m for m in scores["misses"] if m["id"] == "unread-wrong"]
    assert miss["no_claim_read"] is True and miss["found"] == []
    assert all("no_claim_read" not in m for m in scores["misses"] if m["id"] != "unread-wrong")
