"""Bullet points that split prose: a list item that goes on about the ear the item before
named ("- The loss is in your left ear.\\n- It has a mild loss ...", "- That ear ...") is
read as the next sentence is, with that ear; an ear named in one item still does not carry
into an item that does not refer back to it (issue #26, found by the metamorphic test
``perturb.as_bullets``: 1449 -> 1451 of 1462 replies of batches 1-38 kept their verdict)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import _ITEM_GOES_ON

from .conftest import conductive_right, cpu_cost

OPENINGS = [
    ("- It has a mild loss", True),
    ("- It's a cookie-bite", True),
    ("- it is normal from 1 kHz", True),
    ("- That ear hears normally", True),
    ("2. The same ear has a type B trace", True),
    # near misses: an item that opens on something else
    ("- Its canal is clear", False),
    ("- ENT for the conductive component", False),
    ("- Items to review", False),
    ("It has a mild loss", False),  # not a list item
]  # fmt: skip


@pytest.mark.parametrize(("line", "goes_on"), OPENINGS, ids=[o for o, _ in OPENINGS])
def test_an_item_referring_back_goes_on(line, goes_on):
    assert bool(_ITEM_GOES_ON.match(line)) == goes_on


CONDUCTIVE_RIGHT = conductive_right()  # right conductive loss, left normal


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # the loss given to the left ear in bullets (the old reader read it for no ear:
        # a severity error instead of the laterality error; or nothing)
        ("Dear Ms F,\n\n- The ear with the hearing loss is your left ear.\n- It has a moderate "
         "loss for low-pitched sounds, with gaps of 30-40 dB.\n- Your right ear is normal.",
         ["laterality_confusion"]),
        ("- The loss is in the left ear.\n- That ear has a moderate conductive loss.",
         ["laterality_confusion"]),
        # the right ear: no error
        ("Dear Ms F,\n\n- The ear with the hearing loss is your right ear.\n- It has a moderate "
         "conductive loss for low-pitched sounds.\n- Your left ear is normal.", []),
        # near miss: a point that does not refer back takes no ear from the one before
        ("- Right moderate conductive loss; left normal\n- ENT for the conductive component", []),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_many_items_read_in_linear_time():
    def cost(n):
        text = "- The loss is in the left ear.\n- It has a moderate loss.\n" * n
        return len(text), cpu_cost(lambda: check_reply(text, CONDUCTIVE_RIGHT))

    size, small = cost(1000)
    _, big = cost(4000)
    assert size > 50_000
    assert big < 10 * max(small, 0.05)
