"""Reply reading against hand labels: agreement per format with tests/scoring/validation.

Each line of ``tests/scoring/validation/messy_replies.jsonl`` is a reply labelled by hand with
what a careful human reader records (an outcome and, when the outcome is ``ok``, the answer).
This script reads every reply with clinbench's own reading for its format and prints, per
format and overall, how many readings agree with the label (same outcome and, for ``ok``, the
same answer; transcripts compared case- and punctuation-blind, as WER scoring reads them).

The reading used is the library's, whatever it is at the commit checked out: the answer
extraction of ``clinbench.scoring.extract`` for mcq/tf/exact items, and the slp suite's label
and transcription readers (``read_label_reply`` / ``read_transcription_reply`` where they
exist, else the older ``extract_label_letter`` / ``clean_transcript_reply``), so the same
script measures before and after a change.

Usage: PYTHONPATH=src python benchmarks/reply_reading.py [--show] [--file PATH]
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

LABELS = Path(__file__).parents[1] / "tests" / "scoring" / "validation" / "messy_replies.jsonl"
STATUS_OUTCOME = {"none": "unreadable", "parse_failed": "unreadable"}  # the rest keep their name


def load(path: Path = LABELS) -> list[dict[str, Any]]:
    """Return the labelled replies of a JSONL file, one dict per line."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _item(row: dict[str, Any]):
    from clinbench.items.model import ExactItem, MCQItem, TFItem

    if row["format"] == "mcq":
        options = {letter: f"option {letter}" for letter in row["options"]}
        return MCQItem(id=row["id"], stem="Which?", options=options, answer=row["options"][0])
    if row["format"] == "tf":
        return TFItem(id=row["id"], stem="Is it so?", answer=True)
    fields = row["fields"]
    answer = {f["name"]: (f.get("options") or ["x"])[0] for f in fields}
    return ExactItem(id=row["id"], stem="Which?", fields=fields, answer=answer)


def read(row: dict[str, Any]) -> tuple[str, Any]:
    """Return (outcome, answer) of a labelled reply as clinbench reads it today."""
    from clinbench.suites.slp import tasks
    from clinbench.suites.slp.scenarios import SCENARIOS

    reply = row["reply"]
    if row["format"] == "slp_label":
        spec = SCENARIOS[row["scenario"]]
        if hasattr(tasks, "read_label_reply"):
            found = tasks.read_label_reply(reply, spec)
            return STATUS_OUTCOME.get(found.status, found.status), found.answer
        status, letter = tasks.extract_label_letter(reply, list(spec.options), cot=False)
        return STATUS_OUTCOME.get(status, status), spec.options.get(letter or "")
    if row["format"] == "transcription":
        if hasattr(tasks, "read_transcription_reply"):
            found = tasks.read_transcription_reply(reply)
            return STATUS_OUTCOME.get(found.status, found.status), found.answer
        text = tasks.clean_transcript_reply(reply)
        if tasks._DECLINE.match(text):
            return "declined", None
        return "ok", text  # the old scorer graded every other reply whole, an empty one too
    from clinbench.scoring.extract import extract_answer

    found = extract_answer(_item(row), reply)
    return STATUS_OUTCOME.get(found.status, found.status), found.answer


def _words(text: Any) -> str:
    return " ".join(re.sub(r"[^\w' ]+", " ", str(text).lower()).split())


def agrees(row: dict[str, Any], outcome: str, answer: Any) -> bool:
    """Return True when a reading has the label's outcome and, for ``ok``, its answer."""
    expected = row["expected"]
    if outcome != expected["outcome"]:
        return False
    if outcome != "ok":
        return True
    if row["format"] == "transcription":
        return _words(answer) == _words(expected["answer"])
    return answer == expected["answer"]


def agreement(rows: list[dict[str, Any]]) -> tuple[dict[str, tuple[int, int]], list[tuple]]:
    """Return {format: (agreeing, total)} with an ``all`` row, and the disagreements."""
    counts: dict[str, Counter] = {}
    misses = []
    for row in rows:
        outcome, answer = read(row)
        ok = agrees(row, outcome, answer)
        for key in (row["format"], "all"):
            counts.setdefault(key, Counter())["n"] += 1
            counts[key]["agree"] += ok
        if not ok:
            misses.append((row["id"], row["reply"], row["expected"], outcome, answer))
    return {k: (c["agree"], c["n"]) for k, c in counts.items()}, misses


def main() -> None:
    """Print agreement per format (and the disagreements with --show)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=LABELS)
    parser.add_argument("--show", action="store_true", help="list every disagreement")
    args = parser.parse_args()
    table, misses = agreement(load(args.file))
    print(f"{'format':<14} {'agree':>5} {'n':>4}  share")
    for name in [*(k for k in table if k != "all"), "all"]:
        agree, n = table[name]
        print(f"{name:<14} {agree:>5} {n:>4}  {agree / n:.3f}")
    if args.show:
        for row_id, reply, expected, outcome, answer in misses:
            print(f"{row_id}: {reply!r}\n    label {expected} | read {outcome} {answer!r}")


if __name__ == "__main__":
    main()
