"""The fact checker on the outside replies (tests/audiogram/validation/replies.jsonl).

The replies and their labels were written and committed before the checker was run on
them. Each fact-checker defect of issue #15 has a test on a reply written for it.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import (
    CRITICAL_ERRORS,
    CriticalError,
    Finding,
    FindingKind,
    check_reply,
    critical_error_scores,
)
from clinbench.audiogram.findings import CRITICAL_ERROR_OF

from .validation import cases, replies

CASES = cases()
REPLIES = {row["id"]: row for row in replies()}
BATCH2 = {row["id"]: row for row in replies("replies_batch2.jsonl")}


def _errors(reply_id: str) -> list[str]:
    row = REPLIES[reply_id]
    return check_reply(row["reply"], CASES[row["case"]]).critical_errors


def test_the_reply_set_is_large_enough_and_labelled():
    assert len(REPLIES) >= 60
    labels = {e for row in REPLIES.values() for e in row["critical_errors"]}
    assert labels == set(CRITICAL_ERRORS)
    assert sum(not row["critical_errors"] for row in REPLIES.values()) >= 30


def test_reply_level_precision_and_recall_on_the_outside_set():
    scores = critical_error_scores(list(REPLIES.values()), CASES)
    assert scores["reply_precision"] >= 0.9 and scores["reply_recall"] >= 0.9, scores
    assert scores["precision"] >= 0.9 and scores["recall"] >= 0.9, scores


@pytest.mark.parametrize("reply_id", sorted(REPLIES))
def test_each_outside_reply(reply_id):
    assert _errors(reply_id) == REPLIES[reply_id]["critical_errors"], REPLIES[reply_id]["why"]


@pytest.mark.parametrize("reply_id", sorted(BATCH2))
def test_each_reply_of_the_second_batch(reply_id):
    # First scored after the fixes: precision 0.80, recall 0.89 (see the closing note);
    # its three misses led to the colon, sentence-context and region-end rules.
    row = BATCH2[reply_id]
    assert check_reply(row["reply"], CASES[row["case"]]).critical_errors == row["critical_errors"]


@pytest.mark.parametrize("reply_id", ["W02", "W27"])
def test_r_ear_and_l_ear_tags_are_read_so_a_swap_is_caught(reply_id):
    assert _errors(reply_id) == ["laterality_confusion"]


def test_ear_tags_tie_claims_to_their_ear():
    tagged = [("R ear: normal hearing.", "right"), ("Lt: normal hearing.", "left"),
              ("AS: normal hearing.", "left"), ("R: normal hearing.", "right")]  # fmt: skip
    for reply, ear in tagged:
        findings = check_reply(reply, CASES["V01"]).findings
        # a degree claim and, the right ear's mild average being within the tolerance of
        # normal, the 'no loss' type claim: both for the tagged ear
        assert [(f.kind, f.ear) for f in findings] == [("degree", ear), ("type", ear)], reply


def test_a_table_of_thresholds_is_read():
    assert _errors("W15") == ["fabricated_result"]  # right 4 kHz written 80, truth 60
    findings = check_reply(REPLIES["W14"]["reply"], CASES["V09"]).findings
    thresholds = [(f.ear, f.frequency, f.verdict) for f in findings if f.kind == "threshold"]
    assert len(thresholds) == 8 and all(v == "match" for _, _, v in thresholds)


def test_a_region_phrase_does_not_excuse_a_wrong_overall_degree():
    reply = "Severe sensorineural hearing loss falling to 70 dB at 8 kHz in both ears."
    assert check_reply(reply, CASES["V09"]).critical_errors == ["severity_misclassification"]


@pytest.mark.parametrize("reply_id", ["W21", "W22", "W28", "W52"])
def test_a_degree_scoped_to_a_region_is_judged_there(reply_id):
    # 'normal hearing through 2 kHz', 'a mild dip to 25-40 dB at 4-6 kHz' in a normal ear.
    assert _errors(reply_id) == []


def test_hedges_just_below_and_essentially_normal():
    assert _errors("W48") == []  # 'PTA just below mild (~14 dB HL)' in the normal grade
    assert _errors("W49") == ["severity_misclassification"]  # 'essentially normal', mod. severe


def test_a_background_description_is_not_the_ears_type_claim():
    assert _errors("W43") == []  # 'right mixed loss, on a background of bilateral ... SNHL'


def test_finding_kinds_and_verdicts_are_enums_so_a_typo_fails():
    assert set(CRITICAL_ERROR_OF) == set(FindingKind)
    with pytest.raises(ValueError):
        Finding("degre", "right", None, "mild", "mild", "match")
    with pytest.raises(ValueError):
        Finding("degree", "right", None, "mild", "mild", "matched")
    ok = Finding(
        "degree", "right", None, "mild", "moderate", "contradiction", "severity_misclassification"
    )
    assert ok.critical_error is CriticalError.SEVERITY


def test_undefined_precision_is_undefined_not_zero():
    clean = [row for row in REPLIES.values() if not row["critical_errors"]][:5]
    scores = critical_error_scores(
        [dict(row, reply="Q1 Results:\nSee the image.") for row in clean], CASES
    )
    assert scores["precision"] is None and scores["recall"] is None
    assert scores["reply_precision"] is None


def test_a_row_of_values_separated_by_spaces_is_read_value_by_value():
    # W66 once read only the last value of "70 70 70 80 dB HL" and gave it to every frequency.
    findings = check_reply(REPLIES["W66"]["reply"], CASES["V13"]).findings
    claimed = [(f.ear, f.frequency, f.claimed) for f in findings if f.kind == "threshold"]
    assert claimed[:4] == [("right", 500, 70), ("right", 1000, 70), ("right", 2000, 70),
                           ("right", 4000, 80)]  # fmt: skip
    wrong = "R: 70 70 70 95 dB HL at 0.5, 1, 2 and 4 kHz"  # 4 kHz is 80
    found = check_reply(wrong, CASES["V13"]).findings
    assert [f.frequency for f in found if f.verdict == "contradiction"] == [4000]


BATCH3 = {row["id"]: row for row in replies("replies_batch3.jsonl")}


@pytest.mark.parametrize("reply_id", sorted(BATCH3))
def test_each_reply_of_the_third_batch(reply_id):
    # Written blind to the checker; first scored at reply precision 0.73, recall 0.87 (see
    # the closing note). Its misses led to the rules tested in test_reading_rules.py.
    row = BATCH3[reply_id]
    assert check_reply(row["reply"], CASES[row["case"]]).critical_errors == row["critical_errors"]


BATCH4 = {row["id"]: row for row in replies("replies_batch4.jsonl")}


@pytest.mark.parametrize("reply_id", sorted(BATCH4))
def test_each_reply_of_the_fourth_batch(reply_id):
    # Written blind to the checker; first scored (with this round's checker) at reply
    # precision 0.79, recall 0.91 (see the closing note); its misses led to the rules of
    # test_reading_rules.py's second list.
    row = BATCH4[reply_id]
    assert check_reply(row["reply"], CASES[row["case"]]).critical_errors == row["critical_errors"]


BATCH5 = {row["id"]: row for row in replies("replies_batch5.jsonl")}
BATCH6 = {row["id"]: row for row in replies("replies_batch6.jsonl")}
BATCH7 = {row["id"]: row for row in replies("replies_batch7.jsonl")}


@pytest.mark.parametrize("reply_id", sorted(BATCH5))
def test_each_reply_of_the_fifth_batch(reply_id):
    # Written blind; first scored at reply precision 0.75, recall 0.97 (closing note).
    row = BATCH5[reply_id]
    assert check_reply(row["reply"], CASES[row["case"]]).critical_errors == row["critical_errors"]


@pytest.mark.parametrize("reply_id", sorted(BATCH6))
def test_each_reply_of_the_sixth_batch(reply_id):
    # Written blind; first scored at reply precision 0.885, recall 0.958 (closing note).
    row = BATCH6[reply_id]
    assert check_reply(row["reply"], CASES[row["case"]]).critical_errors == row["critical_errors"]


@pytest.mark.parametrize("reply_id", sorted(BATCH7))
def test_each_reply_of_the_seventh_batch(reply_id):
    # Written blind; first scored at reply precision 0.842, recall 0.865 on main 6f5c401
    # (closing note NOTE3-15-audiogram4); its misses led to test_reading_rules' REPLIES_7.
    row = BATCH7[reply_id]
    assert check_reply(row["reply"], CASES[row["case"]]).critical_errors == row["critical_errors"]


BATCH8 = {row["id"]: row for row in replies("replies_batch8.jsonl")}
BATCH8_OPEN: set[str] = set()  # every miss of the first score is fixed


@pytest.mark.parametrize("reply_id", sorted(BATCH8.keys() - BATCH8_OPEN))
def test_each_reply_of_the_eighth_batch(reply_id):
    # Written blind; first scored at reply precision 0.938, recall 0.857 on main 862db05
    # (closing note NOTE3-15-audiogram5); its misses led to test_reading_rules' REPLIES_8.
    row = BATCH8[reply_id]
    assert check_reply(row["reply"], CASES[row["case"]]).critical_errors == row["critical_errors"]


BATCH9 = {row["id"]: row for row in replies("replies_batch9.jsonl")}
# Written blind and first scored on main 71701ba at reply precision 0.931 (27/29), recall
# 0.900 (27/30). Its five misses (N06, N45, N50, N55, N59) were fixed by general reading
# rules in the next round (test_reading_rules' SHAPES_9; validation README "Misses of batch
# 9"), so batch 9 is now in sample: every reply must be read right.
BATCH9_OPEN: set[str] = set()


def test_the_ninth_batch_is_read_right_in_sample():
    scores = critical_error_scores(list(BATCH9.values()), CASES)
    assert scores["reply_precision"] == 1.0 and scores["reply_recall"] == 1.0, scores
    assert scores["misses"] == [], scores["misses"]


@pytest.mark.parametrize("reply_id", sorted(BATCH9.keys() - BATCH9_OPEN))
def test_each_reply_of_the_ninth_batch(reply_id):
    row = BATCH9[reply_id]
    assert check_reply(row["reply"], CASES[row["case"]]).critical_errors == row["critical_errors"]


BATCH10 = {row["id"]: row for row in replies("replies_batch10.jsonl")}
# Written blind and first scored on main 78f17aa at reply precision 0.846 (22/26), recall
# 0.688 (22/32). Misses fixed by general reading rules (test_reading_rules' SHAPES_10;
# validation README "Misses of batch 10"), so batch 10 is now in sample.
BATCH10_OPEN: set[str] = set()  # every miss of the first score is fixed


def test_the_tenth_batch_is_read_right_in_sample():
    scores = critical_error_scores(list(BATCH10.values()), CASES)
    assert scores["reply_precision"] == 1.0 and scores["reply_recall"] == 1.0, scores
    assert {m["id"] for m in scores["misses"]} <= BATCH10_OPEN, scores["misses"]


@pytest.mark.parametrize("reply_id", sorted(BATCH10.keys() - BATCH10_OPEN))
def test_each_reply_of_the_tenth_batch(reply_id):
    row = BATCH10[reply_id]
    assert check_reply(row["reply"], CASES[row["case"]]).critical_errors == row["critical_errors"]


BATCH11 = {row["id"]: row for row in replies("replies_batch11.jsonl")}
# Written blind in batch 10's styles and first scored, once, on main e74f0a8 (the batch-10
# fixes) at reply precision 0.968 (30/31), recall 0.909 (30/33). No rule is tuned on it: its
# misses stay open with their causes (validation README "Open misses of batch 11").
BATCH11_OPEN = {"T30", "T36", "T38", "T45", "T50"}


def test_the_eleventh_batch_holds_its_first_score():
    scores = critical_error_scores(list(BATCH11.values()), CASES)
    assert scores["reply_precision"] >= 0.90 and scores["reply_recall"] >= 0.90, scores
    assert {m["id"] for m in scores["misses"]} <= BATCH11_OPEN, scores["misses"]


@pytest.mark.parametrize("reply_id", sorted(BATCH11.keys() - BATCH11_OPEN))
def test_each_reply_of_the_eleventh_batch(reply_id):
    row = BATCH11[reply_id]
    assert check_reply(row["reply"], CASES[row["case"]]).critical_errors == row["critical_errors"]
