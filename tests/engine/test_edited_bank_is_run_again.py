"""A bank edited between two runs into the same log folder is run again, never answered from
the log of the old bank.

realuse6: a bank of two MCQs run with clinbench/majority (accuracy 1.000), both keys then
corrected, the same command run again: "already in logs (...): kept, nothing asked again",
and accuracy 1.000 again, scored against the keys the bank no longer has. Inspect's eval set
matches an eval by task, arguments, model and settings; the items file's path is the same,
its content is not. The log records the item set's content hash, and a changed one now makes
the run a new one beside the old log, said in a notice.
"""

from __future__ import annotations

import json

from clinbench.runner import CallLimits, run_benchmark

ITEM = {"format": "mcq", "stem": "Which test measures middle-ear pressure?",
        "options": {"A": "Tympanometry", "B": "Pure-tone audiometry", "C": "OAE"}}  # fmt: skip


def _write(path, keys):
    lines = [json.dumps(ITEM | {"id": f"k{n}", "answer": key}) for n, key in enumerate(keys)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_a_bank_edited_between_runs_is_scored_against_its_new_keys(tmp_path):
    bank, logs = tmp_path / "bank.jsonl", tmp_path / "logs"
    _write(bank, ["B", "B"])
    first = run_benchmark([str(bank)], ["clinbench/majority"], logs, CallLimits())
    assert sorted(first.results["outcome"]) == ["correct", "correct"]
    _write(bank, ["A", "C"])  # the keys corrected
    notices, reused = [], []
    again = run_benchmark([str(bank)], ["clinbench/majority"], logs, CallLimits(),
                          on_notice=notices.append, on_reuse=reused.append)  # fmt: skip
    assert set(again.results["target"]) == {"A", "C"}, again.results
    assert not reused, reused
    assert any("changed" in line and "bank.jsonl" in line for line in notices), notices
    # the folder holds both logs; the table of the folder keeps the newest
    assert len(list(logs.glob("*.eval"))) == 2


def test_the_same_bank_run_again_is_still_kept(tmp_path):
    bank, logs = tmp_path / "bank.jsonl", tmp_path / "logs"
    _write(bank, ["B", "B"])
    run_benchmark([str(bank)], ["clinbench/majority"], logs, CallLimits())
    notices, reused = [], []
    run_benchmark([str(bank)], ["clinbench/majority"], logs, CallLimits(),
                  on_notice=notices.append, on_reuse=reused.append)  # fmt: skip
    assert len(reused) == 1 and "kept, nothing asked again" in reused[0], reused
    assert not any("changed" in line for line in notices), notices
    assert len(list(logs.glob("*.eval"))) == 1
