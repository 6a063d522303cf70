"""Human baseline: reviewers' own answers exported as frozen responses for the replay model.

Each reviewer's answers to a case become one reply, laid out as a model is asked to lay out
a case reply (each question in its own section headed by its label, see
``clinbench.solvers.prompts.CASE_INSTRUCTION``). All reviewers share one anonymous model
name; each reviewer is one epoch, so ``--epochs R`` scores every reviewer once and the
adjudicator sees nothing that tells a human reply from a model's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd

from clinbench.audit.sampling import load_manifest
from clinbench.audit.store import AuditStore
from clinbench.io import atomic_path, atomic_write_text

EXPORTS_FILE = "baseline_exports.json"


def case_reply(questions: list[str], answers: dict[str, str]) -> str:
    """Return one case reply: each question's answer under a line with the question label."""
    return "\n\n".join(f"{q}:\n{answers[q].strip()}" for q in questions)


def baseline_responses(
    audit_dir: str | Path,
    *,
    model_name: str,
    reviewer: str | None = None,
    include_unsubmitted: bool = False,
) -> tuple[pd.DataFrame, dict[str, int]]:
    """Return (responses table: item_id, model, response, epoch; {reviewer: epoch}).

    Only reviewers who submitted their set are exported unless ``include_unsubmitted``; a
    case a reviewer has not answered in full is left out (never padded), and the export
    refuses when that leaves a chosen reviewer with nothing.
    """
    audit_dir = Path(audit_dir)
    meta, items = load_manifest(audit_dir)
    if meta.get("kind") != "baseline":
        raise ValueError(f"{audit_dir}: not a baseline audit (sample it with --mode baseline)")
    if not model_name.strip() or any(ch in model_name for ch in "/\\ \t\n"):
        raise ValueError(f"model name {model_name!r} must be one word without slashes or spaces")
    store = AuditStore(audit_dir / "audit.sqlite")
    people = store.reviewers("reviewer")
    if reviewer is not None:
        people = [p for p in people if p["name"] == reviewer]
        if not people:
            raise ValueError(f"{audit_dir}: no reviewer named {reviewer!r}")
    if not include_unsubmitted:
        pending = [p["name"] for p in people if not p["submitted_at"]]
        if pending and reviewer is not None:
            raise ValueError(
                f"reviewer {reviewer!r} has not submitted their set (use --include-unsubmitted)"
            )
        people = [p for p in people if p["submitted_at"]]
    if not people:
        raise ValueError(f"{audit_dir}: no reviewer has submitted answers to export")
    answers = store.answers()
    rows: list[dict[str, Any]] = []
    epochs: dict[str, int] = {}
    for epoch, person in enumerate(people, start=1):
        mine: dict[str, dict[str, str]] = {}
        for answer in answers:
            if answer["reviewer_id"] == person["id"] and answer["answer"].strip():
                mine.setdefault(answer["audit_id"], {})[answer["question"]] = answer["answer"]
        count = 0
        for item in items:
            questions = [q["id"] for q in item["questions"]]
            given = mine.get(item["audit_id"], {})
            if not set(questions) <= set(given):
                continue
            rows.append(
                {
                    "item_id": item["case_id"],
                    "model": model_name,
                    "response": case_reply(questions, given),
                    "epoch": epoch,
                }
            )
            count += 1
        if count == 0:
            raise ValueError(f"reviewer {person['name']!r} has no fully answered case")
        epochs[person["name"]] = epoch
    return pd.DataFrame(rows, columns=["item_id", "model", "response", "epoch"]), epochs


def export_baseline(
    audit_dir: str | Path,
    out: str | Path,
    *,
    model_name: str,
    reviewer: str | None = None,
    include_unsubmitted: bool = False,
) -> dict[str, Any]:
    """Write the human answers as a replay responses file (.csv or .jsonl); return a summary.

    Which reviewer became which epoch is recorded in the audit folder
    (``baseline_exports.json``), never in the responses file.
    """
    out = Path(out)
    if out.suffix.lower() not in (".csv", ".jsonl"):
        raise ValueError(f"{out}: use a .csv or .jsonl responses file")
    table, epochs = baseline_responses(
        audit_dir, model_name=model_name, reviewer=reviewer, include_unsubmitted=include_unsubmitted
    )
    with atomic_path(out, private=True) as temp:  # reviewers' answers: owner-only
        if out.suffix.lower() == ".csv":
            table.to_csv(temp, index=False)
        else:
            table.to_json(temp, orient="records", lines=True, force_ascii=False)
    record_path = Path(audit_dir) / EXPORTS_FILE
    records = json.loads(record_path.read_text()) if record_path.exists() else []
    records.append({"model": model_name, "file": str(out), "epochs": epochs, "rows": len(table)})
    atomic_write_text(record_path, json.dumps(records, indent=2) + "\n", private=True)
    return {"rows": len(table), "reviewers": len(epochs), "epochs": len(epochs)}
