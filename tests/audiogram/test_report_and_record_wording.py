"""What a letter or record says of this audiogram in a few shapes of round 16 (issue #26 batches
106 and 110, memory-clinic letters and clinic-administration notes; used as tuning data):
the test's own report quoted as calling the loss something ("the report calls this a
conductive loss") is the tester's word, kept as the writer's; a grade after "classified" or
"categorised" ("Classified moderate.") grades the hearing; and a dip named by its frequency
right before the ears' levels ("4 kHz notch R 40 dB HL, L 60 dB HL") gives the levels that
frequency. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

SLOPING = build(
    {250: 15, 500: 20, 1000: 30, 2000: 45, 4000: 60, 8000: 65},
    right_bone={500: 20, 1000: 30, 2000: 45, 4000: 55},
    left_bone={500: 20, 1000: 30, 2000: 45, 4000: 55},
    bone_masked=True,
)  # both ears: sloping sensorineural, 4FA 38.75 (moderate)
SEVERE = build(75)  # flat 75 dB HL both ears: severe
NOTCH = build(
    {250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 30, 4000: 40, 6000: 25, 8000: 15},
    {250: 10, 500: 10, 1000: 15, 2000: 25, 3000: 40, 4000: 60, 6000: 35, 8000: 20},
)


def claims(text: str, kind: str) -> list[tuple[tuple[str, ...], object, tuple[int, ...]]]:
    return [
        (c.ears, c.value, c.frequencies)
        for part in read_statements(text)
        for c in part
        if c.kind == kind
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Bone follows air in both ears. The audiology report calls it a conductive loss.",
        "The report describes this as a bilateral conductive hearing loss; we will arrange aids.",
    ],
)
def test_the_tests_own_report_is_the_testers_word(text):
    assert check_reply(text, SLOPING).critical_errors == ["type_misclassification"]


@pytest.mark.parametrize(
    "text",
    [
        "The GP report calls it a conductive loss; the audiogram shows a sensorineural one.",
        "The 2018 report called it a conductive loss. Today it is sensorineural in both ears.",
    ],
)
def test_someone_elses_or_an_earlier_report_is_still_reported(text):
    assert check_reply(text, SLOPING).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Flat sensorineural loss in both ears, 75 dB HL throughout. Classified mild.",
        "Both ears flat at 75 dB HL, sensorineural. Categorised as moderate.",
    ],
)
def test_a_grade_after_classified_is_read(text):
    assert check_reply(text, SEVERE).critical_errors == ["severity_misclassification"]


def test_a_grade_after_classified_that_fits_is_no_error():
    text = "Flat sensorineural loss in both ears, 75 dB HL throughout. Classified severe."
    assert check_reply(text, SEVERE).critical_errors == []


@pytest.mark.parametrize(
    ("text", "right", "left"),
    [
        ("Result: 4 kHz notch R 40 dB HL, L 60 dB HL; sensorineural.", 40, 60),
        ("Screen: a 4 kHz dip, right 40 dB HL and left 60 dB HL.", 40, 60),
    ],
)
def test_a_dip_named_by_its_frequency_gives_the_levels_after_it(text, right, left):
    found = [(value, freqs) for _, value, freqs in claims(text, "threshold")]
    assert (right, (4000,)) in found and (left, (4000,)) in found


def test_a_wrong_level_at_the_named_dip_is_judged():
    text = "Result: 4 kHz notch R 40 dB HL, L 90 dB HL; sensorineural."
    assert check_reply(text, NOTCH).critical_errors == ["fabricated_result"]
