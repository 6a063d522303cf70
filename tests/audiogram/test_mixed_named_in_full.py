"""A mixed loss named in full ("mixed conductive and sensorineural hearing loss", the ICD-10
H90.6-H90.8 titles; "mixed (sensorineural/conductive) loss") is one type, mixed: not a
conductive claim and a sensorineural claim split at the "and" (coding summaries, issue #26
batch 64, used as tuning data). Two types given to two ears stay two claims."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# right: air 60, masked bone 30 (mixed, moderately severe); left normal
MIXED_RIGHT = build(
    60, 10, right_bone={500: 30, 1000: 30, 2000: 30, 4000: 30},
    left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10}, bone_masked=True,
)  # fmt: skip


def _types(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cs in read_statements(text) for c in cs if c.kind == "type"]


READ = [
    ("Dx: mixed sensorineural and conductive hearing loss of the right ear.",
     [(("right",), "mixed")]),
    ("Right: mixed (conductive/sensorineural) loss, moderately severe.", [(("right",), "mixed")]),
    ("Impression - MIXED CONDUCTIVE & SENSORINEURAL HEARING LOSS, RIGHT.",
     [(("right",), "mixed")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "types"), READ, ids=[r[0] for r in READ])
def test_mixed_named_in_full_is_one_type(text, types):
    assert _types(text) == types


def test_two_types_of_two_ears_stay_two():
    text = "Right conductive and left sensorineural hearing loss."
    assert sorted(v for _, v in _types(text)) == ["conductive", "sensorineural"]


def test_full_name_of_a_true_mixed_loss_is_no_type_error():
    reply = "Code: mixed conductive and sensorineural hearing loss, right ear. Left normal."
    assert "type_misclassification" not in check_reply(reply, MIXED_RIGHT).critical_errors
