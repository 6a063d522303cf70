"""An ear named as the poorer (or better) one, compared with nothing named, is the subject of
what follows: "The right ear is the poorer one, with thresholds of 50 dB at 2 kHz" and "The
left is clearly worse: 30 dB at 500 Hz ..., moderate" give their values and grade to that ear
(issue #26, validation batch 12, used as tuning data). A comparison with the other ear ("worse
than the left, ...") still carries no ear on."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build


def _ears_of(text, kind):
    return [c.ears for clause in read_statements(text) for c in clause if c.kind == kind]


READING = [
    ("The right ear is the poorer one, with thresholds of 50 dB at 2 kHz.", "threshold",
     [("right",)]),
    ("The left is clearly worse: 30 dB at 500 Hz, average 45 dB, moderate.", "degree",
     [("left",)]),
    ("The left ear is better, with a mild loss only.", "degree", [("left",)]),
    # near misses: a comparison with the other ear named carries no ear on
    ("The right ear is poorer than the left, with thresholds of 50 dB at 2 kHz.", "threshold",
     [()]),
    ("The right is worse by 15 dB, with a moderate loss.", "degree", [()]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "kind", "ears"), READING, ids=[r[0] for r in READING])
def test_reading(text, kind, ears):
    assert _ears_of(text, kind) == ears


LEFT_WORSE = build(
    {250: 15, 500: 15, 1000: 20, 2000: 25, 4000: 40, 8000: 45},
    {250: 25, 500: 30, 1000: 40, 2000: 50, 4000: 60, 8000: 65},
)  # PTA right 25 (mild), left 45 (moderate)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The right is mild. The left is clearly worse: 30 dB at 500 Hz, 40 at 1 kHz, 50 at "
         "2 kHz and 60 at 4 kHz, average 45 dB, moderate.", []),
        ("Both ears slope. The right ear is the poorer one, with thresholds of 50 dB at 2 kHz "
         "and 60 dB at 4 kHz; the left ear is only mildly affected.", ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, LEFT_WORSE).critical_errors == errors
