"""An audit folder for signing model-drafted case references, and the labels it collects.

``write_draft_audit`` lays out one audit item per drafted case question (the case text and
images, the question, the drafted reference and the flags of its grounding checks) in the
same folder layout as a review audit, of kind ``draft``: the same review app serves it and
reviewers label each draft on the reference scale (accurate, defensible, flawed,
indeterminate; a reason for the last two). ``draft_labels`` returns the labels of reviewers
who submitted their set, the form :func:`clinbench.curate.references.apply_signoff` reads.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pandas as pd

from clinbench.audit.labels import DRAFT_KIND
from clinbench.audit.sampling import (
    AUDIT_FILE,
    DB_FILE,
    ITEMS_FILE,
    KEY_FILE,
    MEDIA_DIR,
    _case_view,
    load_key,
    load_manifest,
)
from clinbench.audit.store import AuditStore
from clinbench.io import write_csv


def write_draft_audit(
    drafts: list[dict[str, Any]], out: str | Path, *, text_only: bool = False
) -> list[str]:
    """Write the draft-review audit folder ``out``; return warnings (e.g. a missing image).

    ``drafts`` holds one entry per drafted reference to review: ``case`` (the case item),
    ``question`` (its sub-question), ``flags`` (the grounding checks it failed),
    ``drafted_by`` and ``reference_sha256`` (the hash of the text shown, so a label counts
    only for that text). Raises FileExistsError when ``out`` holds anything, ValueError when
    there is nothing to review.
    """
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise FileExistsError(f"{out} already exists and is not empty")
    if not drafts:
        raise ValueError("no drafted reference to review (draft them with "
                         "`clinbench curate draft-references`)")  # fmt: skip
    out.parent.mkdir(parents=True, exist_ok=True)
    build = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    problems: list[str] = []
    try:
        (build / MEDIA_DIR).mkdir()
        records, keys = [], []
        width = max(2, len(str(len(drafts))))
        for position, draft in enumerate(drafts, start=1):
            case, q = draft["case"], draft["question"]
            audit_id = f"D{position:0{width}d}"
            dump = case.model_dump(mode="json")
            dump["images"] = [str(case.resolve(i)) for i in case.images]
            text, images = _case_view(dump, None, build / MEDIA_DIR, problems, text_only=text_only)
            flags = list(draft.get("flags") or [])
            records.append({
                "audit_id": audit_id, "position": position, "segment": "main",
                "case_id": case.id, "case_text": text, "images": images, "question": q.id,
                "question_prompt": q.prompt, "reference": q.reference,
                "grounding_flags": ", ".join(flags) or "none",
            })  # fmt: skip
            keys.append({
                "audit_id": audit_id, "position": position, "segment": "main",
                "item_id": case.id, "question": q.id, "model": draft.get("drafted_by", ""),
                "reference_sha256": draft["reference_sha256"], "cell": "all", "weight": 1.0,
            })  # fmt: skip
        with (build / ITEMS_FILE).open("w", encoding="utf-8") as handle:
            for record in records:
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        write_csv(pd.DataFrame(keys), build / KEY_FILE)
        os.chmod(build / KEY_FILE, 0o600)
        meta = {
            "kind": DRAFT_KIND,
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "n_items": len(records),
            "n_calibration": 0,
            "image_grounded": not text_only,
            "text_only": text_only,
            "settings": {},
            "warnings": problems,
        }
        (build / AUDIT_FILE).write_text(json.dumps(meta, indent=2) + "\n")
        if out.exists():
            out.rmdir()
        build.rename(out)
    except BaseException:
        shutil.rmtree(build, ignore_errors=True)
        raise
    return problems


def draft_labels(audit_dir: str | Path) -> pd.DataFrame:
    """Return the submitted reviewers' labels of a draft audit, one row per label.

    Columns: item_id, question, reference_sha256, reviewer, label, rationale, submitted_at.
    Labels of a reviewer who has not submitted their set are left out: a signature is final.
    """
    audit_dir = Path(audit_dir)
    meta, _ = load_manifest(audit_dir)
    if meta.get("kind") != DRAFT_KIND:
        raise ValueError(f"{audit_dir}: not a draft-review audit (make one with "
                         "`clinbench curate review-references`)")  # fmt: skip
    store = AuditStore(audit_dir / DB_FILE)
    submitted = {p["name"]: p["submitted_at"] for p in store.reviewers("reviewer")
                 if p["submitted_at"]}  # fmt: skip
    labels = pd.DataFrame(store.labels())
    columns = ["item_id", "question", "reference_sha256", "reviewer", "label", "rationale",
               "submitted_at"]  # fmt: skip
    if labels.empty:
        return pd.DataFrame(columns=columns)
    labels = labels[labels["reviewer"].isin(submitted)]
    key = load_key(audit_dir).set_index("audit_id")
    return pd.DataFrame({
        "item_id": labels["audit_id"].map(key["item_id"]),
        "question": labels["audit_id"].map(key["question"]),
        "reference_sha256": labels["audit_id"].map(key["reference_sha256"]),
        "reviewer": labels["reviewer"],
        "label": labels["grade"],  # the store's grade column holds the reference label
        "rationale": labels["rationale"],
        "submitted_at": labels["reviewer"].map(submitted),
    }, columns=columns).reset_index(drop=True)  # fmt: skip
