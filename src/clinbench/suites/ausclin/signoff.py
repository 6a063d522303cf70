"""The second clinician's sign-off of the evidenced wrong values behind severity labels.

AusClinBench labels a wrong value superseded, foreign or fabricated only with evidence (a
quote and a URL), and says its labels "await independent second-clinician sign-off". This
keeps that sign-off as a record:

1. :func:`signoff_sheet` lists every evidenced wrong value of an item bank (item, field,
   value, label, quote, URL) with an ``evidence_id`` (a hash of exactly that evidence) and
   empty columns for the second clinician: ``reviewer``, ``decision`` (agree / disagree),
   ``their_label`` (required on disagreement: superseded, foreign, fabricated or
   ``unsupported`` when the evidence does not hold), ``note`` (required on disagreement)
   and ``signed_on`` (a date).
2. :func:`read_signoff` reads the filled sheet back against the current bank: every
   problem is reported as ``file:line: field: message`` (evidence changed since the sheet
   was written, an unknown decision, a missing reason), and nothing is returned when any
   row is bad. Rows left blank are unsigned, not agreed.
3. :func:`signoff_summary` gives, per label, how many evidenced values were agreed,
   disagreed or not yet signed, and Cohen's kappa (scikit-learn) between the first labels
   and the second clinician's on the values signed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import date
from pathlib import Path

import pandas as pd

from clinbench.errors import InputFileError
from clinbench.items.model import ExactItem
from clinbench.suites.ausclin.severity import LABELS

DECISIONS = ("agree", "disagree")
SECOND_LABELS = (*LABELS, "unsupported")
EVIDENCE_COLUMNS = ["evidence_id", "item_id", "field", "value", "label", "quote", "url"]
SIGN_COLUMNS = ["reviewer", "decision", "their_label", "note", "signed_on"]


class SignoffError(InputFileError, ValueError):
    """A filled sign-off sheet that cannot be read; the message lists every problem."""


def evidence_id(item_id: str, wrong: object) -> str:
    """Return the id of one piece of evidence: a hash of the item and every evidenced field."""
    record = {"item": item_id, **{k: getattr(wrong, k) for k in ("field", "value", "label",
                                                                 "quote", "url")}}  # fmt: skip
    text = json.dumps(record, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def signoff_sheet(items: Sequence[ExactItem]) -> pd.DataFrame:
    """Return one row per evidenced wrong value, with empty sign-off columns to fill in."""
    rows = [
        {
            "evidence_id": evidence_id(item.id, w),
            "item_id": item.id,
            "field": w.field,
            "value": w.value,
            "label": w.label,
            "quote": w.quote or "",
            "url": w.url or "",
            **dict.fromkeys(SIGN_COLUMNS, ""),
        }  # fmt: skip
        for item in items
        for w in item.wrong_values
    ]
    return pd.DataFrame(rows, columns=EVIDENCE_COLUMNS + SIGN_COLUMNS)


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, float) and pd.isna(value)) or not str(value).strip()


def read_signoff(path: str | Path, items: Sequence[ExactItem]) -> pd.DataFrame:
    """Return the sign-off record of a filled sheet, checked against the current bank.

    One row per evidenced value of the bank: its evidence and the second clinician's
    columns (blank when not signed) plus ``status`` (agreed, disagreed, unsigned). Raises
    SignoffError listing every bad row (``file:line: field: message``).
    """
    path = Path(path)
    try:
        sheet = pd.read_csv(path, dtype=str, keep_default_na=False)
    except (OSError, ValueError) as err:
        raise SignoffError(f"{path}:1: -: cannot read the sheet: {err}") from None
    missing = [c for c in ("evidence_id", *SIGN_COLUMNS) if c not in sheet.columns]
    if missing:
        raise SignoffError(f"{path}:1: {', '.join(missing)}: column(s) missing")
    current = signoff_sheet(items).set_index("evidence_id")
    problems, seen = [], set()
    for index, row in sheet.iterrows():
        line = int(index) + 2  # header is line 1
        where = f"{path}:{line}"
        eid = str(row["evidence_id"]).strip()
        if eid not in current.index:
            problems.append(f"{where}: evidence_id: {eid!r} matches no evidenced value of the "
                            "bank (the evidence changed since the sheet was written)")  # fmt: skip
            continue
        if eid in seen:
            problems.append(f"{where}: evidence_id: {eid!r} is signed twice")
        seen.add(eid)
        decision = str(row["decision"]).strip().lower()
        if _blank(decision):
            if any(not _blank(row[c]) for c in ("their_label", "note", "signed_on")):
                problems.append(f"{where}: decision: give agree or disagree for a filled row")
            continue
        if decision not in DECISIONS:
            problems.append(f"{where}: decision: {decision!r} is not agree or disagree")
        if _blank(row["reviewer"]):
            problems.append(f"{where}: reviewer: the second clinician's name is required")
        try:
            date.fromisoformat(str(row["signed_on"]).strip())
        except ValueError:
            problems.append(f"{where}: signed_on: a date (YYYY-MM-DD) is required")
        if decision == "disagree":
            label = str(row["their_label"]).strip().lower()
            if label not in SECOND_LABELS:
                problems.append(f"{where}: their_label: one of {', '.join(SECOND_LABELS)} is "
                                "required on disagreement")  # fmt: skip
            if _blank(row["note"]):
                problems.append(f"{where}: note: a reason is required on disagreement")
    if problems:
        raise SignoffError("\n".join(problems))
    signed = sheet.assign(evidence_id=sheet["evidence_id"].str.strip()).set_index("evidence_id")
    record = current.drop(columns=SIGN_COLUMNS).join(signed[SIGN_COLUMNS], how="left")
    record[SIGN_COLUMNS] = record[SIGN_COLUMNS].fillna("")
    decision = record["decision"].str.strip().str.lower()
    record["status"] = decision.map({"agree": "agreed", "disagree": "disagreed"}).fillna("unsigned")
    record["their_label"] = record["their_label"].str.strip().str.lower()
    record.loc[record["status"] == "agreed", "their_label"] = record["label"]
    return record.reset_index()


def signoff_summary(record: pd.DataFrame) -> pd.DataFrame:
    """Return per first label: evidenced values, agreed, disagreed, unsigned, and overall kappa.

    The last row (``all``) carries Cohen's kappa between the first and the second clinician's
    labels on the signed values (NaN when fewer than two labels occur).
    """
    import warnings

    from sklearn.metrics import cohen_kappa_score

    rows = []
    for label, part in [*record.groupby("label", sort=True), ("all", record)]:
        counts = part["status"].value_counts()
        rows.append({"label": label, "evidenced": len(part),
                     "agreed": int(counts.get("agreed", 0)),
                     "disagreed": int(counts.get("disagreed", 0)),
                     "unsigned": int(counts.get("unsigned", 0)),
                     "kappa_first_vs_second": float("nan")})  # fmt: skip
    signed = record[record["status"] != "unsigned"]
    if len(signed) and len(set(signed["label"]) | set(signed["their_label"])) >= 2:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            rows[-1]["kappa_first_vs_second"] = float(
                cohen_kappa_score(
                    signed["label"], signed["their_label"], labels=list(SECOND_LABELS)
                )
            )
    return pd.DataFrame(rows)
