"""Source passages for item writing, read from text or JSONL files with their citations."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from clinbench.io import JsonlError, jsonl_lines
from clinbench.items.loader import ItemFileError, ItemProblem


@dataclass(frozen=True)
class Passage:
    """One source passage: its id, text, citation, URL, access date, and file:line."""

    id: str
    text: str
    citation: str | None = None
    url: str | None = None
    accessed: date | None = None
    source: str = ""


class _PassageRow(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    text: str = Field(min_length=1)
    citation: str | None = None
    url: str | None = None
    accessed: date | None = None


def _text_blocks(path: Path) -> list[tuple[int, str]]:
    """Return (first line, text) of each blank-line-separated block of a text file."""
    blocks: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if line.strip():
                if not current:
                    start = number
                current.append(line.rstrip("\n"))
            elif current:
                blocks.append((start, "\n".join(current).strip()))
                current = []
    if current:
        blocks.append((start, "\n".join(current).strip()))
    return blocks


def read_passages(
    paths: Sequence[str | Path],
    *,
    citation: str | None = None,
    url: str | None = None,
) -> list[Passage]:
    """Return the passages of .txt (blank-line separated) and .jsonl files.

    A text file's passages are numbered ``<file stem>-001``, ``-002`` ... and take
    ``citation``/``url`` from the arguments. A JSONL line has ``id``, ``text`` and optionally
    ``citation``, ``url``, ``accessed`` (ISO date); the arguments fill a missing citation or
    URL. Raises ItemFileError naming file, line and field for every bad row or duplicate id.
    """
    passages: list[Passage] = []
    problems: list[ItemProblem] = []
    seen: dict[str, str] = {}

    def add(path: Path, line: int, row: dict) -> None:
        try:
            parsed = _PassageRow.model_validate(row)
        except ValidationError as err:
            for e in err.errors():
                loc = ".".join(str(p) for p in e["loc"]) or "-"
                problems.append(ItemProblem(str(path), line, loc, e["msg"]))
            return
        if parsed.id in seen:
            problems.append(
                ItemProblem(
                    str(path),
                    line,
                    "id",
                    f"duplicate passage id {parsed.id!r} (first at {seen[parsed.id]})",
                )
            )
            return
        seen[parsed.id] = f"{path}:{line}"
        passages.append(
            Passage(
                id=parsed.id,
                text=parsed.text.strip(),
                citation=parsed.citation or citation,
                url=parsed.url or url,
                accessed=parsed.accessed,
                source=f"{path}:{line}",
            )
        )

    for raw in paths:
        path = Path(raw)
        if not path.is_file():
            problems.append(ItemProblem(str(path), 0, "-", "file not found"))
            continue
        suffix = path.suffix.lower()
        if suffix == ".txt":
            for number, (line, text) in enumerate(_text_blocks(path), start=1):
                add(path, line, {"id": f"{path.stem}-{number:03d}", "text": text})
        elif suffix == ".jsonl":
            for line, row in jsonl_lines(path):
                if isinstance(row, JsonlError):
                    problems.append(ItemProblem(str(path), line, "-", row.message))
                else:
                    add(path, line, row)
        else:
            problems.append(
                ItemProblem(str(path), 0, "-", "unknown passage file type (use .txt or .jsonl)")
            )
    if problems:
        raise ItemFileError(problems)
    if not passages:
        raise ItemFileError([ItemProblem(", ".join(map(str, paths)), 0, "-", "no passages found")])
    return passages
