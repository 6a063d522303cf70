"""Files: one atomic writer and one JSONL reader that names the line of every problem.

Every file clinbench writes goes through :func:`atomic_path` (a temporary file in the same
folder, renamed into place), so a crash or a bad input never leaves a half-written file.
A written file gets the permissions a plain ``open`` would give it (0666 less the umask);
``private=True`` keeps it owner-only (0600), for files that hold reviewers' links or answers.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

_UMASK = os.umask(0)  # read once, at import (os.umask can only read by setting)
os.umask(_UMASK)


@contextmanager
def atomic_path(path: str | Path, private: bool = False) -> Iterator[Path]:
    """Yield a temporary path that replaces ``path`` only when the block ends without error.

    For writers that want a file name (``savefig``, ``soundfile.write``, ``to_csv``). The
    parent folder is created if missing; on error the temporary file is removed and ``path``
    is left as it was.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)  # mkstemp makes the file owner-only
    tmp = Path(name)
    try:
        yield tmp
        if not private:
            os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


@contextmanager
def atomic_write(
    path: str | Path, binary: bool = False, private: bool = False
) -> Iterator[IO[Any]]:
    """Yield a handle whose content replaces ``path`` only when the block ends without error."""
    with atomic_path(path, private=private) as tmp:
        if binary:
            handle: IO[Any] = tmp.open("wb")
        else:
            handle = tmp.open("w", encoding="utf-8", newline="")
        with handle:
            yield handle


def atomic_write_text(path: str | Path, text: str, private: bool = False) -> Path:
    """Write text (UTF-8) to ``path`` atomically; return the path."""
    with atomic_write(path, private=private) as handle:
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


CACHE_ENV = "CLINBENCH_CACHE_DIR"


def user_cache_dir(*parts: str) -> Path:
    """Return clinbench's folder (or a subfolder) in the user's cache area, created if missing.

    ``$CLINBENCH_CACHE_DIR`` when set (tests point it at a temporary folder), else the
    platform's user cache folder from platformdirs (``$XDG_CACHE_HOME/clinbench`` or
    ``~/.cache/clinbench`` on Linux). Holds what can be rebuilt: ASR transcripts, the
    assembled bundled Whisper model.
    """
    root = os.environ.get(CACHE_ENV)
    if not root:
        from platformdirs import user_cache_dir as platform_cache_dir

        root = platform_cache_dir("clinbench", appauthor=False)
    folder = Path(root).joinpath(*parts)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _parse_error(err: Exception) -> str:
    """Return what is wrong with a line a ``loads`` refused, in the reader's words."""
    if isinstance(err, json.JSONDecodeError):
        return f"invalid JSON: {err.msg}"
    if isinstance(err, RecursionError):
        return "invalid JSON: nested too deeply"
    return str(getattr(err, "msg", err))  # e.g. strict_json's StrictJSONError


def parse_jsonl(
    lines: Iterable[str],
    where: str | Path,
    loads: Callable[[str], Any] = json.loads,
    not_object: str = "a line must be a JSON object",
) -> Iterator[tuple[int, dict[str, Any] | JsonlError]]:
    """Yield (line number, object or the line's JsonlError) for each non-blank line of ``lines``.

    ``where`` names the file in errors; ``loads`` parses one line (``json.loads`` unless the
    caller needs e.g. :func:`clinbench.strict_json.loads`; any ValueError it raises becomes
    the line's error); ``not_object`` is the message for a line holding another JSON value.
    """
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            value = loads(line)
        except (ValueError, RecursionError) as err:
            yield number, JsonlError(where, number, _parse_error(err))
            continue
        if not isinstance(value, dict):
            yield number, JsonlError(where, number, not_object)
            continue
        yield number, value


def jsonl_lines(
    path: str | Path,
    loads: Callable[[str], Any] = json.loads,
    not_object: str = "a line must be a JSON object",
    encoding: str = "utf-8",
) -> Iterator[tuple[int, dict[str, Any] | JsonlError]]:
    """Yield (line number, object or the line's JsonlError) for each non-blank line of a file.

    A reader that reports every problem collects the errors; one that stops at the first
    raises it (or use :func:`read_jsonl`). The file is read one line at a time; see
    :func:`parse_jsonl` for ``loads`` and ``not_object``.
    """
    path = Path(path)
    with path.open(encoding=encoding) as handle:
        yield from parse_jsonl(handle, path, loads=loads, not_object=not_object)


def read_jsonl(path: str | Path, **options: Any) -> list[tuple[int, dict[str, Any]]]:
    """Return (line number, object) for each non-blank line; raise the first JsonlError."""
    rows = []
    for number, value in jsonl_lines(path, **options):
        if isinstance(value, JsonlError):
            raise value
        rows.append((number, value))
    return rows
