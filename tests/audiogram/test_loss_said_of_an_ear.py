"""An ear said to have a hearing loss, with no grade or type named, claims that ear is not
normal: "the left ear has a hearing loss", "she has reduced hearing on the right". Wrong of a
normal ear, and a laterality confusion when the other ear has the loss (issue #26, batch 143:
a real model's "their left ear experiences significant hearing loss" for a normal left ear
gave no claim; result_claims.LOSS_IN_AN_EAR). A loss said of both ears ("a hearing loss in
both ears", "both ears show reduced hearing") is the claim of each: wrong where either ear is
normal (issue #26, batch 160: "a hearing loss in both their right ear and left ear" beside a
normal left ear gave no claim). Near misses: a loss named as a topic, in a history or a
complaint, or denied claims nothing; nor does a loss in both ears with no verb of having.
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

RIGHT_LOSS = build(50, 10, right_bone=45, left_bone=10)  # right sensorineural loss, left normal
BOTH_NORMAL = build(10)


def _ears_with_a_loss(text: str) -> list[str]:
    return [
        c.ears[0] for clause in read_statements(text) for c in clause if c.kind == "loss_in_an_ear"
    ]


@pytest.mark.parametrize(
    ("text", "ears"),
    [
        ("Her left ear experiences significant hearing loss due to bone conduction.", ["left"]),
        ("The right ear has a hearing loss.", ["right"]),
        ("On this test the right side shows reduced hearing.", ["right"]),
        ("The patient has a hearing impairment in the left ear.", ["left"]),
        ("He demonstrates a noticeable loss of hearing on the right.", ["right"]),
        ("Only the left ear suffers from hearing loss.", ["left"]),
    ],
)
def test_an_ear_said_to_have_a_loss_is_read(text, ears):
    assert _ears_with_a_loss(text) == ears


@pytest.mark.parametrize(
    "text",
    [
        "The degree and type of hearing loss in the right ear are shown below.",
        "She has a history of hearing loss in the left ear.",
        "He complains of reduced hearing on the right.",
        "The left ear has no hearing loss.",
        "There is hearing loss in the right and left ears.",
        "If the left ear has a hearing loss, refer her.",
        "The right ear has a moderate hearing loss.",  # the grade is read, and judged, instead
    ],
)
def test_a_topic_history_complaint_denial_or_grade_is_not_this_claim(text):
    assert _ears_with_a_loss(text) == []


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("Her left ear has a hearing loss.", RIGHT_LOSS, ["laterality_confusion"]),
        ("She has reduced hearing in the right ear.", RIGHT_LOSS, []),
        ("The right ear has a hearing loss.", BOTH_NORMAL, ["type_misclassification"]),
        ("He complains of reduced hearing on the left.", RIGHT_LOSS, []),
    ],
)
def test_a_loss_said_of_an_ear_is_judged_by_its_type(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors


def _ears_of_each_loss(text: str) -> list[tuple[str, ...]]:
    return [
        c.ears for clause in read_statements(text) for c in clause if c.kind == "loss_in_an_ear"
    ]


@pytest.mark.parametrize(
    ("text", "ears"),
    [
        ("He has a hearing loss in both of his ears.", [("right", "left")]),
        ("Both their ears show reduced hearing.", [("right", "left")]),
        ("She experiences hearing impairment in the left and right ears.", [("right", "left")]),
        ("The patient suffers from loss of hearing in each ear.", [("right", "left")]),
        # near misses: a topic, a denial, a history, no verb of having
        ("The degree of hearing loss in both ears is given below.", []),
        ("Neither ear has a hearing loss; both ears show no hearing loss.", []),
        ("She has a history of hearing loss in both ears.", []),
    ],
)
def test_a_loss_said_of_both_ears_is_read_for_each(text, ears):
    assert _ears_of_each_loss(text) == ears


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("He has a hearing loss in both of his ears.", RIGHT_LOSS, ["laterality_confusion"]),
        ("He has a hearing loss in both of his ears.", BOTH_NORMAL, ["type_misclassification"]),
        (
            "He has a hearing loss in both of his ears.",
            build(50, 45, right_bone=45, left_bone=40),
            [],
        ),
    ],
)
def test_a_loss_said_of_both_ears_is_judged_in_each(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors


@pytest.mark.parametrize(
    ("text", "ears"),
    [
        # a loss named with its cause, and an ear's loss as the subject of what is said of it
        ("Mr Shah shows a noise-induced hearing loss in the right ear.", ["right"]),
        ("The age-related hearing loss on the left side appears stable.", ["left"]),
        ("The hearing impairment in her right ear was first noticed at work.", ["right"]),
        # near misses: a topic after "of" or "for", a denial, a condition
        ("Details of the hearing loss in the left ear are given below.", []),
        ("The cause of the hearing loss in the right ear is unclear.", []),
        ("The hearing loss in the left ear is not confirmed by this test.", []),
        ("A hearing aid for the hearing loss in the right ear is an option.", []),
    ],
)
def test_a_loss_named_with_its_cause_or_as_the_subject_is_read(text, ears):
    assert _ears_with_a_loss(text) == ears


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (
            "The age-related hearing loss in the left ear is of long standing.",
            ["laterality_confusion"],
        ),
        ("The age-related hearing loss in the right ear is of long standing.", []),
    ],
)
def test_an_ears_loss_as_the_subject_is_judged(reply, errors):
    assert check_reply(reply, RIGHT_LOSS).critical_errors == errors


@pytest.mark.parametrize(
    ("text", "ears"),
    [
        ("The left ear is damaged.", [("left",)]),
        ("Results: both ears have become damaged by the noise.", [("right", "left")]),
        ("So the ears have been damaged over the years.", [("right", "left")]),
        ("- Right ear: it seems the right ear was badly impaired.", [("right",)]),
        ("The left side is now impaired, the right one too? No: only the left.", [("left",)]),
    ],
)
def test_an_ear_said_damaged_or_impaired_has_a_loss(text, ears):
    """Batch 181 QD05, "the ears have become damaged" for a normal left ear: an ear said
    damaged or impaired on a hearing test has a loss in it; "the ears" are both."""
    assert _ears_of_each_loss(text) == ears


@pytest.mark.parametrize(
    "text",
    [
        "The left ear is not damaged.",
        "The hearing aid in the right ear was damaged.",
        "Loud noise can damage the ears.",
        "The left eardrum is damaged.",
    ],
)
def test_an_undamaged_ear_or_another_things_damage_is_no_loss(text):
    assert _ears_with_a_loss(text) == []


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("The right ear is damaged.", RIGHT_LOSS, []),
        ("The left ear is damaged.", RIGHT_LOSS, ["laterality_confusion"]),
        ("Both ears have become damaged.", BOTH_NORMAL, ["type_misclassification"]),
    ],
)
def test_an_ear_said_damaged_is_judged_by_its_type(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors
