"""Expert review sheets: export items with source quote and flags; re-import the decisions.

Candidate items go to domain experts as a CSV sheet (to edit) and an HTML page (to read).
Each row shows the item, its key, the source quote that grounds it and the flags raised by
the earlier curation steps. Reviewers fill ``decision`` with keep, revise or remove; for
revise they write the new text in the ``revised_*`` columns. :func:`import_review` applies
the sheet, validating every revised item; a row without a decision is an error, never a
silent keep.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
from pydantic import ValidationError

from clinbench.curate.textnorm import atomic_write_csv, canonical_text, csv_rows
from clinbench.io import atomic_write_text
from clinbench.items.loader import ItemFileError, ItemProblem, error_field
from clinbench.items.model import ITEM_ADAPTER, Item

SHEET_COLUMNS = [
    "item_id", "format", "stem", "options", "answer", "rationale", "source_quote", "citation",
    "url", "flags", "decision", "revised_stem", "revised_options", "revised_answer", "reviewer",
    "note",
]  # fmt: skip
REVIEW_DECISIONS = ("keep", "revise", "remove")
_OPTION_LINE_RE = re.compile(r"^\s*([A-Z])[.)]\s*(.*\S)\s*$")


def answer_text(item: Item) -> str:
    """Return the item's key as a reviewer reads it."""
    answer = getattr(item, "answer", None)
    if isinstance(answer, bool):
        return "true" if answer else "false"
    if isinstance(answer, dict):
        return json.dumps(answer, ensure_ascii=False)
    if item.format == "case":
        return "\n".join(f"{q.id}: {q.reference}" for q in item.questions)
    return "" if answer is None else str(answer)


def options_text(options: dict[str, str] | None) -> str:
    """Return options as lines 'A. text'."""
    return "\n".join(f"{k}. {v}" for k, v in (options or {}).items())


def parse_options(text: str) -> dict[str, str]:
    """Return {'A': text, ...} from lines 'A. text'; raise ValueError on a line of other shape."""
    options: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        match = _OPTION_LINE_RE.match(line)
        if not match:
            raise ValueError(f"option line {line.strip()!r} is not 'A. text'")
        options[match.group(1)] = match.group(2)
    return options


def item_flags(item: Item) -> list[str]:
    """Return the review flags an item raises by itself (source, key and wording checks)."""
    flags: list[str] = []
    prov = item.provenance
    quote = prov.quote if prov else None
    if not quote:
        flags.append("no source quote")
    if "model_quote" in item.metadata:
        flags.append("model's quote not found in the passage")
    if item.format in ("fib", "sa") and quote:
        key = canonical_text(str(getattr(item, "answer", "")))
        if key and key not in canonical_text(quote):
            flags.append("key not found verbatim in the quote")
    options = getattr(item, "options", None)
    if isinstance(options, dict):
        if any(re.search(r"\b(?:all|none) of the above\b", v, re.I) for v in options.values()):
            flags.append("'all/none of the above' option")
        key = options.get(getattr(item, "answer", ""), "")
        distractors = [len(v) for k, v in options.items() if k != item.answer]
        if distractors and len(key) > 1.5 * max(distractors):  # a cue test-wise readers use
            flags.append("key is much longer than every distractor")
    if re.search(r"\b(?:NOT|EXCEPT|LEAST)\b", item.stem):
        flags.append("negatively worded stem")
    if item.format == "tf" and re.search(r"\b(?:always|never|only|all|none)\b", item.stem, re.I):
        flags.append("absolute wording in a true/false statement")
    accuracy = item.metadata.get("pilot_accuracy")
    if accuracy == 0:
        flags.append("no pilot model correct: check the key")
    return flags


def review_sheet(
    items: Sequence[Item],
    *,
    dedup: pd.DataFrame | None = None,
    changes: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Return the review sheet (``SHEET_COLUMNS``), one row per item, decisions left blank.

    ``dedup`` (a dedup decisions table) adds duplicate-cluster flags; ``changes`` (a
    normalisation change log) adds the rules that changed each item.
    """
    extra: dict[str, list[str]] = {}
    if dedup is not None and not dedup.empty:
        for row in dedup.itertuples(index=False):
            note = (
                f"duplicate cluster {row.cluster}: kept ({row.reason})"
                if row.item_id == row.kept_id
                else f"duplicate cluster {row.cluster}: {row.reason} "
                f"(Jaccard {float(row.jaccard_to_kept):.2f}; proposed {row.decision})"
            )
            extra.setdefault(str(row.item_id), []).append(note)
    if changes is not None and not changes.empty:
        for item_id, group in changes.groupby("item_id", sort=False):
            rules = sorted(set(group["rule"]))
            extra.setdefault(str(item_id), []).append(f"normalised: {', '.join(rules)}")
    rows = []
    for item in items:
        prov = item.provenance
        rows.append(
            {
                "item_id": item.id,
                "format": item.format,
                "stem": item.stem,
                "options": options_text(getattr(item, "options", None)),
                "answer": answer_text(item),
                "rationale": str(item.metadata.get("rationale", "")),
                "source_quote": (prov.quote if prov else None) or "",
                "citation": (prov.citation if prov else None) or "",
                "url": (prov.url if prov else None) or "",
                "flags": "; ".join(item_flags(item) + extra.get(item.id, [])),
                "decision": "",
                "revised_stem": "",
                "revised_options": "",
                "revised_answer": "",
                "reviewer": "",
                "note": "",
            }
        )
    return pd.DataFrame(rows, columns=SHEET_COLUMNS)


def review_html(sheet: pd.DataFrame, *, title: str = "clinbench item review") -> str:
    """Return a self-contained HTML page showing the review sheet (flags highlighted)."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    env = Environment(
        loader=PackageLoader("clinbench.curate", "templates"),
        # the template is named *.html.j2, which select_autoescape's default list misses
        autoescape=select_autoescape(["html", "html.j2"]),
    )
    template = env.get_template("review.html.j2")
    rows = sheet.fillna("").to_dict(orient="records")
    for row in rows:
        row["flag_list"] = [f for f in str(row["flags"]).split("; ") if f]
    n_flagged = sum(1 for row in rows if row["flag_list"])
    return template.render(title=title, rows=rows, n_items=len(rows), n_flagged=n_flagged)


def export_review(
    items: Sequence[Item],
    out_dir: str | Path,
    *,
    dedup: pd.DataFrame | None = None,
    changes: pd.DataFrame | None = None,
) -> tuple[Path, Path]:
    """Write ``review.csv`` and ``review.html`` into out_dir; return their paths."""
    out_dir = Path(out_dir)
    sheet = review_sheet(items, dedup=dedup, changes=changes)
    html = review_html(sheet)
    csv_path = atomic_write_csv(sheet, out_dir / "review.csv")
    html_path = atomic_write_text(out_dir / "review.html", html)
    return csv_path, html_path


def _revised_answer(item: Item, text: str) -> Any:
    if item.format == "tf":
        folded = text.strip().lower()
        if folded not in ("true", "false"):
            raise ValueError(f"a true/false key must be true or false, got {text!r}")
        return folded == "true"
    if item.format == "mcq":
        return text.strip().upper()
    if item.format == "exact":
        value = json.loads(text)
        if not isinstance(value, dict):
            raise ValueError("an exact-answer key must be a JSON object")
        return value
    return text.strip()


def import_review(items: Sequence[Item], sheet_path: str | Path) -> tuple[list[Item], pd.DataFrame]:
    """Return (items after the reviewers' decisions, review log) from a filled review sheet.

    keep: unchanged; revise: the ``revised_*`` cells replace stem, options or key and the
    item is re-validated; remove: dropped. Each kept or revised item records
    ``metadata["review"]`` (decision, reviewer, note). Raises ItemFileError naming file, line
    and field for a missing or unknown decision, an unknown item id, an invalid revision, or
    an item absent from the sheet.
    """
    path = Path(sheet_path)
    if not path.is_file():
        raise ItemFileError([ItemProblem(str(path), 0, "-", "file not found")])
    problems: list[ItemProblem] = []
    decided = _sheet_decisions(items, path, problems)
    out: list[Item] = []
    log_rows = []
    for item in items:
        if item.id not in decided:
            continue
        line, row = decided[item.id]
        decision = row["decision"].strip().lower()
        if decision == "remove":
            log_rows.append({"item_id": item.id, "decision": decision, "changed": "", "line": line})
            continue
        data = item.model_dump(mode="json")
        data["metadata"] = {**item.metadata, "review": _review_record(decision, row)}
        changed: list[str] = []
        if decision == "revise":
            try:
                changed = _apply_revisions(item, row, data)
            except _CellError as err:
                problems.append(ItemProblem(str(path), line, err.field, err.message))
                continue
        revised = _revalidated(item, data, changed, (path, line), problems)
        if revised is None:
            continue
        out.append(revised)
        log_rows.append(
            {"item_id": item.id, "decision": decision, "changed": ",".join(changed), "line": line}
        )
    if problems:
        raise ItemFileError(problems)
    return out, pd.DataFrame(log_rows, columns=["item_id", "decision", "changed", "line"])


def _sheet_decisions(
    items: Sequence[Item], path: Path, problems: list[ItemProblem]
) -> dict[str, tuple[int, dict[str, str]]]:
    """Return item id -> (line, row) of each well-formed decision; add each bad row to problems.

    A header without ``item_id`` or ``decision`` raises ItemFileError at once.
    """
    by_id = {item.id: item for item in items}
    decided: dict[str, tuple[int, dict[str, str]]] = {}
    listed: dict[str, int] = {}
    for line, row in csv_rows(path):
        if "item_id" not in row or "decision" not in row:
            missing = [c for c in ("item_id", "decision") if c not in row]
            raise ItemFileError(
                [ItemProblem(str(path), 1, c, "column missing from the header") for c in missing]
            )
        item_id = row["item_id"].strip()
        decision = row["decision"].strip().lower()
        if item_id not in by_id:
            problems.append(
                ItemProblem(str(path), line, "item_id", f"{item_id!r} is not in the item files")
            )
            continue
        if item_id in listed:
            problems.append(
                ItemProblem(
                    str(path),
                    line,
                    "item_id",
                    f"{item_id!r} listed twice (first at line {listed[item_id]})",
                )
            )
            continue
        listed[item_id] = line
        if decision not in REVIEW_DECISIONS:
            message = "no decision" if not decision else f"{row['decision']!r} is not a decision"
            problems.append(
                ItemProblem(str(path), line, "decision", f"{message}; one of {REVIEW_DECISIONS}")
            )
            continue
        decided[item_id] = (line, row)
    for item in items:
        if item.id not in listed:
            problems.append(
                ItemProblem(str(path), 0, "item_id", f"{item.id!r} is not in the sheet")
            )
    return decided


def _review_record(decision: str, row: dict[str, str]) -> dict[str, str]:
    """Return what an item records of its review: the decision, and reviewer and note if given."""
    review = {"decision": decision}
    for key in ("reviewer", "note"):
        if row.get(key, "").strip():
            review[key] = row[key].strip()
    return review


def _apply_revisions(item: Item, row: dict[str, str], data: dict[str, Any]) -> list[str]:
    """Return the parts a revise row changes (stem, options, answer), written into ``data``.

    Raises _CellError naming the cell of a revision that cannot apply, or ``decision`` when
    the row revises nothing.
    """
    changed: list[str] = []
    if row.get("revised_stem", "").strip():
        data["stem"] = row["revised_stem"].strip()
        changed.append("stem")
    if row.get("revised_options", "").strip():
        if item.format != "mcq":
            raise _CellError("revised_options", "only MCQ items have options")
        try:
            data["options"] = parse_options(row["revised_options"])
        except ValueError as err:
            raise _CellError("revised_options", str(err)) from err
        changed.append("options")
    if row.get("revised_answer", "").strip():
        if item.format in ("case", "audio"):
            raise _CellError("revised_answer", f"edit {item.format} items in their file")
        try:
            data["answer"] = _revised_answer(item, row["revised_answer"])
        except ValueError as err:
            raise _CellError("revised_answer", str(err)) from err
        changed.append("answer")
    if not changed:
        raise _CellError("decision", "revise with no revised_stem/options/answer")
    return changed


def _revalidated(
    item: Item,
    data: dict[str, Any],
    changed: list[str],
    where: tuple[Path, int],
    problems: list[ItemProblem],
) -> Item | None:
    """Return the item ``data`` describes, validated; None after adding each error to problems.

    ``where`` is the row's (sheet, line); an error in a revised part names its ``revised_*``
    column, a whole-item check (e.g. the key among the options) names every revised column.
    """
    try:
        revised = ITEM_ADAPTER.validate_python(data)
    except ValidationError as err:
        for e in err.errors():
            field = error_field(e["loc"], item.format)
            head = field.split(".")[0]
            if head in changed:
                column = f"revised_{head}"
            elif field == "-" and changed:
                column = ",".join(f"revised_{c}" for c in changed)
            else:
                column = field
            problems.append(ItemProblem(str(where[0]), where[1], column, e["msg"]))
        return None
    revised._source_file, revised._source_line = item._source_file, item._source_line
    return revised


class _CellError(Exception):
    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message
