"""Findings in words (issue 31 item 6): sorted by the headline value within each table with
floor baselines as reference lines under the models, numbers at the precision their interval
supports, and each table's finding as a sentence carrying its number."""

from __future__ import annotations

import pandas as pd
import pytest

from clinbench.report.format import interval_text
from clinbench.report.headline import REFERENCE_ROLE, best_first, finding_sentence


@pytest.mark.parametrize(
    ("value", "interval", "expected"),
    [
        ("69.837", "[63.012, 76.662]", "69.8 [63.0, 76.7]"),  # half-width 6.8: one decimal
        ("0.308", "[0.127, 0.576]", "0.31 [0.13, 0.58]"),  # 0.22: two decimals
        ("0.947", "[0.940, 0.953]", "0.947 [0.940, 0.953]"),  # 0.0065: three (the most)
        ("81.733", "[41.000, 99.000]", "82 [41, 99]"),  # 29: whole numbers
        ("n/a", "[0.1, 0.2]", "n/a [0.1, 0.2]"),  # not a number: left as it is
    ],
)
def test_interval_text_precision_follows_the_interval(value, interval, expected):
    assert interval_text(value, interval) == expected


def _table() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "condition": ["blind", "rule", "blind", "rule"],
            "model": ["clinbench/chance", "org/a", "org/b", "org/c"],
            "role": ["floor baseline", "", "", ""],
            "value": [0.9, 0.5, 0.8, 0.6],
            "CI95%": [(0.8, 0.95), (0.3, 0.7), (0.6, 0.9), (0.4, 0.8)],
            "n": [25, 25, 25, 25],
        }
    )


def test_best_first_by_value_with_baselines_as_reference_lines():
    ordered = best_first(_table())
    assert list(ordered["model"]) == ["org/b", "org/c", "org/a", "clinbench/chance"]
    assert list(ordered["role"]) == ["", "", "", REFERENCE_ROLE]


def test_the_finding_is_a_sentence_with_its_number():
    sentence = finding_sentence("ausclin", "accuracy (answered items)", best_first(_table()))
    assert sentence == (
        "Best on clinical policy questions: org/b, under closed book, "
        "accuracy 0.80 [0.60, 0.90], n = 25."
    )
    floor_only = best_first(_table().iloc[[0]])
    assert "no model beyond the floor baselines" in finding_sentence("ausclin", "accuracy",
                                                                     floor_only)  # fmt: skip
