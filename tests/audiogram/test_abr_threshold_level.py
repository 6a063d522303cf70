"""An ABR threshold given as a raised level ("ABR: thresholds at 90 dB nHL at 4 kHz on each
side") is an abnormal ABR result: judged against the case's ABR, and a fabricated result in
a case with none (issue #26, validation batch 42 VU47, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.result_claims import outcome_claims

from .conftest import build, cpu_cost

# (clause, the ABR result read, or None)
READING = [
    ("abr: thresholds at 90 db nhl at 4 khz on each side", "abnormal"),
    ("abr threshold 60 dbnhl on the right", "abnormal"),
    ("abr absent at 100 db nhl", "absent"),
    # near misses: a level that may be normal, or no level in nHL
    ("abr thresholds at 20 db nhl", None),
    ("abr thresholds at 30 db nhl", None),
    ("abr requested at 4 khz", None),
    ("abr responses traced down to 60 db nhl", "abnormal"),
    ("a 60 db nhl abr threshold on the right", "abnormal"),
    # the click level the test was run at is no threshold (review8: read as abnormal)
    ("abr at 80 db nhl: wave v present with normal latencies in both ears", "normal"),
    ("abr run at 90 db nhl", None),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "state"), READING, ids=[row[0] for row in READING])
def test_reading(clause, state):
    got = [c.value for c in outcome_claims("abr", clause, None, False)]
    assert got == ([state] if state else [])


NO_ABR = build(120, 120)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("No response at the limits of the audiometer in either ear.\nABR: thresholds at 90 "
         "dB nHL at 4 kHz on each side.", ["fabricated_result"]),
        ("No response at the limits of the audiometer in either ear.\nABR not done.", []),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, NO_ABR).critical_errors == errors


NORMAL_ABR = build(10, 10, abr={"right": {"result": "normal"}, "left": {"result": "normal"}})


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("ABR at 80 dB nHL: wave V present with normal latencies in both ears.", []),
        ("ABR responses present at 90 dB nHL bilaterally with normal wave V latency.", []),
        ("ABR thresholds at 60 dB nHL in both ears.", ["fabricated_result"]),
    ],
)  # fmt: skip
def test_the_level_run_at_is_no_threshold(reply, errors):
    assert check_reply(reply, NORMAL_ABR).critical_errors == errors


def test_many_levels_read_in_linear_time():
    def cost(n):
        text = "abr 20 db nhl, " * n
        return len(text), cpu_cost(lambda: outcome_claims("abr", text, None, False))

    size, small = cost(1000)
    _, big = cost(4000)
    assert size > 10_000
    assert big < 10 * max(small, 0.02)
