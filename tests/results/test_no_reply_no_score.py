"""A model whose every call failed has no accuracy on the run summary, not 0.000.

realuse3: the local SmolLM2 (text only) was sent the slp clips as audio by default; its
server refused all 3 calls (HTTP 500). The detail table under the headline ("no answered
reply of 3; excluded: 3 errors") said accuracy (all) 0.000 (0.000-0.561): a model scored
zero for calls that never reached it, which the design rules out.
"""

from __future__ import annotations

import math

import pandas as pd

from clinbench.summary import accuracy_table


def _rows(model: str, outcomes: list[str]) -> list[dict]:
    return [{"suite": "slp", "task": "slp_disorder", "model": model, "condition": "audio",
             "item_id": f"slp-s0{i}", "epoch": 1, "outcome": o, "scorer": "slp_label_scorer"}
            for i, o in enumerate(outcomes, start=1)]  # fmt: skip


def test_every_call_failed_has_no_accuracy_over_all_replies():
    frame = pd.DataFrame(
        _rows("failed", ["error"] * 3) + _rows("mixed", ["error", "incorrect", "correct"])
    )
    table = accuracy_table(frame, by=["model"]).set_index("model")
    assert math.isnan(table.loc["failed", "accuracy (all)"])
    assert all(math.isnan(v) for v in table.loc["failed", "CI95% (all)"])
    assert int(table.loc["failed", "error"]) == 3  # still counted
    # one reply came back: errors count as not correct over all replies, as defined
    assert table.loc["mixed", "accuracy (all)"] == 1 / 3
