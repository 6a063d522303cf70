"""Load and validate item files (JSONL or CSV), reporting every problem with file and line."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from clinbench.items.header import is_canary_header
from clinbench.items.model import FORMATS, ITEM_ADAPTER, Item, media_paths

# Columns of a CSV row whose cell holds JSON (lists and objects cannot be flat cells).
_JSON_COLUMNS = {
    "options", "tags", "metadata", "media", "images", "data", "questions", "fields",
    "answer_dict", "accept", "normalise", "wrong_values", "rewordings", "framings", "labels",
    "provenance",
}  # fmt: skip


@dataclass(frozen=True)
class ItemProblem:
    """One problem in an item file, located by file, line and field."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.field}: {self.message}"


class ItemFileError(ValueError):
    """Raised when item files have problems; ``problems`` lists each one."""

    def __init__(self, problems: Sequence[ItemProblem]):
        self.problems = list(problems)
        shown = "\n".join(str(p) for p in self.problems[:50])
        more = len(self.problems) - 50
        if more > 0:
            shown += f"\n... and {more} more"
        super().__init__(f"{len(self.problems)} problem(s) in item files:\n{shown}")


def item_rows(path: Path) -> Iterable[tuple[int, dict[str, Any] | ItemProblem]]:
    """Yield (line number, raw row or problem) for each row of a JSONL or CSV item file."""
    try:
        path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        line = path.read_bytes()[: err.start].count(b"\n") + 1
        yield line, ItemProblem(str(path), line, "-", f"not UTF-8 text: {err.reason}")
        return
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        with path.open(encoding="utf-8") as handle:
            for number, text in enumerate(handle, start=1):
                if not text.strip():
                    continue
                try:
                    row = json.loads(text)
                except json.JSONDecodeError as err:
                    yield number, ItemProblem(str(path), number, "-", f"invalid JSON: {err.msg}")
                    continue
                if not isinstance(row, dict):
                    yield number, ItemProblem(str(path), number, "-", "a line must be an object")
                    continue
                if number == 1 and is_canary_header(row):  # a published file's canary line
                    continue
                yield number, row
    elif suffix == ".csv":
        with path.open(encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            _ = reader.fieldnames  # reads the header, so line_num counts from it
            start = reader.line_num + 1
            for row in reader:
                # A quoted cell may span lines: report the row's first line.
                number, start = start, reader.line_num + 1
                parsed: dict[str, Any] = {}
                problem = None
                for column, cell in row.items():
                    if column is None:
                        problem = ItemProblem(str(path), number, "-", "more cells than columns")
                        break
                    if cell is None or cell == "":
                        continue
                    if "." in column:  # provenance.url -> {"provenance": {"url": ...}}
                        head, tail = column.split(".", 1)
                        parsed.setdefault(head, {})[tail] = cell
                    elif column in _JSON_COLUMNS or (column == "answer" and cell[:1] in "{["):
                        try:
                            parsed["answer" if column == "answer_dict" else column] = json.loads(
                                cell
                            )
                        except json.JSONDecodeError as err:
                            problem = ItemProblem(
                                str(path), number, column, f"cell is not valid JSON: {err.msg}"
                            )
                            break
                    else:
                        parsed[column] = cell
                yield number, problem if problem else parsed
    else:
        yield 0, ItemProblem(str(path), 0, "-", "unknown item file type (use .jsonl or .csv)")


def error_field(loc: tuple[Any, ...], fmt: str | None) -> str:
    """Return a pydantic error location as a dotted field name (without the union tag)."""
    parts = [str(p) for p in loc]
    if parts and fmt and parts[0] == fmt:  # drop the union tag pydantic puts first
        parts = parts[1:]
    return ".".join(parts) or "-"


def validate_row(
    row: dict[str, Any], path: Path, number: int, seen: dict[str, str]
) -> tuple[Item | None, list[ItemProblem]]:
    """Return the item a raw row makes (None if invalid) and the problems found in it.

    ``seen`` maps item ids already loaded to where they came from; a duplicate id is a
    problem, and a valid row's id is added to it.
    """
    fmt = row.get("format")
    if fmt not in FORMATS:
        return None, [
            ItemProblem(str(path), number, "format", f"unknown format {fmt!r}; one of {FORMATS}")
        ]
    if fmt == "tf" and isinstance(row.get("answer"), str):
        text = row["answer"].strip().lower()
        if text in ("true", "false"):
            row["answer"] = text == "true"
    try:
        item = ITEM_ADAPTER.validate_python(row)
    except ValidationError as err:
        return None, [
            ItemProblem(str(path), number, error_field(e["loc"], fmt), e["msg"])
            for e in err.errors()
        ]
    item._source_file = path
    item._source_line = number
    if item.id in seen:
        message = f"duplicate id {item.id!r} (first at {seen[item.id]})"
        return None, [ItemProblem(str(path), number, "id", message)]
    seen[item.id] = f"{path}:{number}"
    problems = [
        ItemProblem(str(path), number, "media", f"media file not found: {media}")
        for media in media_paths(item)
        if not item.resolve(media).exists()
    ]
    return item, problems


def read_items(paths: Sequence[str | Path]) -> tuple[list[Item], list[ItemProblem]]:
    """Return the items that validate and every problem found, over all files together."""
    items: list[Item] = []
    problems: list[ItemProblem] = []
    seen: dict[str, str] = {}
    for raw_path in paths:
        path = Path(raw_path)
        if not path.exists():
            problems.append(ItemProblem(str(path), 0, "-", "file not found"))
            continue
        if path.is_dir():
            problems.append(ItemProblem(str(path), 0, "-", "is a folder, not an item file"))
            continue
        for number, row in item_rows(path):
            if isinstance(row, ItemProblem):
                problems.append(row)
                continue
            item, row_problems = validate_row(row, path, number, seen)
            problems += row_problems
            if item is not None:
                items.append(item)
    return items, problems


def load_items(paths: Sequence[str | Path] | str | Path) -> list[Item]:
    """Return the items of one or more files; raise ItemFileError listing every problem."""
    if isinstance(paths, str | Path):
        paths = [paths]
    items, problems = read_items(paths)
    if problems:
        raise ItemFileError(problems)
    return items


def validate_files(paths: Sequence[str | Path]) -> list[ItemProblem]:
    """Return every problem in the given item files (empty when they are valid)."""
    return read_items(paths)[1]


def write_items(items: Iterable[Item], path: str | Path) -> Path:
    """Write items as JSONL (atomically: a temporary file renamed into place); return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    with tmp.open("w", encoding="utf-8") as handle:
        for item in items:
            row = {"format": item.format, **item.model_dump(mode="json", exclude_defaults=True)}
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    tmp.replace(path)
    return path
