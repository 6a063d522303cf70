"""A tympanogram letter straight after its ear ("right Ad, left A") or after "the flat"
("the flat B") in a sentence about tympanometry (issue #26 item 5, a class of batch 26)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.result_claims import TYMP_TYPE

from .conftest import assert_linear, conductive_right, cpu_cost

READ = [
    ("Tympanometry: right B (0.8 ml), left As.", ["B", "As"]),
    ("Tymps: the flat B on the right.", ["B"]),
    ("Right AC 40 dB at 1 kHz.", []),  # AC is no letter
    ("Left A-B gap 20 dB.", []),  # a hyphen follows: no type
]


@pytest.mark.parametrize(("text", "letters"), READ)
def test_letters_after_ears(text, letters):
    got = [next(g for g in m.groups() if g) for m in TYMP_TYPE.finditer(text)]
    assert got == letters


CONDUCTIVE_RIGHT = conductive_right(tympanometry={"right": {"type": "B"}, "left": {"type": "A"}})


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right conductive loss. Tympanometry: right B, left A.", []),
        ("Right conductive loss. Tympanometry: right A, left B.", ["laterality_confusion"]),
    ],
)
def test_swapped_tympanograms_are_found(reply, errors):
    """The swap was missed on main 069008c (the letters after the ears were not read)."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_reading_letters_after_ears_is_linear():
    def cost(n):
        text = "tympanometry: right As, left A, the flat B " * n + "right " * n
        return len(text), cpu_cost(lambda: list(TYMP_TYPE.finditer(text)))

    size, small = cost(2500)
    big_size, big = cost(10000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big)
