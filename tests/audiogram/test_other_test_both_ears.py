"""A sentence giving another test's result for each ear in turn ("Tympanogram As on the
right, A on the left.") carries neither ear on to the audiogram's findings after it: the
left named last is not the ear of "this is a mixed loss" (issue #26, validation batch 29
VF19). A sentence about the audiogram that names each ear still carries as before."""

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
        ("Tympanogram As on the right, A on the left. So this is a mixed loss.", [()]),
        ("Reflexes absent on the right, present on the left.\nThe loss is conductive.", [()]),
        # near misses: one ear's test result; an audiogram sentence naming each ear
        ("Tympanogram As on the left. So this is a mixed loss.", [("left",)]),
        ("Right 40 dB, left 10 dB. The loss is conductive.", [("left",)]),
    ],
)  # fmt: skip
def test_other_test_for_each_ear_carries_neither(text, ears):
    assert _types(text) == ears


def test_other_test_for_each_ear_end_to_end():
    """Right conductive (PTA 37.5, moderate), left normal, tympanograms B and A."""
    reply = ("Right air 45 at 250, 45 at 500, 40 at 1k. Tympanogram B on the right, A on the "
             "left.\nPTA (45+40+35+30)/4 = 37.5, moderate.\nLeft: all 10, normal.")  # fmt: skip
    assert "laterality_confusion" not in check_reply(reply, conductive_right()).critical_errors


def test_other_test_reading_is_linear():
    def cost(n):
        text = "Tympanogram As on the right, A on the left. Mixed loss. " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 55_000 and size >= 13_000
    assert big < 10 * max(small, 0.01)
