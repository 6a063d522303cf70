"""An ear called affected or damaged by noise has a loss; an ear called spared has normal
hearing (affected_ears: "with the left ear being the most affected", "the left ear has suffered
noise damage", "the right ear is unaffected"). Judged as the ear's type: a loss in a normal ear
is a type error, or laterality where the other ear has it; a spared ear with a loss is a type
error. Near misses: a denial, a question, a condition, a belief or report, another person's
ear, an ear affected by something named, damage with no word of noise or hearing. Both ears
called affected or spared ("both ears are affected", "their entire ears are affected") are
the claim of each ear (batch 160). Wording of our own (issue #26, batches 143, 146, 149 and
160: the real local model's replies)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.affected_ears import affected_ear_claims
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

RIGHT_LOSS = build(50, 10, right_bone=45, left_bone=10)  # right sensorineural loss, left normal
BOTH_LOSS = build(45, 45, right_bone=40, left_bone=40)
BOTH_NORMAL = build(10)


def _read(text: str) -> list[tuple[str, str, str]]:
    return [
        (c.kind, c.ears[0], str(c.value))
        for clause in read_statements(text)
        for c in clause
        if c.kind in ("loss_in_an_ear", "type")
    ]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Bilateral loss, the right ear being the more affected.", ("loss_in_an_ear", "right")),
        ("The left side is predominantly affected.", ("loss_in_an_ear", "left")),
        ("Her right ear is clearly the worst affected.", ("loss_in_an_ear", "right")),
        ("His left ear has suffered noise damage.", ("loss_in_an_ear", "left")),
        ("There is acoustic trauma to the right ear.", ("loss_in_an_ear", "right")),
        ("The right ear has sustained permanent injury from gunfire.", ("loss_in_an_ear", "right")),
        ("The left ear is unaffected.", ("type", "left")),
        ("Her right ear is not affected.", ("type", "right")),
        ("The left ear was spared.", ("type", "left")),
    ],
)
def test_an_affected_damaged_or_spared_ear_is_read(text, read):
    assert [r[:2] for r in _read(text)] == [read]


@pytest.mark.parametrize(
    "text",
    [
        "There is no sign of noise damage in the left ear.",
        "If the left ear were affected, we would expect a notch.",
        "Believes the left ear is affected (patient report).",
        "She complains that the right ear is affected.",
        "The left ear is affected by wax.",
        "The right ear was spared from the surgery.",
        "The left ear has some damage to the canal skin.",
    ],
)
def test_a_denial_question_condition_belief_or_other_cause_is_not_read(text):
    assert _read(text) == []


@pytest.mark.parametrize(
    "reply",
    [
        "Is the right ear the more affected?",
        "Her husband's right ear is the more affected.",
        "His wife says her left ear is the more affected.",
    ],
)
def test_a_question_or_another_persons_ear_claims_nothing(reply):
    assert check_reply(reply, BOTH_NORMAL).critical_errors == []


def test_the_reading_needs_no_case():
    claims = affected_ear_claims("the left ear is the most affected", "", False)
    assert [(c.kind, c.ears) for c in claims] == [("loss_in_an_ear", ("left",))]


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("A loss, with the left ear being the most affected.", BOTH_NORMAL,
         ["type_misclassification"]),
        ("A loss, with the left ear being the most affected.", RIGHT_LOSS,
         ["laterality_confusion"]),
        ("A loss, with the right ear being the most affected.", RIGHT_LOSS, []),
        ("The left ear has experienced noise injury.", BOTH_NORMAL, ["type_misclassification"]),
        ("The left ear has experienced noise injury.", BOTH_LOSS, []),
        ("The left ear is unaffected.", RIGHT_LOSS, []),
        ("The right ear is not affected.", RIGHT_LOSS, ["type_misclassification"]),
        ("The right ear is unaffected.", BOTH_NORMAL, []),
    ],
)  # fmt: skip
def test_the_ears_state_is_judged_by_its_type(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors


def _ears_said(text: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(c.kind, c.ears) for cl in read_statements(text) for c in cl
            if c.kind in ("loss_in_an_ear", "type")]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Both of her ears are badly affected.", [("loss_in_an_ear", ("right", "left"))]),
        ("His whole ears seem affected, the left more.", [("loss_in_an_ear", ("right", "left"))]),
        ("Both ears were spared.", [("type", ("right", "left"))]),
        # near misses: ears in general, ears affected by something named, a denial
        ("In this condition the ears are affected one after the other.", []),
        ("Both ears are affected by wax.", []),
        ("It is not true that both ears are affected.", []),
    ],
)
def test_both_ears_called_affected_or_spared_are_read_for_each(text, read):
    assert _ears_said(text) == read


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("Both of her ears are badly affected.", RIGHT_LOSS, ["laterality_confusion"]),
        ("Both of her ears are badly affected.", BOTH_LOSS, []),
        ("Both ears were spared.", BOTH_NORMAL, []),
    ],
)
def test_both_ears_called_affected_are_judged_in_each(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors
