"""A whole reply costs time linear in its length, however many findings it gives.

Replies come from models: a long one with many threshold statements gives many findings
and many claims, and a step that compares every finding with every claim (the withdrawn
and "respectively" pass did, until this test) turns a 60 KB reply into seconds of work.
"""

from __future__ import annotations

from clinbench.audiogram.check import check_reply

from .conftest import cpu_cost
from .validation import cases


def _cpu(text: str, case) -> float:
    # the better of two timings with the collector paused: a full collection of a worker's
    # heap landing in one timing made 4x the text cost 14x once in CI (0.065 s, then 0.905 s),
    # where alone it costs 4.2x
    return cpu_cost(lambda: check_reply(text, case))


def test_a_reply_of_many_threshold_statements_is_checked_in_linear_time():
    case = next(iter(cases().values()))
    statement = "30 dB at 500 Hz 40 dB at 1 kHz "
    quarter = "Right ear: " + statement * 500 + "."
    whole = "Right ear: " + statement * 2000 + "."
    assert len(whole) > 60_000
    _cpu(quarter, case)  # warm the case's facts and the pattern caches
    small = _cpu(quarter, case)
    large = _cpu(whole, case)
    assert large < 8 * small + 0.1, (small, large)  # quadratic: about 16x
    assert large < 10
