"""Files: one atomic writer and one JSONL reader that names the line of every problem.

Every file clinbench writes goes through :func:`atomic_write` (a temporary file in the same
folder, renamed into place), so a crash or a bad input never leaves a half-written file.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any


@contextmanager
def atomic_write(path: str | Path, binary: bool = False) -> Iterator[IO[Any]]:
    """Yield a handle whose content replaces ``path`` only when the block ends without error.

    The parent folder is created if missing; on error the temporary file is removed and
    ``path`` is left as it was.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if binary:
            handle: IO[Any] = os.fdopen(fd, "wb")
        else:
            handle = os.fdopen(fd, "w", encoding="utf-8", newline="")
        with handle:
            yield handle
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: str | Path, text: str) -> Path:
    """Write text (UTF-8) to ``path`` atomically; return the path."""
    with atomic_write(path) as handle:
        handle.write(text)
    return Path(path)


def atomic_write_bytes(path: str | Path, data: bytes) -> Path:
    """Write bytes to ``path`` atomically; return the path."""
    with atomic_write(path, binary=True) as handle:
        handle.write(data)
    return Path(path)


class JsonlError(ValueError):
    """A JSONL line that is not one JSON object: ``file:line: -: message``."""

    def __init__(self, path: str | Path, line: int, message: str) -> None:
        self.path, self.line, self.message = str(path), line, message
        super().__init__(f"{self.path}:{line}: -: {message}")


def jsonl_lines(path: str | Path) -> Iterator[tuple[int, dict[str, Any] | JsonlError]]:
    """Yield (line number, object or the line's JsonlError) for each non-blank line.

    A reader that reports every problem collects the errors; one that stops at the first
    raises it (or use :func:`read_jsonl`). The file is read one line at a time.
    """
    path = Path(path)
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as err:
                yield number, JsonlError(path, number, f"invalid JSON: {err.msg}")
                continue
            except RecursionError:
                yield number, JsonlError(path, number, "invalid JSON: nested too deeply")
                continue
            if not isinstance(value, dict):
                yield number, JsonlError(path, number, "a line must be a JSON object")
                continue
            yield number, value


def read_jsonl(path: str | Path) -> list[tuple[int, dict[str, Any]]]:
    """Return (line number, object) for each non-blank line; raise the first JsonlError."""
    rows = []
    for number, value in jsonl_lines(path):
        if isinstance(value, JsonlError):
            raise value
        rows.append((number, value))
    return rows
