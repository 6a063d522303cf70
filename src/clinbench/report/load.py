"""Reading frozen results tables (.parquet / .csv) for analysis, with clear errors."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from clinbench.results.schema import RESULT_COLUMNS
from clinbench.results.table import ResultsFileError

# The columns an analysis cannot do without; the others are filled in empty if absent.
REQUIRED_COLUMNS = ("suite", "task", "model", "item_id", "outcome", "score")


# The one error for a results file that cannot be read or analysed (its old name here).
ResultsInputError = ResultsFileError


def _check(frame: pd.DataFrame, label: str) -> pd.DataFrame:
    missing = [c for c in REQUIRED_COLUMNS if c not in frame.columns]
    if missing:
        raise ResultsInputError(
            f"{label}: line 1: missing column(s) {', '.join(missing)} of the results table"
        )
    scores = frame["score"]
    if not pd.api.types.is_numeric_dtype(scores):  # text cells: each must read as a number
        scores = pd.to_numeric(frame["score"].replace("", None), errors="coerce")
        text = frame["score"].astype(str).str.strip()
        bad = scores.isna() & frame["score"].notna() & (text != "")
        if bad.any():
            i = int(bad.to_numpy().nonzero()[0][0])
            raise ResultsInputError(
                f"{label}: line {i + 2}: field 'score': {frame['score'].iloc[i]!r} is not a number"
            )
    out = frame.copy(deep=False)  # columns are added or replaced, never written into
    for col in RESULT_COLUMNS:
        if col not in out.columns:
            out[col] = pd.NA if col in ("score", "epoch") else ""
    out["score"] = scores.astype(float)
    return out


def load_results(
    sources: pd.DataFrame | str | Path | Sequence[str | Path],
) -> tuple[pd.DataFrame, list[dict]]:
    """Return (the concatenated results table, one description per input file).

    Accepts a DataFrame (used as is) or paths to .parquet / .csv results tables. Each input
    description has the file as given, its rows and its SHA-256, for the disclosures.
    """
    from clinbench.report.generic import file_digest
    from clinbench.results import read_results

    if isinstance(sources, pd.DataFrame):
        return _check(sources, "results table"), []
    if isinstance(sources, str | Path):
        sources = [sources]
    frames, inputs = [], []
    seen: dict[int, tuple[str, int, tuple]] = {}  # a reply's identity -> where it was first
    for source in sources:
        path = Path(source)
        try:
            frame = read_results([path], line_column=_LINE)
        except ResultsFileError as exc:
            where = f" line {exc.line}: field {exc.field!r}:" if exc.field != "-" else ""
            raise ResultsInputError(f"{path}:{where} {exc.message}") from exc
        frame = _check(frame, str(path))
        if len(sources) > 1:  # one table's own rows are its own
            _refuse_replies_given_twice(frame, str(path), seen)
        frames.append(frame.drop(columns=_LINE))
        inputs.append({"file": str(source), "rows": len(frame), "sha256": file_digest(path)})
    if not frames:
        raise ResultsInputError("no results files given")
    return pd.concat(frames, ignore_index=True), inputs


_LINE = "_line_in_file"
# What makes a row one scored reply: the same values in two input files are the same reply
# of the same run and log (another run of the same items has its own run_id, and stays).
REPLY_IDENTITY = ("suite", "task", "model", "item_id", "condition", "epoch", "scorer",
                  "question", "run_id", "log_file", "response")  # fmt: skip


def _refuse_replies_given_twice(
    frame: pd.DataFrame, label: str, seen: dict[int, tuple[str, int, tuple]]
) -> None:
    """Raise ResultsInputError when a row of `frame` is a reply an earlier input file holds.

    `seen` maps each reply's hash to (file, line, identity) of the files read so far; this
    file's rows are added once it is checked (rows repeated inside one file are its own).
    """
    identity = frame[list(REPLY_IDENTITY)].astype(str)
    hashes = pd.util.hash_pandas_object(identity, index=False).to_numpy()
    rows = list(identity.itertuples(index=False, name=None))
    for digest, row, line in zip(hashes, rows, frame[_LINE], strict=True):
        first = seen.get(int(digest))
        if first is not None and first[2] == row:
            raise ResultsInputError(
                f"{label}:{line}: item_id: the reply to {row[3]!r} ({row[2]}, scorer "
                f"{row[6]}, epoch {row[5]}) is already in {first[0]}:{first[1]}; give each "
                "results table once, or every reply in both would count twice"
            )
    for digest, row, line in zip(hashes, rows, frame[_LINE], strict=True):
        seen.setdefault(int(digest), (label, int(line), row))
