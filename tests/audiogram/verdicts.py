"""Record the fact checker's verdicts on every labelled reply set (the refactor's yardstick).

``python -m tests.audiogram.verdicts > tests/audiogram/data/verdicts_before.jsonl`` wrote
the committed file with the checker as it stood before claims were read apart from their
judgement; ``test_verdicts.py`` holds the checker of today to the same findings.
``python -m tests.audiogram.verdicts --added > tests/audiogram/data/verdicts_added.jsonl``
writes the findings the claim reader and new reading rules add beside them (reviewed one by
one before commit).
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


def beyond_record(findings: list[dict], recorded: list[dict]) -> tuple[int, list[dict]]:
    """Return how many of the ``recorded`` findings occur, unchanged and in their order,
    in ``findings`` (all of them when the record holds), and the findings beside them.

    The claim reader's findings come after the pattern reader's; a reading rule added to a
    clause reader (degree_claims) puts its findings among the clause's own. Either way
    every recorded finding must be there, unchanged and in order, and every other one is
    listed in ``data/verdicts_added.jsonl``.
    """
    matched, beside = 0, []
    for f in findings:
        if matched < len(recorded) and f == recorded[matched]:
            matched += 1
        else:
            beside.append(f)
    return matched, beside


def added_findings(before: list[dict]) -> Iterator[dict]:
    """Yield, per reply that has them, the findings beside those recorded in ``before``
    (see beyond_record)."""
    recorded = {(row["set"], row["id"]): row for row in before}
    for now in verdicts():
        old = recorded[(now["set"], now["id"])]["findings"]
        matched, beside = beyond_record(now["findings"], old)
        assert matched == len(old), (now["set"], now["id"], old[matched])
        if beside:
            yield {"set": now["set"], "id": now["id"], "added": beside}


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
