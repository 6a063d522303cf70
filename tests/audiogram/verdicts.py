"""Record the fact checker's verdicts on every labelled reply set (the refactor's yardstick).

``python -m tests.audiogram.verdicts > tests/audiogram/data/verdicts_before.jsonl`` wrote
the committed file with the checker as it stood before claims were read apart from their
judgement; ``test_verdicts.py`` holds the checker of today to the same findings.
``python -m tests.audiogram.verdicts --added > tests/audiogram/data/verdicts_added.jsonl``
writes the findings the claim reader adds after them (reviewed one by one before commit).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from clinbench.audiogram.check import check_reply

from .validation import HERE, cases, replies

DATA = Path(__file__).parent / "data"

VALIDATION_BATCHES = ["replies.jsonl"] + [f"replies_batch{n}.jsonl" for n in range(2, 12)]
"""Batches 1-11 (the blind batches 12 onwards are scored on main, never recorded here)."""


def labelled_replies() -> Iterator[tuple[str, dict, object]]:
    """Yield (set name, reply row, its case) for every recorded reply set."""
    tuning = json.loads((DATA / "cases.json").read_text())
    for name in ("replies.jsonl", "replies_holdout.jsonl"):
        for line in (DATA / name).read_text().splitlines():
            row = json.loads(line)
            yield f"data/{name}", row, tuning[row["case"]]
    validation = cases()
    for line in (Path(__file__).parent / "reply_shapes.jsonl").read_text().splitlines():
        row = json.loads(line)
        yield "reply_shapes.jsonl", row, validation[row["case"]]
    for name in VALIDATION_BATCHES:
        assert (HERE / name).exists(), name
        for row in replies(name):
            yield f"validation/{name}", row, validation[row["case"]]


def verdicts() -> Iterator[dict]:
    """Yield one record per reply: its set, id and every finding of the checker."""
    for source, row, case in labelled_replies():
        result = check_reply(row["reply"], case)
        record = {
            "set": source,
            "id": row["id"],
            "critical_errors": result.critical_errors,
            "findings": result.to_dict()["findings"],
        }
        yield json.loads(json.dumps(record, sort_keys=True))  # as the file holds it


def added_findings(before: list[dict]) -> Iterator[dict]:
    """Yield, per reply that has them, the findings after those recorded in ``before``.

    The pattern reader's findings come first and must equal the record; the claim reader
    (claims.read_claims, shorthand rules) adds its findings after them.
    """
    recorded = {(row["set"], row["id"]): row for row in before}
    for now in verdicts():
        old = recorded[(now["set"], now["id"])]["findings"]
        if len(now["findings"]) > len(old):
            yield {"set": now["set"], "id": now["id"], "added": now["findings"][len(old) :]}


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--added"]:
        path = DATA / "verdicts_before.jsonl"
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        for record in added_findings(rows):
            print(json.dumps(record, sort_keys=True))
    else:
        for record in verdicts():
            print(json.dumps(record, sort_keys=True))
