"""An ear taken "as the poorer ear" by the team that writes the reply: "the team records the
right as the poorer-hearing ear" says which ear is worse as "the right is poorer" does, and a
team writing its own summary ("Implant team - summary") speaks for itself, not for someone
else (issue #26, validation batch 39, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import laterality_claims
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build, cpu_cost

# (clause, the ear read as the worse one, or None when no worse-ear claim is read)
READING = [
    ("records the right as the poorer-hearing ear", "right"),
    ("notes the left as the poorer hearing ear", "left"),
    ("regards the left ear as the better one", "right"),
    ("takes the right as the worse side", "right"),
    # near misses: no ear taken as the worse one
    ("does not record the right as the poorer ear", None),
    ("aid the right as the ear with more speech to gain", None),
    ("fit the right as the first ear", None),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "worse"), READING, ids=[row[0] for row in READING])
def test_reading(clause, worse):
    got = [c.value for c in laterality_claims(clause, None, False, clause) if c.kind == "worse_ear"]
    assert got == ([worse] if worse else [])


# (reply, whether the team's words stay the writer's claim)
WHOSE = [
    ("Implant team - summary\nThe team records the right as the poorer ear.", True),
    ("Clinic letter\nOur team records the right as the poorer ear.", True),
    # near misses: another team's record, reported
    ("Audiology letter\nThe team records the right as the poorer ear.", False),
    ("Implant team - summary\nThe GP records the right as the poorer ear.", False),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "kept"), WHOSE, ids=[row[0] for row in WHOSE])
def test_whose_words(reply, kept):
    assert ("right as the poorer" in without_unclaimed(reply)) is kept


LEFT_WORSE = build({500: 20, 1000: 25, 2000: 25, 4000: 40}, {500: 30, 1000: 40, 2000: 50, 4000: 60})


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Hearing implant team - assessment summary\nThe team records the right as the "
         "poorer-hearing ear and asks ENT for an MRI.", ["laterality_confusion"]),
        ("Implant team - summary\nThe team notes the left as the poorer-hearing ear.", []),
        # someone else's words: not the writer's team, not the tester of this test
        ("ENT letter\nThe GP records the right as the poorer-hearing ear.", []),
        # the tester's words of this test are a claim the letter repeats (discourse.TESTER,
        # session 9, batch 51): this row expected [] before
        ("ENT letter\nThe audiologist records the right as the poorer-hearing ear.",
         ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, LEFT_WORSE).critical_errors == errors


def test_many_teams_read_in_linear_time():
    def cost(n):
        text = "Implant team\n" + "The team records the right as the poorer ear. " * n
        return len(text), cpu_cost(lambda: without_unclaimed(text))

    size, small = cost(1000)
    _, big = cost(4000)
    assert size > 40_000
    assert big < 10 * max(small, 0.02)
