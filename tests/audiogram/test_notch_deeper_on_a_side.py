"""A notch (or loss) "deeper on the right" says the right is the worse ear there: a worse-ear
claim, as "worse on the right" is (issue #26, validation batch 15, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import laterality_claims

from .conftest import build, cpu_cost

READING = [
    ("bilateral noise notch deeper on the right", ["right"]),
    ("the notch is deeper in the left", ["left"]),
    ("worse on the right", ["right"]),
    # near misses: "deeper" with no side, or of something else
    ("a deeper notch at 4 khz", []),
    ("a deeper review of the right chart", []),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "worse"), READING, ids=[r[0] for r in READING])
def test_reading(clause, worse):
    got = [c.value for c in laterality_claims(clause, None, False, clause)
           if c.kind == "worse_ear"]  # fmt: skip
    assert got == worse


NOTCH_LEFT = build({500: 10, 1000: 10, 2000: 15, 3000: 25, 4000: 35, 8000: 15},
                   {500: 15, 1000: 15, 2000: 25, 3000: 50, 4000: 65, 8000: 30})  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Bilateral noise notch, deeper on the right; MRI of the right IAM.",
         ["laterality_confusion"]),
        ("Bilateral noise notch, deeper on the left.", []),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, NOTCH_LEFT).critical_errors == errors


def test_many_comparisons_read_in_linear_time():
    def cost(n):
        text = "a deeper notch at 4 khz, " * n
        return len(text), cpu_cost(lambda: laterality_claims(text, None, False, text))

    size, small = cost(4100)
    _, big = cost(16400)
    assert size > 100_000
    assert big < 20 and big < 10 * max(small, 0.02)
