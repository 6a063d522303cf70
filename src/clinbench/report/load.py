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
    for source in sources:
        path = Path(source)
        try:
            frame = read_results([path])
        except ResultsFileError as exc:
            where = f" line {exc.line}: field {exc.field!r}:" if exc.field != "-" else ""
            raise ResultsInputError(f"{path}:{where} {exc.message}") from exc
        frames.append(_check(frame, str(path)))
        inputs.append({"file": str(source), "rows": len(frame), "sha256": file_digest(path)})
    if not frames:
        raise ResultsInputError("no results files given")
    return pd.concat(frames, ignore_index=True), inputs
