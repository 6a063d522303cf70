"""A spaced dash before an ear word opens the ear-by-ear detail of a claim about both ears,
as a colon does (issue #26, batch 54, as tuning data): "bilateral severe hearing loss - right
sensorineural, left conductive" (WG49) had put the right ear's type on both ears, a wrong
type beside the planted severity error. Near misses: a dash between two words of one ear
("right ear - moderate loss") and a dash not before an ear word stay one clause.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import clauses, read_statements

from .conftest import assert_linear, build, cpu_cost

# right moderate sensorineural (45, bone 45), left mild conductive (30, bone 5); masked bone
SPLIT_TYPES = build(45, 30, right_bone={500: 45, 1000: 45, 2000: 45, 4000: 45},
                    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5}, bone_masked=True)  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "pieces"),
    [
        ("bilateral severe hearing loss - right sensorineural",
         ["bilateral severe hearing loss", "right sensorineural"]),
        ("both ears moderate loss \u2013 the left conductive",
         ["both ears moderate loss", "the left conductive"]),
        # near misses: one ear on both sides, or no ear word after the dash
        ("right ear - right moderate loss", ["right ear - right moderate loss"]),
        ("bilateral loss - worse on the right", ["bilateral loss - worse on the right"]),
    ],
)  # fmt: skip
def test_a_dash_before_an_ear_opens_its_detail(sentence, pieces):
    assert clauses(sentence) == pieces


def test_each_ear_keeps_its_own_type():
    reply = "Hearing: bilateral moderate hearing loss - right sensorineural, left conductive."
    read = [(c.kind, c.ears, c.value) for claims in read_statements(reply) for c in claims]
    assert ("type", ("right",), "sensorineural") in read
    assert ("type", ("left",), "conductive") in read
    assert ("type", ("right", "left"), "sensorineural") not in read


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Hearing: bilateral hearing loss - right sensorineural, left conductive.", []),
        # the swap written the same way is still found
        ("Hearing: bilateral hearing loss - right conductive, left sensorineural.",
         ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_judged_ear_by_ear(reply, errors):
    assert check_reply(reply, SPLIT_TYPES).critical_errors == errors


def test_read_in_linear_time():
    text = "bilateral loss - right sensorineural, left conductive - " * 40 + ". "
    small = cpu_cost(lambda: check_reply(text * 5, SPLIT_TYPES))
    big = cpu_cost(lambda: check_reply(text * 20, SPLIT_TYPES))
    assert_linear(small, big)
