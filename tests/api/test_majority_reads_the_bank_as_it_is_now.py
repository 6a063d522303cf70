"""The majority baseline answers from the item file as it is at the run, not as it was at an
earlier run in the same process.

A notebook user (realuse5) runs clinbench/majority on an item file, fixes the keys in the file
and runs again in the same Python process: the second run answered from the first file's key
counts, kept for the process by the file's path alone.
"""

from __future__ import annotations

import json
import os

from clinbench.runner import CallLimits, run_benchmark


def _bank(path, keys: str) -> None:
    with path.open("w") as f:
        for i, key in enumerate(keys):
            item = {"id": f"q{i}", "format": "mcq", "stem": f"Question {i}?",
                    "options": {"A": "yes", "B": "no"}, "answer": key}  # fmt: skip
            f.write(json.dumps(item) + "\n")


def _answers(path, log_dir) -> set[str]:
    outcome = run_benchmark([str(path)], ["clinbench/majority"], log_dir, CallLimits())
    return set(outcome.results["response"])


def test_a_rewritten_item_file_is_counted_again(tmp_path):
    bank = tmp_path / "bank.jsonl"
    _bank(bank, "AAB")
    assert _answers(bank, tmp_path / "first") == {"ANSWER: A"}
    _bank(bank, "BBA")  # the keys fixed; same size, and maybe the same mtime on a coarse clock
    stat = bank.stat()
    os.utime(bank, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert _answers(bank, tmp_path / "second") == {"ANSWER: B"}
