"""A doctor's words about the writer's own (or their relative's) hearing, passed on by the
patient or family ("Dr Shah said my hearing is ...", "the doctor says his ears ..."), are the
result of this test as they were told it: the writer's claim, not someone else's words set
aside (issue #26, validation batch 67: patients' and relatives' messages). A doctor's words
about something else, and other sources, are reported as before."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

LEFT_MODERATE = build(10, 45)  # right normal, left 45 dB HL flat: moderate


@pytest.mark.parametrize(
    "text",
    [
        "Dr Shah said my hearing is moderate in the left ear.",
        "The doctor reckons her left ear has a moderate loss, nerve type.",
    ],
)
def test_the_doctors_result_is_kept(text):
    assert without_unclaimed(text) == text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Dr Shah said my hearing is severe in the left ear.", ["severity_misclassification"]),
        (
            "update: the doctor says his left ear has a profound loss :(",
            ["severity_misclassification"],
        ),
        ("Dr Shah said my hearing is moderate in the left ear.", []),
        # someone else's words about the hearing are still set aside
        ("The GP letter says my hearing is severe in the left ear.", []),
    ],
)
def test_the_doctors_result_is_judged(reply, errors):
    assert check_reply(reply, LEFT_MODERATE).critical_errors == errors
