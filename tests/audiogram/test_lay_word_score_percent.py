"""The per cent of words a patient understood or repeated is a word recognition score, told
in lay words: "You understood 96% of words in each ear on the speech test" (issue #26, blind
batch 47, genetic counselling letters, as tuning data: VZ41, a planted score for a case with
no speech test). Near misses: the true score is no error, and a percentage of words that
says nothing of the patient ("most people follow about 90% of words") is no claim."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.result_claims import speech_claims

from .conftest import assert_linear, build, cpu_cost

# flat mild sensorineural loss (25 dB HL, bone 20), no speech test
NO_SPEECH = build(25, right_bone=20, left_bone=20)
# the same with word scores of 92% (right) and 60% (left)
WITH_SPEECH = build(
    25, right_bone=20, left_bone=20,
    speech={"right": {"srt_db": 25, "wrs_percent": 92}, "left": {"srt_db": 25, "wrs_percent": 60}},
)  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        (
            "You understood 96% of words in each ear on the speech test.",
            NO_SPEECH,
            ["fabricated_result"],
        ),
        (
            "In the word test she repeated 90% of the words with her right ear.",
            NO_SPEECH,
            ["fabricated_result"],
        ),
        ("Your left ear understood 92% of the words.", WITH_SPEECH, ["fabricated_result"]),
        # near misses: the true scores, and a percentage of words said of nobody
        ("Your right ear understood 92% of the words and your left ear 60%.", WITH_SPEECH, []),
        ("Most people follow about 90% of words in a quiet room.", NO_SPEECH, []),
    ],
)
def test_a_per_cent_of_words_understood_is_a_word_score(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors


def test_the_lay_score_is_read_as_a_word_recognition_claim():
    claims = speech_claims("you understood about 96% of the words", "left", False)
    assert [(c.kind, c.ears, c.value) for c in claims] == [("wrs", ("left",), 96)]


def test_lay_word_scores_are_read_in_linear_time():
    text = "you understood 96% of the " + "words " * 30 + "understood 9" * 30 + ". "
    small = cpu_cost(lambda: check_reply(text * 10, NO_SPEECH))
    big = cpu_cost(lambda: check_reply(text * 40, NO_SPEECH))
    assert_linear(small, big)
