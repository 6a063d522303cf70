"""Results of tests beside pure tones stated for one ear, in a model's words: an ear's
"audio", "sound" or "acoustic" impedance said to be higher or raised (an immittance result:
invented where the case has no tympanometry), and a word score given for the ear a clause
names after the sentence named the speech test ("a speech audiometry score of 84%, while the
left ear had a higher score at 50%": the left's score). Issue #26, batch 140 (real-model
text; result_claims.IMPEDANCE_RESULT, result_claims._clause_ear_score). Near misses: an
impedance under a condition or of a device, a percentage in a sentence naming no speech
test. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

NO_TYMP = build(40, 20)
WITH_SPEECH = build(40, 20, speech={"right": {"srt_db": 40, "wrs_percent": 88},
                                    "left": {"srt_db": 20, "wrs_percent": 96}})  # fmt: skip


def _scores(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl if c.kind == "wrs"]


def test_a_score_of_the_ear_its_clause_names():
    text = "Word recognition was 88% on the right, while the left ear had a score of 96%."
    assert ((("left",), 96)) in _scores(text)


def test_a_percentage_with_no_speech_test_named_is_no_score():
    text = "The right ear is fine, while the left ear had a score of 60% on the quiz."
    assert _scores(text) == []


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        (
            "Your right ear has a higher sound impedance than the left.",
            NO_TYMP,
            ["fabricated_result"],
        ),
        ("The left ear shows a raised acoustic impedance.", NO_TYMP, ["fabricated_result"]),
        ("If the left ear had a higher sound impedance, we would see a type B trace.", NO_TYMP, []),
        ("The hearing aid receiver has a higher audio impedance.", NO_TYMP, []),
        (
            "Speech testing gave 88% on the right, while the left ear had a score of 60%.",
            WITH_SPEECH,
            ["fabricated_result"],
        ),
        (
            "Speech testing gave 88% on the right, while the left ear had a score of 96%.",
            WITH_SPEECH,
            [],
        ),
    ],
)
def test_the_results_are_judged(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors
