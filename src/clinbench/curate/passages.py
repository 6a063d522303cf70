"""Source passages, read from text or JSONL files with their citations: the one passage model.

Item writing (``clinbench curate``) reads passage files with :func:`read_passages`; a
suite's search tool reads a folder of documents with :func:`read_documents`. Both give
:class:`Passage`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from clinbench.io import JsonlError, jsonl_lines
from clinbench.items.loader import ItemFileError, ItemProblem


@dataclass(frozen=True)
class Passage:
    """One source passage: its id, text, citation (or document title), URL, access date,
    file:line, and the document (file stem) it came from."""

    id: str
    text: str
    citation: str | None = None
    url: str | None = None
    accessed: date | None = None
    source: str = ""
    doc: str = ""


class _PassageRow(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    text: str = Field(min_length=1)
    citation: str | None = None
    url: str | None = None
    accessed: date | None = None


def _text_blocks(path: Path) -> list[tuple[int, str]]:
    """Return (first line, text) of each blank-line-separated block of a text file."""
    lines = path.read_text(encoding="utf-8").split("\n")  # universal newlines, as open()
    return [(line, text.strip()) for line, text in _blocks(lines, 1)]


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
                doc=path.stem,
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


_HEADER = re.compile(r"^([A-Z][A-Z_ ]*):\s*(.*)$")


def read_documents(folder: str | Path) -> list[Passage]:
    """Return the passages of every ``.txt`` document in a folder (sorted by file name).

    A document may start with header lines ``TITLE: ...`` and ``URL: ...`` (and any other
    ``KEY: value`` lines); the rest is split into passages at blank lines, each passage's
    whitespace collapsed to single spaces. A passage's citation is its document's title (the
    file stem when there is none); ids are ``<file stem>-001``, ``-002`` ... Raises
    FileNotFoundError for a missing folder and ValueError when no document holds text.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder}: document folder not found")
    passages: list[Passage] = []
    for path in sorted(folder.glob("*.txt")):
        lines = path.read_text(encoding="utf-8").splitlines()
        header: dict[str, str] = {}
        body_start = 0
        for number, line in enumerate(lines):
            match = _HEADER.match(line)
            if match and body_start == number:
                header[match.group(1).strip().lower()] = match.group(2).strip()
                body_start = number + 1
            else:
                break
        title = header.get("title", path.stem)
        count = 0
        for line, block in _blocks(lines[body_start:], body_start + 1):
            text = " ".join(block.split())
            if text:
                count += 1
                passages.append(
                    Passage(id=f"{path.stem}-{count:03d}", text=text, citation=title,
                            url=header.get("url", ""), source=f"{path}:{line}", doc=path.stem)
                )  # fmt: skip
    if not passages:
        raise ValueError(f"{folder}: no .txt documents with text")
    return passages


def _blocks(lines: list[str], first: int) -> list[tuple[int, str]]:
    """Return (line number, text) of each blank-line-separated block of lines."""
    blocks: list[tuple[int, str]] = []
    current: list[str] = []
    start = first
    for number, line in enumerate(lines, start=first):
        if line.strip():
            if not current:
                start = number
            current.append(line)
        elif current:
            blocks.append((start, "\n".join(current)))
            current = []
    if current:
        blocks.append((start, "\n".join(current)))
    return blocks
