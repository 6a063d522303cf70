"""An ear named the worse (or better) one, a spaced dash, then figures ("the RIGHT is the worse
ear - 4FA 45, moderate, falling to 60 dB at 4 kHz"): the average, grade and levels after the
statement are that ear's, as after a colon or a comma; they are not carried from an ear named
earlier. Batch 112 YM16 (and 100 YA16, 115 YP16) as tuning data (lexicon.WORSE_NAMED)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build


def _ears_read(text: str) -> dict[str, set]:
    out: dict[str, set] = {}
    for part in read_statements(text):
        for c in part:
            out.setdefault(c.kind, set()).add(c.ears)
    return out


@pytest.mark.parametrize(
    ("text", "ear"),
    [
        ("Sensorineural in both ears; the RIGHT is the worse ear - 4FA 45, moderate.", "right"),
        ("Both ears affected. The left ear is the poorer one \u2013 PTA 52, moderately severe.",
         "left"),
        ("Bilateral loss: the right is the worse \u2014 PTA 48 dB HL, moderate.", "right"),
    ],
)  # fmt: skip
def test_the_figures_after_the_dash_are_that_ears(text, ear):
    read = _ears_read(text)
    assert read["pta"] == {(ear,)}
    assert read["degree"] == {(ear,)}
    assert read["worse_ear"] == {(ear,)}


def test_a_comparison_with_the_other_ear_named_is_not_this_shape():
    # "worse than the left": the ear compared is not carried on by this rule
    read = _ears_read("Bilateral loss. The right is worse than the left - PTA 45, moderate.")
    assert read.get("worse_ear", set()) != {("left",)}
    assert ("left",) not in read.get("degree", set())


def test_judged_as_that_ears_figures():
    # the left is the worse ear: the reply gives its figures to the right
    audiogram = build(
        {250: 15, 500: 20, 1000: 25, 2000: 30, 4000: 40, 8000: 45},
        {250: 30, 500: 40, 1000: 45, 2000: 50, 4000: 60, 8000: 65},
    )
    result = check_reply(
        "Sensorineural in both ears: the RIGHT is the worse ear - 4FA 45, moderate, "
        "60 dB at 4 kHz.",
        audiogram,
    )
    assert result.critical_errors == ["laterality_confusion"]
    assert {(f.kind, f.ear) for f in result.findings if f.verdict == "contradiction"} >= {
        ("pta", "right"),
        ("degree", "right"),
        ("threshold", "right"),
    }
