"""The header line of a published item file: one JSON object carrying the bank's canary.

Written by :mod:`clinbench.curate.canary`; the item loader skips it when it is the first
line of a JSONL file, so a public file loads like any other item file.
"""

from __future__ import annotations

from typing import Any

CANARY_KEY = "clinbench_canary"


def is_canary_header(row: dict[str, Any]) -> bool:
    """Return True for the canary header object of a public JSONL file."""
    return CANARY_KEY in row and "format" not in row and "id" not in row
