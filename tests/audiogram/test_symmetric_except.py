"""An exception to a symmetry claim is where the opposite is claimed: "The ears are symmetric
except at 3 kHz" says they differ at 3 kHz (and claims nothing checkable overall); it was read
as "symmetric at 3 kHz" (issue #26, validation batch 17, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import laterality_claims

from .conftest import build, cpu_cost

READING = [
    ("the ears are symmetric except at 3 khz", [("asymmetric", (3000, 3000))]),
    ("asymmetric except in the low frequencies", [("symmetric", (0, 1000))]),
    ("symmetrical apart from at 4-8 khz", [("asymmetric", (4000, 8000))]),
    # near misses: an exception with no region read, and a region that scopes the claim
    ("symmetric except for one spot", []),
    ("symmetrical up to 4 khz", [("symmetric", (0, 4000))]),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "claims"), READING, ids=[r[0] for r in READING])
def test_reading(clause, claims):
    got = [(c.value, c.frequencies)
           for c in laterality_claims(clause, None, False, clause + " hearing loss")
           if c.kind == "asymmetry"]  # fmt: skip
    assert got == claims


NOTCH_3K_LEFT = build({500: 15, 1000: 20, 2000: 30, 3000: 35, 4000: 45},
                      {500: 20, 1000: 25, 2000: 35, 3000: 50, 4000: 55})  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The ears are symmetric except at 3 kHz, where the left is 15 dB poorer.", []),
        ("The ears are symmetric except at 500 Hz.", ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, NOTCH_3K_LEFT).critical_errors == errors


def test_many_exceptions_read_in_linear_time():
    def cost(n):
        text = "symmetric except at 3 khz, " * n
        return len(text), cpu_cost(lambda: laterality_claims(text, None, False, text + " loss"))

    size, small = cost(4000)
    _, big = cost(16000)
    assert size > 100_000
    assert big < 20 and big < 10 * max(small, 0.02)
