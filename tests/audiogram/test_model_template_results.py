"""Levels a small model writes in broken copies of its input's template, read as any
clinician reads them: a level after "Hz;" where the template's colon stood, even with its
own bracketed mark and a full stop after it ("6000 Hz; 45 dB (masked)."); a conduction of
an ear as the subject of a level ("the bone conduction of your right ear was 30 dB HL").
Issue #26, batch 140 (real-model text; notation._FREQUENCY_SEMICOLON_LEVEL,
threshold_claims._CONDUCTION_SUBJECT). Near miss that must not read: a level with a
frequency of its own after it. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise
from clinbench.audiogram.statements import read_statements

from .conftest import build

CASE = build(40, 20, right_bone={500: 35, 1000: 35, 2000: 40, 4000: 40}, bone_masked=True)


def _claims(text: str) -> list[tuple]:
    return [(c.kind, c.ears, c.value, c.frequencies, c.conduction)
            for cl in read_statements(normalise(text)) for c in cl]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        (
            "Left ear, air conduction: 1000 Hz; 25 dB HL (unmasked); 2000 Hz; 20 dB HL",
            ("threshold", ("left",), 25, (1000,), "air"),
        ),
        (
            "Right ear, bone conduction: 3000 Hz; 55 dB (masked).",
            ("threshold", ("right",), 55, (3000,), "bone"),
        ),
    ],
)
def test_a_level_after_hz_and_a_semicolon_is_that_frequency_s(text, claim):
    assert claim in _claims(text)


def test_a_level_with_a_frequency_of_its_own_keeps_it():
    claims = _claims("Right ear: 2000 Hz; 45 dB HL at 3000 Hz (masked).")
    assert not any(c[3] == (2000,) for c in claims)


@pytest.mark.parametrize(
    ("text", "ear", "level"),
    [
        ("The bone conduction of her left ear was 35 dB HL.", "left", 35),
        ("Bone conduction in the right ear is about 40 dB HL.", "right", 40),
    ],
)
def test_a_conduction_of_an_ear_as_the_subject_of_a_level(text, ear, level):
    assert ("bone_level", (ear,), level, (), "bone") in _claims(text)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The bone conduction of your right ear was 60 dB HL.", ["fabricated_result"]),
        ("The bone conduction of your right ear was 35 dB HL.", []),
    ],
)
def test_the_readings_are_judged(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors


@pytest.mark.parametrize(
    ("text", "ear", "level"),
    [
        ("Right ear, bone conduction: 37.5 dB", "right", 37.5),
        ("Left ear, bone conduction: 12.4 dB HL (masked)", "left", 12.4),
    ],
)
def test_a_decimal_level_on_an_ear_s_conduction_line(text, ear, level):
    assert ("bone_level", (ear,), level, (), "bone") in _claims(text)


def test_a_decimal_level_on_a_conduction_line_without_db_is_not_read():
    assert _claims("Left ear, bone conduction: 12.4 kHz region") == []
