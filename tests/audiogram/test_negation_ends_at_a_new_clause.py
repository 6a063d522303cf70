"""A negation does not reach past a comma into a new main clause: "Because the ear canal did
not form, and the hearing nerve also did not respond normally, he has a loss in both the
outer and the inner ear on the right" claims a mixed loss (issue #26, validation batch 16
L25, patient letters, as tuning data). Inside its own clause a negation still denies."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build, cpu_cost


def _types(text: str) -> list[tuple]:
    return [(c.ears, c.value) for c in read_claims(text) if c.kind == "type"]


READING = [
    ("Because the nerve did not respond normally, he has a loss in both the outer and the "
     "inner ear on the right.", [(("right",), "mixed")]),
    ("It did not clear, so there is a loss in both the middle and the inner ear.",
     [((), "mixed")]),
    # near misses: the negation in the same clause
    ("He does not have a loss in both the middle and the inner ear.", []),
    ("Not a loss in both the middle and the inner ear, she has a conductive loss.",
     [((), "conductive")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "types"), READING, ids=[r[0] for r in READING])
def test_reading(text, types):
    assert _types(text) == types


CONDUCTIVE_RIGHT = build(
    {250: 65, 500: 65, 1000: 60, 2000: 55, 4000: 65, 8000: 65}, 10,
    right_bone={500: 5, 1000: 10, 2000: 15, 4000: 10}, left_bone={500: 10, 1000: 10},
    bone_masked=True,
)  # fmt: skip


def test_end_to_end():
    reply = ("Because the ear canal on the right did not form, and the hearing nerve on that side "
             "also did not respond normally, he has a loss in both the outer and the inner ear "
             "on the right.")  # fmt: skip
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == ["type_misclassification"]


def test_negation_scope_reading_is_linear():
    def cost(n):
        text = "it did not respond, he has a loss in both the middle and the inner ear; " * n
        return len(text), cpu_cost(lambda: read_claims(text))

    size, small = cost(200)
    big_size, big = cost(800)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
