"""The ear named as the worse or the better one ("the worse one is the right: ...", "the
better ear is the left") is a claim of which ear is worse, and the findings after it are
that ear's (issue #26, validation batches 19 H16 and 17 J08, J15)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _claims(text: str, *kinds: str) -> list[tuple]:
    return [(c.kind, c.ears, c.value) for cl in read_statements(text) for c in cl
            if c.kind in kinds]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        ("Both sloping. The worse one is the right: PTA 45, 50 at 2k.",
         [("pta", ("right",), 45.0), ("threshold", ("right",), 50),
          ("worse_ear", ("right",), "right")]),
        # "The right is mild" is read as the right ear's grade since session 9 (an ear and a
        # copula before grade words alone: degree_claims "ear then its grade", batch 51)
        ("The right is mild. The poorer is the left, moderate (average 45 dB HL).",
         [("degree", ("right",), "mild"), ("worse_ear", ("left",), "left"),
          ("degree", ("left",), "moderate")]),
        ("The better ear is the left.", [("worse_ear", ("right",), "right")]),
        ("The worse side was the left.", [("worse_ear", ("left",), "left")]),
        # the ear as the subject, compared with nothing named: the one rule that also carries
        # the ear on (lexicon.WORSE_NAMED) says which ear is worse (failed before the fold)
        ("The left ear is better, with a mild loss only.",
         [("worse_ear", ("right",), "right"), ("degree", ("left",), "mild")]),
        ("The right ear is clearly the poorer one, with 50 dB at 2 kHz.",
         [("worse_ear", ("right",), "right"), ("threshold", ("right",), 50)]),
        # near misses
        ("The right is worse than the left.", [("worse_ear", ("right",), "right")]),
        ("The worse is not the right.", []),
        ("Neither ear is worse.", []),
        ("The left ear is better than it was, with a mild loss only.",
         [("degree", (), "mild")]),
        ("Better hearing is expected on the left after surgery.", []),
    ],
)  # fmt: skip
def test_ear_named_as_worse(text, claims):
    assert _claims(text, "worse_ear", "pta", "threshold", "degree") == claims


def test_worse_named_end_to_end():
    """Left worse (PTA 45) beside a milder right (25): naming the right as worse is wrong."""
    audiogram = build({250: 15, 500: 15, 1000: 20, 2000: 25, 3000: 30, 4000: 40, 6000: 45,
                       8000: 45},
                      {250: 20, 500: 30, 1000: 40, 2000: 50, 3000: 55, 4000: 60, 6000: 65,
                       8000: 65})  # fmt: skip
    assert check_reply("The worse one is the left.", audiogram).critical_errors == []
    assert check_reply("The worse one is the right.", audiogram).critical_errors == [
        "laterality_confusion"
    ]
    assert check_reply("The better ear is the right.", audiogram).critical_errors == []


def test_worse_named_reading_is_linear():
    def cost(n):
        text = "the worse one is the right, the better ear is the left, " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)


# The person's own better or worse ear ("his right is his better ear", "the right ear - her
# better side - ..."): the same claim as "the right is the better ear" (issue #26, batches
# 195 TL01 and 189 TF43, notes for a team after right first mentions; wordings our own).
@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("R 10, L 50. For the carers: her right is her better ear.", []),
        ("R 10, L 50. For the carers: her left is her better ear.", ["laterality_confusion"]),
        (
            "R 10, L 50. Seat him with the left ear - his better side - to the door.",
            ["laterality_confusion"],
        ),
        ("R 10, L 50. Seat him with the right ear - his better side - to the door.", []),
        # the closing dash ends its clause ("... - her better side - and a review")
        (
            "R 10, L 50. Calls on the left ear - his better side - and a review in May.",
            ["laterality_confusion"],
        ),
        ("R 10, L 50. Calls on the right ear - his better side - and a review in May.", []),
        (
            "R 10, L 50.\n- phone: left ear \u2013 her better side \u2013 and captions",
            ["laterality_confusion"],
        ),
        ("R 10, L 50. Remember their left is their worse hearing side.", []),
        ("R 10, L 50. Remember their right is their worse hearing side.", ["laterality_confusion"]),
    ],
)
def test_the_persons_own_better_or_worse_ear_names_it(reply, errors):
    assert check_reply(reply, build(10, 50)).critical_errors == errors
