"""Which ear is worse, said with the writer's stress or a finding's verb before the
comparative ("the left ear is indeed the worse", "the right ear is considered to be the
worse") or as the ear more or less impaired ("the left ear's hearing is more severely
impaired", "the right ear is less affected"): a worse-ear claim, as "the left ear is worse"
is (lexicon.WORSE, lexicon.MORE_LOSS). A belief reported ("was thought to be worse") and
something else more affected ("music is more affected by noise") name no worse ear. Issue #26
batch 135, the replies of a small local model; wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields

RIGHT_WORSE = build(60, 10)


def _worse(text: str) -> list[tuple]:
    return claim_fields(text, "value", kinds=("worse_ear",))


@pytest.mark.parametrize(
    ("text", "worse"),
    [
        ("The left ear is indeed the worse.", "left"),
        ("The right ear is considered to be the worse one.", "right"),
        ("Her left ear is definitely worse.", "left"),
        ("The right ear is found to be worse.", "right"),
        ("The left ear's hearing is more severely impaired.", "left"),
        ("The right ear's hearing is much more affected than the left.", "right"),
        ("The right ear is less affected.", "left"),
        ("The left ear is less severely impaired than the right.", "right"),
    ],
)
def test_the_ear_said_worse_or_more_impaired_is_the_worse(text, worse):
    assert _worse(text) == [(worse,)]


@pytest.mark.parametrize(
    "text",
    [
        "The left ear was thought to be worse by the family.",
        "Music is more affected by noise in the left ear.",
        "Speech in noise is less affected than expected.",
        "The left ear is not more impaired than the right.",
    ],
)
def test_a_belief_or_something_else_affected_names_no_worse_ear(text):
    assert _worse(text) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The left ear is indeed the worse.", True),
        ("The left ear's hearing is more severely impaired.", True),
        ("The right ear is considered to be the worse.", False),
        ("The left ear is less affected.", False),
    ],
)
def test_judged_against_the_worse_ear(reply, errors):
    assert bool(check_reply(reply, RIGHT_WORSE).critical_errors) is errors
