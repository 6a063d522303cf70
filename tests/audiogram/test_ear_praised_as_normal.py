"""An ear praised as hearing as well as or better than a normal ear ("both ears hear better
than a normal human", "the right ear demonstrated an exceptional performance", "the left ear
performed exceptionally well") claims that the ear has no loss: a type claim of "normal",
false of an ear with a loss (issue #26, batch 140, real-model text; the set's labels take it
as a type error; result_claims.PRAISED_EAR). Near misses: praise of a device, a test or a
score, and a denied praise. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

_BONE = {500: 45, 1000: 45, 2000: 45, 4000: 45}
LOSS = build(45, 50, right_bone=_BONE, left_bone=_BONE, bone_masked=True)  # moderate SNHL
NORMAL_LEFT = build(45, 10, right_bone=_BONE, bone_masked=True)  # right SNHL, left normal


def _normal_types(text: str) -> list[tuple[str, ...]]:
    return [c.ears for cl in read_statements(text) for c in cl
            if c.kind == "type" and c.value == "normal"]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "ears"),
    [
        ("Both ears hear better than an average person on this chart.", [("right", "left")]),
        ("Her left ear showed an excellent performance at every pitch.", [("left",)]),
        ("Overall the right ear performed perfectly in air and bone.", [("right",)]),
        ("The right ear is better than a typical adult ear.", [("right",)]),
    ],
)
def test_an_ear_praised_claims_normal(text, ears):
    assert _normal_types(text) == ears


@pytest.mark.parametrize(
    "text",
    [
        "The hearing aid performed exceptionally well in the right ear.",
        "Word recognition was excellent in both ears.",
        "The left ear did not perform exceptionally well.",
        "The right ear hears better than the left ear.",
    ],
)
def test_praise_of_something_else_claims_no_type(text):
    assert _normal_types(text) == []


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("Both ears hear better than a normal human.", LOSS, ["type_misclassification"]),
        ("The left ear demonstrated an exceptional performance.", NORMAL_LEFT, []),
        ("The left ear demonstrated an exceptional performance.", LOSS, ["type_misclassification"]),
    ],
)
def test_the_praise_is_judged_as_a_normal_type(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors


# The person praised, not one ear (result_claims.PRAISED_PERSON): each ear, or the ear named
# after the praise (issue #26 batches 143 and 165, real-model text; wording of our own).
@pytest.mark.parametrize(
    ("text", "ears"),
    [
        ("Good news: you hear perfectly in both ears.", [("right", "left")]),
        ("- Patient: hears everything perfectly", [("right", "left")]),
        ("| Hearing | The patient hears speech effortlessly |", [("right", "left")]),
        (
            "She reports tinnitus, but still manages to hear flawlessly on the left.",
            [("left",)],
        ),  # fmt: skip
        ("Given her outstanding hearing abilities, nothing more is needed.", [("right", "left")]),
        ("They have perfect hearing, so no follow-up.", [("right", "left")]),
        ("Your mum can easily hear voices in her right ear.", [("right",)]),
    ],
)
def test_a_person_praised_claims_normal(text, ears):
    assert _normal_types(text) == ears


@pytest.mark.parametrize(
    "text",
    [
        "You will hear perfectly once the aids are fitted.",
        "She does not hear perfectly.",
        "They cannot easily hear speech in noise.",
        "He has excellent hearing aids from the clinic.",
        "Your excellent hearing test report is attached.",
        "She hears perfectly with her new hearing aids.",
    ],
)
def test_a_person_praised_for_something_else_claims_no_type(text):
    assert _normal_types(text) == []


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("Your mum hears perfectly in both ears.", LOSS, ["type_misclassification"]),
        (
            "Thanks to their excellent hearing capabilities, no aid is needed.",
            LOSS,
            ["type_misclassification"],
        ),  # fmt: skip
        ("She still hears perfectly on the left.", NORMAL_LEFT, []),
        ("She still hears perfectly on the left.", LOSS, ["type_misclassification"]),
    ],
)
def test_a_person_praised_is_judged_as_a_normal_type(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors


@pytest.mark.parametrize(
    "text",
    [
        "He says that, although he hears perfectly well in conversation, he has tinnitus.",
        "She reports that she hears perfectly.",
        "He hears perfectly on the phone.",
    ],
)
def test_a_persons_own_account_or_a_setting_claims_no_type(text):
    assert _normal_types(text) == []
