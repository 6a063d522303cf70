"""Files: one atomic writer, one CSV writer safe for spreadsheets, one JSONL reader.

Every file clinbench writes goes through :func:`atomic_path` (a temporary file in the same
folder, renamed into place), so a crash or a bad input never leaves a half-written file.
A written file gets the permissions a plain ``open`` would give it (0666 less the umask);
``private=True`` keeps it owner-only (0600), for files that hold reviewers' links or answers.

Every CSV clinbench writes goes through :func:`write_csv` (or :func:`spreadsheet_text` for a
``csv`` module writer): a text cell that a spreadsheet would run as a formula is prefixed
with a single quote (OWASP's advice on CSV injection), so item ids, answers and model
replies cannot turn into live formulas when a clinician opens the file. Clinbench's own
readers of its CSV tables take the quote off again (:func:`original_text`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from clinbench.errors import InputFileError, SetupError

_log = logging.getLogger(__name__)
_UMASK = os.umask(0)  # read once, at import (os.umask can only read by setting)
os.umask(_UMASK)


class WriteError(SetupError, OSError):
    """A file that could not be written (disk full, read-only folder ...), named by its path.

    ``filename`` is the file clinbench was writing, not the temporary file beside it.
    """


def file_problem(err: OSError) -> str:
    """Return one line naming the file and the cause of an OSError (for the command line)."""
    cause = err.strerror or str(err) or type(err).__name__
    code = f" (errno {err.errno})" if err.errno else ""
    if isinstance(err, WriteError):
        return f"cannot write {err.filename}: {cause}{code}"
    where = f"{err.filename}: " if err.filename else ""
    return f"{where}{cause}{code}"


def make_folders(folder: str | Path, private: bool = False) -> list[Path]:
    """Return the folders made (outermost first) to create ``folder`` and its missing parents.

    ``private`` makes each new one owner-only (0700) whatever the umask; folders that
    existed are left as they are. Pass the list to :func:`remove_made_folders` when the
    write they were made for fails.
    """
    folder = Path(folder)
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    made = []
    try:
        for one in reversed(missing):
            try:
                one.mkdir()
            except FileExistsError:  # made meanwhile by another process: not ours
                continue
            made.append(one)
            if private:
                os.chmod(one, 0o700)
    except OSError:
        remove_made_folders(made)
        raise
    return made


def remove_made_folders(made: Iterable[Path]) -> None:
    """Remove the folders :func:`make_folders` made, innermost first, each only if empty."""
    for folder in reversed(list(made)):
        try:
            folder.rmdir()
        except OSError:  # not empty (something else wrote there) or already gone: keep it
            return


def owner_only(root: str | Path) -> None:
    """Make ``root`` and everything under it owner-only: folders 0700, files 0600.

    Symbolic links are left alone (never followed).
    """
    root = Path(root)
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        os.chmod(path, 0o700 if path.is_dir() else 0o600)


@contextmanager
def atomic_path(path: str | Path, private: bool = False) -> Iterator[Path]:
    """Yield a temporary path that replaces ``path`` only when the block ends without error.

    For writers that want a file name (``savefig``, ``soundfile.write``, ``to_csv``). The
    parent folder is created if missing (owner-only when ``private``); on error the
    temporary file is removed, so are the folders made for it (when still empty), and
    ``path`` is left as it was. A file-system error (full disk, read-only folder, a parent
    that cannot be made) is raised as :class:`WriteError` naming ``path``.
    """
    path = Path(path)
    tmp: Path | None = None
    made: list[Path] = []
    try:
        made = make_folders(path.parent, private=private)
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        os.close(fd)  # mkstemp makes the file owner-only
        tmp = Path(name)
        yield tmp
        if not private:
            os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, path)
    except BaseException as err:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        remove_made_folders(made)
        if isinstance(err, OSError) and not isinstance(err, WriteError):
            raise WriteError(err.errno, err.strerror or str(err), str(path)) from err
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


# What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Text a spreadsheet cannot run although it starts like a formula: a plain number, or a lone
# sign (a table's "-" for no value), which holds no expression.
_PLAIN_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|[+-]")


def spreadsheet_text(value: Any) -> Any:
    """Return a cell as it is safe to write in a CSV file; anything but text is left alone.

    Text that begins with =, +, -, @, tab or carriage return gets a leading single quote, as
    OWASP recommends; so does text that already begins with a quote, so that
    :func:`original_text` can take exactly one quote off and give every cell back as it was.
    A plain number written as text (``-3.5``) or a lone sign (``-``, a table's "no value")
    runs no formula and is left as it is.
    """
    if not isinstance(value, str) or not value:
        return value
    if value[0] == "'" or (value.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(value)):
        return "'" + value
    return value


def original_text(value: Any) -> Any:
    """Return a cell read from a CSV file clinbench wrote as it was before :func:`spreadsheet_text`.

    Only for clinbench's own CSV files: a leading single quote is taken off (one), which
    in a file from elsewhere may be part of the text.
    """
    if isinstance(value, str) and value.startswith("'"):
        return value[1:]
    return value


def spreadsheet_frame(frame: Any) -> Any:
    """Return a copy of a pandas DataFrame with every text cell made spreadsheet-safe.

    Numeric columns are left as they are (a negative number stays a number); in text and
    mixed columns only the ``str`` cells change.
    """
    safe = frame.copy()
    for column in safe.columns:
        if safe[column].dtype == object or str(safe[column].dtype) in ("string", "str"):
            safe[column] = safe[column].map(spreadsheet_text, na_action="ignore")
    safe.columns = [spreadsheet_text(c) if isinstance(c, str) else c for c in safe.columns]
    return safe


def write_csv(frame: Any, target: Any = None, **options: Any) -> str | None:
    """Write a pandas DataFrame as CSV with every text cell spreadsheet-safe (see the module).

    ``target`` is a path or an open handle (``None``: the CSV text is returned);
    ``options`` go to ``DataFrame.to_csv`` (``index`` defaults to False). A path is written
    atomically. Where a text cell holds a carriage return, lines end in CRLF (RFC 4180's
    own), since pandas quotes a cell only for the characters of the line end it writes.
    """
    options.setdefault("index", False)
    safe = spreadsheet_frame(frame)
    if any(
        safe[c].map(lambda v: isinstance(v, str) and "\r" in v).any()
        for c in safe.columns
        if safe[c].dtype == object or str(safe[c].dtype) in ("string", "str")
    ):
        options["lineterminator"] = "\r\n"
    if isinstance(target, str | Path):
        with atomic_write(target) as handle:
            safe.to_csv(handle, **options)
        return None
    return safe.to_csv(target, **options)


def read_own_csv(path: str | Path, **options: Any) -> Any:
    """Return a CSV file clinbench wrote (:func:`write_csv`) as a pandas DataFrame, text as it was.

    ``options`` go to ``pandas.read_csv``; the single quote :func:`spreadsheet_text` put
    before a text cell (and a column name) is taken off again. Not for files from elsewhere,
    where a leading quote may be part of the text.
    """
    import pandas as pd

    frame = pd.read_csv(path, **options)
    return original_frame(frame)


def original_frame(frame: Any) -> Any:
    """Return a DataFrame read from a CSV clinbench wrote with every text cell as it was."""
    for column in frame.columns:
        if frame[column].dtype == object or str(frame[column].dtype) in ("string", "str"):
            frame[column] = frame[column].map(original_text, na_action="ignore")
    frame.columns = [original_text(c) for c in frame.columns]
    return frame


class JsonlError(InputFileError, ValueError):
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


# The one key scheme of what clinbench keeps in the user cache (speech transcripts, noisy
# clips): a SHA-256 of the canonical JSON of everything that can change the kept result (the
# inputs' content hashes, the code's or package's version, the settings), one file per key
# under ``FOLDER/<first two hex digits>/``. A change of any part is a new key: a miss.
_cache_use: dict[str, list[int]] = {}
_cache_guard = threading.Lock()


def content_key(parts: dict[str, Any]) -> str:
    """Return the cache key of ``parts`` (JSON-able): SHA-256 hex of their canonical JSON."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


def file_sha256(path: str | Path) -> str:
    """Return the SHA-256 hex digest of a file's bytes."""
    digest = hashlib.sha256()
    with Path(path).open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class ContentCache:
    """Results kept in a cache folder, one per content key (the scheme above), each counted.

    ``kind`` names what is kept ("speech transcripts"): :func:`cache_use` counts this
    process's look-ups under it. ``remake`` says what a miss does instead of reading ("decoding
    the clip again"), for the warning about a damaged entry. Each key's JSON record is
    :meth:`entry` (``.json``); a kept result may have other files beside it (another suffix).
    """

    def __init__(self, folder: str | Path, kind: str, remake: str) -> None:
        self.folder, self.kind, self.remake = Path(folder), kind, remake

    def entry(self, key: str, suffix: str = ".json") -> Path:
        """Return the file that keeps ``key``'s result (not created)."""
        return self.folder / key[:2] / f"{key}{suffix}"

    def read(self, key: str, parse: Callable[[dict[str, Any]], Any]) -> Any:
        """Return ``parse`` of ``key``'s kept record, or None (a miss); the look-up is counted.

        A record that cannot be read or parsed (``parse`` raising ValueError, KeyError or
        TypeError) is a damaged entry: a miss, logged as a warning.
        """
        file = self.entry(key)
        try:
            kept = parse(json.loads(file.read_text(encoding="utf-8")))
        except FileNotFoundError:
            kept = None
        except (OSError, ValueError, KeyError, TypeError) as err:
            _log.warning("kept %s entry %s unreadable (%s); %s", self.kind, file, err, self.remake)
            kept = None
        count_cache_use(self.kind, kept is not None)
        return kept

    def write(self, key: str, record: dict[str, Any]) -> Path:
        """Return ``key``'s record file, written (JSON, atomically) with ``record``."""
        return atomic_write_text(self.entry(key), json.dumps(record, ensure_ascii=False))

    def clear(self) -> int:
        """Return how many kept results (keys) were removed from the folder."""
        keys = set()
        for entry in self.folder.glob("??/*"):
            if entry.is_file():
                if not entry.name.startswith("."):  # a writer's leftover temporary file is no key
                    keys.add(entry.name.split(".")[0])
                entry.unlink(missing_ok=True)
        for sub in self.folder.glob("??"):
            if sub.is_dir() and not any(sub.iterdir()):
                sub.rmdir()
        return len(keys)


def count_cache_use(kind: str, hit: bool) -> None:
    """Count one look-up of a kept result of ``kind`` ("speech transcripts") in this process."""
    with _cache_guard:
        tally = _cache_use.setdefault(kind, [0, 0])
        tally[0 if hit else 1] += 1


def cache_use() -> dict[str, tuple[int, int]]:
    """Return, per kind of kept result, (read back, made afresh) so far in this process.

    Kinds in name order, not in the order this process first looked one up.
    """
    with _cache_guard:
        return {kind: (_cache_use[kind][0], _cache_use[kind][1]) for kind in sorted(_cache_use)}


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
