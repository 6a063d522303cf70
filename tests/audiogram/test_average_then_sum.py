"""An average stated first, then the sum it was worked from ("Left ear PTA is 37,5 dB: (25 +
30 + 40 + 55) / 4"), is a worked average, judged as one (a four-term average of an ear with an
untested 1 kHz uses a value the audiogram lacks); and a decimal comma in a quarter-step average
("37,5", "36,25", non-native English) is its decimal point (issue #26, validation batch 14,
used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import average_claims

from .conftest import build, cpu_cost

READING = [
    ("left ear pta is 37,5 db: (25 + 30 + 40 + 55) / 4", [(37.5, "worked average of 4")]),
    ("pta 36,25 db", [(36.25, "pta")]),
    ("pta 42.5 (30+40+50+50)/4", [(42.5, "worked average of 4")]),
    # near misses: a list after the word, and a sum whose terms do not match its divisor
    ("pta 45,50 and 55", [(45.0, "pta")]),
    ("pta 40: (30 + 40 + 50) / 4", [(40.0, "pta")]),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "claims"), READING, ids=[r[0] for r in READING])
def test_reading(clause, claims):
    got, _ = average_claims(clause, "left", False)
    assert [(c.value, c.rules[0]) for c in got] == claims


NO_LEFT_1K = build({500: 25, 1000: 30, 2000: 40, 4000: 50},
                   {500: 25, 2000: 40, 4000: 55})  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Left ear PTA is 37,5 dB: (25 + 30 + 40 + 55) / 4. Right ear PTA 36,25 dB.",
         ["fabricated_result"]),
        ("Right ear PTA 36,25 dB: (25 + 30 + 40 + 50) / 4.", []),
        ("Right ear PTA 56,25 dB.", ["fabricated_result"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, NO_LEFT_1K).critical_errors == errors


def test_many_averages_read_in_linear_time():
    def cost(n):
        text = "pta is 37,5 db: (25 + 30 + 40 + 55) / 4, " * n
        return len(text), cpu_cost(lambda: average_claims(text, "left", False))

    size, small = cost(2400)
    _, big = cost(9600)
    assert size > 90_000
    assert big < 20 and big < 10 * max(small, 0.02)
