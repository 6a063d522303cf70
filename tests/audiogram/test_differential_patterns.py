"""What each candidate of a differential list typically shows is no result of this patient
(differentials.py; round 16, batch 104; my own wording, on V02: a right low-frequency
conductive loss, left normal, no immittance recorded)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.differentials import differential_patterns_blanked

from .validation import cases

CASES = cases()

AUDIOGRAM = (
    "Right ear: low-frequency conductive loss, 4FA about 22 dB HL, mild. Left ear normal.\n\n"
)

DIFFERENTIALS = [
    (
        "Differential diagnosis:\n(a) Cochlear hydrops \u2014 a rising sensorineural loss, "
        "usually one-sided.\n(b) Glue ear \u2014 flat conductive loss with a type B trace.\n"
        "Most likely: glue ear.",
        [],
    ),
    (
        "Candidates (DDx)\n1) Noise damage: notch at 4 kHz, typically bilateral.\n"
        "2) Hydrops: low-tone sensorineural loss with a type A trace.\nLeading: glue ear.",
        [],
    ),
    # a candidate's line that speaks of this patient is read
    (
        "DDx:\n- Hydrops: the right loss here is sensorineural.\nLeading: hydrops.",
        ["type_misclassification"],
    ),
    # outside a differential list the same words are read
    ("Findings:\n(a) Right ear \u2014 a rising sensorineural loss.", ["type_misclassification"]),
]


@pytest.mark.parametrize(("note", "errors"), DIFFERENTIALS)
def test_a_candidates_pattern_is_no_result(note, errors):
    assert check_reply(AUDIOGRAM + note, CASES["V02"]).critical_errors == errors


def test_a_candidates_description_is_read_as_no_claim():
    note = "Ddx (right):\n\u2022 Otosclerosis: conductive, Carhart notch, As trace.\n"
    kept = differential_patterns_blanked(note)
    assert len(kept) == len(note)
    assert not [c for c in read_claims(kept) if c.kind in ("type", "tympanometry")]
    assert [c for c in read_claims(note) if c.kind == "type"]


def test_a_reply_without_a_differential_is_returned_as_it_is():
    text = "1. Otosclerosis \u2014 conductive, Carhart notch."
    assert differential_patterns_blanked(text) is text
