"""'Normal hearing', then a colon and the reasons ("Normal hearing in both ears: the averages
are 13.75 and 15 dB HL") says no loss without exception: the averages after the colon are
its grounds, not a limit of it; an exception there still limits it (issue #26, validation
batch 30 VG42: a bilateral 6 kHz sensorineural notch called normal hearing)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _no_loss(text: str) -> list[tuple]:
    return [c.ears for cl in read_statements(text) for c in cl if c.kind == "no_loss"]


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        ("Normal hearing in both ears: the averages are 13.75 and 15 dB HL.",
         [("right", "left")]),
        ("Normal hearing in both ears: PTA 10 right, 12 left.", [("right", "left")]),
        # near misses: an exception after the colon, an average before it, a normal average
        ("Normal hearing in both ears: except a dip at 6 kHz.", []),
        ("Average 15 in both ears: normal hearing.", []),
        ("Normal hearing in both ears, the averages are 13.75 and 15 dB HL.", []),
        ("PTA within normal limits in both ears.", []),
    ],
)  # fmt: skip
def test_reasons_after_colon_do_not_limit(text, claims):
    assert _no_loss(text) == claims


def test_notch_called_normal_end_to_end():
    """A bilateral 6 kHz notch (sensorineural) with normal averages."""
    audiogram = build(
        {250: 10, 500: 10, 1000: 10, 2000: 10, 3000: 15, 4000: 25, 6000: 40, 8000: 20},
        {250: 10, 500: 5, 1000: 10, 2000: 15, 3000: 20, 4000: 30, 6000: 45, 8000: 25},
        right_bone={500: 5, 1000: 10, 2000: 10, 4000: 25},
        left_bone={500: 5, 1000: 10, 2000: 10, 4000: 25},
    )
    reply = "Normal hearing in both ears: the averages are 13.75 dB HL (right) and 15 (left)."
    assert check_reply(reply, audiogram).critical_errors == ["type_misclassification"]
    fair = "The averages are normal in both ears (13.75 and 15), with a notch at 6 kHz."
    assert check_reply(fair, audiogram).critical_errors == []


def test_reasons_reading_is_linear():
    def cost(n):
        text = "Normal hearing in both ears: " + "the averages are 13.75 and 15, " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(400)
    big_size, big = cost(1600)
    assert big_size >= 48_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
