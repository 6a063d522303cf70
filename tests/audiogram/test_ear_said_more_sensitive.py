"""An ear said more (or less) sensitive than the other ear, or better at something than the
other ear ("better sound quality compared to the right", "better suited ... than the left"),
is a claim of which ear is the better one, so the other is the worse ear: judged by the
averages like every worse-ear claim (issue #26, batch 140: a real model's answers to "which
ear hears better?" gave no claim; lexicon.EAR_COMPARED). Near misses: a comparison with
something other than the other ear, a denied one, and "better" that goes on to no ear.
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

CASE = build(50, 15)  # right 50 dB HL throughout, left 15: the right is the worse ear


def _worse_ears(text: str) -> list[str]:
    return [c.value for clause in read_statements(text) for c in clause if c.kind == "worse_ear"]


@pytest.mark.parametrize(
    ("text", "worse"),
    [
        ("The left ear is roughly 10 dB more sensitive to tones than the right ear.", ["right"]),
        ("Her right ear is slightly less sensitive compared with the left ear.", ["right"]),
        ("I think the right ear has a better response profile compared to the left ear.", ["left"]),
        ("The left ear is indeed better suited to speech than the right ear.", ["right"]),
        ("The right ear is perceived to be better, with clearer tones.", ["left"]),
        ("On balance the left ear hears better.", ["right"]),
    ],
)
def test_an_ear_said_more_sensitive_or_better_names_the_worse(text, worse):
    assert _worse_ears(text) == worse


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The right ear is about 5 dB more sensitive than the left ear.", ["laterality_confusion"]),
        ("The left ear has a better sound quality compared to the right ear.", []),
        ("The right ear is clearly less sensitive relative to the left ear.", []),
    ],
)
def test_the_ear_said_better_is_judged_by_the_averages(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors


@pytest.mark.parametrize(
    "text",
    [
        "The left ear is more sensitive to loud noise than most people's.",
        "The right ear is better than at the previous visit.",
        "The right ear is not more sensitive than the left ear.",
        "The left ear hears better with the hearing aid switched on.",
        "The left ear is more sensitive.",
    ],
)
def test_a_comparison_with_no_other_ear_names_no_worse(text):
    assert _worse_ears(text) == []
