"""A level given as an ear's hearing impairment ("has a hearing impairment of 71 dB", "an
impairment of 40 dB HL") is the level of its loss, read as "a hearing loss of 71 dB" is: the
ear's whole-ear air level (threshold_claims.LOSS_LEVEL; WHO 2021 names the loss a hearing
impairment). Not a bound ("an impairment of 30 dB or more"), nor a bare "loss of" (a change:
"a loss of 30 dB since 2019")."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements
from clinbench.audiogram.threshold_claims import LOSS_LEVEL

from .conftest import build

LEFT_30 = build({250: 70, 500: 70, 1000: 75, 2000: 80, 4000: 80}, 30)


def _levels(text):
    return [
        (c.ears, c.value, c.conduction)
        for clause in read_statements(text)
        for c in clause
        if c.kind == "threshold_range" and LOSS_LEVEL in c.rules
    ]


@pytest.mark.parametrize(
    ("text", "ear", "value"),
    [
        ("The left ear has a hearing impairment of 30 dB HL.", "left", 30),
        ("Right ear: an impairment of about 75 dB.", "right", 75),
        ("Her right ear, tested last week, shows a hearing impairment of 70 dB.", "right", 70),
    ],
)
def test_the_level_of_an_ears_impairment_is_read(text, ear, value):
    assert _levels(text) == [((ear,), value, "air")]


@pytest.mark.parametrize(
    "text",
    [
        "The right ear has a hearing impairment of 30 dB or more.",  # a bound
        "The right ear had a threshold shift, a loss of 30 dB since 2019.",  # a change
        "The left ear has the mildest impairment of the two.",  # no level
    ],
)
def test_bounds_changes_and_words_alone_are_not_read(text):
    assert _levels(text) == []


def test_judged_as_the_ears_air_level():
    assert (
        check_reply("The left ear has a hearing impairment of 30 dB HL.", LEFT_30).critical_errors
        == []
    )
    assert check_reply(
        "The left ear has a hearing impairment of 75 dB HL.", LEFT_30
    ).critical_errors == ["laterality_confusion"]
    assert check_reply("The left ear has an impairment of 110 dB.", LEFT_30).critical_errors == [
        "fabricated_result"
    ]
