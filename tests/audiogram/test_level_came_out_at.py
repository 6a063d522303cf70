"""A level said to have "come out at" (or "come back at") a frequency is the threshold
measured there, as "was" says it: "On the left, 3 kHz came out at 30 dB HL" (issue #26,
validation batch 43 VV18, used as tuning data: the left ear was not tested at 3 kHz, so the
value is a fabricated result)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import threshold_claims

from .conftest import build, cpu_cost

# (clause, the (frequency, level) values read)
READING = [
    ("3 khz came out at 30 db hl", [(3000, 30)]),
    ("the 4 khz threshold came back at 55 db hl", [(4000, 55)]),
    ("2 khz comes out at 40 db", [(2000, 40)]),
    # near misses: nothing said to come out at a level
    ("the results came out at the clinic", []),
    ("3 khz came out worse than last year", []),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "read"), READING, ids=[row[0] for row in READING])
def test_reading(clause, read):
    got = [(c.frequencies[0], c.value) for c in threshold_claims(clause, "left", False)]
    assert got == read


# the left ear not tested at 3 kHz
LEFT_NO_3K = build({500: 20, 1000: 20, 2000: 25, 3000: 30, 4000: 35},
                   {500: 20, 1000: 20, 2000: 25, 4000: 35})  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("On the left, 3 kHz came out at 30 dB HL, the same as the right.",
         ["fabricated_result"]),
        ("On the right, 3 kHz came out at 30 dB HL.", []),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, LEFT_NO_3K).critical_errors == errors


def test_many_levels_read_in_linear_time():
    def cost(n):
        text = "3 khz came out at 30 db hl, " * n
        return len(text), cpu_cost(lambda: threshold_claims(text, "left", False))

    size, small = cost(500)
    _, big = cost(2000)
    assert size > 10_000
    assert big < 10 * max(small, 0.02)
