"""An ear's label opening a line with its findings ("Right: 10 throughout, type A.") scopes
that line; the next line at the margin with a label of its own ("Degree: a flat conductive
loss ... mild.") is another field, not that ear's (issue #26, validation batch 29 VF39: the
left ear's grade and type went to the right). An ear heading alone on its line, and a bullet
under an ear's line, still carry the ear."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import conductive_right, cpu_cost


def _types(text: str) -> list[tuple]:
    return [c.ears for cl in read_statements(text) for c in cl if c.kind == "type"]


@pytest.mark.parametrize(
    ("text", "ears"),
    [
        ("Right: 10 throughout, type A.\nDegree: a flat conductive loss, mild.", [()]),
        ("Left: all 10, normal.\nImpression: sensorineural loss.", [()]),
        # near misses: the ear's own line, a heading alone, a bullet under the ear's line, a
        # plain line after it
        ("Right: 40 dB HL, conductive.", [("right",)]),
        ("Right ear:\nType: conductive.", [("right",)]),
        ("Right: 40 dB HL at 1 kHz.\n- Type: conductive.", [("right",)]),
        ("Right: 40 dB HL at 1 kHz.\nThe loss is conductive.", [("right",)]),
    ],
)  # fmt: skip
def test_field_line_after_ear_line(text, ears):
    assert _types(text) == ears


def test_field_line_end_to_end():
    """Right conductive (moderate), left normal: the grade line after 'Left:' is no left claim."""
    reply = ("Right: 45 dB HL at 250 Hz, bone 5.\nLeft: 10 throughout.\n"
             "Type: a conductive loss, moderate.")  # fmt: skip
    assert check_reply(reply, conductive_right()).critical_errors == []


def test_labelled_lines_reading_is_linear():
    def cost(n):
        text = "Right: 10 throughout.\nDegree: mild conductive.\n" * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(300)
    big_size, big = cost(1200)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
