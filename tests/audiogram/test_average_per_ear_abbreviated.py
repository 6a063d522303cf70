"""Each ear's average written in one phrase with the ears as tags ("4FA R 25 / L 45",
"PTA 30 (R) and 55 (L)"): the abbreviations 4FA, 3FA, PTA4 and PTA-3
name an average as "PTA" does (WHO 2021 four-frequency average, as forms and registries
name their fields), a tag before or in brackets after a value names that value's ear, and a
slash between the two ears' values is a list's comma; a value that ends its sentence is
still whole (issue #26, validation batch 84 as tuning data; the wording here is new, not
the batch's)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# right flat 20 dB HL (average 20); left 50/60/65/75 at 0.5/1/2/4 kHz (average 62.5)
CASE = build(20, {250: 45, 500: 50, 1000: 60, 2000: 65, 3000: 70, 4000: 75, 6000: 75, 8000: 80})

REPLIES = [
    "Results today, 4FA: Rt 20 / Lt 62.5 dB HL.",
    "PTA-4: R 20, L 62.5.",
    "Her pure-tone averages: 20 (R) and 62.5 (L).",
]


def _averages(text: str) -> list[tuple]:
    return [
        (c.ears, c.value) for claims in read_statements(text) for c in claims if c.kind == "pta"
    ]


@pytest.mark.parametrize(
    "text",
    ["4FA Rt 20 / Lt 62.5.", "PTA-4: R 20, L 62.5.", "Averages 20 (R) and 62.5 (L).",
     "PTA 20 (right) and 62.5 (left)", "pta4 right 20 and left 62.5."],
)  # fmt: skip
def test_each_tagged_value_is_its_ears_average(text):
    assert sorted(_averages(text)) == [(("left",), 62.5), (("right",), 20.0)]


def test_the_digit_of_the_name_is_no_average():
    assert _averages("PTA4_R recomputed, no change.") == []


@pytest.mark.parametrize("reply", REPLIES)
def test_each_ear_keeps_its_average(reply):
    assert check_reply(reply, CASE).critical_errors == []
    swapped = reply.replace("20", "XX").replace("62.5", "20").replace("XX", "62.5")
    assert check_reply(swapped, CASE).critical_errors != []
