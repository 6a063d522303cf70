"""Reply shapes expected in outside batches (long markdown answers, tables with ear rows or
columns, 'freq: R/L' lists, GP letters, comparisons between ears, region phrases, hedges,
recommendations with reasons), written for issue #15 after batch 6 on the validation
audiograms, each labelled before the checker ran on it.

Not an outside set: the checker was changed where these showed a misreading (see
NOTE3-15-audiogram3), so they guard those readings. Most are correct replies, which must
not be flagged; a few carry one error, which must be found.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clinbench.audiogram.check import check_reply

from .validation import cases

CASES = cases()
SHAPES = [
    json.loads(line)
    for line in (Path(__file__).parent / "reply_shapes.jsonl").read_text().splitlines()
]


@pytest.mark.parametrize("row", SHAPES, ids=[row["id"] for row in SHAPES])
def test_reply_shape(row):
    assert check_reply(row["reply"], CASES[row["case"]]).critical_errors == row["critical_errors"]
