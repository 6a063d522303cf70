"""A tuning-fork result (Rinne positive or negative, Weber central or lateralised) is a claim
of a test the audiogram does not hold, so it is found invented (issue #26, validation batch
36 VN38: "Acumetry: Rinne positive bilateral, Weber centred"). Naming the tests, planning
them, saying they were not done, or predicting their result is no claim."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import conductive_right, cpu_cost


def _forks(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl
            if c.kind == "tuning_fork"]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "forks"),
    [
        ("Acumetry: Rinne positive bilateral, Weber centred.",
         [(("right", "left"), "rinne positive"), (("right", "left"), "weber centred")]),
        ("Negative Rinne on the right.", [(("right",), "rinne negative")]),
        ("Weber test: lateralised to the right.", [(("right",), "weber lateralised")]),
        # near misses: tests named, planned, not done, predicted
        ("Tuning forks (Rinne, Weber) not realised.", []),
        ("Tuning fork tests: Rinne and Weber recommended.", []),
        ("Rinne would be negative on the right.", []),
    ],
)  # fmt: skip
def test_tuning_fork_results(text, forks):
    assert _forks(text) == forks


def test_tuning_fork_result_is_fabricated():
    reply = "Rinne negative on the right, Weber lateralised to the right. Conductive loss."
    fc = check_reply(reply, conductive_right())
    assert "fabricated_result" in fc.critical_errors
    assert [f.kind for f in fc.findings if f.kind == "tuning_fork"] == ["tuning_fork"] * 2


def test_tuning_fork_reading_is_linear():
    def cost(n):
        text = "Acumetry: Rinne positive bilateral, Weber centred. " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
