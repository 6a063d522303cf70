"""An ear said to be (essentially) normal claims no loss in that ear. "Your right ear is
essentially normal" said of a sensorineural ear with a PTA of 27.5 dB HL and bone at 30-40 dB
HL is a type error: WHO 2021 grades 20 dB HL and worse as a loss, and the README's labelling
rules call an ear whose bone conduction types a loss sensorineural, not normal ('essentially'
hedges nothing away: the README's hedge rules read "essentially normal" as normal). Judged as
"normal hearing" said without exception is: only where the ear's average hides a loss (near
normal, two or more air thresholds past 20 dB HL, bone typing it). Where the reply has just
said the loss is one-sided ("Unilateral right notch; the left ear is normal"), the normal ear
restates that laterality claim and is not judged again (issue #26, batch 30 VG40; holdout
H29). Hedged 'essentially', it allows a departure outside a normal average (a notch at 6 kHz
beside normal averages), so it is wrong only where the average itself is past normal."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost

# right: mild sensorineural, PTA 27.5 (15/20/30/45), bone following air; left normal
RIGHT_MILD_SNHL = build(
    {250: 15, 500: 15, 1000: 20, 2000: 30, 3000: 40, 4000: 45, 8000: 50},
    {250: 10, 500: 10, 1000: 10, 2000: 10, 3000: 10, 4000: 10, 8000: 10},
    right_bone={500: 15, 1000: 20, 2000: 30, 4000: 40},
    left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
    bone_masked=True,
)
# bilateral notch, right and left near normal averages
NOTCH_BOTH = build(
    {250: 10, 500: 10, 1000: 10, 2000: 20, 3000: 40, 4000: 55, 6000: 45, 8000: 25},
    {250: 10, 500: 10, 1000: 10, 2000: 15, 3000: 35, 4000: 50, 6000: 45, 8000: 20},
    right_bone={500: 5, 1000: 5, 2000: 15, 4000: 50},
    left_bone={500: 10, 1000: 10, 2000: 15, 4000: 50},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("Your right ear is essentially normal. Your left ear hears normally too.",
         RIGHT_MILD_SNHL, ["type_misclassification"]),
        ("Your right ear is essentially normal.", RIGHT_MILD_SNHL, ["type_misclassification"]),
        ("Right ear: normal.", RIGHT_MILD_SNHL, ["type_misclassification"]),
        # near misses: the right ear named with its loss; the normal ear is normal; a
        # hedge that allows departures; a one-sided claim the normal ear restates
        ("Right ear: mild sensorineural loss. Left ear: normal.", RIGHT_MILD_SNHL, []),
        ("Your left ear is essentially normal.", RIGHT_MILD_SNHL, []),
        ("Your right ear is near normal for your age.", RIGHT_MILD_SNHL, []),
        # 'essentially' allows a departure outside a normal average (a 6 kHz notch), not an
        # abnormal one (batch 7 rule rows, V54)
        ("Unilateral right noise-induced notch; the left ear is normal.", NOTCH_BOTH,
         ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_ear_said_normal(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors


def test_the_claim_is_read_with_its_rule():
    claims = [c for cl in read_statements("Your right ear is essentially normal.") for c in cl]
    assert [(c.kind, c.ears, c.rules) for c in claims] == [
        ("degree", ("right",), ("normal hearing",)),
        (
            "no_loss",
            ("right",),
            ("normal without exception", "ear said normal", "essentially normal"),
        ),
    ]


def test_ear_said_normal_reading_is_linear():
    def cost(n):
        text = "your right ear is essentially normal, the left ear is normal; " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
