"""Research documents about one participant give figures that are not this audiogram's: a
group's figure (a sample size "(n = 31)", a clause set in a group or subgroup, a mean "of 150
participants") and another person of the series named beside the subject with their results
in a parenthesis or a relative clause ("Unlike Cases 4 and 5, who had ...", "Matched to control
C-19 (...)"). Both are blanked; the subject's own figures stay read (batch 62: case series,
results letters and screening logs). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.statements import read_statements

from .conftest import build

LEFT_SNHL = build(
    15,
    {250: 30, 500: 35, 1000: 40, 2000: 45, 3000: 50, 4000: 55, 6000: 60, 8000: 60},
    right_bone={500: 10, 1000: 10, 2000: 15, 4000: 15},
    left_bone={500: 30, 1000: 40, 2000: 40, 4000: 50},
    bone_masked=True,
)  # left moderate sensorineural (average 45), right normal (15)


def claims(text: str) -> set[str]:
    return {
        f"{c.kind} {c.value}" for part in read_statements(without_unclaimed(text)) for c in part
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Among the noise-exposed arm (n = 31) the mean 4 kHz threshold was 62 dB HL.",
        "In the hearing-aid subgroup the average 4FA was 71 dB HL.",
        "Study cohort (n = 40): mean worse-ear PTA 58.5 dB HL (SD 7.1).",
        "The mean better-ear PTA was 27 dB HL across 150 participants.",
    ],
)
def test_a_groups_figure_is_no_claim(text):
    assert claims(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Unlike Cases 4 and 5, who had profound losses of 95 dB HL, this man kept good speech.",
        "Matched for age and sex to control C-19 (right 4FA 70 dB HL).",
        "Compared with participant 12 (left PTA 80 dB HL, conductive), recovery was slower.",
    ],
)
def test_another_persons_results_are_no_claim(text):
    assert claims(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "In the cohort her left PTA of 45 dB HL was the highest.",
        "Left PTA 45 dB HL (n = 1 ear tested with bone).",
    ],
)
def test_the_subjects_own_figure_stays(text):
    assert claims(text) != set()


@pytest.mark.parametrize(
    "reply",
    [
        "Participant 17 has a moderate sensorineural loss in the left ear (average 45 dB HL); "
        "the right ear is normal at 15 dB HL. Across the whole sample (n = 52) the mean "
        "left-ear average was 62 dB HL.",
        "Left: moderate SNHL, 4FA 45. Right: normal, 15 dB HL. Matched to control C-04 (F, 60; "
        "right 4FA 35 dB HL, conductive). Unlike cases 2 and 3, who had profound bilateral "
        "losses of 90-100 dB HL, she needed no implant.",
    ],
)
def test_a_document_with_others_figures_flags_nothing(reply):
    assert check_reply(reply, LEFT_SNHL).critical_errors == []
