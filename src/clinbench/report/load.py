"""Reading frozen results tables (.parquet / .csv) for analysis, with clear errors."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from clinbench.results.schema import RESULT_COLUMNS

# The columns an analysis cannot do without; the others are filled in empty if absent.
REQUIRED_COLUMNS = ("suite", "task", "model", "item_id", "outcome", "score")


class ResultsInputError(ValueError):
    """A results file that cannot be analysed; the message names the file (and line)."""


def _check(frame: pd.DataFrame, label: str) -> pd.DataFrame:
    missing = [c for c in REQUIRED_COLUMNS if c not in frame.columns]
    if missing:
        raise ResultsInputError(
            f"{label}: line 1: missing column(s) {', '.join(missing)} of the results table"
        )
    scores = pd.to_numeric(frame["score"].replace("", None), errors="coerce")
    bad = scores.isna() & frame["score"].notna() & (frame["score"].astype(str).str.strip() != "")
    if bad.any():
        i = int(bad.to_numpy().nonzero()[0][0])
        raise ResultsInputError(
            f"{label}: line {i + 2}: field 'score': {frame['score'].iloc[i]!r} is not a number"
        )
    out = frame.copy()
    for col in RESULT_COLUMNS:
        if col not in out.columns:
            out[col] = pd.NA if col in ("score", "epoch") else ""
    out["score"] = scores.astype(float)
    return out


NUMERIC_FIELDS = ("score", "epoch", "input_tokens", "output_tokens")


def _check_csv_numbers(path: Path) -> None:
    """Raise naming file, line and field for the first non-numeric value of a numeric field.

    Lines are the file's own: a quoted response may span several lines, so each row is
    reported at the line it starts on.
    """
    import csv

    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            reader = csv.DictReader(handle)
            fields = [f for f in NUMERIC_FIELDS if f in (reader.fieldnames or [])]
            start = reader.line_num + 1
            for row in reader:
                for field in fields:
                    text = (row.get(field) or "").strip()
                    if text and pd.isna(pd.to_numeric(text, errors="coerce")):
                        raise ResultsInputError(
                            f"{path}: line {start}: field {field!r}: {row[field]!r} is not a number"
                        )
                start = reader.line_num + 1
    except (csv.Error, UnicodeDecodeError) as exc:
        raise ResultsInputError(f"{path}: cannot read as CSV: {exc}") from exc


def load_results(
    sources: pd.DataFrame | str | Path | Sequence[str | Path],
) -> tuple[pd.DataFrame, list[dict]]:
    """Return (the concatenated results table, one description per input file).

    Accepts a DataFrame (used as is) or paths to .parquet / .csv results tables. Each input
    description has the file as given, its rows and its SHA-256, for the disclosures.
    """
    from clinbench.report.generic import file_digest
    from clinbench.results.export import read_results

    if isinstance(sources, pd.DataFrame):
        return _check(sources, "results table"), []
    if isinstance(sources, str | Path):
        sources = [sources]
    frames, inputs = [], []
    for source in sources:
        path = Path(source)
        if not path.is_file():
            raise ResultsInputError(f"{path}: no such file")
        if path.suffix.lower() not in (".parquet", ".csv"):
            raise ResultsInputError(f"{path}: results are read from .parquet or .csv files")
        if path.suffix.lower() == ".csv":
            _check_csv_numbers(path)
        try:
            frame = read_results([path])
        except Exception as exc:  # pyarrow / pandas raise many types
            raise ResultsInputError(f"{path}: cannot read the results table: {exc}") from exc
        frames.append(_check(frame, str(path)))
        inputs.append({"file": str(source), "rows": len(frame), "sha256": file_digest(path)})
    if not frames:
        raise ResultsInputError("no results files given")
    return pd.concat(frames, ignore_index=True), inputs
