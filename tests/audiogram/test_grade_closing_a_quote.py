"""A grade word that closes a quoted classification ("the coding line reads 'mixed loss,
severe'") grades the loss the quotation names, as it does unquoted: the closing quotation mark
ends the quotation, not the reading (issue #26 batch 105, an audit quoting its spreadsheet's
summary line; used as tuning data). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build
from .conftest import degree_values as degrees

PROFOUND = build(110)  # no ear better than 110 dB HL: profound, or complete, both ears


@pytest.mark.parametrize(
    "text",
    [
        "The discharge coding reads 'sensorineural hearing loss, mild'.",
        'Outcome field on the form: "bilateral SNHL, mild"',
        "His referral letter put it as \u201cmixed loss, mild\u201d.",
    ],
)
def test_grade_before_a_closing_quote_is_read(text):
    assert degrees(text) == ["mild"]


@pytest.mark.parametrize(
    "text",
    [
        "The discharge coding reads 'sensorineural hearing loss, mild'.",
        'Outcome field on the form: "bilateral SNHL, mild"',
    ],
)
def test_quoted_grade_is_judged(text):
    assert check_reply(text, PROFOUND).critical_errors == ["severity_misclassification"]


def test_quoted_grade_that_fits_is_no_error():
    text = "The discharge coding reads 'sensorineural hearing loss, profound'."
    assert check_reply(text, PROFOUND).critical_errors == []
