"""A word test's name written with a hyphen ("word-recognition score", "speech-discrimination
score", "word-discrimination") names the same test as with a space: its per cent is a word
recognition score, fabricated in a case without speech audiometry (result_claims.WRS; issue
#26 batch 192 TI08 and TI31, portal letters giving word scores the audiogram lacks). Wording
of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

PURE_TONES_ONLY = build(40)


def _scores(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl if c.kind == "wrs"]


@pytest.mark.parametrize(
    ("text", "scores"),
    [
        ("Her word-recognition score was 72% on the left.", [(("left",), 72)]),
        ("Speech-discrimination: 88% right, 92% left.", [(("right",), 88), (("left",), 92)]),
        ("- right word-recognition 60%", [(("right",), 60)]),
        ("The right word-discrimination score was 64%, the left 80%.",
         [(("right",), 64), (("left",), 80)]),
        # no per cent, no score
        ("Word-recognition testing was not done.", []),
    ],
)  # fmt: skip
def test_hyphenated_names_read_the_score(text, scores):
    assert _scores(text) == scores


def test_hyphenated_word_score_without_speech_audiometry_is_fabricated():
    reply = "Flat moderate loss, 40 dB HL at every frequency. "
    assert check_reply(reply, PURE_TONES_ONLY).critical_errors == []
    with_score = reply + "Her word-recognition score was 72% in each ear."
    assert check_reply(with_score, PURE_TONES_ONLY).critical_errors == ["fabricated_result"]
