"""Slashed levels followed by their slashed frequencies in brackets, one unit for all ("AC
50/45/40/60 (0.5/1/2/4 kHz)", a leading point for a fraction of a kHz: "(.25/.5/1k)"): each
level is the threshold at the frequency in its place (batch 61: a ward note's audiogram line).
Wording of our own; lists whose counts differ are left alone."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.notation import normalise
from clinbench.audiogram.statements import read_statements

from .conftest import build

RIGHT_LOSS = build(
    {250: 50, 500: 45, 1000: 40, 2000: 45, 3000: 50, 4000: 60, 6000: 60, 8000: 60},
    10,
)  # right moderate loss, left normal


def thresholds(text: str) -> dict[int, tuple[int, str]]:
    return {
        c.frequencies[0]: (c.value, c.conduction)
        for part in read_statements(without_unclaimed(normalise(text))) for c in part
        if c.kind == "threshold"
    }  # fmt: skip


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Rt ear: AC 50/45/40 (.25/.5/1k).", {250: 50, 500: 45, 1000: 40}),
        ("Right 40/45/60 (1/2/4 kHz) on air.", {1000: 40, 2000: 45, 4000: 60}),
        ("R: BC 10/15/20/25 (0.5/1/2/4k)", {500: 10, 1000: 15, 2000: 20, 4000: 25}),
    ],
)
def test_each_level_is_at_the_frequency_in_its_place(text, expected):
    assert {f: v for f, (v, _) in thresholds(text).items()} == expected


def test_a_bone_list_stays_bone():
    assert {c for _, c in thresholds("R: BC 10/15/20 (0.5/1/2k)").values()} == {"bone"}


def test_counts_that_differ_are_left_alone():
    assert thresholds("Right 40/45/60 (1/2 kHz).") == {}


@pytest.mark.parametrize(
    "reply",
    [
        "R: AC 50/45/40/45/90 (.25/.5/1/2/4k). L normal, 10 across.",
        "Right ear 40/45/90 (1/2/4 kHz); left 10 dB HL throughout.",
    ],
)
def test_a_wrong_level_in_such_a_list_is_found(reply):
    assert "fabricated_result" in check_reply(reply, RIGHT_LOSS).critical_errors


def test_a_right_list_flags_nothing():
    reply = "R: AC 50/45/40/45/60 (.25/.5/1/2/4k), moderate. L: normal, 10 across."
    assert check_reply(reply, RIGHT_LOSS).critical_errors == []
