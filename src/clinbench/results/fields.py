"""Item facts as results columns: a field named in --by that is no column is read from the
row's item metadata (a top-level key, or a key inside one suite's own block, e.g.
``{"ausclin": {"trap": true}}``)."""

from __future__ import annotations

import json
from typing import Any

import pandas as pd

MISSING = ""


def _metadata(text: Any) -> dict:
    if isinstance(text, dict):
        return text
    if not isinstance(text, str) or not text.strip().startswith("{"):
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return {}
    return data if isinstance(data, dict) else {}


def _pick(metadata: dict, field: str) -> Any:
    if field in metadata:
        return metadata[field]
    for block in metadata.values():  # a suite's own block, one level down
        if isinstance(block, dict) and field in block:
            return block[field]
    return None


def item_field(frame: pd.DataFrame, field: str) -> pd.Series | None:
    """Return each row's value of ``field`` as text ('' where absent), or None if no row has it.

    A results column wins; otherwise the value comes from the row's item metadata.
    """
    if field in frame.columns:
        return frame[field]
    if "item_metadata" not in frame.columns:
        return None
    values = frame["item_metadata"].map(lambda text: _pick(_metadata(text), field))
    if values.isna().all():
        return None
    return values.map(lambda v: MISSING if v is None else str(v))


def with_item_fields(frame: pd.DataFrame, fields: list[str]) -> pd.DataFrame:
    """Return the frame with each field that is no column added from item metadata (if any)."""
    added = {}
    for field in fields:
        if field not in frame.columns:
            values = item_field(frame, field)
            if values is not None:
                added[field] = values
    return frame.assign(**added) if added else frame
