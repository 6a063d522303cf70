"""The model claim reader against the rules reader, on labelled validation replies.

Takes a fixed sample of labelled replies from the validation batches 1-11
(tests/audiogram/validation; the blind batches 12 onwards are left for first scores), has
the model read each reply's claims (``clinbench.suites.audiology.claim_reader``: the claim
JSON schema, structured output that degrades) and judges them with the same judges as the
rules reader (``check_claims``). Prints, for both readers on the same replies: reply-level
precision and recall of critical-error detection (any critical error per reply), the
replies each reader could not judge (unscored, with the failure kinds), and the seconds per
reply. Unscored replies (a failed reading, or a reading with nothing checkable: the
``audiogram_fact_check`` scorer's two unscored causes) are left out of precision and recall
and counted apart by kind, never taken as "no error".

    python benchmarks/claim_reader.py --local [--n 24] [--max-tokens 384] [--seed 26]
    python benchmarks/claim_reader.py --model openai-api/local/smollm2   # server running

``--local`` starts the bundled SmolLM2 server (``clinbench local``) unless one answers, and
stops it at the end if it started it. Calls go one at a time (one connection).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tests.audiogram.validation reads the labelled sets

BATCHES = ["replies.jsonl"] + [f"replies_batch{n}.jsonl" for n in range(2, 12)]


def sample_replies(n: int, seed: int) -> list[dict]:
    """Return ``n`` labelled replies of batches 1-11: half with a labelled critical error,
    half without (as far as each group goes), drawn with ``seed``, in file order."""
    from tests.audiogram.validation import replies

    rows = [dict(r, batch=name) for name in BATCHES for r in replies(name)]
    rng = random.Random(seed)
    flagged = [i for i, r in enumerate(rows) if r["critical_errors"]]
    clean = [i for i, r in enumerate(rows) if not r["critical_errors"]]
    half = min(n // 2, len(flagged))
    chosen = rng.sample(flagged, half) + rng.sample(clean, min(n - half, len(clean)))
    return [rows[i] for i in sorted(chosen)]


def reply_scores(truth: list[bool], found: list[bool]) -> dict:
    """Return reply-level precision and recall (sklearn; None when undefined)."""
    from sklearn.metrics import precision_score, recall_score

    def defined(value: float) -> float | None:
        return None if value != value else round(float(value), 3)

    nan = float("nan")
    return {
        "precision": defined(precision_score(truth, found, zero_division=nan)),
        "recall": defined(recall_score(truth, found, zero_division=nan)),
        "judged": len(truth),
        "labelled with an error": sum(truth),
        "flagged": sum(found),
    }


def _checkable(check) -> bool:
    """Return True when a fact check judged something (a finding that is not unverifiable):
    the scorer's rule, where a section with none is unscored ("nothing checkable")."""
    return any(str(f.verdict) != "unverifiable" for f in check.findings)


def category_scores(truth: list[list[str]], found: list[list[str]]) -> dict:
    """Return precision and recall over (reply, critical-error category) decisions (sklearn,
    micro-averaged as ``audiogram.check.critical_error_scores`` does; None when undefined)."""
    from sklearn.metrics import precision_score, recall_score
    from sklearn.preprocessing import MultiLabelBinarizer

    from clinbench.audiogram.check import CRITICAL_ERRORS

    binarise = MultiLabelBinarizer(classes=list(CRITICAL_ERRORS))
    y_true, y_pred = binarise.fit_transform(truth), binarise.transform(found)
    nan = float("nan")

    def defined(value: float) -> float | None:
        return None if value != value else round(float(value), 3)

    return {
        "category precision": defined(precision_score(y_true, y_pred, average="micro",
                                                      zero_division=nan)),
        "category recall": defined(recall_score(y_true, y_pred, average="micro",
                                                zero_division=nan)),
    }  # fmt: skip


async def read_all(model, rows: list[dict], mode: str, example: bool) -> list:
    from clinbench.suites.audiology.claim_reader import read_claims_with_model

    out = []
    for number, row in enumerate(rows, 1):
        started = time.monotonic()
        reading = await read_claims_with_model(model, row["reply"], mode, example)
        took = time.monotonic() - started
        state = "read" if reading.read else f"{reading.failure}: {reading.cause[:80]}"
        print(f"  {number}/{len(rows)} {row['id']} {took:.1f} s {state}", file=sys.stderr)
        out.append((reading, took))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="openai-api/local/smollm2")
    parser.add_argument("--local", action="store_true", help="start the bundled local server")
    parser.add_argument("--n", type=int, default=24)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--max-tokens", type=int, default=384)
    parser.add_argument("--mode", default="auto", help="structured output mode")
    parser.add_argument("--attempt-timeout", type=int, default=120)
    parser.add_argument("--no-example", action="store_true",
                        help="leave the worked example out of the prompt")  # fmt: skip
    parser.add_argument("--json", type=Path, help="also write the figures and readings here")
    args = parser.parse_args(argv)

    from inspect_ai.model import GenerateConfig, get_model
    from tests.audiogram.validation import cases

    from clinbench.audiogram.check import check_claims, check_reply
    from clinbench.providers import local_server
    from clinbench.scoring.panel import CLAIM_READER_ROLE, role_model

    started_here = False
    if args.local:
        server, started_here = local_server.start_server()
        os.environ.update(server.env())
    try:
        rows = sample_replies(args.n, args.seed)
        audiograms = cases()
        config = GenerateConfig(max_tokens=args.max_tokens, max_connections=1, max_retries=1,
                                attempt_timeout=args.attempt_timeout)  # fmt: skip
        model = role_model(get_model(args.model, config=config), CLAIM_READER_ROLE)
        began = time.monotonic()
        readings = asyncio.run(read_all(model, rows, args.mode, not args.no_example))
        model_seconds = time.monotonic() - began
    finally:
        if started_here:
            local_server.stop_server()

    began = time.monotonic()
    rules_found = [bool(check_reply(r["reply"], audiograms[r["case"]]).critical_errors)
                   for r in rows]  # fmt: skip
    rules_seconds = time.monotonic() - began
    truth = [bool(r["critical_errors"]) for r in rows]
    rules_checks = [check_reply(r["reply"], audiograms[r["case"]]) for r in rows]
    rules_errors = [c.critical_errors for c in rules_checks]
    rules_judged = [i for i, c in enumerate(rules_checks) if _checkable(c)]
    judged, model_found, model_errors, failures, records = [], [], [], Counter(), []
    for row, (reading, took) in zip(rows, readings, strict=True):
        record = {"id": row["id"], "batch": row["batch"], "label": row["critical_errors"],
                  "seconds": round(took, 1), **reading.metadata()}  # fmt: skip
        if reading.read:
            check = check_claims(reading.claims, audiograms[row["case"]])
            errors = check.critical_errors
            if not _checkable(check):  # as the scorer: unscored, nothing checkable
                failures["nothing_checkable"] += 1
                records.append(record | {"claims": len(reading.claims), "found": errors})
                continue
            judged.append(len(records))
            model_found.append(bool(errors))
            model_errors.append(errors)
            claims = [{"kind": c.kind, "ears": list(c.ears), "value": c.value,
                       "qualifier": str(c.qualifier), "frequencies": list(c.frequencies)}
                      for c in reading.claims]  # fmt: skip
            record |= {"claims": claims, "found": errors}
        else:
            failures[reading.failure] += 1
        records.append(record)
    labels = [r["critical_errors"] for r in rows]
    model_scores = reply_scores([truth[i] for i in judged], model_found) | category_scores(
        [labels[i] for i in judged], model_errors
    )
    rules_on_judged = reply_scores(
        [truth[i] for i in judged], [rules_found[i] for i in judged]
    ) | category_scores([labels[i] for i in judged], [rules_errors[i] for i in judged])
    figures = {
        "command": " ".join(["python benchmarks/claim_reader.py", *(argv or sys.argv[1:])]),
        "replies": len(rows),
        "batches": sorted({r["batch"] for r in rows}),
        "model": args.model,
        "max_tokens": args.max_tokens,
        "worked example in the prompt": not args.no_example,
        "modes": dict(Counter(str(r.get("structured_output", "")) for r in records)),
        "model reader": model_scores | {"unscored": len(rows) - len(judged),
                                        "unscored by kind": dict(failures),
                                        "seconds per reply": round(model_seconds / len(rows), 1)},
        "rules reader": reply_scores([truth[i] for i in rules_judged],
                                     [rules_found[i] for i in rules_judged])
        | category_scores([labels[i] for i in rules_judged],
                          [rules_errors[i] for i in rules_judged])
        | {"unscored": len(rows) - len(rules_judged),
           "seconds per reply": round(rules_seconds / len(rows), 4)},
        "rules reader (replies the model judged)": rules_on_judged,
    }  # fmt: skip
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps({"figures": figures, "readings": records}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
