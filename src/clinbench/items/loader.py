"""Load and validate item files (JSONL or CSV), reporting every problem with file and line.

An item bank is untrusted input, read strictly: JSON with a repeated key, NaN/Infinity or
nesting deeper than ``strict_json.MAX_DEPTH``; a CSV with a repeated, nameless or clashing
column or a cell over ``CELL_LIMIT`` characters; text with control characters or lone
surrogates; booleans other than ``true``/``false``; and media paths that are not a regular,
non-empty file inside the bank's folder (or a ``--media-root``) are problems, each reported
as ``file:line: field: message``. A bank cannot make clinbench read (and send a provider)
a file from elsewhere on the machine.
"""

from __future__ import annotations

import contextlib
import contextvars
import csv
import functools
import json
import os
import re
import sys
import typing
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from clinbench import strict_json
from clinbench.errors import InputFileError
from clinbench.io import JsonlError, atomic_write, jsonl_lines
from clinbench.items.header import is_canary_header
from clinbench.items.model import FORMATS, ITEM_ADAPTER, FieldError, Item, media_fields

# Columns of a CSV row whose cell holds JSON (lists and objects cannot be flat cells).
_JSON_COLUMNS = {
    "options", "tags", "metadata", "media", "images", "data", "questions", "fields",
    "answer_dict", "accept", "normalise", "wrong_values", "rewordings", "framings", "labels",
    "provenance",
}  # fmt: skip
CELL_LIMIT = 131_072  # characters in one CSV cell (the csv module's own default limit)
# Boolean fields of each item format: given only as true/false (JSON booleans, or the words).
BOOLEAN_FIELDS: dict[str, frozenset[str]] = {
    model.model_fields["format"].default: frozenset(
        name for name, info in model.model_fields.items() if info.annotation is bool
    )
    for model in typing.get_args(typing.get_args(Item)[0])
}
# C0 controls other than tab, line feed and carriage return; DEL and C1; lone surrogates.
_FORBIDDEN_CHARACTER = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_MEDIA_ROOTS: contextvars.ContextVar[tuple[Path, ...]] = contextvars.ContextVar(
    "media_roots", default=()
)


@contextlib.contextmanager
def allowed_media_roots(*roots: str | Path) -> Iterator[None]:
    """Allow media paths of items loaded in this block to point into ``roots`` too."""
    token = _MEDIA_ROOTS.set(tuple(Path(r) for r in roots))
    try:
        yield
    finally:
        _MEDIA_ROOTS.reset(token)


@dataclass(frozen=True)
class ItemProblem:
    """One problem in an item file, located by file, line and field."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.field}: {self.message}"


class ItemFileError(InputFileError, ValueError):
    """Raised when item files have problems; ``problems`` lists each one."""

    def __init__(self, problems: Sequence[ItemProblem]):
        self.problems = list(problems)
        shown = "\n".join(str(p) for p in self.problems[:50])
        more = len(self.problems) - 50
        if more > 0:
            shown += f"\n... and {more} more"
        super().__init__(f"{len(self.problems)} problem(s) in item files:\n{shown}")


def _strict_line(text: str) -> Any:
    """Return one line's value; a refusal other than a syntax error reads "JSON <why>"."""
    try:
        return strict_json.loads(text)
    except strict_json.StrictJSONError as err:
        if err.msg.startswith("invalid JSON"):
            raise
        raise strict_json.StrictJSONError(f"JSON {err.msg}", err.pos) from None


def _jsonl_rows(path: Path) -> Iterator[tuple[int, dict[str, Any] | ItemProblem]]:
    lines = jsonl_lines(
        path, loads=_strict_line, not_object="a line must be an object", encoding="utf-8-sig"
    )
    for number, row in lines:
        if isinstance(row, JsonlError):
            yield number, ItemProblem(row.path, number, "-", row.message)
            continue
        if number == 1 and is_canary_header(row):  # a published file's canary line
            continue
        yield number, row


def _header_problems(path: Path, header: list[str]) -> list[ItemProblem]:
    problems = []
    seen: set[str] = set()
    for index, column in enumerate(header, start=1):
        if not column.strip():
            problems.append(ItemProblem(str(path), 1, f"column {index}", "the column has no name"))
        elif column in seen:
            problems.append(ItemProblem(str(path), 1, column, "the column appears twice"))
        seen.add(column)
    for column in header:
        if "." in column and column.split(".", 1)[0] in seen:
            head = column.split(".", 1)[0]
            message = f"columns {head!r} and {column!r} both set {head}; use one or the other"
            problems.append(ItemProblem(str(path), 1, column, message))
    return problems


def _csv_cell(column: str, cell: str) -> Any:
    """Return a CSV cell's value: parsed JSON for JSON columns, else the text."""
    if column in _JSON_COLUMNS or (column == "answer" and cell[:1] in "{["):
        return strict_json.loads(cell)
    return cell


def _csv_rows(path: Path) -> Iterator[tuple[int, dict[str, Any] | ItemProblem]]:
    limit = csv.field_size_limit()
    csv.field_size_limit(sys.maxsize)  # cell sizes are checked below, with a message
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            reader = csv.reader(handle)
            rows = []
            try:
                header = next(reader, None)
                for cells in reader:
                    rows.append((reader.line_num, cells))
            except csv.Error as err:
                rows.append(
                    (reader.line_num, ItemProblem(str(path), reader.line_num, "-", str(err)))
                )
    finally:
        csv.field_size_limit(limit)
    if header is None:
        return
    problems = _header_problems(path, header)
    if problems:
        for problem in problems:
            yield 1, problem
        return
    start = 2
    for end, cells in rows:
        # A quoted cell may span lines: report the row's first line.
        number, start = start, end + 1
        if isinstance(cells, ItemProblem):
            yield number, cells
            return
        if len(cells) > len(header):
            yield number, ItemProblem(str(path), number, "-", "more cells than columns")
            continue
        if not any(cell.strip() for cell in cells):
            continue
        parsed: dict[str, Any] = {}
        problem = None
        for column, cell in zip(header, cells, strict=False):
            if cell == "":
                continue
            if len(cell) > CELL_LIMIT:
                message = f"cell has {len(cell):,} characters (at most {CELL_LIMIT:,})"
                problem = ItemProblem(str(path), number, column, message)
                break
            if "." in column:  # provenance.url -> {"provenance": {"url": ...}}
                head, tail = column.split(".", 1)
                parsed.setdefault(head, {})[tail] = cell
                continue
            try:
                value = _csv_cell(column, cell)
            except strict_json.StrictJSONError as err:
                problem = ItemProblem(
                    str(path), number, column, f"cell is not valid JSON: {err.msg}"
                )
                break
            parsed["answer" if column == "answer_dict" else column] = value
        yield number, problem if problem else parsed


def item_rows(path: Path) -> Iterable[tuple[int, dict[str, Any] | ItemProblem]]:
    """Yield (line number, raw row or problem) for each row of a JSONL or CSV item file."""
    try:
        path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        line = path.read_bytes()[: err.start].count(b"\n") + 1
        yield line, ItemProblem(str(path), line, "-", f"not UTF-8 text: {err.reason}")
        return
    suffix = path.suffix.lower()
    if suffix not in (".jsonl", ".csv"):
        yield 0, ItemProblem(str(path), 0, "-", "unknown item file type (use .jsonl or .csv)")
        return
    rows = 0
    for row in _jsonl_rows(path) if suffix == ".jsonl" else _csv_rows(path):
        rows += 1
        yield row
    if not rows:  # empty, blank lines or a header alone: a mistake, never an empty bank
        yield 1, ItemProblem(str(path), 1, "-", "no items: the file has no item rows")


def error_field(loc: tuple[Any, ...], fmt: str | None) -> str:
    """Return a pydantic error location as a dotted field name (without the union tag)."""
    parts = [str(p) for p in loc]
    if parts and fmt and parts[0] == fmt:  # drop the union tag pydantic puts first
        parts = parts[1:]
    return ".".join(parts) or "-"


def _error_problem(error: Any, path: Path, number: int, fmt: str) -> ItemProblem:
    """Return the problem a pydantic error makes, under the field it names."""
    field = error_field(error["loc"], fmt)
    cause = (error.get("ctx") or {}).get("error")
    if isinstance(cause, FieldError):  # a cross-field rule names the field it is about
        field = ".".join(p for p in (field if field != "-" else "", cause.field) if p)
    message = error["msg"].removeprefix("Value error, ")
    return ItemProblem(str(path), number, field, message)


def _text_problems(value: Any, where: str, path: Path, number: int) -> list[ItemProblem]:
    """Return a problem for each string (key or value) holding a forbidden character."""
    problems = []
    stack = [(value, where)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            bad = _FORBIDDEN_CHARACTER.search(value)
            if bad:
                what = (
                    "lone surrogate" if "\ud800" <= bad.group() <= "\udfff" else "control character"
                )
                message = f"{what} {bad.group()!r} at character {bad.start() + 1}"
                problems.append(ItemProblem(str(path), number, where or "-", message))
        elif isinstance(value, dict):
            for key, item in value.items():
                stack.append((key, where))
                stack.append((item, f"{where}.{key}" if where else str(key)))
        elif isinstance(value, list):
            stack.extend((item, f"{where}.{i}") for i, item in enumerate(value))
    return sorted(problems, key=lambda p: p.field)


def _boolean_problems(row: dict[str, Any], path: Path, number: int) -> list[ItemProblem]:
    """Turn the words true/false into booleans; return a problem for any other value."""
    problems = []
    for name in sorted(BOOLEAN_FIELDS[row["format"]] & set(row)):
        value = row[name]
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            row[name] = value.strip().lower() == "true"
        elif not isinstance(value, bool):
            message = f"must be true or false, got {value!r}"
            problems.append(ItemProblem(str(path), number, name, message))
    return problems


def _media_problem(item: Item, field: str, media: str, roots: Sequence[Path]) -> str | None:
    """Return why a media path may not be read (None when it names a file the bank may use)."""
    if not media.strip():
        return "media path is empty"
    if Path(media).is_absolute() or media.startswith(("/", "\\")) or re.match(r"[A-Za-z]:", media):
        return f"media path {media!r} is absolute; name a file inside the bank's folder"
    bank = (item._source_file.parent if item._source_file else Path.cwd()).resolve()
    target = item.resolve(media).resolve()
    allowed = [bank, *(root.resolve() for root in roots)]
    if not any(target.is_relative_to(root) for root in allowed):
        where = "the bank's folder" + (" or a --media-root" if roots else "")
        hint = "" if roots else " (name the folder it may use with --media-root)"
        return f"media path {media!r} resolves outside {where}{hint}"
    if not target.exists():
        return f"media file not found: {media}"
    if target.is_dir():
        return f"media path {media!r} is a folder, not a file"
    if not target.is_file():
        return f"media path {media!r} is not a regular file"
    if target.stat().st_size == 0:
        return f"media file {media!r} is empty"
    return media_content_problem(target, audio=field == "audio", image=field.startswith("images"))


AUDIO_SUFFIXES = {".wav": "WAV", ".flac": "FLAC", ".ogg": "OGG", ".mp3": "MP3", ".aiff": "AIFF"}
IMAGE_SUFFIXES = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".gif": "GIF",
                  ".webp": "WEBP", ".bmp": "BMP"}  # fmt: skip


def media_content_problem(path: Path, audio: bool = False, image: bool = False) -> str | None:
    """Return why a media file's contents are not what its name says (None when they are).

    Audio (the ``audio`` field, or a file named as audio) is opened with soundfile far enough
    to know its format, sample rate, channels and length; an image (``images``, or a file
    named as one) is checked by Pillow's ``verify``. A file named as neither is not opened.
    """
    suffix = path.suffix.lower()
    if audio or suffix in AUDIO_SUFFIXES:
        return _audio_problem(path, AUDIO_SUFFIXES.get(suffix, suffix.lstrip(".").upper()))
    if image or suffix in IMAGE_SUFFIXES:
        return _image_problem(path, IMAGE_SUFFIXES.get(suffix, suffix.lstrip(".").upper()))
    return None


def _audio_problem(path: Path, expected: str) -> str | None:
    import soundfile

    try:
        info = soundfile.info(str(path))
    except Exception as err:  # noqa: BLE001 - libsndfile reports every bad file as one kind
        reason = _reason(err, path)
        return f"not a{'n' if expected[:1] in 'AEIOU' else ''} {expected} file ({reason})"
    if expected in ("WAV", "FLAC", "OGG", "AIFF") and info.format != expected:
        return f"not a {expected} file (it holds {info.format} audio)"
    if info.frames <= 0 or info.samplerate <= 0 or info.channels <= 0:
        return (
            f"not a {expected} file with audio ({info.frames} frames, {info.samplerate} Hz, "
            f"{info.channels} channels)"
        )
    return None


def _image_problem(path: Path, expected: str) -> str | None:
    from PIL import Image

    try:
        with Image.open(path) as image:
            found = image.format
            image.verify()
    except Exception as err:  # noqa: BLE001 - Pillow raises many kinds for a bad file
        reason = _reason(err, path)
        return f"not a{'n' if expected[:1] in 'AEIOU' else ''} {expected} image ({reason})"
    if expected in IMAGE_SUFFIXES.values() and found != expected:
        return f"not a {expected} image (it holds a {found} image)"
    return None


def _reason(err: Exception, path: Path) -> str:
    """Return an error's message on one line, naming the file by its name only."""
    text = " ".join(str(err).replace(str(path), path.name).split()) or type(err).__name__
    return text[:200]


_LOOKALIKE = "\x00"  # prefix of the look-alike keys in `seen` (no id holds a NUL)


def id_as_read(item_id: str) -> str:
    """Return the form of an id a person reads: NFKC-normalised and case-folded.

    Fullwidth and compatibility forms (``Ｑ１``, the Kelvin sign), composed and decomposed
    accents (NFC/NFD ``café``) and case (``Q1``) all map to one form (Unicode's caseless
    identifier matching, UAX #31 / the Unicode Standard 3.13).
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", item_id).casefold())


def invisible_in_id(item_id: str) -> str | None:
    """Return why an id cannot be told apart from another when printed (None when it can).

    Refused: format characters (Unicode category Cf: zero-width spaces and joiners, bidi
    controls such as the right-to-left override, the byte-order mark), control characters
    (Cc), spaces other than the plain space (Zs, e.g. no-break space), and a space at
    either end.
    """
    for position, char in enumerate(item_id, start=1):
        category = unicodedata.category(char)
        if category in ("Cf", "Cc") or (category == "Zs" and char != " "):
            name = unicodedata.name(char, "unnamed")
            return (
                f"{item_id!r} holds an invisible character U+{ord(char):04X} ({name}) at "
                f"character {position}; ids must read the same as they are stored"
            )
    if item_id != item_id.strip(" "):
        end = "start" if item_id.startswith(" ") else "end"
        return f"{item_id!r} has a space at the {end}; ids must read the same as they are stored"
    return None


def validate_row(
    row: dict[str, Any],
    path: Path,
    number: int,
    seen: dict[str, str],
    roots: Sequence[Path] | None = None,
) -> tuple[Item | None, list[ItemProblem]]:
    """Return the item a raw row makes (None if invalid) and the problems found in it.

    ``seen`` maps item ids already loaded to where they came from; a duplicate id is a
    problem, and a valid row's id is added to it. Media paths must name files inside the
    item file's folder or one of ``roots`` (default: those set by :func:`allowed_media_roots`).
    """
    problems = _text_problems(row, "", path, number)
    if problems:
        return None, problems
    fmt = row.get("format")
    if fmt not in FORMATS:
        return None, [
            ItemProblem(str(path), number, "format", f"unknown format {fmt!r}; one of {FORMATS}")
        ]
    problems = _boolean_problems(row, path, number)
    try:
        item = ITEM_ADAPTER.validate_python(row)
    except ValidationError as err:
        named = {p.field for p in problems}  # a loose boolean is reported once, above
        found = [_error_problem(e, path, number, fmt) for e in err.errors()]
        return None, problems + [p for p in found if p.field not in named]
    if problems:
        return None, problems
    item._source_file = path
    item._source_line = number
    if item.id in seen:
        message = f"duplicate id {item.id!r} (first at {seen[item.id]})"
        return None, [ItemProblem(str(path), number, "id", message)]
    if (invisible := invisible_in_id(item.id)) is not None:
        return None, [ItemProblem(str(path), number, "id", invisible)]
    key = _LOOKALIKE + id_as_read(item.id)  # kept in `seen` beside the ids themselves
    if key in seen:
        first_id, first_at = seen[key].split("\x00", 1)
        message = (
            f"{item.id!r} looks the same as {first_id!r} at {first_at} "
            "(equal after Unicode NFKC normalisation and case folding)"
        )
        return None, [ItemProblem(str(path), number, "id", message)]
    seen[item.id] = f"{path}:{number}"
    seen[key] = f"{item.id}\x00{path}:{number}"
    roots = _MEDIA_ROOTS.get() if roots is None else tuple(roots)
    problems = [
        ItemProblem(str(path), number, field, why)
        for field, media in media_fields(item)
        if (why := _media_problem(item, field, media, roots)) is not None
    ]
    return item, problems


def read_items(
    paths: Sequence[str | Path],
    media_roots: Sequence[str | Path] | None = None,
    keep: Callable[[Item], bool] | None = None,
    first: int | None = None,
) -> tuple[list[Item], list[ItemProblem]]:
    """Return the items that validate and every problem found, over all files together.

    ``media_roots``: folders media paths may point into besides each item file's own
    (default: those set by :func:`allowed_media_roots`, else none). Every row is read and
    checked, one at a time; only the items ``keep`` accepts are returned, and only the
    first ``first`` of them (0: none, so that checking a large bank holds no items).
    """
    roots = None if media_roots is None else [Path(r) for r in media_roots]
    version = _files_version(paths, roots)  # taken before reading: a change after it misses
    held = _held_items(version, paths, keep, first)
    if held is not None:  # checked whole just before (the run command's check): not read again
        return held, []
    items: list[Item] = []
    problems: list[ItemProblem] = []
    seen: dict[str, str] = {}
    counts: dict[str, int] = {}
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
            item, row_problems = validate_row(row, path, number, seen, roots)
            problems += row_problems
            if item is not None:
                counts[item.format] = counts.get(item.format, 0) + 1
            if item is None or (first is not None and len(items) >= first):
                continue
            if keep is None or keep(item):
                items.append(item)
    if version is not None and not problems:
        _CHECKED[version] = counts
        while len(_CHECKED) > _CHECKED_VERSIONS:
            del _CHECKED[next(iter(_CHECKED))]
    return items, problems


# {version of item files: {format: items}} of files read whole without a problem (few kept)
_CHECKED: dict[tuple[Any, ...], dict[str, int]] = {}
_CHECKED_VERSIONS = 16
# The items :func:`check_and_hold` kept for the next read of the same files, as they are now:
# {version: (how many were kept, None: all; [(index of the item's file, item), ...])}
_HELD: dict[tuple[Any, ...], tuple[int | None, list[tuple[int, Item]]]] = {}


def check_and_hold(paths: Sequence[str | Path], first: int | None = None) -> None:
    """Check every item of the files (ItemFileError listing every problem); keep the first
    ``first`` (None: all) for the next read of the same files in this process.

    The run command checks its item files before anything else and then builds its task from
    them: the task's read (:func:`read_items`, :func:`load_items`) takes the items kept here
    instead of reading and checking every item a second time, where the files, their media
    roots and what it asks (no ``keep``, at most ``first`` items; with ``keep``, only when all
    were kept) are the same. Only one set is kept, and it is handed out once
    (:func:`let_go_held_items` drops it unused).
    """
    paths = list(paths)
    _HELD.clear()  # every item checked now, none taken from an earlier check
    version = _files_version(paths, None)
    index = {str(Path(p)): i for i, p in enumerate(paths)}  # as read_items names the files
    items = load_items(paths, first=first)
    if version is not None:
        _HELD[version] = (first, [(index[str(item._source_file)], item) for item in items])


def let_go_held_items() -> None:
    """Drop the items :func:`check_and_hold` kept, if no read took them."""
    _HELD.clear()


def _held_items(
    version: tuple[Any, ...] | None,
    paths: Sequence[str | Path],
    keep: Callable[[Item], bool] | None,
    first: int | None,
) -> list[Item] | None:
    """Return what :func:`read_items` would of the files, from the items held for this
    version of them (None where none are held or they do not answer the read); let them go."""
    held = _HELD.pop(version, None) if version is not None else None
    if held is None:
        return None
    held_first, entries = held
    if held_first is not None and (keep is not None or first is None or first > held_first):
        return None  # the read may need items that were not kept
    items = []
    for file_index, item in entries:
        if first is not None and len(items) >= first:
            break
        if keep is None or keep(item):
            item._source_file = Path(paths[file_index])  # the path as this read names it
            items.append(item)
    return items


def _files_version(
    paths: Sequence[str | Path], roots: Sequence[Path] | None
) -> tuple[Any, ...] | None:
    """Return what identifies item files as they are now: each file's path, size and change
    time, and the media roots they are checked against (None if one is not a readable file)."""
    try:
        files = tuple((str(Path(p).resolve()), (st := os.stat(p)).st_size, st.st_mtime_ns)
                      for p in paths)  # fmt: skip
    except OSError:
        return None
    if not all(Path(f[0]).is_file() for f in files):
        return None
    roots = _MEDIA_ROOTS.get() if roots is None else tuple(roots)
    return files, tuple(str(Path(r).resolve()) for r in roots)


def format_counts(
    paths: Sequence[str | Path], media_roots: Sequence[str | Path] | None = None
) -> dict[str, int]:
    """Return {format: number of items} of item files; raise ItemFileError listing every problem.

    Every item is checked, none held. Files already read whole without a problem in this
    process, as they are now (same paths, sizes, change times and media roots: e.g. by
    the run command's check just before), are not read again.
    """
    roots = None if media_roots is None else [Path(r) for r in media_roots]
    version = _files_version(paths, roots)
    if version is not None and version in _CHECKED:
        return dict(_CHECKED[version])
    counts: dict[str, int] = {}

    def count(item: Item) -> bool:
        counts[item.format] = counts.get(item.format, 0) + 1
        return False  # every item checked and counted, none held

    _items, problems = read_items(paths, media_roots, keep=count)
    if problems:
        raise ItemFileError(problems)
    return counts


def load_items(
    paths: Sequence[str | Path] | str | Path,
    media_roots: Sequence[str | Path] | None = None,
    keep: Callable[[Item], bool] | None = None,
    first: int | None = None,
) -> list[Item]:
    """Return the items of one or more files; raise ItemFileError listing every problem.

    Every item is checked; ``keep`` and ``first`` choose which are returned (:func:`read_items`).
    """
    if isinstance(paths, str | Path):
        paths = [paths]
    items, problems = read_items(paths, media_roots, keep, first)
    if problems:
        raise ItemFileError(problems)
    return items


def items_by_key_now(path: str | Path) -> dict[str, Item]:
    """Return {record hash: item} of one item file as it is now, read once per version.

    A version is the file's path, size and change time: a file edited between two runs in one
    process (a notebook) is read again, never answered from what it held before. For readers
    after a run (a logged item read back by its key, the majority baseline's key counts); a
    run reads its files itself. OSError if the file is gone, ItemFileError if it is bad.
    """
    stat = Path(path).stat()
    return _items_by_key_of_version(str(path), stat.st_size, stat.st_mtime_ns)


@functools.lru_cache(maxsize=8)
def _items_by_key_of_version(path: str, _size: int, _mtime_ns: int) -> dict[str, Item]:
    from clinbench.items.digest import record_hash

    return {record_hash(item): item for item in load_items([path])}


def validate_files(
    paths: Sequence[str | Path], media_roots: Sequence[str | Path] | None = None
) -> list[ItemProblem]:
    """Return every problem in the given item files (empty when they are valid)."""
    return read_items(paths, media_roots, first=0)[1]


def relocate_items(
    items: Iterable[Item], path: str | Path, media_roots: Sequence[str | Path] = ()
) -> list[Item]:
    """Return copies of ``items`` to be written to ``path``, media paths rebased to its folder.

    A relative media path names a file from its item file's folder, so an item written to
    another folder names the same file from there (``images/x.png`` of ``bank/cases.jsonl``
    becomes ``bank/images/x.png`` in ``drafts.jsonl``). Raises ValueError, one line per path,
    when a rebased path would be refused on loading (the rule of validation): outside the new
    folder and every one of ``media_roots``.
    """
    folder = Path(path).absolute().parent.resolve()
    roots = tuple(Path(r) for r in media_roots)
    moved: list[Item] = []
    problems: list[str] = []
    for item in items:
        fields = media_fields(item)
        if item._source_file is None or not fields:
            moved.append(item)
            continue
        rebased = {
            name: media
            if Path(media).is_absolute()
            else Path(os.path.relpath(item.resolve(media).resolve(), folder)).as_posix()
            for name, media in fields
        }
        update: dict[str, Any] = {}
        for name, media in rebased.items():
            field, _, index = name.partition(".")
            if index:
                update.setdefault(field, list(getattr(item, field)))[int(index)] = media
            else:
                update[field] = media
        copy = item.model_copy(update=update)
        copy._source_file, copy._source_line = Path(path), item._source_line
        for name, media in rebased.items():
            if (why := _media_problem(copy, name, media, roots)) is not None:
                problems.append(f"{item.source}: {name}: written to {path}, {why}")
        moved.append(copy)
    if problems:
        raise ValueError("\n".join(problems))
    return moved


def write_items(
    items: Iterable[Item], path: str | Path, header: dict[str, Any] | None = None
) -> Path:
    """Write items as JSONL (atomically: a temporary file renamed into place); return the path.

    ``header``, when given, is written as the first line (a public file's canary header).
    """
    with atomic_write(path) as handle:
        if header is not None:
            handle.write(json.dumps(header, ensure_ascii=False) + "\n")
        for item in items:
            row = {"format": item.format, **item.model_dump(mode="json", exclude_defaults=True)}
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    return Path(path)
