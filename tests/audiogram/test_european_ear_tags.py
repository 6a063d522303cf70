"""The Latin ear tags of French, Spanish and Italian clinic reports name an ear, in capitals:
OD (right: oreille droite, oído derecho, orecchio destro), OG (left, French gauche), OI (left,
Spanish izquierdo) and OS (left, Italian sinistro). A line opening "OS:" gives its findings to
the left ear, not to both ears or to the ear of the line before (issue #26, validation batch 36
VN15, VN25, VN32). The same letters in lower case or inside a word name no ear."""

from __future__ import annotations

import pytest

from clinbench.audiogram.statements import read_statements

from .conftest import cpu_cost


def _ears(text: str, kind: str) -> list[tuple]:
    return [c.ears for cl in read_statements(text) for c in cl if c.kind == kind]


@pytest.mark.parametrize(
    ("text", "kind", "ears"),
    [
        ("OD: mixed hypoacusis, moderately severe.\nOS: neurosensorial hypoacusis of severe grade.",
         "degree", [("right",), ("left",)]),
        ("OD: right cophosis, 95 to 110 dB.\nOG: normal audition, 5 to 15 dB.", "threshold_range",
         [("right",), ("left",)]),
        ("OI: mild hearing loss.", "degree", [("left",)]),
        ("OD: small notch at 4000 Hz.\nOS: hypoacusis of severe grade.", "degree", [("left",)]),
        # near misses: lower case or inside a word names no ear
        ("The od hearing is mild.", "degree", [()]),
        ("COSTS: mild hearing loss.", "degree", [()]),
    ],
)  # fmt: skip
def test_latin_ear_tags_name_the_ear(text, kind, ears):
    assert _ears(text, kind) == ears


def test_latin_ear_tags_reading_is_linear():
    def cost(n):
        text = "OD: mild hypoacusis.\nOS: severe hypoacusis, 70 dB at 4000 Hz.\n" * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 55_000 and size >= 13_000
    assert big < 10 * max(small, 0.01)
