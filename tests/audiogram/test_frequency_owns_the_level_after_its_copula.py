"""In a list of frequency-level pairs a frequency owns the level after it when only a copula
links them ("1 kHz is 30 dB, 2 kHz 40-45 dB", "500 Hz was 20 dB, 1 kHz 35 dB"), as with
nothing or a colon between: the frequency after the bare comma opens the next pair
(threshold_claims._PAIR_TAG; issue #26 batch 192 TI28, 30 dB read at the 2 kHz after it).
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

SLOPING = build({250: 20, 500: 25, 1000: 30, 2000: 45, 4000: 55, 8000: 65})


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("Right ear: 1 kHz is 30 dB, 2 kHz 45 dB.", [(30, (1000,)), (45, (2000,))]),
        ("Left: 500 Hz was 20 dB, 1 kHz is 35 dB, 2 kHz 50 dB.",
         [(20, (500,)), (35, (1000,)), (50, (2000,))]),
        ("- R: 2k is at 40 dB, 4k 55 dB", [(40, (2000,)), (55, (4000,))]),
        # the pair with nothing between reads as before
        ("Right ear: 1 kHz 30 dB, 2 kHz 45 dB.", [(30, (1000,)), (45, (2000,))]),
    ],
)  # fmt: skip
def test_the_frequency_before_its_copula_owns_the_level(text, pairs):
    got = [(c.value, c.frequencies) for cl in read_statements(text) for c in cl
           if c.kind == "threshold"]  # fmt: skip
    assert got == pairs


def test_pairs_linked_by_a_copula_stay_unflagged_and_a_wrong_one_is_caught():
    reply = "Both ears alike: 1 kHz is 30 dB, 2 kHz 45 dB, 4 kHz 55 dB."
    assert check_reply(reply, SLOPING).critical_errors == []
    wrong = "Both ears alike: 1 kHz is 60 dB, 2 kHz 45 dB, 4 kHz 55 dB."
    assert check_reply(wrong, SLOPING).critical_errors != []
