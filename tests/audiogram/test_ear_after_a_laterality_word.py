"""A loss, then a bare laterality word, then the ear ("Conductive hearing loss, unilateral,
left ear", the order of the ICD-10 H90 titles; "sensorineural loss, one-sided, right") is a
claim about that ear, as "Sudden SNHL, left ear." is: the ear closes the loss's description
(coding summaries, issue #26 batch 64, used as tuning data). An ear named before stays the
loss's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import conductive_right


def _types(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cs in read_statements(text) for c in cs if c.kind == "type"]


READ = [
    ("Left side fine.\nSensorineural hearing loss, unilateral, right ear, mild.",
     [(("right",), "sensorineural")]),
    ("Right ear normal.\nConductive loss, one-sided, left.", [(("left",), "conductive")]),
    ("Codes: conductive hearing loss, unilateral, right ear, with unrestricted hearing on "
     "the contralateral side; sensorineural hearing loss, unilateral, left ear.",
     [(("right",), "conductive"), (("left",), "sensorineural")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "types"), READ, ids=[r[0] for r in READ])
def test_ear_after_a_laterality_word_is_the_losss(text, types):
    assert _types(text) == types


def test_code_titles_of_each_ear_judged_of_that_ear():
    reply = (
        "H90.11 Conductive hearing loss, unilateral, right ear, with unrestricted hearing on "
        "the contralateral side\nLeft ear: normal hearing.\n"
    )
    assert check_reply(reply, conductive_right()).critical_errors == []
    swapped = reply.replace("right ear", "left ear").replace("Left ear:", "Right ear:")
    assert check_reply(swapped, conductive_right()).critical_errors == ["laterality_confusion"]


# An ear closing the bracket a loss opened names that loss's ear, over an ear carried from
# the line before (batch 183 TB09's kind). Wording of our own.
CLOSING_A_BRACKET = [
    ("R 10 dB.\nSent to ENT (sensorineural loss, left).", [(("left",), "sensorineural")]),
    ("- Right: normal\n- Plan: refer (conductive loss, right ear)", [(("right",), "conductive")]),
    ("Left normal. Impression (mixed loss - right side).", [(("right",), "mixed")]),
    # an ear named inside the bracket with the loss keeps its own reading
    ("R 10 dB.\nSent to ENT (left sensorineural loss).", [(("left",), "sensorineural")]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "types"), CLOSING_A_BRACKET, ids=[r[0] for r in CLOSING_A_BRACKET]
)
def test_ear_closing_the_losss_bracket(text, types):
    assert _types(text) == types


def test_ear_closing_the_bracket_end_to_end():
    reply = "Right conductive loss, 40 dB.\nLeft 10 dB, normal.\nReferred on (conductive loss, {})."
    assert check_reply(reply.format("right"), conductive_right()).critical_errors == []
    assert check_reply(reply.format("left"), conductive_right()).critical_errors == [
        "laterality_confusion"
    ]
