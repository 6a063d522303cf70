"""What the person who did the test said about it is a result of this audiogram, which the
writer repeats as true ("The audiologist said my left ear has a mild conductive loss"), so
it stays the writer's claim unless the writer rejects it; a surprised "?!" does not take it
back. Someone else's tester, an earlier one, a relative's result and a doctor who did not
do the test stay reported speech (issue #26, validation batch 51: patients' own accounts,
as tuning data; discourse.TESTER)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, assert_linear, build, cpu_cost

# flat mild sensorineural loss, 25 dB HL both ears (bone 20)
FLAT_MILD = build(25, right_bone=20, left_bone=20)

TESTERS_WORDS = [
    ("The audiologist said my left ear has a severe conductive loss.",
     ["severity_misclassification", "type_misclassification"]),
    ("Audiologist said profound sensorineural loss in both ears?!", ["severity_misclassification"]),
    ("My audiologist told me both ears have a severe loss.", ["severity_misclassification"]),
    ("The audiologist said it is a severe loss, apparently.", ["severity_misclassification"]),
    ("The audiologist said my left ear has a mild sensorineural loss.", []),
]  # fmt: skip

NOT_THE_TESTER_OF_THIS_TEST = [
    "The previous audiologist said my left ear had a severe loss.",
    "My old audiologist said both ears had a severe loss.",
    "Mum's audiologist said she has a severe loss.",
    "Your audiologist said you have a severe conductive loss.",
    "The GP said my left ear has a severe loss.",
    "The audiologist said it was a severe loss - I disagree, the letter is wrong.",
]


@pytest.mark.parametrize(("text", "errors"), TESTERS_WORDS, ids=[r[0] for r in TESTERS_WORDS])
def test_testers_words_are_judged(text, errors):
    assert check_reply(text, FLAT_MILD).critical_errors == errors


@pytest.mark.parametrize("text", NOT_THE_TESTER_OF_THIS_TEST)
def test_other_reported_words_are_not(text):
    assert check_reply(text, FLAT_MILD).critical_errors == []


def test_blanking():
    assert_blanked(
        "The audiologist said my left ear has a mild loss. The GP said it was severe.",
        gone=["severe"],
        kept=["mild loss"],
    )
    assert_blanked("The previous audiologist said it was severe.", gone=["severe"], kept=[])


def test_tester_reading_is_linear():
    from clinbench.audiogram.discourse import without_unclaimed

    def cost(n):
        text = "The audiologist said a mild loss and the previous tech said severe. " * n
        return cpu_cost(lambda: without_unclaimed(text))

    assert_linear(cost(200), cost(800))
