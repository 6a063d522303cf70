"""An ear said to produce, exhibit or display an impedance states an immittance result, as one
that "has" or "shows" it does (result_claims.IMPEDANCE_RESULT): fabricated in a case with no
tympanometry (issue #26, batch 146 ZU11 "the left ear is producing an impedance matching the
right ear's"; batch 140's rule, a result of a test the case lacks). Wording of our own; a
device's impedance, a condition and a denial are no result."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

NO_TYMP = build(30)


def _impedances(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl
            if c.kind == "impedance"]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("The left ear is producing a raised impedance.",
         [(("left",), "producing a raised impedance")]),
        # both ears named in the clause: the impedance is of no one ear, still a result
        ("The left ear is producing an impedance close to the right's.",
         [((), "producing an impedance")]),
        ("The right ear exhibits a high impedance.", [(("right",), "exhibits a high impedance")]),
        ("Your left ear displayed a lower acoustic impedance.",
         [(("left",), "displayed a lower acoustic impedance")]),
        # near misses: a device, a condition, a denial, the test named
        ("The hearing aid receiver is producing an impedance of 32 ohms.", []),
        ("If the left ear were producing a high impedance, fluid would be likely.", []),
        ("The right ear is not producing a high impedance.", []),
        ("Impedance testing was not done.", []),
    ],
)  # fmt: skip
def test_an_impedance_an_ear_produces_is_read(text, read):
    assert _impedances(text) == read


def test_it_is_fabricated_without_tympanometry():
    fc = check_reply("The left ear is producing an impedance matching the right ear.", NO_TYMP)
    assert fc.critical_errors == ["fabricated_result"]
