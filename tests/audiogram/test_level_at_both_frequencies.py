"""A level said "at both" or "at each of" a list of frequencies ("55 dB at both 3 and 4 kHz")
is each frequency's level, as "at 3 and 4 kHz" is (threshold_claims._PAIR_AFTER), not the
level of a frequency named before it; one at a frequency the audiogram did not test is
fabricated (issue #26 batch 194 TK17: 3 kHz not tested). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# no 3 kHz tested; 55 dB at 4 kHz in both ears
NO_3K = build({250: 20, 500: 25, 1000: 30, 2000: 40, 4000: 55, 8000: 65})


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("Sloping, 40 at 2 kHz, 55 dB at both 3 and 4 kHz.", [(40, 2000), (55, 3000), (55, 4000)]),
        ("- 55 dB HL at each of 2 and 4 kHz", [(55, 2000), (55, 4000)]),
        ("Right ear 40 dB at both 1k and 2k.", [(40, 1000), (40, 2000)]),
    ],
)  # fmt: skip
def test_a_level_at_both_frequencies_is_each_ones(text, pairs):
    got = [(c.value, f) for cl in read_statements(text) for c in cl if c.kind == "threshold"
           for f in c.frequencies]  # fmt: skip
    assert sorted(got) == sorted(pairs)


def test_a_level_at_both_frequencies_one_untested_is_fabricated():
    assert check_reply("Both ears 55 dB at both 3 and 4 kHz.", NO_3K).critical_errors == [
        "fabricated_result"
    ]
    assert check_reply("Both ears 40 dB at 2 kHz and 55 dB at 4 kHz.", NO_3K).critical_errors == []
