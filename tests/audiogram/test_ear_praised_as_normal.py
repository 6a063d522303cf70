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
