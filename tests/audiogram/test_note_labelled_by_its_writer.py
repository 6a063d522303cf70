"""A note labelled by its writer's role ("GP note: ...") is the entry the GP writes in the
record at hand, as on a ward round, so its findings are the writer's (discourse
LABELLED_SOURCE; batch 172 UU28); "the GP's note", "GP notes" and "GP letter" are the GP's
record, cited. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

MILD_FLAT = build(30, right_bone=25, left_bone=25)


def test_the_writers_own_note_is_read():
    reply = "Audiology today: 30 dB flat both ears.\nGP note: hearing normal, no aids."
    assert check_reply(reply, MILD_FLAT).critical_errors == ["type_misclassification"]


@pytest.mark.parametrize(
    "reply",
    [
        "Audiology today: 30 dB flat both ears.\nGP's note: hearing normal, no aids.",
        "Audiology today: 30 dB flat both ears.\nGP notes: hearing normal, no aids.",
        "Audiology today: 30 dB flat both ears.\nGP letter: hearing normal, no aids.",
    ],
)
def test_the_gps_record_stays_cited(reply):
    assert check_reply(reply, MILD_FLAT).critical_errors == []
