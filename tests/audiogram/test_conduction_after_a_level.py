"""One level with no frequency whose phrase ends with the conduction it was measured in ("16
dB HL in air", "20 dB HL (bone conduction)", "30 dB HL by bone conduction") is that
conduction's whole-ear level (threshold_claims._CONDUCTION_AFTER), of the ear named or, with
no ear named, of either ear, as one after its conduction is ("air conduction 16 dB HL"). The
person's hearing is this patient's ("the person's hearing is ...", lexicon
THRESHOLD_LABEL_WORDS). A gap between the conductions and a level at a frequency are not
read so. Issue #26 batch 135, the replies of a small local model; wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields

LOSS = build(80, 75, right_bone={500: 45, 1000: 50}, left_bone={500: 45, 1000: 50})


def _levels(text: str) -> list[tuple]:
    return claim_fields(text, "ears", "value", "conduction", "frequencies",
                        kinds=("threshold_range",))  # fmt: skip


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("The person's hearing is about 16 dB HL in air.", [((), 16, "air", ())]),
        ("Hearing is 20 dB HL (bone conduction).", [((), 20, "bone", ())]),
        ("The right ear is 45 dB HL by bone conduction.", [(("right",), 45, "bone", ())]),
        (
            "Her hearing is 70 dB HL in air and 40 dB HL (bone conduction).",
            [((), 70, "air", ()), ((), 40, "bone", ())],
        ),
    ],
)
def test_a_level_with_its_conduction_after_is_that_conductions_level(text, read):
    assert _levels(text) == read


@pytest.mark.parametrize(
    "text",
    [
        "A gap of 30 dB (air-bone) on the right.",
        "There is a 25 dB difference between air and bone.",
        "The person's hearing is 40 dB HL in air at 4 kHz.",
    ],
)
def test_a_gap_or_a_level_at_a_frequency_is_no_whole_ear_level(text):
    assert all(freqs for *_, freqs in _levels(text))


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The person's hearing is approximately 16 dB HL in air.", True),
        ("The person's hearing is 20 dB HL (bone conduction).", True),
        ("The person's hearing is about 80 dB HL in air.", False),
        ("The person's hearing is 45 dB HL (bone conduction).", False),
    ],
)
def test_judged_against_either_ears_thresholds(reply, errors):
    assert bool(check_reply(reply, LOSS).critical_errors) is errors
