"""A word test told as a count ("you repeated 45 of the 50 words", "she got 18 out of 20
correct") is a word recognition score, the per cent right; "right" after a count out of a
total means correct, not the right ear, so "Left ear: you got 88 out of 100 right" is a
claim about the left ear (speech audiometry scores the words repeated correctly; Easy Read
results letters, issue #26 batch 63, used as tuning data). A count of beeps or tones, a
count under ten, and a count larger than its total are no word score."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise

from .conftest import build

NO_SPEECH = build(30)
WITH_SPEECH = build(
    30,
    speech={"right": {"srt_db": 30, "wrs_percent": 60}, "left": {"srt_db": 30, "wrs_percent": 92}},
)


def _scores(text: str, audiogram=WITH_SPEECH) -> list[tuple]:
    return sorted(
        (f.ear, f.claimed) for f in check_reply(text, audiogram).findings if f.kind.value == "wrs"
    )


READ = [
    ("Listening to words: on the left you repeated 46 of the 50 words.", [("left", 92)]),
    ("Left ear: she got 23 out of 25 correct.", [("left", 92)]),
    ("Your left side got 88 out of 100 right in the word game.", [("left", 88)]),
    ("Right ear - you understood 12 out of 20 words.", [("right", 60)]),
]  # fmt: skip

NOT_READ = [
    "You heard 5 out of 6 beeps on the left.",
    "He got 3 of 4 right.",
    "Of the 20 tones, 18 out of 20 tones came back on the right.",
    "Mum says 2 out of 3 children in the family wear aids.",
]


@pytest.mark.parametrize(("text", "scores"), READ, ids=[r[0] for r in READ])
def test_count_read_as_a_word_score(text, scores):
    assert _scores(text) == scores


@pytest.mark.parametrize("text", NOT_READ)
def test_no_word_score_in_other_counts(text):
    assert _scores(text) == []


def test_right_after_a_count_is_no_ear():
    assert "right" not in normalise("Left ear: you got 70 out of 100 right.").lower()
    assert "right ear" in normalise("It was 9 of 10 right ear tones.").lower()


def test_count_of_a_word_test_never_done_is_fabricated():
    reply = "Word listening test\nBoth ears: you repeated 40 out of 50 words correctly."
    assert check_reply(reply, NO_SPEECH).critical_errors == ["fabricated_result"]


def test_true_counts_of_each_ear_are_no_error():
    reply = "Right ear: you got 30 out of 50 right.\nLeft ear: you got 46 out of 50 right."
    assert check_reply(reply, WITH_SPEECH).critical_errors == []
