"""Where a loss arises, named in plain words, is its type: the middle ear or "the middle part
of the ear" is a conductive loss, the inner ear (or its inner part), the hair cells or the
hearing nerve a sensorineural one, and both places together a mixed one (BSA 2018 defines
the type by where the loss arises; Easy Read results letters, issue #26 batch 63, used as
tuning data). Emphasis marks between the words ("in the **middle part** of the ear") change
nothing. A test or a picture of the inner ear, and an inner ear said to work, name no type."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build, conductive_right

# right 45 dB HL by air and by masked bone (sensorineural), left 10 (normal)
SENSORINEURAL_RIGHT = build(
    45, 10, right_bone={500: 45, 1000: 45, 2000: 45, 4000: 45},
    left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10}, bone_masked=True,
)  # fmt: skip


def _types(text: str) -> list[str]:
    return [c.value for c in read_claims(text) if c.kind == "type"]


READ = [
    ("The damage is in the middle part of his ear.", ["conductive"]),
    ("Sound is blocked in the **middle part** of her ears.", ["conductive"]),
    ("Right side: the trouble sits in your **middle part of the ear**.", ["conductive"]),
    ("Your left ear's loss comes from the **inner ear**.", ["sensorineural"]),
    ("The cause is the hearing nerve, not wax.", ["sensorineural"]),
    ("It is in the inner part of your ear.", ["sensorineural"]),
    ("Her loss is in the middle part of the ear **and** in the inner ear.", ["mixed"]),
    ("Both: in the middle ear and the inner ear.", ["mixed"]),
]  # fmt: skip

NOT_READ = [
    "We did a test of your inner ears and it was fine.",
    "The inner ear works well.",
    "This picture shows the middle part of the ear.",
]


@pytest.mark.parametrize(("text", "types"), READ, ids=[r[0] for r in READ])
def test_place_of_the_loss_read_as_its_type(text, types):
    assert _types(text) == types


@pytest.mark.parametrize("text", NOT_READ)
def test_place_named_without_a_loss_is_no_type(text):
    assert _types(text) == []


def test_inner_ear_said_of_a_conductive_loss_is_a_type_error():
    reply = "Right ear: a moderate (medium) hearing loss.\nThe problem is in the **inner ear**."
    assert check_reply(reply, conductive_right()).critical_errors == ["type_misclassification"]


def test_middle_part_said_of_a_conductive_loss_is_true():
    reply = (
        "Right ear: a moderate (medium) hearing loss.\nIt is in the **middle part** of your ear."
    )
    assert check_reply(reply, conductive_right()).critical_errors == []


def test_middle_part_said_of_a_sensorineural_loss_is_a_type_error():
    reply = "Right ear: a moderate (medium) loss.\nThe loss is in the middle part of the ear."
    assert check_reply(reply, SENSORINEURAL_RIGHT).critical_errors == ["type_misclassification"]


# A loss that affects or involves a place arises there (issue #26 batch 166, real-model "a
# hearing loss that affects the middle ear"); sound carried from or in a part of the ear is how
# hearing works, no loss (batch 179). Wording of our own.
AFFECTS = [
    ("The patient has a hearing loss that affects the middle ear.", ["conductive"]),
    ("Her loss involves the middle part of the ear.", ["conductive"]),
    ("- Right: hearing problem affecting the middle ear", ["conductive"]),
    ("Left ear: an impairment which affects the inner ear.", ["sensorineural"]),
]
NO_LOSS_PLACED = [
    "Loud noise affects the inner ear over time.",
    "The right ear carries sound from your middle ear to the cochlea.",
    "Vibrations in the middle ear are passed on to the inner ear.",
    "Sound energy from the middle ear reaches the nerve.",
]


@pytest.mark.parametrize(("text", "types"), AFFECTS, ids=[r[0] for r in AFFECTS])
def test_a_loss_that_affects_a_place_is_its_type(text, types):
    assert _types(text) == types


@pytest.mark.parametrize("text", NO_LOSS_PLACED)
def test_sound_carried_through_a_place_is_no_type(text):
    assert _types(text) == []


def test_a_loss_affecting_the_middle_ear_of_a_sensorineural_ear_is_a_type_error():
    reply = "Right ear: a hearing loss that affects the middle ear."
    assert check_reply(reply, SENSORINEURAL_RIGHT).critical_errors == ["type_misclassification"]
    reply = "Right ear: a hearing loss that affects the inner ear."
    assert check_reply(reply, SENSORINEURAL_RIGHT).critical_errors == []
