"""Reading and writing frozen results tables (.parquet / .csv): one reader, one missing-value rule.

The missing-value rule: a numeric column (``epoch``, ``score``, ``input_tokens``,
``output_tokens``) holds a number or is missing (NaN / <NA>); every other column is text, and
a missing text value is the empty string. Parquet and CSV files read back the same.
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd

from clinbench.errors import ResultsTableError
from clinbench.io import atomic_write, original_text, write_csv
from clinbench.results.schema import RESULT_COLUMNS, SUFFIXES

NUMERIC_COLUMNS = {"epoch": "Int64", "epochs": "Int64", "score": "float64",
                   "input_tokens": "Int64", "output_tokens": "Int64", "reasoning_tokens": "Int64",
                   "latency_s": "float64", "queue_s": "float64", "cost_usd": "float64",
                   "n_items": "Int64"}  # fmt: skip


class ResultsFileError(ResultsTableError, ValueError):
    """A results file that cannot be read or analysed; names the file, line and field.

    Raised as ``ResultsFileError(path, line, field, message)`` (line 0: the file as a whole;
    shown as ``path:line: field: message``) or with one message that already says where.
    The one error for a bad results file: ``clinbench.report.load.ResultsInputError`` is
    this class under its old name.
    """

    def __init__(self, path: str, line: int | None = None, field: str = "-", message: str = ""):
        if line is None:  # one message that already names the file (and line)
            path, message = "", path
        self.path, self.line, self.field, self.message = path, line, field, message
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.line is None:
            return self.message
        return f"{self.path}:{self.line}: {self.field}: {self.message}"


# The dtype ``astype(str)`` gives text here (pandas 3: its string dtype; pandas 2: object).
_TEXT_DTYPE = pd.Series([""], dtype=object).astype(str).dtype


def is_clean_text(values: pd.Series) -> bool:
    """Return True when a column is text as ``fillna("").astype(str)`` would leave it.

    Such a column needs no copy (a million rows of text: tens of MB each time); only the
    pandas string dtype can say so without looking at every value.
    """
    return (
        isinstance(_TEXT_DTYPE, pd.StringDtype)
        and values.dtype == _TEXT_DTYPE
        and not values.hasnans
    )


def typed(frame: pd.DataFrame) -> pd.DataFrame:
    """Return the table under the missing-value rule: numbers typed, other columns str ('')."""
    for column in frame.columns:
        values = frame[column]
        if column in NUMERIC_COLUMNS:
            if values.dtype == NUMERIC_COLUMNS[column]:
                continue  # typed already (a Parquet column): no copy
            values = values.replace("", None)
            frame[column] = pd.to_numeric(values).astype(NUMERIC_COLUMNS[column])
        elif not is_clean_text(values):
            # as objects first: a float column (an extra numeric column in a Parquet file)
            # cannot take '' as a fill value in pandas 4; the text is the same ('1.0', '')
            frame[column] = values.astype(object).fillna("").astype(str)
    return frame


def _csv_rows(path: Path) -> tuple[list[str], list[list[str]], list[int]]:
    """Return (header, rows, the line each row starts on) of a CSV file, any field length."""
    # A reply may be longer than the csv module's default field limit (128 KiB); the
    # results table must read back whatever it wrote, so the limit is lifted here.
    csv.field_size_limit(min(sys.maxsize, 2**31 - 1))
    rows, lines = [], []
    with path.open(encoding="utf-8-sig", newline="") as handle:
        reader = csv.reader(handle)
        header = [original_text(name) for name in next(reader, [])]
        start = reader.line_num + 1
        for row in reader:
            if row:  # the text as it was before write_csv made it spreadsheet-safe
                row = [original_text(cell) for cell in row]
                rows.append(row + [""] * (len(header) - len(row)))
                lines.append(start)
            start = reader.line_num + 1
    return header, rows, lines


def _parquet(path: Path, columns: Sequence[str] | None) -> pd.DataFrame:
    """Return a Parquet table, only the named columns it has when `columns` is given."""
    if columns is None:
        return pd.read_parquet(path)
    import pyarrow.parquet as pq

    present = set(pq.read_schema(path).names)
    return pd.read_parquet(path, columns=[c for c in dict.fromkeys(columns) if c in present])


def _read_one(
    path: Path, required: Sequence[str], line_column: str | None, columns: Sequence[str] | None
) -> pd.DataFrame:
    if not path.is_file():
        raise ResultsFileError(str(path), 0, "-", "no such file")
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise ResultsFileError(str(path), 0, "-", "results are read from .parquet or .csv")
    lines: list[int] | None = None
    try:
        if suffix == ".parquet":
            frame = _parquet(path, columns)
        else:
            header, rows, lines = _csv_rows(path)
            frame = pd.DataFrame(rows, columns=header, dtype=object)
            if columns is not None:
                frame = frame[[c for c in dict.fromkeys(columns) if c in frame.columns]]
    except (csv.Error, UnicodeDecodeError, OSError, ValueError) as err:
        raise ResultsFileError(str(path), 0, "-", f"cannot read the results table: {err}") from err
    except Exception as err:  # pyarrow raises many kinds for a damaged file
        raise ResultsFileError(str(path), 0, "-", f"cannot read the results table: {err}") from err
    missing = [c for c in required if c not in frame.columns]
    if missing:
        raise ResultsFileError(
            str(path), 1, missing[0], f"missing column(s) {', '.join(missing)} of the results table"
        )
    for column in NUMERIC_COLUMNS:
        if column not in frame.columns:
            continue
        values = frame[column]
        if pd.api.types.is_numeric_dtype(values):  # a typed Parquet column: numbers or missing
            continue
        text = values.astype(str).str.strip()
        blank = values.isna() | (text == "")
        bad = pd.to_numeric(values.where(~blank), errors="coerce").isna() & ~blank
        if bad.any():
            i = int(bad.to_numpy().nonzero()[0][0])
            line = lines[i] if lines is not None else i + 1
            raise ResultsFileError(str(path), line, column, f"{values.iloc[i]!r} is not a number")
    frame = typed(frame)
    if line_column:  # a CSV row's first line in the file (header = 1); a Parquet row's number
        frame[line_column] = lines if lines is not None else list(range(1, len(frame) + 1))
    return frame


def read_results(
    paths: Iterable[str | Path] | str | Path,
    required: Sequence[str] = (),
    line_column: str | None = None,
    columns: Sequence[str] | None = None,
) -> pd.DataFrame:
    """Return the results table(s) in .parquet or .csv files, concatenated and typed.

    Raises ResultsFileError (``file:line: field: message``) for a missing or unreadable file,
    a missing ``required`` column, or a numeric field that is not a number. With
    ``line_column``, each row gets the line it starts on in its file in that column. With
    ``columns``, only those of the named columns a file has are kept (a Parquet file reads
    no other: a command that needs a few columns of a large table holds only those).
    """
    if isinstance(paths, str | Path):
        paths = [paths]
    if columns is not None:
        columns = [*columns, *required]
    frames = [_read_one(Path(path), required, line_column, columns) for path in paths]
    if not frames:
        return pd.DataFrame(columns=RESULT_COLUMNS)
    if len(frames) == 1:
        return frames[0]
    return pd.concat(frames, ignore_index=True)


def write_results(frame: pd.DataFrame, out: str | Path) -> Path:
    """Write the results table as Parquet or CSV (by suffix), atomically; return the path.

    A CSV's text cells are made safe to open in a spreadsheet (:func:`clinbench.io.write_csv`);
    :func:`read_results` gives the original text back. Parquet keeps the raw text.
    """
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix not in SUFFIXES:
        raise ValueError(f"{out}: results are written as .parquet or .csv")
    if suffix == ".csv":  # text cells made safe to open in a spreadsheet
        write_csv(frame, out)
        return out
    with atomic_write(out, binary=True) as handle:
        frame.to_parquet(handle, index=False)  # the raw text
    return out
