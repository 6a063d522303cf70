"""Hearing "reported as", "found to be" or "considered" normal is hearing said to be normal:
a case report's passive reporting verb states the authors' finding (issue #26, validation
batch 38 VQ44, published case reports, as tuning data). A denied finding is no claim."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _degrees(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl if c.kind == "degree"]


BOTH = ("right", "left")
READING = [
    ("Hearing was reported as normal bilaterally.", [(BOTH, "normal")]),
    ("Hearing was found to be normal in the left ear.", [(("left",), "normal")]),
    ("Hearing was considered essentially normal on the right.", [(("right",), "normal")]),
    ("Hearing was documented as within normal limits in both ears.", [(BOTH, "normal")]),
    # near misses
    ("Hearing was not found to be normal.", []),
    ("Hearing was reported as worse in noise.", []),
    # someone else's account, named by "by": theirs, not the writer's finding (review8: read
    # as the writer's normal-hearing claim)
    ("His hearing was described as normal by his wife.", []),
    ("Hearing was reported as normal by the patient and her family.", []),
    ("Hearing was reported as normal bilaterally by the GP.", []),
    # near miss: the method that found it is no other person
    ("Hearing was found to be normal by pure-tone audiometry.", [((), "normal")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "degrees"), READING, ids=[r[0] for r in READING])
def test_reading(text, degrees):
    assert _degrees(text) == degrees


def test_end_to_end():
    reply = "Hearing was reported as normal bilaterally."
    assert check_reply(reply, build(10, 10)).critical_errors == []
    assert check_reply(reply, build(50, 55)).critical_errors != []
    told = ("His hearing was described as normal by his wife, but the audiogram shows a "
            "moderate loss in both ears.")  # fmt: skip
    assert check_reply(told, build(45, 45)).critical_errors == []


def test_reported_as_normal_reading_is_linear():
    def cost(n):
        text = "hearing was reported as normal bilaterally, " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(300)
    big_size, big = cost(1200)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
