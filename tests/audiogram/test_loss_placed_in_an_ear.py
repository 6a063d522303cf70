"""An ear named as the place of a hearing loss, with "there is", a copula or "confined to"
("there was a hearing loss on the right side", "the hearing loss is mainly in the left ear",
"a loss of hearing limited to the right"), claims a loss in that ear as "the left ear has a
hearing loss" does (result_claims.LOSS_IN_AN_EAR; issue #26, batch 189 TF50, a plan line
after right first mentions; the wordings here are our own). Not denied, not asked, not of
both ears, not a history."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.result_claims import loss_in_an_ear_claims

from .conftest import build

LEFT_LOSS = build(10, 50)  # right normal, left 50 dB HL


@pytest.mark.parametrize(
    ("clause", "ear"),
    [
        ("there was a hearing loss on the right side", "right"),
        ("there is some reduced hearing affecting her left ear", "left"),
        ("the hearing loss is mainly in the left ear", "left"),
        ("on review the hearing impairment lies in the right ear", "right"),
        ("a loss of hearing limited to the right", "right"),
        ("- hearing loss isolated to left ear, seen by ent", "left"),
        ("plan: hearing loss is confined to the right side, no aid", "right"),
    ],
)
def test_an_ear_as_the_place_of_a_loss_claims_a_loss_in_it(clause, ear):
    assert [c.ears for c in loss_in_an_ear_claims(clause, False)] == [(ear,)]


@pytest.mark.parametrize(
    "clause",
    [
        "there is no hearing loss in the left ear",
        "is there a hearing loss in the right ear?",
        "the hearing loss is in the right and left ears alike",
        "there was a history of hearing loss in the right ear",
        "the degree of the hearing loss on the left is mild",
        "noise-induced loss limited to the right is unlikely",
    ],
)
def test_denied_asked_both_eared_and_history_claim_no_single_ear(clause):
    assert [c.ears for c in loss_in_an_ear_claims(clause, False)] in ([], [("both",)])


@pytest.mark.parametrize(
    "reply",
    [
        "Left 50 dB throughout, right normal. Team note: the hearing loss is in the right ear.",
        "Audiogram: R 10, L 50. There is a hearing loss on the right.",
        "R normal, L 50 flat. Adviser: hearing loss confined to the right ear; nothing more.",
    ],
)
def test_a_later_line_putting_the_loss_in_the_normal_ear_is_caught(reply):
    assert check_reply(reply, LEFT_LOSS).critical_errors == ["laterality_confusion"]


@pytest.mark.parametrize(
    "reply",
    [
        "Left 50 dB throughout, right normal. Team note: the hearing loss is in the left ear.",
        "Audiogram: R 10, L 50. There is a hearing loss on the left.",
        "R normal, L 50 flat. Adviser: hearing loss confined to the left ear; nothing more.",
    ],
)
def test_the_same_lines_with_the_right_ear_stay_unflagged(reply):
    assert check_reply(reply, LEFT_LOSS).critical_errors == []
