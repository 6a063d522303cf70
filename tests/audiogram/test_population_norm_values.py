"""A population's value is no threshold of this ear: a percentile ("P90 at 4 kHz = 40 dB",
"the 50th centile for her age is 25 dB at 4 kHz"), a median or an age norm ("ISO 7029
median, men of 70: about 45 dB at 4 kHz") gives the thresholds of otologically normal
people of that age and sex (ISO 7029:2017), a reference the patient is set against, not a
result; a value where the patient or an ear is named after the norm is the patient's
(issue #26, batch 90, used as tuning data). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import population_value
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost

LEVELS = ("threshold", "threshold_range")


def levels(text: str) -> list[tuple[str, object]]:
    return [(c.kind, c.value) for part in read_statements(text) for c in part if c.kind in LEVELS]


@pytest.mark.parametrize(
    "text",
    [
        "Norm table (female, 64 y): P90 at 4 kHz = 40 dB, 8 kHz = 55 dB.",
        "For comparison, the 50th centile for her age is 25 dB at 4 kHz.",
        "The ISO 7029 median for men of 70 is about 45 dB at 4 kHz.",
    ],
)
def test_a_population_value_is_no_threshold(text):
    assert levels(text) == []


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Set against the age norm, her left ear reads 60 dB at 4 kHz.", [("threshold", 60)]),
        ("Against the median, her thresholds reach 60 dB at 4 kHz.", [("threshold", 60)]),
        ("Left ear: 60 dB at 4 kHz, above the median for her age.", [("threshold", 60)]),
    ],
)
def test_the_patients_value_beside_a_norm_is_still_a_threshold(text, read):
    assert levels(text) == read


# both ears 15 dB HL to 2 kHz, 30 at 4 kHz, 35 at 8 kHz (mild high-frequency loss)
BOTH_HIGH = build(
    {250: 15, 500: 15, 1000: 15, 2000: 15, 4000: 30, 8000: 35},
    {250: 15, 500: 15, 1000: 15, 2000: 15, 4000: 30, 8000: 35},
)
BOTH_HIGH_BONE = build(
    {250: 15, 500: 15, 1000: 15, 2000: 15, 4000: 30, 8000: 35},
    {250: 15, 500: 15, 1000: 15, 2000: 15, 4000: 30, 8000: 35},
    right_bone={500: 10, 1000: 10, 2000: 15, 4000: 30},
    left_bone={500: 10, 1000: 10, 2000: 15, 4000: 30},
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Both ears 15 dB to 2 kHz, then 30 at 4 kHz. Norm table (male, 66 y): P90 at 4 kHz "
         "= 55 dB, so this is within the expected range for age.", []),
        # near miss: a value of the patient's that the case does not hold
        ("Both ears 15 dB to 2 kHz, then 55 dB at 4 kHz.", ["fabricated_result"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, BOTH_HIGH).critical_errors == errors


@pytest.mark.parametrize(
    "note",
    [
        "Ref (a cohort of drillers): thresholds of 60 dB at 4 kHz in the nearer ear.",
        "Reference (Table 2 of the shooting study): 55 dB at 4 kHz on average.",
        "Reference: a complete ossicular break gives about 60 dB of conductive loss.",
    ],
)
def test_a_reference_labelled_as_such_is_no_result(note):
    reply = f"Both ears 15 dB to 2 kHz, then 30 at 4 kHz, sensorineural. {note}"
    assert check_reply(reply, BOTH_HIGH_BONE).critical_errors == []


def test_a_reference_label_naming_an_ear_is_still_read():
    reply = "Ref: right ear 60 dB at 4 kHz on today's test."
    assert check_reply(reply, BOTH_HIGH_BONE).critical_errors == ["fabricated_result"]


def test_the_guard_is_exact():
    assert population_value("median 20", 7) and not population_value("right 20", 6)


def test_many_norms_read_in_linear_time():
    def cost(n):
        text = "the median at 4 khz = 20 db, " * n
        return len(text), cpu_cost(lambda: levels(text))

    size, small = cost(600)
    _, big = cost(2400)
    assert size > 15_000
    assert big < 30 and big < 10 * max(small, 0.05)
