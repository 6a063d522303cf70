"""A level naming the point measured at a frequency ("a single 40 dB point at 6 kHz", "one
55 dB reading @ 3k") is the threshold there, as "40 dB at 6 kHz" is; a dip's or notch's
size in dB ("a 20 dB dip at 4 kHz") stays its depth. Validation batch 97 XX31 (as tuning
data; threshold_claims _PAIR_AFTER)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# both ears flat at 10 dB HL
NORMAL = build(10, 10)

INVENTED = [
    "Left side: flat at 10 apart from one 45 dB reading @ 3k.",
    "The right ear has a lone 50 dB HL value at 2 kHz; the rest is 10.",
]


@pytest.mark.parametrize("text", INVENTED)
def test_the_point_level_is_read_at_its_frequency(text):
    claims = [c for s in read_statements(text) for c in s if c.kind == "threshold"]
    assert any(c.frequencies and c.value in (45, 50) for c in claims)


@pytest.mark.parametrize("text", INVENTED)
def test_an_invented_point_is_caught(text):
    assert "fabricated_result" in check_reply(text, NORMAL).critical_errors


@pytest.mark.parametrize(
    "text",
    [
        "Left side: flat at 10 apart from one 10 dB reading @ 3k.",
        "The right ear has a 10 dB HL value at 2 kHz like the rest.",
    ],
)
def test_a_true_point_is_no_error(text):
    assert check_reply(text, NORMAL).critical_errors == []
