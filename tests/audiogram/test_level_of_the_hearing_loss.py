"""A level given as the hearing loss's own ("the patient's hearing loss is approximately 120 dB
HL", "a hearing loss of 50 dB in the right ear") is the air-conduction level the ear's
thresholds lie at, read as a whole-ear level of the ear named, or with no ear named of either
ear (threshold_claims.LOSS_LEVEL): wrong (fabricated) when no threshold comes within the dB
tolerance of it. Not a bound ("25 dB HL or more"), a change ("20 dB worse"), a level at a
frequency, or a loss of another name ("a conductive loss of 30 dB": its gap) (issue #26 batch
117, the replies of a small local model). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import LOSS_LEVEL, threshold_claims

from .conftest import build

# right: a moderate loss, 45-55 dB HL; left: normal, 10 dB HL
RIGHT_MODERATE = build({250: 45, 500: 45, 1000: 50, 2000: 50, 4000: 55, 8000: 55}, 10)


def _loss_levels(low: str, ear: str | None = None) -> list[tuple]:
    return [(c.ears, c.value) for c in threshold_claims(low, ear, False) if LOSS_LEVEL in c.rules]


@pytest.mark.parametrize(
    ("clause", "ear", "level"),
    [
        ("the patient's hearing loss is approximately 120 db hl", None, ((), 120)),
        ("a hearing loss of 50 db", "right", (("right",), 50)),
        ("her hearing loss measured at 35 db hl", "left", (("left",), 35)),
        ("his hearing loss was about 60 db", None, ((), 60)),
    ],
)
def test_the_level_of_the_hearing_loss_is_read(clause, ear, level):
    assert _loss_levels(clause, ear) == [level]


@pytest.mark.parametrize(
    "clause",
    [
        "a hearing loss of 25 db hl or more in the better ear qualifies",
        "hearing loss of 40 db at 4 khz",
        "the hearing loss is 20 db worse than last year",
        "a conductive loss of 30 db",
        "noise-induced hearing loss is a risk above 85 db",
        "the hearing loss is 40 db in the high frequencies",
    ],
)
def test_a_bound_a_change_a_placed_level_or_another_loss_is_not(clause):
    assert _loss_levels(clause) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The patient's hearing loss is approximately 120 dB HL.", ["fabricated_result"]),
        ("The hearing loss is about 50 dB HL.", []),  # the right ear's level
        ("The right ear has a hearing loss of 50 dB.", []),
        ("The left ear has a hearing loss of 50 dB.", ["laterality_confusion"]),
        ("The right ear has a hearing loss of 90 dB HL.", ["fabricated_result"]),
    ],
)
def test_it_is_judged_as_the_ears_level(reply, errors):
    assert check_reply(reply, RIGHT_MODERATE).critical_errors == errors
