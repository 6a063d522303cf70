"""A frequency, the conduction it was measured in, then its level in brackets or after a
colon ("3000 Hz measured in bone conduction (15 dB)", "250 Hz air conduction: 40 dB") is that
conduction's threshold at the frequency (threshold_claims._PAIR_BEFORE). A frequency in the
brackets ("8000 Hz measured in air conduction (500 Hz)") is no level. Issue #26 batch 135,
the replies of a small local model; wording of our own. The conduction alone in brackets
after the frequency ("1000 Hz (bone conduction) is 25 dB HL") names the conduction of that
frequency's level, and no further level's (lexicon.conduction_marks; batch 160)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields

AIR_ONLY = build({250: 20, 500: 25, 1000: 30, 2000: 35, 4000: 40, 8000: 45})
WITH_BONE = build(
    {250: 20, 500: 25, 1000: 30, 2000: 35, 4000: 40, 8000: 45},
    right_bone={500: 20, 1000: 25, 2000: 30},
    left_bone={500: 20, 1000: 25, 2000: 30},
)


def _read(text: str) -> list[tuple]:
    return claim_fields(text, "value", "conduction", "frequencies",
                        kinds=("threshold", "bone_threshold"))  # fmt: skip


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("1000 Hz measured in bone conduction (25 dB).", [(25, "bone", (1000,))]),
        ("At 2 kHz bone conduction: 30 dB HL.", [(30, "bone", (2000,))]),
        ("250 Hz measured in air conduction (20 dB).", [(20, "air", (250,))]),
        ("4000 Hz tested by air conduction (40 dB HL).", [(40, "air", (4000,))]),
    ],
)
def test_the_level_after_a_frequency_and_its_conduction_is_its_threshold(text, read):
    assert _read(text) == read


@pytest.mark.parametrize(
    "text",
    [
        "8000 Hz measured in air conduction (500 Hz).",
        "The 4 kHz result was reviewed; air conduction (a headphone check) was fine.",
    ],
)
def test_no_level_in_the_brackets_is_no_threshold(text):
    assert _read(text) == []


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("3000 Hz measured in bone conduction (15 dB).", WITH_BONE, True),
        ("1000 Hz measured in bone conduction (15 dB).", AIR_ONLY, True),
        ("250 Hz measured in air conduction (60 dB).", AIR_ONLY, True),
        ("1000 Hz measured in bone conduction (25 dB).", WITH_BONE, False),
        ("250 Hz measured in air conduction (20 dB).", AIR_ONLY, False),
    ],
)
def test_judged_at_its_frequency_and_conduction(reply, case, errors):
    assert bool(check_reply(reply, case).critical_errors) is errors


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("1000 Hz (bone conduction) is 25 dB HL.", [(25, "bone", (1000,))]),
        ("2 kHz (bone conduction) was about 30 dB HL.", [(30, "bone", (2000,))]),
        # the bracket names only its own frequency's conduction: the next level is air again
        (
            "1 kHz (bone conduction) is 25 dB HL and 8 kHz is 45 dB HL.",
            [(25, "bone", (1000,)), (45, "air", (8000,))],
        ),
    ],
)
def test_a_bracketed_conduction_after_a_frequency_is_its_levels(text, read):
    assert _read(text) == read


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("500 Hz (bone conduction) is approximately 60 dB HL.", WITH_BONE, True),
        ("500 Hz (bone conduction) is approximately 20 dB HL.", WITH_BONE, False),
    ],
)
def test_a_bracketed_conduction_is_judged_in_that_conduction(reply, case, errors):
    assert bool(check_reply(reply, case).critical_errors) is errors
