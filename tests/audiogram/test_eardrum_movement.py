"""How the eardrums moved is the lay account of tympanometry ("we puffed air in your ears:
the eardrums moved well"), so a sentence telling it is about tympanometry: its type letter
("(type B)") is a tympanogram's, and "moved normally" a type A (validation batch 63: an
easy-read letter naming a test that was not done). An eardrum only described is not."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

NO_TYMP = build(30)  # an audiogram with no tympanometry
WITH_TYMP = build(30, tympanometry={"right": {"type": "A"}, "left": {"type": "B"}})


def tymps(reply: str, case) -> list[str]:
    found = check_reply(reply, case).findings
    return sorted(f.claimed for f in found if f.kind == "tympanometry")


@pytest.mark.parametrize(
    ("reply", "read"),
    [
        ("We checked how each eardrum moves: right one type A.", ["type A"]),
        ("The left ear-drum barely moved at all (type B).", ["type B"]),
        ("Good news: your ear drums move normally.", ["type A"]),
    ],
)
def test_eardrum_movement_is_read_as_tympanometry(reply, read):
    assert tymps(reply, WITH_TYMP) == read


@pytest.mark.parametrize(
    "reply",
    [
        "Puffing air showed your ear drums moving normally.",
        "The eardrum on the right moved well (type A).",
    ],
)
def test_a_tympanometry_not_done_is_fabricated(reply):
    assert check_reply(reply, NO_TYMP).critical_errors == ["fabricated_result"]


@pytest.mark.parametrize(
    "reply",
    [
        "Your right eardrum looked a little red. Type of loss: mild.",
        "Both eardrums moved well with pneumatic otoscopy.",
    ],
)
def test_an_eardrum_examined_is_no_tympanometry(reply):
    assert tymps(reply, NO_TYMP) == []
