""" "Speech" as a result's label before its colon ("Speech: 92% right, 88% left"), with or
without a bracket on how the words were given ("Speech (recorded lists at 55 dB HL): 96%"),
names the speech test, whose percentages are word recognition scores; a bracket between a
word test's name and its score is no part of the score (result_claims._SPEECH_LABEL,
_PRESENTATION). Batch 133 ZH24 as tuning data."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields


@pytest.mark.parametrize(
    ("text", "scores"),
    [
        ("Speech: 92% right, 88% left.", [(("right",), 92), (("left",), 88)]),
        ("Speech (recorded lists at 55 dB HL): 96% right, 80% left.",
         [(("right",), 96), (("left",), 80)]),
        ("WRS (at 70 dB HL): 84% left.", [(("left",), 84)]),
    ],
)  # fmt: skip
def test_the_scores_are_read(text, scores):
    assert claim_fields(text, "ears", "value", kinds=("wrs",)) == scores


@pytest.mark.parametrize(
    "text",
    [
        "Speech clear on the phone; 90% of calls answered.",  # no label's colon
        "Speech and language therapy: 3 sessions, 100% attended.",
    ],
)
def test_near_misses_read_no_score(text):
    assert claim_fields(text, "ears", "value", kinds=("wrs",)) == []


def test_a_score_on_an_audiogram_without_speech_is_fabricated():
    reply = "Thresholds 10-15 dB both ears.\nSpeech (live voice at 45 dB HL): 100% right, 98% left."
    assert check_reply(reply, build(10)).critical_errors == ["fabricated_result"]
