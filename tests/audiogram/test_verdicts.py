"""The checker gives the verdicts recorded before claims were read apart from judgement.

``data/verdicts_before.jsonl`` was written by ``verdicts.py`` on the checker as it stood
(main 467eac8) over the tuning replies, the reply shapes and validation batches 1-11:
every finding of every reply. A change of reading or judging that moves any of them
fails here, naming the reply and the first finding that differs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .verdicts import verdicts

BEFORE = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "verdicts_before.jsonl").read_text().splitlines()
]


def test_the_record_covers_every_set():
    sets = {row["set"] for row in BEFORE}
    assert {"data/replies.jsonl", "data/replies_holdout.jsonl", "reply_shapes.jsonl"} <= sets
    assert {f"validation/replies_batch{n}.jsonl" for n in range(2, 12)} <= sets
    assert len(BEFORE) > 1000


@pytest.fixture(scope="module")
def now() -> dict[tuple[str, str], dict]:
    return {(row["set"], row["id"]): row for row in verdicts()}


def test_same_replies_recorded(now):
    assert sorted(now) == sorted((row["set"], row["id"]) for row in BEFORE)


@pytest.mark.parametrize("before", BEFORE, ids=[f"{r['set']}:{r['id']}" for r in BEFORE])
def test_identical_verdicts(before, now):
    after = now[(before["set"], before["id"])]
    assert after["critical_errors"] == before["critical_errors"]
    for i, (old, new) in enumerate(zip(before["findings"], after["findings"], strict=False)):
        assert new == old, f"finding {i}"
    assert len(after["findings"]) == len(before["findings"])
