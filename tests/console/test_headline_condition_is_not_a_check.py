"""The answer-first line takes a result, never a robustness check, as a model's condition.

On a tie in replies the headline condition was the name with the fewest '+' parts, so a
prompting condition of two parts (``asr+cot+2shot``, a result) lost to a noise check of one
(``asr+babble@10dB``): the headline showed the accuracy under noise. The suite's own check
rule (``clinbench.suites.is_robustness_check``) now decides.
"""

from __future__ import annotations

import pandas as pd

from clinbench.summary import headline_rows


def _rows(suite: str, task: str, conditions: dict[str, str]) -> pd.DataFrame:
    return pd.DataFrame([
        {"suite": suite, "task": task, "scorer": "s", "model": "m", "condition": condition,
         "item_id": f"q{i}", "epoch": 1, "format": "mcq", "outcome": outcome}
        for condition, outcome in conditions.items()
        for i in range(4)
    ])  # fmt: skip


def test_a_two_part_result_beats_a_one_part_check_on_a_tie():
    results = _rows("slp", "slp_disorder",
                    {"asr+cot+2shot": "correct", "asr+babble@10dB": "incorrect"})  # fmt: skip
    head = headline_rows(results)
    assert head["condition"].tolist() == ["asr+cot+2shot"]
    assert head["value"].tolist() == [1.0]


def test_the_check_rule_is_the_suites_own():
    # 'pushback' is a check of ausclin; under slp it is a prompting condition like any other
    conditions = {"blind+pushback": "incorrect", "blind+cot+x": "correct"}
    assert headline_rows(_rows("ausclin", "ausclin", conditions))["condition"].tolist() == [
        "blind+cot+x"
    ]
    conditions = {"asr+cot+x": "correct", "asr+pushback": "incorrect"}
    assert headline_rows(_rows("slp", "slp_disorder", conditions))["condition"].tolist() == [
        "asr+cot+x"
    ]
