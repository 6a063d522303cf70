"""Dump every finding of the fact checker on every labelled reply (a speed change's yardstick).

One JSON line per reply: its set, id, critical errors and every finding (kind, ear, detail
and the rest of ``Finding.to_dict``) of ``check_reply``, over the tuning set
(tests/audiogram/data), reply_shapes.jsonl and the outside batches 1 to ``--last``
(tests/audiogram/validation). A change meant to make the checker faster, not different,
leaves the dump unchanged; run it with another checkout's checker first on the path::

    PYTHONPATH=OLD_TREE/src:. python benchmarks/verdict_snapshot.py > old.jsonl
    PYTHONPATH=src:. python benchmarks/verdict_snapshot.py > new.jsonl
    diff old.jsonl new.jsonl

The replies and cases are always read from this checkout's tests/audiogram.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _sets(last: int) -> Iterator[tuple[str, list[dict], dict]]:
    """Yield (set name, reply rows, the cases their ``case`` keys name)."""
    from tests.audiogram.validation import HERE, cases

    data = ROOT / "tests" / "audiogram" / "data"
    tuning = json.loads((data / "cases.json").read_text())
    for name in ("replies.jsonl", "replies_holdout.jsonl"):
        yield f"data/{name}", _rows(data / name), tuning
    validation = cases()
    yield (
        "reply_shapes.jsonl",
        _rows(ROOT / "tests" / "audiogram" / "reply_shapes.jsonl"),
        validation,
    )
    names = ["replies.jsonl"] + [f"replies_batch{n}.jsonl" for n in range(2, last + 1)]
    for name in names:
        if (HERE / name).exists():
            yield f"validation/{name}", _rows(HERE / name), validation


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def snapshot(last: int) -> Iterator[str]:
    """Yield one sorted-key JSON line per reply with every finding of ``check_reply``."""
    from clinbench.audiogram.check import check_reply

    for source, rows, cases in _sets(last):
        for row in rows:
            result = check_reply(row["reply"], cases[row["case"]])
            record = {
                "set": source,
                "id": row["id"],
                "critical_errors": result.critical_errors,
                "findings": result.to_dict()["findings"],
            }
            yield json.dumps(record, sort_keys=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--last", type=int, default=179, help="last outside batch (default 179)")
    args = parser.parse_args()
    import clinbench

    print(f"checker: {Path(clinbench.__file__).parent}", file=sys.stderr)
    for line in snapshot(args.last):
        print(line)


if __name__ == "__main__":
    main()
