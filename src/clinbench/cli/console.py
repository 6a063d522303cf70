"""Tables for the terminal, a pipe or a log file: fitted to the width, or as CSV/Markdown/JSON.

Every command that prints a table goes through :class:`TableOutput`, so all of them take the
same ``--format table|csv|markdown|json`` option (:func:`format_option`) and behave alike:

- ``table`` (default): a text table fitted to the terminal width (``COLUMNS``; 80 when the
  output is not a terminal). Model names become short unique labels, listed in a legend under
  the table; identifying columns (model, task, condition, ...) are never cut; long text cells
  wrap; if the columns still do not fit, the table is printed in parts, each repeating the
  identifying columns. Numbers are shown as the report shows them (3 decimals, counts whole).
- ``csv``: every table as CSV with full precision and full model names (intervals split into
  ``_low``/``_high``); several tables are separated by a blank line and a ``# title`` line.
- ``markdown``: GitHub Markdown tables with full model names, for pasting into a paper draft.
- ``json``: one JSON document ``{"tables": [{"title", "columns", "rows", "notes"}], "notes"}``
  written when the command ends, so the output parses as a whole.

In the machine formats (csv, json) messages that are not tables go to stderr, so stdout holds
only data.
"""

from __future__ import annotations

import io
import json
import math
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from clinbench.errors import OptionError
from clinbench.messages import COMMAND_INDENT
from clinbench.report.table_keys import (
    MODEL_COLUMNS,
    lift_constant_keys,
)
from clinbench.report.table_keys import key_columns as _key_columns
from clinbench.report.table_keys import numeric_column as _numeric

if TYPE_CHECKING:  # pandas is imported where a table is made: keep `--help` fast
    import pandas as pd

FORMATS = ("table", "csv", "markdown", "json")
LABEL_MAX = 20  # a model label longer than this becomes M1, M2, ... (in the legend)
TEXT_MIN = 12  # a wrapping text column is never narrower than this (or its longest word)
COLUMN_OVERHEAD = 2  # spaces between columns in the text table


class OutputFormatError(OptionError, ValueError):
    """An unknown --format value."""


def format_option(default: str = "table") -> Any:
    """Return the typer option ``--format`` shared by every command that prints a table."""
    import typer

    return typer.Option(
        default,
        "--format",
        "-f",
        metavar="FORMAT",
        help="Output: table (fits the terminal width), csv, markdown or json.",
        callback=_format_callback,
    )


def _format_callback(value: str) -> str:
    """Return the checked --format value; typer turns the error into a usage error (exit 2)."""
    import typer

    try:
        return check_format(value)
    except OutputFormatError as err:
        raise typer.BadParameter(str(err)) from err


def check_format(fmt: str) -> str:
    """Return the format name in lower case; raise OutputFormatError if it is unknown."""
    name = str(fmt).lower()
    if name not in FORMATS:
        raise OutputFormatError(f"--format must be one of {', '.join(FORMATS)}, got {fmt!r}")
    return name


def terminal_width() -> int:
    """Return the width to fit: $COLUMNS, the terminal's width, or 80 in a pipe or a file."""
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def message_width(stream: Any = None) -> int:
    """Return the width to wrap a message at: the terminal's (:func:`terminal_width`) when
    ``stream`` (the one the message goes to; default standard output) is a terminal, else 0
    (do not wrap: a pipe or a file keeps each message on one line, for grep and CI logs).

    Decided at each call from the stream as it is then, never cached. ``$COLUMNS`` gives the
    width, but it is no sign that a person reads: GNU readline, which pytest, IPython and
    the Python prompt import, sets ``COLUMNS=80`` and ``LINES=24`` in the process's
    environment (C ``setenv``, unseen by that process's ``os.environ``), and every process
    it starts inherits them: each pytest-xdist worker, or a ``subprocess.run`` of
    clinbench from a script, then had ``COLUMNS`` set with its output in a pipe.
    """
    stream = sys.stdout if stream is None else stream
    return terminal_width() if _is_terminal(stream) else 0


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or stand-in stream
        return False


def fit_message(text: str, width: int | None = None, indent: str = "", stream: Any = None) -> str:
    """Return a status message wrapped at words to ``width`` (default: the terminal's).

    Each line of the message is wrapped on its own; continuation lines start with
    ``indent``. A line that starts with :data:`clinbench.messages.COMMAND_INDENT` is a
    command or a path to copy (:func:`clinbench.messages.with_command`) and is kept whole,
    as it is. Words are never cut nor split at hyphens: a path or an address longer than
    the width stays whole on a line of its own. With no ``width``, a message is wrapped only
    for a person: when ``stream``, the one it is written to (default standard output), is a
    terminal (:func:`message_width`); in a pipe or a file each line stays whole, for grep.
    """
    width = width if width is not None else message_width(stream)
    if not width:
        return "\n".join(line.rstrip() for line in str(text).split("\n"))
    lines = []
    for line in str(text).split("\n"):
        if line.startswith(COMMAND_INDENT) or not line.strip():
            lines.append(line.rstrip())
            continue
        # a bad-input line's `file:line: field:` stays on its first line, whole (editors and
        # grep read it there)
        line = _LOCATION.sub(lambda m: m.group(0).replace(" ", _KEEP), line, count=1)
        wrapped = textwrap.fill(line, width, subsequent_indent=indent,
                                break_long_words=False, break_on_hyphens=False)  # fmt: skip
        lines.append(wrapped.replace(_KEEP, " "))
    return "\n".join(lines)


_LOCATION = re.compile(r"^(?:error: )?\S+:\d+:(?: [^\s:]+:)?")
_KEEP = "\x00"  # a space inside a bad-input location, kept from wrapping


def echo_wrapped(text: str, indent: str = "") -> None:
    """Print one line of text wrapped at words to the terminal width (see
    :func:`terminal_width`); continuation lines start with ``indent``. Words are never cut:
    a path or a number longer than the width stays whole on its own line."""
    import typer

    typer.echo(textwrap.fill(text, terminal_width(), subsequent_indent=indent,
                             break_long_words=False, break_on_hyphens=False))  # fmt: skip


def echo_message(text: str, err: bool = False) -> None:
    """Print a status message (on stderr with ``err``) fitted to the terminal width, its
    commands and paths whole (:func:`fit_message`)."""
    import typer

    typer.echo(fit_message(text, stream=sys.stderr if err else sys.stdout), err=err)


def console_message(console: Any, text: str, style: str | None = None) -> None:
    """Print a status message on a rich console, fitted by :func:`fit_message` (not by rich,
    which cuts a long path), its text as it is (no markup), in ``style`` if given."""
    text = fit_message(text, stream=console.file)
    console.print(text, soft_wrap=True, markup=False, highlight=False, style=style)


def echo_error(message: str) -> None:
    """Print ``error: message`` on stderr, fitted to the terminal width (:func:`fit_message`)."""
    echo_message(f"error: {message}", err=True)


# ------------------------------------------------------------------------------ model labels


def model_labels(models: Iterable[str], max_len: int = LABEL_MAX) -> dict[str, str]:
    """Return model name -> a short label unique among `models`.

    The label is the shortest tail of '/'-separated segments that no other model shares
    ('clinbench/replay/good-model' -> 'good-model', 'openai/gpt-4o' beside 'azure/gpt-4o'
    keeps its provider). A tail longer than `max_len` becomes M1, M2, ... in sorted order.
    """
    names = sorted({str(m) for m in models if m is not None and str(m) != ""})
    labels: dict[str, str] = {}
    parts = {m: m.rstrip("/").split("/") for m in names}
    for name in names:
        for k in range(1, len(parts[name]) + 1):
            tail = "/".join(parts[name][-k:])
            clash = any(other != name and "/".join(parts[other][-k:]) == tail for other in names)
            if not clash:
                labels[name] = tail
                break
        else:
            labels[name] = name
    numbered = 0
    for name in names:
        if len(labels[name]) > max_len:
            numbered += 1
            labels[name] = f"M{numbered}"
    # a tail can collide with an M-label or another full name only in odd cases: keep unique
    if len(set(labels.values())) != len(labels):
        return {name: f"M{i}" for i, name in enumerate(names, start=1)}
    return labels


def legend(labels: Mapping[str, str]) -> list[str]:
    """Return the legend lines 'label = full name' for every label that shortens a name."""
    return [f"  {label} = {name}" for name, label in labels.items() if label != name]


# ------------------------------------------------------------------------------ cell text


def _display_value(column: str, value: Any) -> str:

    from clinbench.report.format import _is_pair, format_value

    if _is_pair(value):
        low, high = (_display_value(column, v) for v in value)
        return "—" if low == high == "—" else f"{low}–{high}"
    if isinstance(value, float) and not math.isnan(value) and _is_count(column):
        return str(int(value)) if value.is_integer() else format_value(column, value)
    text = format_value(column, value)
    return "—" if text in ("n/a", "nan", "<NA>") else text


COUNT_NAMES = ("n", "k", "answered", "correct", "incorrect", "declined", "parse_failed",
               "parse failed", "error", "errors", "excluded", "unscored", "unreadable",
               "judge_call_failed", "graded", "replies", "failed", "empty", "items", "rows",
               "cases", "count")  # fmt: skip


def _is_count(column: str) -> bool:
    """Return True for a column that holds counts (a count is never shown as a rate)."""
    name = str(column).lower()
    return name in COUNT_NAMES or name.startswith("n_")


def _intervals(series: pd.Series) -> bool:

    from clinbench.report.format import _is_pair

    return len(series) > 0 and bool(series.map(_is_pair).all())


# ------------------------------------------------------------------------------ text tables


def _longest_word(text: str) -> int:
    return max((len(w) for w in str(text).split()), default=0)


def render_text(
    frame: pd.DataFrame,
    title: str = "",
    width: int | None = None,
    labels: Mapping[str, str] | None = None,
) -> str:
    """Return the table as text fitted to `width` columns (see the module docstring)."""
    text, left_out = _render(frame, title, width, labels)
    if left_out:
        text += _wrap(f"Not shown at this width: {', '.join(left_out)} (--format csv gives "
                      "every column).", width or terminal_width()) + "\n"  # fmt: skip
    return text


def _render(
    frame: pd.DataFrame,
    title: str = "",
    width: int | None = None,
    labels: Mapping[str, str] | None = None,
) -> tuple[str, list[str]]:
    """Return the table as text fitted to `width`, and the headers of the columns left out."""
    width = width or terminal_width()
    frame = frame.reset_index(drop=True)
    columns, cells, headers = _cells(frame, labels)
    keys = set(_key_columns(frame))
    numeric = {c for c in columns if _numeric(frame[c]) or _intervals(frame[c])}
    minimum = _minimum_widths(columns, cells, headers, keys, numeric)
    # with no rows every column reads as identifying (no numbers to tell measures by), and
    # identifying columns are never left out: fit the header like measures instead
    key_list = [c for c in columns if c in keys] if len(frame) else []
    others = [c for c in columns if c not in key_list]
    block, left_out = _choose(key_list, others, minimum, width)
    if left_out and 0 < len(frame) <= RECORD_ROWS:  # a few rows too wide: one record per row
        return _records(title, key_list, others, headers, cells, len(frame), width), []
    if len(frame) and sum(minimum[c] + COLUMN_OVERHEAD for c in block) > width + COLUMN_OVERHEAD:
        # identifying columns are never left out, so they alone can overflow the width (rich
        # would cut them): one record per row, headed by the first, the rest named
        return _records(title, columns[:1], columns[1:], headers, cells, len(frame), width), []
    fixed = {c for c in block if c in keys or c in numeric}
    text = _rich_table(title, block, cells, headers, minimum, fixed, numeric, len(frame), width)
    return text, [headers[c] for c in left_out]


def _cells(
    frame: pd.DataFrame, labels: Mapping[str, str] | None
) -> tuple[list[str], dict[str, list[str]], dict[str, str]]:
    """Return (the columns shown, their cell texts, their headers), intervals paired up.

    Model names become their short labels; a number followed by its interval reads as one
    cell: 'accuracy [95% CI]' 0.750 (0.41–0.93).
    """
    model_cols = [c for c in frame.columns if str(c).lower() in MODEL_COLUMNS]
    if labels is None:
        labels = model_labels(str(v) for column in model_cols for v in frame[column].dropna())
    columns = [str(c) for c in frame.columns]
    cells: dict[str, list[str]] = {}
    for column, name in zip(frame.columns, columns, strict=True):
        if column in model_cols:
            cells[name] = [labels.get(str(v), str(v)) for v in frame[column]]
        else:
            cells[name] = [_display_value(name, v) for v in frame[column]]
    headers = {c: c.replace("_", " ") for c in columns}
    for left, right in zip(list(columns), list(columns)[1:], strict=False):
        paired = right in INTERVAL_NAMES or right.startswith("CI95% (")
        if paired and _numeric(frame[left]) and _intervals(frame[right]):
            cells[left] = [v if ci == "—" else f"{v} ({ci})"
                           for v, ci in zip(cells[left], cells[right], strict=True)]  # fmt: skip
            headers[left] = f"{headers[left]} (95% CI)"
            columns.remove(right)
            del cells[right]
    return columns, cells, headers


def _minimum_widths(
    columns: list[str],
    cells: Mapping[str, list[str]],
    headers: Mapping[str, str],
    keys: set[str],
    numeric: set[str],
) -> dict[str, int]:
    """Return each column's narrowest width: keys and numbers never wrap, text wraps at words."""
    minimum = {}
    for c in columns:
        longest = max((len(v) for v in cells[c]), default=0)
        head_word = _longest_word(headers[c])
        natural = max(longest, len(headers[c]))
        if c in keys or c in numeric:
            minimum[c] = max(longest, head_word)
            if c in numeric and len(headers[c]) <= minimum[c] + 4:
                minimum[c] = max(minimum[c], len(headers[c]))  # a short header stays on a line
        else:
            words = max((_longest_word(v) for v in cells[c]), default=0)
            minimum[c] = min(natural, max(TEXT_MIN, words, head_word))
    return minimum


def _rich_table(
    title: str,
    block: list[str],
    cells: Mapping[str, list[str]],
    headers: Mapping[str, str],
    minimum: Mapping[str, int],
    fixed: set[str],
    numeric: set[str],
    n_rows: int,
    width: int,
) -> str:
    """Return the columns of `block` drawn by rich at `width`, fixed columns never wrapped."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False,
                      highlight=False, emoji=False, markup=False, soft_wrap=False)  # fmt: skip
    if title:
        console.print(title, overflow="fold")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1),
                  collapse_padding=True)  # fmt: skip
    for c in block:
        # a fixed column does not wrap its header either: wrap it here, at its width
        head = textwrap.fill(headers[c], max(minimum[c], 1)) if c in fixed else headers[c]
        table.add_column(
            head,
            justify="right" if c in numeric else "left",
            min_width=minimum[c],
            no_wrap=c in fixed,
            overflow="fold",
        )
    for i in range(n_rows):
        table.add_row(*(cells[c][i] for c in block))
    console.print(table)
    return out.getvalue()


def _records(
    title: str,
    keys: list[str],
    others: list[str],
    headers: Mapping[str, str],
    cells: Mapping[str, list[str]],
    n_rows: int,
    width: int,
) -> str:
    """Return a few wide rows as records: the row's keys, then one 'column  value' line each."""
    lines = [_wrap(title, width)] if title else []
    name_width = min(max((len(headers[c]) for c in others), default=0), width // 2)
    for i in range(n_rows):
        head = " · ".join(cells[c][i] for c in keys) or f"row {i + 1}"
        lines.append(_wrap(head, width))
        for c in others:
            text = f"  {headers[c]:<{name_width}}  {cells[c][i]}"
            lines.append(textwrap.fill(text, width, subsequent_indent=" " * (name_width + 4)))
    return "\n".join(lines) + "\n"


def _choose(keys: list[str], others: list[str], minimum: dict[str, int], width: int):
    """Return (the columns shown, the columns left out): keys, then the others while they fit.

    The others are taken in the table's own order (its authors put the measure first), so a
    row is never split: what does not fit is left out and named under the table.
    """
    used = sum(minimum[c] + COLUMN_OVERHEAD for c in keys)
    shown, left_out = list(keys), []
    for c in others:
        need = minimum[c] + COLUMN_OVERHEAD
        if left_out or (used + need > width and len(shown) > len(keys)):
            left_out.append(c)
            continue
        shown.append(c)  # the first measure is always shown, even where rich must wrap it
        used += need
    order = {c: i for i, c in enumerate([*keys, *others])}
    return sorted(shown, key=order.__getitem__), left_out


# ------------------------------------------------------------------------------ other formats


def _plain(value: Any) -> Any:
    import pandas as pd

    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "tolist") and not isinstance(value, str):
        return _plain(value.tolist())
    if hasattr(value, "item") and not isinstance(value, str):
        value = value.item()
    if value is pd.NA or value is None:
        return None
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return None
    return value


def table_records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """Return the rows as JSON-ready dicts (NaN as null, intervals as [low, high] lists)."""
    columns = [str(c) for c in frame.columns]
    return [
        {c: _plain(v) for c, v in zip(columns, row, strict=True)}
        for row in frame.itertuples(index=False, name=None)
    ]


class TableOutput:
    """Print tables and notes in one format; call :meth:`close` at the end (JSON is written then).

    ``TableOutput(fmt)`` writes to stdout; pass `file` (and `err`) to capture.
    """

    def __init__(
        self,
        fmt: str = "table",
        file: TextIO | None = None,
        err: TextIO | None = None,
        width: int | None = None,
        spill_dir: str | os.PathLike[str] | None = None,
    ):
        self.fmt = check_format(fmt)
        self.spill_dir = spill_dir
        self.file = file or sys.stdout
        self.err = err or sys.stderr
        self.width = width
        self._tables: list[dict[str, Any]] = []
        self._notes: list[str] = []
        self._count = 0
        self._labels: dict[str, str] = {}
        self._summary: list[dict[str, Any]] | None = None
        self._plain_names = False
        self._named: dict[str, str] = {}  # plain label -> the code name it stands for

    def use_plain_names(self) -> None:
        """Show tasks, scorers and conditions by their plain labels (text and markdown only).

        The code names behind them are listed once at :meth:`close`, as the report's
        glossary does; CSV and JSON keep the code names the logs and results files hold.
        """
        self._plain_names = True

    def _relabelled(self, frame: pd.DataFrame) -> pd.DataFrame:
        """Return the frame with code names in plain words where plain names are on."""
        if not self._plain_names or self.machine:
            return frame
        from clinbench.report.glossary import LABELLED_COLUMNS, plain_label

        out = frame
        for column in [c for c in frame.columns if c in LABELLED_COLUMNS]:
            codes = frame[column].dropna().astype(str).unique()
            swap = {code: plain_label(code) for code in codes if code}
            swap = {code: label for code, label in swap.items() if label != code}
            if swap:
                self._named.update({label: code for code, label in swap.items()})
                out = out.assign(**{column: frame[column].replace(swap)})
        return out

    def register_models(self, models: Iterable[str]) -> None:
        """Fix the model labels up front, so every table of this output uses the same ones."""
        self._labels_for(models)

    def _labels_for(self, models: Iterable[str]) -> dict[str, str]:
        """Return labels for `models`, consistent with every label this output already used."""
        new = sorted({str(m) for m in models} - set(self._labels))
        if new:
            fresh = model_labels([*self._labels, *new])
            used = set(self._labels.values())
            numbers = [int(v[1:]) for v in used if re.fullmatch(r"M\d+", v)]
            next_number = max(numbers, default=0) + 1
            for name in new:
                label = fresh[name]
                if label in used or re.fullmatch(r"M\d+", label):
                    label, next_number = f"M{next_number}", next_number + 1
                self._labels[name] = label
                used.add(label)
        return {str(m): self._labels[str(m)] for m in models}

    @property
    def machine(self) -> bool:
        """Return True for csv and json, whose stdout holds only data."""
        return self.fmt in ("csv", "json")

    def table(self, frame: pd.DataFrame, title: str = "", notes: Sequence[str] = ()) -> None:
        """Print one table (with its notes under it, in the chosen format)."""
        from clinbench.report.format import to_csv_text, to_markdown

        self._count += 1
        if self.fmt == "json":
            self._tables.append(
                {
                    "title": title,
                    "columns": [str(c) for c in frame.columns],
                    "rows": table_records(frame),
                    "notes": list(notes),
                }
            )
            return
        if self.fmt == "csv":
            if self._count > 1:
                self.file.write("\n")
            if title:
                self.file.write(f"# {title}\n")
            self.file.write(to_csv_text(frame))
            for note in notes:
                self.err.write(f"{note}\n")
            return
        if self.fmt == "markdown":
            if self._count > 1:
                self.file.write("\n")
            self.file.write(to_markdown(self._relabelled(frame), title))
            for note in notes:
                self.file.write(f"\n{note}\n")
            return
        frame = self._relabelled(frame)
        width = self.width or terminal_width()
        model_cols = [c for c in frame.columns if str(c).lower() in MODEL_COLUMNS]
        values: list[str] = []
        for column in model_cols:
            values += [str(v) for v in frame[column].dropna()]
        labels = self._labels_for(values)
        if self._count > 1:
            self.file.write("\n")
        left_out: list[str] = []
        for number, (part, part_title) in enumerate(split_for_width(frame, title, width, labels)):
            if number:
                self.file.write("\n")
            text, missing = _render(part, part_title, width, labels)
            self.file.write(text)
            left_out += [c for c in missing if c not in left_out]
        if left_out:
            shown = f"Not shown at this width: {', '.join(left_out)}"
            if self.spill_dir is None:
                self.file.write(_wrap(f"{shown} (--format csv gives every column).", width))
            else:  # a path is never wrapped: it is copied
                path = self._spill(frame, title)
                self.file.write(_wrap(f"{shown}; every column is in:", width) + f"\n  {path}")
            self.file.write("\n")
        lines = legend(labels)
        if lines:
            self.file.write("Models:\n" + "\n".join(lines) + "\n")
        for note in notes:
            self.file.write(_wrap(note, width) + "\n")

    def summary(self, headlines: pd.DataFrame) -> None:
        """Print the answer first: one short block per task (see :func:`summary_blocks`).

        In JSON the rows go into the document's ``summary`` list; in CSV the blocks go to
        stderr (stdout holds only the tables).
        """
        if headlines.empty:
            return
        if self.fmt == "json":
            self._summary = table_records(headlines)
            return
        width = self.width or terminal_width()
        labels = self._labels_for(headlines["model"].dropna().astype(str))
        if self.fmt == "markdown":
            labels = {m: m for m in labels}
        text = "\n\n".join(summary_blocks(self._relabelled(headlines), width, labels)) + "\n"
        if self.fmt == "csv":
            self.err.write(text + "\n")
            return
        if self._count:
            self.file.write("\n")
        self._count += 1
        self.file.write(text)

    def _spill(self, frame: pd.DataFrame, title: str) -> str:
        """Write the whole table as CSV under `spill_dir` and return its path."""
        from pathlib import Path

        from clinbench.io import atomic_write_text
        from clinbench.report.format import to_csv_text

        slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60] or "table"
        path = Path(self.spill_dir) / "tables" / f"{self._count:02d}-{slug}.csv"
        atomic_write_text(path, to_csv_text(frame))  # makes the folders it needs
        return str(path)

    def note(self, text: str) -> None:
        """Print a line of explanation (kept in JSON; on stderr for CSV)."""
        if self.fmt == "json":
            self._notes.append(text)
        elif self.fmt == "csv":
            self.err.write(text + "\n")
        else:
            self.file.write(_wrap(text, self.width or terminal_width()) + "\n")

    def message(self, text: str) -> None:
        """Print a status line (a path written, a log): stdout for text, stderr for data formats.

        Wrapped to the width with commands and paths whole (:func:`fit_message`).
        """
        text = fit_message(text, self.width, stream=self.err if self.machine else self.file)
        if self.machine:
            self.err.write(text + "\n")
        else:
            self.file.write(text + "\n")

    def close(self) -> None:
        """Write what is pending (the JSON document)."""
        if self.fmt == "json":
            doc: dict[str, Any] = {"tables": self._tables, "notes": self._notes}
            if self._summary is not None:
                doc = {"summary": self._summary, **doc}
            json.dump(doc, self.file, indent=2)
            self.file.write("\n")
            self._tables, self._notes = [], []
        elif self._named:  # the code names behind the plain labels, once
            width = self.width or terminal_width()
            self.file.write("\nNames in the logs and results files:\n")
            for label, code in sorted(self._named.items()):
                self.file.write(
                    textwrap.fill(f"  {label}: {code}", width, subsequent_indent="      ") + "\n"
                )
            self._named = {}
        self.file.flush()


INTERVAL_NAMES = ("CI95%", "95% CI", "ci", "CI")
RECORD_ROWS = 3  # a table this short that is too wide prints one record per row instead
SPLIT_ORDER = ("suite", "task", "scenario", "scorer", "condition", "format", "question")
KEY_SHARE = 0.65  # identifying columns wider than this share of the width: split the rows


def split_for_width(
    frame: pd.DataFrame, title: str, width: int, labels: Mapping[str, str]
) -> list[tuple[pd.DataFrame, str]]:
    """Return (rows, title) parts of a table whose identifying columns fit the width.

    Key columns holding one value move into the title; while the remaining key columns take
    more than KEY_SHARE of the width, the rows are split by one of them (suite, task, scorer,
    condition, ... before model), each part titled with its value. Columns empty in a part
    are left out of it (they would print a dash on every row). A table whose every column
    would go into the title or be empty (one row, say) keeps its columns: a title with no
    row under it reads as an empty table.
    """
    lifted, lifted_title = lift_constant_keys(frame, title)
    shown = [c for c in lifted.columns if not _empty(lifted[c])] if len(lifted) else None
    if shown is None or shown:
        frame, title = (lifted[shown] if shown else lifted), lifted_title
    else:
        frame = frame[[c for c in frame.columns if not _empty(frame[c])]]
    keys = _key_columns(frame)

    def cell_width(column: str) -> int:
        cells = frame[column].astype(str)
        if column.lower() in MODEL_COLUMNS:
            cells = cells.map(lambda v: labels.get(v, v))
        longest = int(cells.str.len().max()) if len(cells) else 0  # no rows: max is NaN
        return max(longest, _longest_word(column))

    need = sum(cell_width(c) + COLUMN_OVERHEAD for c in keys)
    if need <= KEY_SHARE * width or len(frame) < 2:
        return [(frame, title)]
    candidates = [c for c in keys if c.lower() not in MODEL_COLUMNS]
    candidates.sort(key=lambda c: SPLIT_ORDER.index(c) if c in SPLIT_ORDER else len(SPLIT_ORDER))
    candidates += [c for c in keys if c.lower() in MODEL_COLUMNS]
    for column in candidates:
        if frame[column].nunique(dropna=False) > 1:
            parts = []
            for _, rows in frame.groupby(column, sort=False, dropna=False):
                parts += split_for_width(rows, title, width, labels)
            return parts
    return [(frame, title)]


def _empty(series: pd.Series) -> bool:
    """Return True when every cell is missing (NaN, None or an empty text)."""
    from clinbench.report.format import _is_pair

    def missing(value: Any) -> bool:
        if _is_pair(value):
            return all(missing(v) for v in value)
        if value is None:
            return True
        if isinstance(value, float):
            return math.isnan(value)
        try:
            import pandas as pd

            return bool(pd.isna(value)) or str(value) == ""
        except (TypeError, ValueError):
            return False

    return len(series) > 0 and all(missing(v) for v in series)


def _wrap(text: str, width: int) -> str:
    return "\n".join(textwrap.fill(p, width) if p else "" for p in str(text).split("\n"))


def print_table(
    frame: pd.DataFrame, title: str = "", fmt: str = "table", notes: Sequence[str] = ()
) -> None:
    """Print one table to stdout in `fmt` (a one-table :class:`TableOutput`)."""
    output = TableOutput(fmt)
    output.table(frame, title, notes)
    output.close()


def print_tables(tables: Mapping[str, pd.DataFrame], fmt: str = "table") -> None:
    """Print captioned tables to stdout in `fmt`, in order (one :class:`TableOutput`)."""
    output = TableOutput(fmt)
    for caption, table in tables.items():
        output.table(table, caption)
    output.close()


# ------------------------------------------------------------------------------ answer first


def _interval_text(value: Any, digits: int) -> str:
    from clinbench.report.format import _is_pair

    if not _is_pair(value) or any(v is None or math.isnan(float(v)) for v in value):
        return "no interval"
    low, high = (float(v) for v in value)
    return f"{low:.{digits}f}–{high:.{digits}f}"


def _count(value: Any) -> int:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return 0
    return 0 if math.isnan(number) else int(number)


def _headline_sentence(row: Mapping[str, Any]) -> str:
    """Return one model's headline in words: value, interval, n, both denominators, exclusions."""
    kind = row.get("kind")
    if kind == "accuracy":
        answered, n = _count(row["answered"]), _count(row["n"])
        contradictory = _count(row.get("contradictory"))
        excluded = (f"excluded: {_count(row['parse_failed'])} parse failed, "
                    + (f"{contradictory} contradictory, " if contradictory else "")
                    + f"{_count(row['error'])} errors")  # fmt: skip
        if answered == 0:
            return f"no answered reply of {n}; {excluded}"
        value, value_all = float(row["value"]), float(row["value_all"])
        return (
            f"accuracy {value:.3f} (95% CI {_interval_text(row['CI95%'], 3)}), "
            f"{_count(row['correct'])} correct of {answered} answered; {value_all:.3f} "
            f"({_interval_text(row['CI95% (all)'], 3)}) of all {n} replies; declined "
            f"{_count(row['declined'])}; {excluded}"
        )
    if kind == "failed":
        n = _count(row["n"])
        return (f"every call failed ({n} of {n} {'reply' if n == 1 else 'replies'}), nothing "
                f"was scored; error: {row.get('message')}")  # fmt: skip
    failed = _count(row.get("error"))
    failed_text = f", {failed} {'error' if failed == 1 else 'errors'} (no reply)" if failed else ""
    if kind == "rubric":
        graded = _count(row["graded"])
        # the rubric table's two figures: unreadable verdicts, failed judge calls (when any)
        calls = _count(row.get("judge_call_failed"))
        calls_text = f", {calls} judge {'call' if calls == 1 else 'calls'} failed" if calls else ""
        unscored = f"excluded: {_count(row.get('unreadable'))} unreadable{calls_text}{failed_text}"
        if graded == 0 or row.get("value") is None or math.isnan(float(row["value"])):
            return f"no graded reply; {unscored}"
        return (
            f"mean {float(row['value']):.1f} of 100 (95% CI {_interval_text(row['CI95%'], 1)}), "
            f"{graded} graded; {unscored}"
        )
    ungraded = "".join(
        f", {_count(row.get(column))} {label}"
        for column, label in (("parse_failed", "parse failed"), ("contradictory", "contradictory"),
                              ("declined", "declined"), ("refused", "refused"))
        if _count(row.get(column))
    )  # fmt: skip
    graded = _count(row["graded"])
    counted = f"{graded} {'reply' if graded == 1 else 'replies'} graded, "
    counted += f"{_count(row['unscored'])} unscored"
    if row.get("unit") == "sections":  # each question of a reply graded on its own
        replies = _count(row.get("replies"))
        of = f"from {replies} {'reply' if replies == 1 else 'replies'}"
        sections = "section" if graded == 1 else "sections"
        counted = f"{graded} {sections} graded, {_count(row['unscored'])} unscored, {of}"
    return f"{counted}{ungraded}{failed_text}; its measure is in the tables below"


def summary_blocks(
    headlines: pd.DataFrame, width: int, labels: Mapping[str, str] | None = None
) -> list[str]:
    """Return one text block per task, each line within `width` columns.

    `headlines` is :func:`clinbench.summary.headline_rows`: a block names the task (and its
    suite), then per scorer one wrapped paragraph per model (best first), with the
    condition it was run under when the detail tables show more than one.
    """
    labels = labels or {}
    blocks = []
    for task, rows in headlines.groupby("task", sort=False):
        suite = str(rows["suite"].iloc[0] or "")
        lines = [_wrap(f"Task: {task}" + (f" (suite {suite})" if suite else ""), width)]
        scorers = [s for s in rows["scorer"].unique() if s]
        for scorer, group in rows.groupby("scorer", sort=False):
            indent = "  "
            if len(scorers) > 1 and scorer:
                lines.append(_wrap(f"  scored by {scorer}:", width))
                indent = "    "
            elif not scorer:
                lines.append("  failed calls (no scorer ran):")
                indent = "    "
            for row in group.to_dict("records"):
                model = labels.get(str(row["model"]), str(row["model"]))
                head = model + (f" {row['question']}" if row.get("question") else "")
                text = f"{head}: {_headline_sentence(row)}"
                reason = row.get("not_ranked")
                if isinstance(reason, str) and reason:  # the report's exclusion (and the board's)
                    text += f"; not ranked (report, analyze): {reason}"
                others = _count(row.get("other_conditions"))
                if others:
                    more = "condition" if others == 1 else "conditions"
                    text += f" [condition {row['condition']}; {others} more {more} below]"
                lines.append(
                    textwrap.fill(text, width, initial_indent=indent,
                                  subsequent_indent=indent + "    ", break_on_hyphens=False)
                )  # fmt: skip
        blocks.append("\n".join(lines))
    return blocks
