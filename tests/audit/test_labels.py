"""Label rules, the store's one-row-per-reviewer-and-item upsert, and consensus rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from clinbench.audit.consensus import (
    REVIEWERS_DISAGREE,
    REVIEWERS_VS_ADJUDICATOR,
    consensus_reason,
    human_label,
)
from clinbench.audit.labels import validate_label
from clinbench.audit.store import AuditStore, LockedError


@pytest.mark.parametrize(
    ("fields", "bad"),
    [
        (("B", False, None, ""), None),
        (("c", "0", "", ""), None),
        (("D", False, None, "Misses the conductive component."), None),
        (("B", True, "missed_red_flag", "No referral for sudden loss."), None),
        (("D", False, None, " "), "rationale"),
        (("F", "no", None, ""), "rationale"),
        (("A", "yes", "laterality_confusion", ""), "rationale"),
        (("A", "yes", None, "why"), "error_type"),
        (("A", False, "laterality_confusion", "why"), "error_type"),
        (("A", True, "wrong_dose", "why"), "error_type"),
        (("E", False, None, "x"), "grade"),
        ((None, False, None, ""), "grade"),
        (("B", "maybe", None, ""), "critical_error"),
        (("B", False, None, "x" * 5000), "rationale"),
    ],
)
def test_label_rules(fields, bad):
    label, errors = validate_label(*fields)
    if bad is None:
        assert errors == {} and label is not None and label.grade == str(fields[0]).upper()
    else:
        assert label is None and bad in errors


def test_consensus_label_always_needs_a_rationale():
    assert validate_label("B", False, None, "", require_rationale=True)[1] == {
        "rationale": "a rationale is required"
    }


def test_store_keeps_one_row_per_reviewer_and_item(tmp_path: Path):
    store = AuditStore(tmp_path / "a.sqlite")
    alice = store.reviewer_by_token(store.add_reviewer("alice"))
    bob = store.reviewer_by_token(store.add_reviewer("bob"))
    first, _ = validate_label("B", False, None, "")
    second, _ = validate_label("D", True, "fabricated_result", "Invents a tympanogram.")
    assert store.save_label(alice["id"], "S01", first) == 1
    assert store.save_label(alice["id"], "S01", second) == 2
    assert store.save_label(bob["id"], "S01", first) == 1
    rows = store.labels()
    assert [(r["reviewer"], r["grade"], r["revision"]) for r in rows] == [
        ("alice", "D", 2), ("bob", "B", 1),
    ]  # fmt: skip
    assert len([e for e in store.events() if e["kind"] == "label"]) == 3
    with pytest.raises(ValueError, match="already exists"):
        store.add_reviewer("alice")
    assert store.reviewer_by_token("") is None and store.reviewer_by_token("nope") is None
    assert not store.submit_set(alice["id"], ["S01", "S02"])
    assert store.submit_set(alice["id"], ["S01"])
    with pytest.raises(LockedError):
        store.save_label(alice["id"], "S01", first)
    assert not store.unblinded()
    assert store.submit_set(bob["id"], ["S01"]) and store.unblinded()


def test_tokens_are_stored_hashed(tmp_path: Path):
    store = AuditStore(tmp_path / "a.sqlite")
    token = store.add_reviewer("alice")
    assert token.encode() not in (tmp_path / "a.sqlite").read_bytes()


def _lab(grade, flag=False, kind=None):
    return {"grade": grade, "critical_error": flag, "error_type": kind}


def test_consensus_reasons():
    agree = [_lab("B"), _lab("B")]
    assert consensus_reason(agree, "B", False) is None
    assert consensus_reason(agree, "C", False) == REVIEWERS_VS_ADJUDICATOR
    assert consensus_reason(agree, "B", True) == REVIEWERS_VS_ADJUDICATOR
    assert consensus_reason([_lab("B"), _lab("C")], "B", False) == REVIEWERS_DISAGREE
    flagged = [_lab("D", True, "laterality_confusion"), _lab("D", True, "fabricated_result")]
    assert consensus_reason(flagged, "D", True) == REVIEWERS_DISAGREE
    nan_type = [_lab("B", False, float("nan")), _lab("B", False, None)]
    assert consensus_reason(nan_type, "B", False) is None
    with pytest.raises(ValueError):
        consensus_reason([_lab("B")], "B", False)


def test_human_label_never_picks_a_side():
    assert human_label([_lab("B"), _lab("C")], None) is None
    assert human_label([_lab("B"), _lab("B")], None)["source"] == "reviewers_agree"
    resolved = {"grade": "C", "critical_error": 1, "error_type": None}
    assert human_label([_lab("B"), _lab("D")], resolved) == {
        "grade": "C", "critical_error": True, "error_type": None, "source": "consensus",
    }  # fmt: skip


def test_a_submitted_or_unknown_reviewer_can_change_nothing(tmp_path: Path):
    """Labels and baseline answers both lock once the set is submitted, or for no such reviewer."""
    store = AuditStore(tmp_path / "a.sqlite")
    ann = store.reviewer_by_token(store.add_reviewer("ann"))
    label, errors = validate_label("B", False, None, "fine")
    assert not errors
    store.save_answers(ann["id"], "S01", {"Q1": "normal hearing"})
    assert store.submit_set(ann["id"], ["S01"], questions={"S01": ["Q1"]})
    with pytest.raises(LockedError, match="^this reviewer's set is submitted; answers are locked$"):
        store.save_answers(ann["id"], "S01", {"Q1": "changed"})
    with pytest.raises(LockedError, match="^this reviewer's set is submitted; labels are locked$"):
        store.save_label(ann["id"], "S01", label)
    with pytest.raises(LockedError, match="labels are locked"):
        store.save_label(99, "S01", label)
    with pytest.raises(LockedError, match="answers are locked"):
        store.save_answers(99, "S01", {"Q1": "x"})
    assert [a["answer"] for a in store.answers(ann["id"])] == ["normal hearing"]
    assert store.labels() == []
