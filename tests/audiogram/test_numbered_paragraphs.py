"""A report's numbered paragraphs ("6.3 ...", "6.4 ...") are items: an ear named in one
paragraph is not carried into the next (issue #26, validation batch 25 VB01: "6.3 ... The
left ear is normal.\n6.4 A conductive loss of this shape is not ... attributable to noise"
gave the left ear the right ear's conductive loss)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import conductive_right, cpu_cost


def _types(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl if c.kind == "type"]


@pytest.mark.parametrize(
    ("text", "types"),
    [
        ("6.3 The left ear is normal.\n6.4 A conductive loss of this shape is not due to noise.",
         [((), "conductive")]),
        ("5.3 Right ear: 10 dB HL.\n5.4 ENT referral for the conductive loss.",
         [((), "conductive")]),
        # near misses: the same ear in one paragraph, a decimal level opening a line, an ear
        # heading above the paragraphs
        ("6.3 Left ear: mild loss. The loss is conductive.", [(("left",), "conductive")]),
        ("Left ear:\n0.5 kHz 40 dB HL.\nThe loss is conductive.", [(("left",), "conductive")]),
        ("Left ear\n7.1 Air 40 dB HL.\n7.2 The loss is conductive.", [(("left",), "conductive")]),
    ],
)  # fmt: skip
def test_numbered_paragraph_ends_its_ear(text, types):
    assert _types(text) == types


def test_numbered_paragraphs_end_to_end():
    reply = (
        "6.3 The right ear shows a moderate conductive hearing loss. The left ear is normal.\n"
        "6.4 A conductive loss of this shape is not attributable to noise exposure."
    )
    assert check_reply(reply, conductive_right()).critical_errors == []


def test_numbered_paragraph_reading_is_linear():
    def cost(n):
        text = "6.3 The left ear is normal.\n6.4 A conductive loss.\n" * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 48_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
