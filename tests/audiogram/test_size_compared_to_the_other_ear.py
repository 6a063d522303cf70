"""One ear said a size more or less "compared to" (or "compared with") the other ear states the
ears' difference, as "than the other ear" does ("the left ear is 5 dB more attenuated compared
to the right ear"), and what is compared may be named in the other ear ("than the signal in the
right ear"); the comparison is read on past the clause's end, where "compared to the right ear"
names the other ear (interaural.SIZE_THAN_THE_OTHER; issue #26 batch 149: the real local model's
"5 dB more attenuated compared to the audio signal in the right ear" beside a dead right ear).
Near misses: a comparison with an earlier test or with normal, an ear compared with itself, a
denial. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.interaural import KIND
from clinbench.audiogram.statements import read_statements

from .conftest import build


def _sizes(text: str) -> list[float]:
    return [c.value for cl in read_statements(text) for c in cl if c.kind == KIND]


@pytest.mark.parametrize(
    ("text", "sizes"),
    [
        ("The left ear is about 10 dB lower compared with the right ear.", [10]),
        ("Her right ear is 15 dB quieter compared to her left.", [15]),
        ("The signal in the left ear is roughly 5 dB more attenuated compared to the signal in "
         "the right ear.", [5]),
        ("The right ear is 20 dB louder than the tone in the left ear.", [20]),
        # near misses
        ("The left ear is 10 dB lower compared to the previous test.", []),
        ("The right ear is 10 dB lower compared to normal hearing.", []),
        ("The right ear is 10 dB lower compared with the right ear last year.", []),
        ("The left ear is not 10 dB lower compared with the right ear.", []),
    ],
)  # fmt: skip
def test_a_size_compared_to_the_other_ear_is_their_difference(text, sizes):
    assert _sizes(text) == sizes


CASE = build(100, 10)  # right flat 100, left flat 10: the ears differ by 90


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The left ear is about 90 dB lower compared with the right ear.", []),
        ("The left ear is approximately 5 dB more attenuated compared to the right ear.",
         ["fabricated_result"]),
    ],
)  # fmt: skip
def test_the_size_is_judged_as_the_ears_difference(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
