"""Lines parted by bars that each open with an ear's letter ("R air 40 flat | bone 35 | PTA
40", then "L ...") are each ear's own record, not a table whose first line heads the columns:
the first line is read as the right ear's, not as the headings of the left's cells (tables
with frequency columns are read as before). Validation batch 108 YI04 (as tuning data;
notation _table_sentences)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# right flat 50 dB HL (bone 45-50: sensorineural), left flat 10 dB HL (bone 10)
RIGHT_LOSS = build(
    50,
    10,
    right_bone={500: 45, 1000: 50, 2000: 50, 4000: 45},
    left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
)


@pytest.mark.parametrize(
    "text",
    [
        "Rt AC 50 flat | BC 45-50 | 4FA 50\nLt AC 10 flat | BC 10 | within normal limits",
        "Right: air 50 across the range | PTA 50 dB HL | sensorineural\n"
        "Left: air 10 across the range | PTA 10 dB HL | normal",
    ],
)
def test_each_barred_line_is_its_ears_record(text):
    result = check_reply(text, RIGHT_LOSS)
    assert result.critical_errors == []
    averages = {(f.ear, f.claimed) for f in result.findings if f.kind == "pta"}
    assert ("left", 50.0) not in averages
