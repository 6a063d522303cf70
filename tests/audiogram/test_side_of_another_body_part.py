"""A parenthesis qualifies the words it follows: after a paired part of the body other than
the ear ("carpal tunnel both hands (right worse)", "OA knees (L > R)"), the side it names is
that part's, not the worse ear (discourse rule "aside on another part";
lexicon.PART_BEFORE_AN_ASIDE). A parenthesis after the hearing's own words, or one that
gives a hearing finding, keeps its ear. Validation batch 154 UC05 (as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

# both mild, the left worse: right 25 dB HL flat, left 30 dB HL flat
LEFT_WORSE = build(25, 30)


def worse_ears(text: str) -> list[str]:
    """Return the ears called worse in ``text`` by the checker's findings."""
    return [f.claimed for f in check_reply(text, LEFT_WORSE).findings if f.kind == "worse_ear"]


@pytest.mark.parametrize(
    "text",
    [
        "Carpal tunnel in both hands (right worse). Hearing: mild loss in both ears.",
        "Osteoarthritis of both knees (right worse); mild hearing loss bilaterally.",
        "Cataracts, both eyes (the right one worse). Audiogram: mild loss both ears.",
        "Stiff shoulders (left better). Bilateral mild hearing loss.",
    ],
)
def test_a_side_said_of_another_part_is_no_worse_ear(text):
    assert worse_ears(text) == []
    assert check_reply(text, LEFT_WORSE).critical_errors == []


def test_the_aside_alone_is_blanked():
    text = "Carpal tunnel both hands (right worse)."
    blanked = without_unclaimed(text)
    assert len(blanked) == len(text)
    assert blanked.startswith("Carpal tunnel both hands ") and "right" not in blanked


@pytest.mark.parametrize(
    "text",
    [
        # the parenthesis follows the hearing's own words
        "Mild hearing loss in both ears (right worse).",
        # it gives a hearing finding beside the side
        "Carpal tunnel both hands (right ear worse at 4 kHz, 60 dB).",
        # the body part is not the last word before it
        "Hands fine, but hearing reduced (right worse).",
    ],
)
def test_near_misses_keep_the_side(text):
    assert without_unclaimed(text) == text


def test_a_worse_ear_after_the_hearing_is_still_judged():
    text = "Mild hearing loss in both ears (right worse)."
    assert [c.value for c in read_claims(text) if c.kind == "worse_ear"] in ([], ["right"])
    assert worse_ears(text) == ["right"]
    assert check_reply(text, LEFT_WORSE).critical_errors == ["laterality_confusion"]
