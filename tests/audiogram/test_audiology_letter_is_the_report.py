"""The audiology department's letter on this test is the test's report: a grade or type the
writer passes on from it without correcting it ("4FA 85 and 87.5, which the audiology letter
called moderate") is the writer's claim, as the audiology report's is; a GP's letter, a bare
letter and an earlier audiology letter stay someone else's words (batch 111: pre-operative
notes). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.statements import read_statements

from .conftest import build

PROFOUND = build(95)


def degrees(text: str) -> list[str]:
    return [c.value for part in read_statements(without_unclaimed(text)) for c in part
            if c.kind == "degree"]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Both ears at 90-95 dB; the audiology letter records a moderate loss.",
        "The audiology letter stated: moderate hearing loss in both ears.",
    ],
)
def test_the_audiology_letter_speaks_for_the_test(text):
    assert "moderate" in degrees(text)


@pytest.mark.parametrize(
    "text",
    [
        "The GP letter describes it as moderate.",
        "Her earlier audiology letter describes it as moderate.",
    ],
)
def test_another_letter_stays_reported(text):
    assert degrees(text) == []


@pytest.mark.parametrize(
    "reply",
    [
        "Both ears 90-100 dB; the audiology letter labels it a moderate loss. Aids lost on "
        "the ward.",
        "Hearing (per ward notes): averages 95 R / 95 L, which our audiology letter documented "
        "as moderate; whiteboard for consent.",
    ],
)
def test_a_wrong_grade_passed_on_from_the_letter_is_flagged(reply):
    assert "severity_misclassification" in check_reply(reply, PROFOUND).critical_errors
