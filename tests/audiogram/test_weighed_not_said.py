"""What a reply weighs is not what it says: a symmetry word in a differential's list, in the
verdict another's yardstick would give, or in a statement about losses in general claims
nothing either way (only a negation claims the opposite); and a question stays a question
across an abbreviation's point inside it (issue #26, batch 59: a cautious assistant's
differentials, criteria it reports and questions it suggests). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.statements import read_statements

from .conftest import build, conductive_right

FLAT_BOTH = build(70)  # a flat severe loss, the same in both ears
ONE_SIDED = conductive_right()  # right conductive loss, left ear normal: asymmetric


def symmetry_and_side(text: str) -> set[tuple[str, str]]:
    return {
        (c.kind, c.value)
        for claims in read_statements(without_unclaimed(text))
        for c in claims
        if c.kind in ("asymmetry", "laterality")
    }


@pytest.mark.parametrize(
    "text",
    [
        "Differential in a flat, symmetric severe loss at this age: genes, drugs, noise.",
        "Differential list for a symmetrical loss of this depth - autoimmune, ototoxic.",
        "An asymmetric hearing loss is usually sent for a scan of the internal meatus.",
        "Most protocols would flag the ears as asymmetric only above 15 dB.",
        "Some guidelines would class these ears as symmetrical hearing.",
        "Could loud noise (e.g. gunfire) account for a one-sided hearing loss?",
        "Would a unilateral loss (i.e. one ear only) change the plan?",
    ],
)
def test_weighed_or_asked_is_no_claim(text):
    assert symmetry_and_side(text) == set()


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("I would call these ears symmetric.", ("asymmetry", "symmetric")),
        ("The hearing loss is not symmetrical.", ("asymmetry", "asymmetric")),
        ("The two ears have an asymmetric hearing loss.", ("asymmetry", "asymmetric")),
    ],
)
def test_said_and_negated_stay_claims(text, claim):
    assert claim in symmetry_and_side(text)


@pytest.mark.parametrize(
    ("reply", "case"),
    [
        ("Severe flat loss in both ears, 70 dB HL throughout. Differential in a flat, "
         "symmetric severe loss: genes, drugs, noise.", FLAT_BOTH),
        ("Severe flat loss in both ears, 70 dB HL throughout.\n"
         "- Could loud noise (e.g. gunfire) account for a one-sided hearing loss?", FLAT_BOTH),
        ("Right conductive loss, left ear normal. An asymmetric hearing loss is usually sent "
         "for a scan of the internal meatus.", ONE_SIDED),
    ],
)  # fmt: skip
def test_weighed_words_flag_nothing(reply, case):
    assert check_reply(reply, case).critical_errors == []


def test_the_writers_own_symmetry_word_is_still_judged():
    reply = "Severe flat loss in both ears, 70 dB HL throughout. The ears are asymmetric."
    assert check_reply(reply, FLAT_BOTH).critical_errors == ["laterality_confusion"]
