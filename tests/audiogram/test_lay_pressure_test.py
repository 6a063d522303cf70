""" "The pressure test" beside a hearing test is tympanometry in a patient's or relative's
words, as "the eardrum pressure test" is: its result word names a type ("normal" A,
"stiff" As, "floppy" Ad, "flat" B) (issue #26, validation batch 67: messages passing the
result on). A blood pressure test is not."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build

NO_TYMPANOMETRY = build(10, 10)  # normal hearing, no tympanometry done


def _tymps(text: str) -> list[tuple]:
    return [(c.ears, c.value) for c in read_claims(text) if c.kind == "tympanometry"]


@pytest.mark.parametrize(
    ("text", "tymps"),
    [
        ("The pressure test came back normal on both sides.", [(("right", "left"), "A")]),
        ("they also did a pressure test - flat on the left", [(("left",), "B")]),
        ("My blood pressure test was normal too.", []),
        ("BP pressure test normal", []),
        # the plural, as a clinician says it on a call (batch 73)
        ("The pressure tests came back normal on both sides.", [(("right", "left"), "A")]),
        ("Your blood pressure tests are fine.", []),
    ],
)
def test_the_pressure_test_is_tympanometry(text, tymps):
    assert _tymps(text) == tymps


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Hearing all normal. The pressure test came back normal on both sides.",
         ["fabricated_result"]),
        ("Hearing all normal. My blood pressure test was normal too.", []),
        ("Both ears normal, and your pressure tests were normal as well.",
         ["fabricated_result"]),
    ],
)  # fmt: skip
def test_an_invented_pressure_test_is_judged(reply, errors):
    assert check_reply(reply, NO_TYMPANOMETRY).critical_errors == errors
