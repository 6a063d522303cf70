"""The pattern reader and the Judge, tested apart (issue #26 items 1-2): reading is text ->
claims with no case in sight (statements.py, lexicon.py, notation.py), judging is claim x
audiogram -> finding (adjudication.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.adjudication import Judge, judge_clauses
from clinbench.audiogram.check import case_facts
from clinbench.audiogram.claims import Claim
from clinbench.audiogram.judges import judge_claims
from clinbench.audiogram.result_claims import Topics
from clinbench.audiogram.statements import read_clause, read_statements
from clinbench.audiogram.threshold_claims import DEFERRED

from .conftest import build

R, L, BOTH = ("right",), ("left",), ("right", "left")
A, H = "asserted", "hedged"
AUDIOGRAM = Path(lexicon.__file__).parent


def _rows(claims) -> list[tuple]:
    return [(c.kind, c.ears, c.value, c.conduction, c.frequencies, str(c.qualifier))
            for c in claims]  # fmt: skip


def _clause(text: str, ear: str | None) -> list[tuple]:
    low = text.lower()
    return _rows(read_clause(text, ear, low, Topics.of(low), False))


# -- reading: one clause -> claims ---------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "ear", "expected"),
    [
        ("moderate sensorineural hearing loss", "right",
         [("degree", R, "moderate", "air", (), A), ("type", R, "sensorineural", "air", (), A)]),
        ("possibly a mild conductive loss", "left",
         [("degree", L, "mild", "air", (), H), ("type", L, "conductive", "air", (), H)]),
        ("thresholds of 50 dB HL at 2 kHz", "left", [("threshold", L, 50, "air", (2000,), A)]),
        ("bone conduction 20 dB at 1 kHz", "right", [("threshold", R, 20, "bone", (1000,), A)]),
        ("type B tympanogram", "right", [("tympanometry", R, "B", "air", (), A)]),
        # a test not done names no result
        ("tympanometry not performed", "right", []),
        # 'unilateral' takes no ear the caller carried over, only one the clause names
        ("unilateral loss", None, [("laterality", (), "unilateral", "air", (), A)]),
    ],
)  # fmt: skip
def test_a_clause_reads_into_claims(clause, ear, expected):
    assert _clause(clause, ear) == expected


def test_a_carried_ear_does_not_make_unilateral_one_ears():
    low = "unilateral loss"
    claims = read_clause(low, "right", low, Topics.of(low), False, explicit=False)
    assert [c.ears for c in claims] == [()]


# -- reading: a section -> claims clause by clause -----------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an ear named by a label carries to the next sentence
        ("Right ear: moderate SNHL. Thresholds of 50 dB at 2 kHz.",
         [[("degree", R, "moderate", "air", (), A), ("type", R, "sensorineural", "air", (), A)],
          [("threshold", R, 50, "air", (2000,), A)]]),
        ("Right ear: 40 dB at 1 kHz. Left ear: normal hearing.",
         [[("threshold", R, 40, "air", (1000,), A)],
          [("degree", L, "normal", "air", (), A), ("no_loss", L, "normal", "air", (), A)]]),
        # one sentence, two ears: each clause its own
        ("Mild loss on the right, moderate on the left.",
         [[("degree", R, "mild", "air", (), A)], [("degree", L, "moderate", "air", (), A)]]),
        # a list item's ear ends with the list
        ("- Lt: mild loss.\nSudden SNHL - urgent review.",
         [[("degree", L, "mild", "air", (), A)], [("type", (), "sensorineural", "air", (), A)]]),
        # a blank line ends the paragraph, and the ear its prose named
        ("Right ear: severe loss.\n\nReasoning: 70 dB at 1 kHz.",
         [[("degree", R, "severe", "air", (), A)], [("threshold", (), 70, "air", (1000,), A)]]),
    ],
)  # fmt: skip
def test_a_section_reads_clause_by_clause(text, expected):
    assert [_rows(claims) for claims in read_statements(text)] == expected


def test_reading_imports_nothing_that_knows_the_case():
    """The reader's modules import no judging module, so reading cannot consult the case."""
    readers = ("statements", "lexicon", "notation", "claims", "degree_claims",
               "threshold_claims", "result_claims")  # fmt: skip
    judging = {"check", "judge", "judges", "classify", "findings", "rules_reply"}
    for name in readers:
        tree = ast.parse((AUDIOGRAM / f"{name}.py").read_text())
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module.rsplit(".", 1)[-1])
                imported.update(a.name for a in node.names)
            elif isinstance(node, ast.Import):
                imported.update(a.name.rsplit(".", 1)[-1] for a in node.names)
        assert not imported & judging, (name, imported & judging)


def test_every_public_pattern_of_the_lexicon_cites_its_source_once():
    public = {
        n for n, value in vars(lexicon).items()
        if n.isupper() and not n.startswith("_") and n != "SOURCES"
        and isinstance(value, re.Pattern | str | dict | list)
    }  # fmt: skip
    cited = [n for names, source in lexicon.SOURCES for n in names if source.strip()]
    assert sorted(cited) == sorted(set(cited)), "a pattern cited twice"
    assert set(cited) == public


# -- judging: claim x audiogram -> finding --------------------------------------------------

CASE = build(40, 10)  # right moderate (WHO 2021), left normal
SEV, FAB, SIDE = "severity_misclassification", "fabricated_result", "laterality_confusion"


def _judge(*claims: Claim) -> list[tuple]:
    judge = Judge(case_facts(CASE))
    judge_claims(list(claims), judge)
    judge.finalise()
    return [(f.ear, f.claimed, f.truth, str(f.verdict), f.critical_error and str(f.critical_error),
             f.note) for f in judge.findings]  # fmt: skip


@pytest.mark.parametrize(
    ("claims", "expected"),
    [
        ([Claim("threshold", R, 40, frequencies=(1000,))],
         [("right", 40, 40, "match", None, "")]),
        # an abnormal value true of the other ear: an ear swap
        ([Claim("threshold", L, 40, frequencies=(1000,))],
         [("left", 40, 10, "contradiction", SIDE, "true of the right ear")]),
        # a normal value true of the other ear, with no abnormal swap beside it: a wrong value
        ([Claim("threshold", R, 10, frequencies=(1000,))],
         [("right", 10, 40, "contradiction", FAB, "true of the left ear")]),
        ([Claim("degree", L, "moderate")],
         [("left", "moderate", "normal", "contradiction", SIDE, "true of the right ear")]),
        # a loss said of both ears when one is normal: a laterality error
        ([Claim("degree", BOTH, "moderate")],
         [("both", "moderate", {"right": "moderate", "left": "normal"}, "contradiction", SIDE,
           "the left ear is normal")]),
        # a test the case does not contain
        ([Claim("tympanometry", R, "A")],
         [("right", "type A", None, "contradiction", FAB, "the case contains no tympanometry")]),
    ],
)  # fmt: skip
def test_the_judge_turns_claims_into_findings(claims, expected):
    assert _judge(*claims) == expected


def test_withdrawn_findings_leave_the_swap_pass():
    judge = Judge(case_facts(CASE))
    judge_claims([Claim("threshold", L, 40, frequencies=(1000,))], judge)
    judge.withdraw(lambda f: f.ear == "left")
    judge.finalise()
    assert judge.findings == [] and judge.swapped == []


def test_deferred_claims_are_judged_last_under_their_own_clause():
    """judge_clauses numbers the clauses and judges the deferred rules' claims after every
    other clause, each under the number of the clause it was read from."""
    clauses = list(read_statements("Right 50 at 2k. Left ear: normal hearing."))
    assert not DEFERRED.isdisjoint(clauses[0][0].rules)  # "50 at 2k": a level without dB
    judge = Judge(case_facts(build(50, 10)))
    judge_clauses(clauses, judge)
    assert [(str(f.kind), f.ear, str(f.verdict), judge.clause_of[id(f)])
            for f in judge.findings] == [
        ("degree", "left", "match", 2), ("threshold", "right", "match", 1)]  # fmt: skip
    assert judge.clause == 2
