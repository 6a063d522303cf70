"""What a cause is said not to explain is granted, not denied: "a blow to the right does not
explain the asymmetry" states the asymmetry and questions its cause, as "a cause of the
asymmetric loss" does (lexicon.PRESUPPOSED; issue #26, validation batch 122)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _claims(text: str) -> list[tuple]:
    return [
        (c.kind, c.ears, c.value)
        for cl in read_statements(text)
        for c in cl
        if c.kind in ("asymmetry", "type")
    ]


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        ("Left ear loss, and the fall on the right does not explain the asymmetry.",
         [("asymmetry", (), "asymmetric")]),
        ("Hearing loss worse on the left - noise alone cannot explain this asymmetry.",
         [("asymmetry", (), "asymmetric")]),
        ("Ear loss: wax does not account for the conductive loss on the right.",
         [("type", ("right",), "conductive")]),
        # near misses: the finding itself denied
        ("Hearing loss with no asymmetry between the ears.", [("asymmetry", (), "symmetric")]),
        ("Hearing loss: not asymmetric; the history explains it.",
         [("asymmetry", (), "symmetric")]),
        ("Right ear loss, not conductive.", []),
    ],
)  # fmt: skip
def test_finding_left_unexplained(text, claims):
    assert _claims(text) == claims


def test_unexplained_asymmetry_is_no_laterality_error():
    """End to end: an asymmetric loss whose cause is questioned is no laterality error."""
    audiogram = build(10, {250: 20, 500: 25, 1000: 40, 2000: 55, 4000: 60, 8000: 60})
    reply = "The left ear has a loss; a blow to the right does not explain the asymmetry."
    assert check_reply(reply, audiogram).critical_errors == []
    wrong = "The left ear has a loss; the hearing loss is symmetric."
    assert check_reply(wrong, audiogram).critical_errors == ["laterality_confusion"]


def test_reading_is_linear():
    def cost(n):
        text = "noise does not explain the asymmetry of the loss, " * n + "hearing loss"
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(300)
    big_size, big = cost(1200)
    assert big_size >= 60_000 and size >= 15_000
    assert big < 10 * max(small, 0.01)
