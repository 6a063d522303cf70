"""A tuning-fork result on a clinical note's examination line ("O/E: ... Rinne negative L,
Weber to L", "On examination - Rinne +ve bilaterally") is the examiner's own bedside test,
done at the examination, not a result read off the audiogram: no claim, so not invented
(batch 61: emergency and ward notes). Wording of our own; a tuning-fork result given as the
audiogram's, outside an examination line, stays a claim."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.statements import read_statements

from .conftest import build

LEFT_SNHL = build(
    10,
    {250: 55, 500: 60, 1000: 65, 2000: 65, 3000: 70, 4000: 70, 6000: 70, 8000: 70},
    left_bone={500: 55, 1000: 60, 2000: 60, 4000: 65},
    bone_masked=True,
)  # left moderately severe to severe sensorineural, right normal


def forks(text: str) -> list[str]:
    return [
        c.value for part in read_statements(without_unclaimed(text)) for c in part
        if c.kind == "tuning_fork"
    ]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "O/E: ear canals clear, Rinne positive both sides, Weber lateralised to the right.",
        "On examination - drums intact. Rinne +ve bilaterally. Weber localises R.",
        "Exam: Weber central; Rinne positive on the left.",
    ],
)
def test_forks_on_the_examination_line_are_no_claim(text):
    assert forks(text) == []


def test_forks_given_as_the_tests_result_stay():
    assert forks("Hearing test: Rinne negative on the left, conductive picture.") != []


@pytest.mark.parametrize(
    "reply",
    [
        "ED note, 60M, sudden L hearing loss.\nO/E: TMs normal. Rinne positive both sides, "
        "Weber lateralised to the right.\nAudio: L 55-70 dB HL, bone 55-65, SNHL. R normal.",
        "On examination - drums intact, Rinne +ve bilaterally.\n"
        "Audiogram: left sensorineural loss (55-70 dB HL); right 10 dB HL.",
    ],
)
def test_a_note_with_bedside_forks_flags_nothing(reply):
    assert check_reply(reply, LEFT_SNHL).critical_errors == []
