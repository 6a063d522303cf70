"""Speed and accuracy of the audiometric fact checker.

Prints the precision and recall of critical-error detection on the labelled replies in
tests/audiogram/data (the development set written alongside the checker, and later
batches that were held out when first scored; their first scores are in the README), then
replies checked per second: on the labelled replies and on rule-baseline replies to
freshly generated cases.

    python benchmarks/factcheck.py [--repeats 5] [--generated 22]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from clinbench.audiogram.baseline import rules_case_reply
from clinbench.audiogram.check import check_reply, critical_error_scores
from clinbench.audiogram.generate import generate_cases

DATA = Path(__file__).resolve().parent.parent / "tests" / "audiogram" / "data"
SETS = {
    "development (written with the checker)": "replies.jsonl",
    "later batches (held out when first scored)": "replies_holdout.jsonl",
}


def _rate(pairs, repeats: int) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        for reply, case in pairs:
            check_reply(reply, case)
    return repeats * len(pairs) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--generated", type=int, default=22)
    args = parser.parse_args()

    cases = json.loads((DATA / "cases.json").read_text())
    everything = []
    for label, name in SETS.items():
        replies = [json.loads(line) for line in (DATA / name).read_text().splitlines()]
        everything += replies
        s = critical_error_scores(replies, cases)
        print(
            f"{label}: {s['replies']} replies, {s['labelled_errors']} labelled errors, "
            f"{s['detected_errors']} detected; precision {s['precision']:.3f}, "
            f"recall {s['recall']:.3f}"
        )
    s = critical_error_scores(everything, cases)
    print(f"all {s['replies']} labelled replies: precision {s['precision']:.3f}, "
          f"recall {s['recall']:.3f}")  # fmt: skip
    labelled = [(row["reply"], cases[row["case"]]) for row in everything]
    print(f"labelled replies checked per second: {_rate(labelled, args.repeats):.1f}")

    with tempfile.TemporaryDirectory() as folder:
        items = generate_cases(args.generated, 0, folder)
        baseline = [(rules_case_reply(item), item) for item in items]
    contradictions = sum(len(check_reply(r, c).contradictions) for r, c in baseline)
    print(
        f"rule-baseline replies checked per second: {_rate(baseline, args.repeats):.1f} "
        f"({len(baseline)} generated cases, {contradictions} contradictions)"
    )


if __name__ == "__main__":
    main()
