"""The chart shorthand of a grade (mod, sev, prof) names the same grade as the word, so the
clause reader reads it by the same rules: spans ("mild-to-mod"), hedges, regions and the
loss it grades (issue #26, found by the metamorphic test ``perturb.degree_shorthand``: on
batches 1-38 the verdict changed in 28 of 1,299 replies when degree words were written as
shorthand, 13 after). "Prof" before a name is a title, not a grade."""

from __future__ import annotations

import re

import pytest

from clinbench.audiogram import claims, lexicon
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import canon_degree, degree_claims

from .conftest import build, cpu_cost

CLAUSES = [
    ("mild-to-mod sloping snhl", [("mild", "moderate")]),
    ("bilateral mild to mod flat conductive hearing loss", [("mild", "moderate")]),
    ("sev conductive hearing loss", [("severe", None)]),
    ("bilateral symmetric sev sensorineural hearing loss", [("severe", None)]),
    ("right ear: mod rising conductive hearing loss", [("moderate", None)]),
    ("flat snhl, prof", [("profound", None)]),
    ("sev-prof mixed hearing loss", [("severe", "profound")]),
    # the same words written out read the same
    ("mild-to-moderate sloping snhl", [("mild", "moderate")]),
    # near misses: no grade of a loss
    ("seen by prof jones in the hearing loss clinic", []),
    ("a model of the hearing loss", []),
    ("modified hearing loss protocol", []),
    ("severity of the hearing loss is unclear", []),
    ("mod tinnitus", []),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "grades"), CLAUSES, ids=[c for c, _ in CLAUSES])
def test_shorthand_grades_are_read_as_the_words(clause, grades):
    claims = degree_claims(clause, "right", False)
    assert [(c.value, c.value_high) for c in claims] == grades


BONE = {500: 40, 1000: 40, 2000: 40, 4000: 40}
FLAT_MODERATE = build(40, right_bone=BONE, left_bone=BONE, bone_masked=True)  # 40 dB SNHL


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # a span in shorthand (the old reader read "mild" alone: a severity error)
        ("Bilateral mild-to-mod flat sensorineural hearing loss.", []),
        ("Bilateral mild-to-mod flat SNHL.", []),
        ("Bilateral flat SNHL, mod.", []),
        # the wrong grade in shorthand is still wrong
        ("Bilateral symmetric **sev** sensorineural hearing loss, flat.",
         ["severity_misclassification"]),
        ("Bilateral flat SNHL, prof.", ["severity_misclassification"]),
        # a title is no grade (the old reader read "Prof" as profound)
        ("Bilateral flat SNHL, 40 dB HL, moderate; seen by Prof Jones in the hearing loss "
         "clinic.", []),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, FLAT_MODERATE).critical_errors == errors


def test_many_shorthand_grades_read_in_linear_time():
    def cost(n):
        text = "mild-to-mod sloping snhl, sev-prof mixed loss, prof jones " * n
        return len(text), cpu_cost(lambda: degree_claims(text, "right", False))

    size, small = cost(2000)
    _, big = cost(8000)
    assert size > 100_000
    assert big < 10 * max(small, 0.02)


PROF = [
    ("right ear: prof.", True),
    ("Right ear: prof", True),
    ("r prof snhl", True),
    ("sev-prof mixed hearing loss", True),
    ("Prof Jones", False),
    ("Prof. Smith saw him", False),
    ("seen by prof. jones today", False),
]  # fmt: skip


@pytest.mark.parametrize(("text", "grade"), PROF, ids=[row[0] for row in PROF])
def test_both_readers_take_prof_by_one_rule(text, grade):
    # The shorthand claim reader (claims.LEXICON, text as written) and the clause reader
    # (lexicon.DEG, text lowered) read "prof" by one rule, lexicon.PROF_GRADE; they disagreed
    # on "Right ear: prof." and the claim reader took a lowered "prof. jones" for a grade.
    row = re.compile(next(p for _, rule, p, _ in claims.LEXICON if rule == "degree abbreviation"))
    clause_grade = re.compile(rf"\b{lexicon.DEG}\b", re.I)
    assert (bool(row.search(text)), bool(clause_grade.search(text))) == (grade, grade)


def test_shorthand_grades_are_named_once():
    for word, grade in lexicon.GRADE_SHORTHAND.items():
        assert claims._DEGREE[word] == canon_degree(word) == grade
