"""Which columns of a table identify its rows, and lifting one-value key columns into the title.

The terminal tables (``clinbench.cli.console``) and the HTML report read the same rules
from here. pandas is imported by the caller (kept out of import time: ``--help`` stays fast).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

# Columns whose values are model names: shortened to labels in the text table.
MODEL_COLUMNS = ("model", "models", "best model", "best_model", "judge", "judge model",
                 "judge_a", "judge_b")  # fmt: skip
# Columns that identify a row (never cut, never wrapped), besides model columns.
KEY_COLUMNS = ("suite", "task", "scenario", "condition", "format", "scorer", "question",
               "domain", "item_id", "item", "version", "source", "group")  # fmt: skip


def numeric_column(series: pd.Series) -> bool:
    """Return whether a column holds numbers (booleans are not numbers here)."""
    import pandas as pd

    return pd.api.types.is_numeric_dtype(series) and not pd.api.types.is_bool_dtype(series)


def key_columns(frame: pd.DataFrame) -> list[str]:
    """Return the identifying columns: model and key names, and text columns before any number."""
    keys = []
    seen_number = False
    for column in frame.columns:
        name = str(column)
        if numeric_column(frame[column]):
            seen_number = True
            continue
        if name.lower() in MODEL_COLUMNS or name.lower() in KEY_COLUMNS:
            keys.append(name)
        elif not seen_number:
            lengths = frame[column].astype(str).str.len()
            if len(lengths) == 0 or lengths.max() <= 40:
                keys.append(name)
    return keys


def lift_constant_keys(
    frame: pd.DataFrame, title: str, keep: Sequence[str] = ()
) -> tuple[pd.DataFrame, str]:
    """Return the table without key columns that hold one value, named in the title instead.

    ('suite: audiology' in the title rather than a column repeating it on every row.)
    """
    if len(frame) == 0:
        return frame, title
    lifted: dict[str, str] = {}
    for column in key_columns(frame):
        if column in keep or (len(frame) == 1 and column.lower() in MODEL_COLUMNS):
            continue  # a one-row table keeps its model: the row says whose it is
        values = frame[column].astype(str).unique()
        if len(values) == 1 and values[0] not in ("", "nan", "<NA>", "None"):
            lifted[column] = f"{column.replace('_', ' ')}: {values[0]}"
    if not lifted or len(lifted) == len(frame.columns):
        return frame, title
    frame = frame[[c for c in frame.columns if str(c) not in lifted]]
    named = "; ".join(lifted.values())
    if title.endswith(")") and " (" in title:  # already lifted once: one parenthesis
        return frame, f"{title[:-1]}; {named})"
    return frame, f"{title} ({named})" if title else named
