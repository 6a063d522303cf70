"""A whole reply costs time linear in its length, however many findings it gives.

Replies come from models: a long one with many threshold statements gives many findings
and many claims, and a step that compares every finding with every claim (the withdrawn
and "respectively" pass did, until this test) turns a 60 KB reply into seconds of work.
"""

from __future__ import annotations

import time

from clinbench.audiogram.check import check_reply

from .validation import cases


def _cpu(text: str, case) -> float:
    began = time.process_time()
    check_reply(text, case)
    return time.process_time() - began


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
    assert large < 2.0
