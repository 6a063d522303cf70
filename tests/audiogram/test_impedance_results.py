"""An ear's impedance stated as measured ("the left ear has a higher impedance", "high
impedance in the right ear", "250 ohms") is a result of acoustic immittance testing (ASHA
1990), which a pure-tone audiogram does not hold: in a case without tympanometry it is
fabricated; in a case with tympanometry an impedance names no tympanogram type and is not
judged. Naming the test, planning it, saying it was not done, what it measures, a device's
impedance or a negated one is no result (issue #26, real-model text of validation batch 124,
used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import assert_linear, conductive_right, cpu_cost


def _impedances(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl
            if c.kind == "impedance"]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("The right ear shows a raised impedance.", [(("right",), "shows a raised impedance")]),
        ("Mr Patel has low impedance in the left ear.", [(("left",), "has low impedance")]),
        ("Findings: reduced impedance of both ears.",
         [(("right", "left"), "reduced impedance of both")]),
        ("Left ear: measured at 420 ohms.", [(("left",), "420 ohms")]),
        # a verb of finding and a chain of modifiers; a change named as a noun (issue #26,
        # batches 155 and 160, the real local model's text, as tuning data; wording our own)
        ("The scan of the right ear revealed a higher static acoustic impedance.",
         [(("right",), "revealed a higher static acoustic impedance")]),
        ("Left ear: a clear rise in middle ear impedance since the cold.",
         [(("left",), "rise in middle ear impedance")]),
        ("There was a drop in the right impedance.", [(("right",), "drop in the right impedance")]),
        # near misses: the test named, planned, not done, described; a device; negated
        ("Impedance audiometry was not done today.", []),
        ("We will book impedance testing for the right ear next week.", []),
        ("An impedance test checks how the eardrum moves.", []),
        ("Cochlear implant: electrode impedance 8 ohms on the left, normal.", []),
        ("The right ear does not have a high impedance.", []),
        ("The right ear would have a higher impedance if fluid were present.", []),
        ("A rise in impedance would point to fluid behind the drum.", []),
        ("The test revealed nothing about the right ear's impedance.", []),
    ],
)  # fmt: skip
def test_impedance_results_read(text, read):
    assert _impedances(text) == read


def test_impedance_without_tympanometry_is_fabricated():
    fc = check_reply("Your left ear has a higher impedance than your right.", conductive_right())
    assert fc.critical_errors == ["fabricated_result"]
    assert [f.kind for f in fc.findings] == ["tympanometry"]


def test_impedance_beside_tympanometry_is_not_judged():
    case = conductive_right(tympanometry={"right": {"type": "B"}, "left": {"type": "A"}})
    fc = check_reply("Your left ear has a higher impedance than your right.", case)
    assert fc.critical_errors == []
    assert [f.verdict for f in fc.findings] == ["unverifiable"]


def test_impedance_reading_is_linear():
    def cost(n):
        text = "The left ear has a high impedance, about 300 ohms. " * n
        return cpu_cost(lambda: list(read_statements(text)))

    assert_linear(cost(250), cost(1000))
