"""Fact checker: labelled realistic replies, precision/recall of critical errors, and its rules."""

from __future__ import annotations

import json

import pytest

from clinbench.audiogram.audiogram_model import Audiogram
from clinbench.audiogram.check import CRITICAL_ERRORS, check_reply, critical_error_scores

from .conftest import DATA


def test_the_labelled_set_covers_the_required_kinds(labelled_replies):
    assert len(labelled_replies) >= 40
    kinds = {row["kind"] for row in labelled_replies}
    for needed in ("correct", "off5", "off15", "off25", "wrong_ear", "wrong_degree",
                   "wrong_type", "invented_tymp", "hedged_correct", "hedged_wrong"):  # fmt: skip
        assert needed in kinds, needed
    labels = {e for row in labelled_replies for e in row["critical_errors"]}
    assert labels == set(CRITICAL_ERRORS)


def test_each_labelled_reply(labelled_replies, labelled_cases):
    wrong = []
    for row in labelled_replies:
        got = check_reply(row["reply"], labelled_cases[row["case"]]).critical_errors
        if got != row["critical_errors"]:
            wrong.append((row["id"], row["kind"], row["critical_errors"], got))
    assert wrong == []


def test_precision_and_recall_of_critical_errors(labelled_replies, labelled_cases):
    scores = critical_error_scores(labelled_replies, labelled_cases)
    assert scores["precision"] >= 0.9 and scores["recall"] >= 0.9, scores
    # The scorer itself can fail: a checker that finds nothing has zero recall.
    empty = [dict(row, reply="Q1 Results:\nSee image.") for row in labelled_replies]
    assert critical_error_scores(empty, labelled_cases)["recall"] == 0.0


@pytest.fixture(scope="module")
def case_a(labelled_cases) -> Audiogram:
    return Audiogram.model_validate(labelled_cases["A_bilateral_snhl"])


def test_tolerance_is_configurable(case_a):
    reply = "Right ear: 40 dB HL at 1 kHz."  # truth 30: 10 dB off
    assert check_reply(reply, case_a).critical_errors == []
    strict = check_reply(reply, case_a, tolerance_db=5)
    assert strict.critical_errors == ["fabricated_result"]
    finding = strict.findings[0]
    assert (finding.kind, finding.ear, finding.frequency, finding.claimed, finding.truth) == (
        "threshold",
        "right",
        1000,
        40,
        30,
    )


def test_standard_changes_the_degree_verdict(case_a):
    reply = "Mild sensorineural hearing loss in the left ear."  # left PTA: WHO 35, ASHA 28.3
    assert check_reply(reply, case_a).critical_errors == ["severity_misclassification"]
    assert check_reply(reply, case_a, standard="asha").critical_errors == []


def test_only_q1_and_q2_are_read_when_headed(case_a):
    reply = (
        "Q1 Results:\nModerate SNHL in both ears.\n\nQ2 Diagnosis:\nPresbycusis.\n\n"
        "Q3 Recommendations:\nIf a conductive loss were found, tympanometry type B would matter."
    )
    result = check_reply(reply, case_a)
    assert result.sections_read == "Q1 and Q2 sections"
    assert result.critical_errors == []
    assert {f.kind for f in result.findings} == {"degree", "type"}


def test_hedged_claims_are_marked_and_still_judged(case_a):
    result = check_reply("This is probably a mild conductive loss in the right ear.", case_a)
    assert result.findings and all(f.hedged for f in result.findings)
    assert set(result.critical_errors) == {"severity_misclassification", "type_misclassification"}


def test_a_claim_without_an_ear_true_of_one_ear_only_is_unverifiable(labelled_cases):
    case_c = labelled_cases["C_sudden_left"]
    result = check_reply("Moderately severe sensorineural hearing loss.", case_c)
    assert {f.verdict for f in result.findings} == {"unverifiable"}
    assert result.critical_errors == []


def test_to_dict_round_trips_through_json(case_a):
    result = check_reply("Type B tympanograms bilaterally; thresholds 45 dB at 2 kHz.", case_a)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["critical_errors"] == ["fabricated_result"]
    kinds = {f["kind"]: f for f in data["findings"]}
    assert kinds["tympanometry"]["verdict"] == "contradiction"
    # 'bilaterally' carries over to the next sentence; 45 dB is within 10 dB of 45 and 40.
    assert (kinds["threshold"]["ear"], kinds["threshold"]["verdict"]) == ("both", "match")
    assert kinds["threshold"]["truth"] == {"right": 45, "left": 40}
    assert data["counts"]["contradiction"] == 1


def test_a_case_item_works_like_its_audiogram(labelled_cases):
    item = {"id": "x", "format": "case", "data": {"audiogram": labelled_cases["D_normal"]}}
    from clinbench.items.model import CaseItem

    case = CaseItem.model_validate(
        item | {"stem": "history", "questions": [{"id": "Q1", "prompt": "p", "reference": "r"}]}
    )
    reply = "Hearing within normal limits bilaterally."
    assert (
        check_reply(reply, case).to_dict()
        == check_reply(reply, labelled_cases["D_normal"]).to_dict()
    )


def test_labelled_files_are_valid():
    cases = json.loads((DATA / "cases.json").read_text())
    for raw in cases.values():
        Audiogram.model_validate(raw)


def test_a_threshold_at_a_frequency_never_tested_is_fabricated(labelled_cases):
    case_c = labelled_cases["C_sudden_left"]  # 3 kHz tested in neither ear
    for reply in ("Thresholds of 60 dB HL at 3 kHz.", "Left: 60 dB HL at 3 kHz."):
        result = check_reply(reply, case_c)
        assert result.critical_errors == ["fabricated_result"], reply
        assert result.findings[0].frequency == 3000


def test_symmetry_of_another_test_is_not_a_claim_about_hearing(labelled_cases):
    case_c = labelled_cases["C_sudden_left"]  # asymmetric hearing, no tympanometry
    tymps = check_reply("Symmetric type A tympanograms in both ears.", case_c)
    assert [(f.kind, f.critical_error) for f in tymps.findings] == [
        ("tympanometry", "fabricated_result")
    ]
    hearing = check_reply("Symmetric hearing in both ears.", case_c)
    assert hearing.critical_errors == ["laterality_confusion"]


def test_frequency_then_value_pairs_separated_by_commas(case_a):
    # "500 Hz 25 dB, 1000 Hz 30 dB": each value belongs to the frequency before it, not the
    # one after the comma (that misreading once flagged this correct reply as fabricated).
    right = "Q1 Results:\nRight ear: 500 Hz 25 dB, 1000 Hz 30 dB, 2000 Hz 45 dB, 4000 Hz 60 dB."
    result = check_reply(right, case_a)
    pairs = [(f.frequency, f.claimed, f.verdict) for f in result.findings]
    assert pairs == [(500, 25, "match"), (1000, 30, "match"), (2000, 45, "match"),
                     (4000, 60, "match")]  # fmt: skip
    off = check_reply(right.replace("30 dB", "55 dB"), case_a)
    assert [(f.frequency, f.verdict) for f in off.contradictions] == [(1000, "contradiction")]


def test_a_claim_made_rightly_of_one_ear_and_wrongly_of_the_other_is_no_swap(labelled_cases):
    # Left: mixed, right: mild sensorineural. "Mixed" said of both ears misdescribes the
    # right ear (type error); said of a normal ear it would be laterality, as "bilateral" is.
    case = labelled_cases["E_mixed_left"]
    both = check_reply("Right ear: mixed hearing loss. Left ear: mixed hearing loss.", case)
    assert both.critical_errors == ["type_misclassification"]
    swapped = check_reply("Right ear: mixed loss. Left ear: sensorineural loss.", case)
    assert swapped.critical_errors == ["laterality_confusion"]
    normal = labelled_cases["B_right_conductive_adult"]
    reply = "Right ear: conductive hearing loss. Left ear: conductive hearing loss."
    assert check_reply(reply, normal).critical_errors == ["laterality_confusion"]


def test_a_reading_with_no_ear_is_reported_once():
    """A frequency-and-level list under no ear is read by the pattern reader (unverifiable:
    true of one ear only) and is no claim the shorthand reader may add again: the user sees
    each reading once and the counts under the table are of readings, not of readers."""
    from .conftest import build

    audiogram = build(10, 60)
    check = check_reply("Results.\n\n500 Hz: 60\n1000 Hz: 60\n2000 Hz: 60", audiogram)
    read = [(str(f.kind), f.frequency) for f in check.findings]
    assert sorted(read) == [("threshold", 500), ("threshold", 1000), ("threshold", 2000)]
    assert all(f.verdict == "unverifiable" and f.ear is None for f in check.findings)
    # a list naming its ear is judged for that ear, once
    named = check_reply("Left ear.\n500 Hz: 60\n1000 Hz: 60", audiogram)
    assert [(f.ear, f.verdict) for f in named.findings] == [("left", "match")] * 2
