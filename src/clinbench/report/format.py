"""Turning result tables into text: CSV and Markdown files, and cells for the HTML report.

Output is deterministic: the same table gives the same bytes (fixed float precision, no
timestamps), so an analysis can be re-run and diffed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from clinbench.io import write_csv

CSV_FLOAT = "%.10g"


def _is_pair(value) -> bool:
    return isinstance(value, list | tuple | np.ndarray) and len(value) == 2


def flatten(table: pd.DataFrame) -> pd.DataFrame:
    """Return the table with interval cells ([low, high]) split into `<col>_low`/`<col>_high`."""
    out = pd.DataFrame(index=table.index)
    for col in table.columns:
        values = table[col]
        if len(values) and values.map(_is_pair).all():
            out[f"{col}_low"] = values.map(lambda v: float(v[0]))
            out[f"{col}_high"] = values.map(lambda v: float(v[1]))
        else:
            out[col] = values
    return out.reset_index(drop=True)


def to_csv_text(table: pd.DataFrame) -> str:
    """Return the table as CSV text (intervals split, floats to 10 significant digits).

    Text cells are spreadsheet-safe (:func:`clinbench.io.write_csv`).
    """
    text = write_csv(flatten(table), None, float_format=CSV_FLOAT, lineterminator="\n")
    return str(text)


def _is_p_column(name: str) -> bool:
    lowered = str(name).lower()
    return lowered.startswith("p-") or lowered in ("p", "pval", "p-val", "p_bonferroni", "p-boot")


def format_value(column: str, value) -> str:
    """Return a cell as text: p-values to 3 significant digits, other floats to 3 decimals."""
    if value is None:
        return ""
    if _is_pair(value):
        return f"[{format_value(column, value[0])}, {format_value(column, value[1])}]"
    if isinstance(value, bool | np.bool_):
        return "yes" if value else "no"
    if isinstance(value, int | np.integer):
        return str(int(value))
    if isinstance(value, float | np.floating):
        v = float(value)
        if math.isnan(v):
            return "n/a"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        if _is_p_column(column):
            return "<0.001" if v < 0.001 else f"{v:.3g}"
        return f"{v:.3f}" if abs(v) < 1000 else f"{v:,.1f}"
    if value is pd.NA or value is pd.NaT:
        return ""
    return str(value)


def formatted_rows(table: pd.DataFrame) -> tuple[list[str], list[list[str]]]:
    """Return (column names, rows of formatted cell strings) for display."""
    columns = [str(c) for c in table.columns]
    rows = [
        [format_value(c, v) for c, v in zip(columns, row, strict=True)]
        for row in table.itertuples(index=False, name=None)
    ]
    return columns, rows


def to_markdown(table: pd.DataFrame, caption: str = "") -> str:
    """Return the table as a GitHub-flavoured Markdown table (hand-written: no extra dependency)."""
    columns, rows = formatted_rows(table)

    def esc(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    numeric = [
        pd.api.types.is_numeric_dtype(table[c]) and not pd.api.types.is_bool_dtype(table[c])
        for c in table.columns
    ]
    lines = []
    if caption:
        lines += [f"**{esc(caption)}**", ""]
    lines.append("| " + " | ".join(esc(c) for c in columns) + " |")
    lines.append("|" + "|".join("---:" if n else "---" for n in numeric) + "|")
    for row in rows:
        lines.append("| " + " | ".join(esc(c) for c in row) + " |")
    return "\n".join(lines) + "\n"


def numeric_columns(table: pd.DataFrame) -> Sequence[bool]:
    """Return, per column, whether it holds numbers (for right-aligning cells)."""
    return [
        pd.api.types.is_numeric_dtype(table[c]) and not pd.api.types.is_bool_dtype(table[c])
        for c in table.columns
    ]


def interval_text(value: str, interval: str) -> str:
    """Return 'value [low, high]' at the precision the interval supports.

    Decimals are chosen so that the interval's half-width shows its leading digit and one
    more at most (a half-width of 6.8 gives 69.8 [63.0, 76.7]; 0.22 gives 0.31 [0.13, 0.58]),
    never more than the 3 the table was formatted with. Cells that are not numbers stay.
    """
    import math
    import re

    numbers = re.findall(r"-?\d+(?:\.\d+)?", interval)
    try:
        centre, low, high = float(value), float(numbers[0]), float(numbers[1])
    except (ValueError, IndexError):
        return f"{value} {interval}"
    half = (high - low) / 2
    decimals = 3 if half <= 0 else min(3, max(0, 1 - math.floor(math.log10(half))))
    return f"{centre:.{decimals}f} [{low:.{decimals}f}, {high:.{decimals}f}]"
