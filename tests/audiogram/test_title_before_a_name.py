"""The full stop of a title before a name ends no statement of the claim reader: "Prof. Smith
reviewed the right ear" names a professor, not a profound loss (review8's leftover: the claim
reader split the sentence at "Prof." and read "Prof" at a statement's end as the grade).
Near misses: "Right ear: prof. Left normal." still grades the right ear profound (the next
statement names an ear), and "R prof SNHL" after a title's sentence is still read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import assert_linear, build, cpu_cost

# flat mild sensorineural loss, 25 dB HL both ears (bone 20)
FLAT_MILD = build(25, right_bone=20, left_bone=20)


@pytest.mark.parametrize(
    "reply",
    [
        "Prof. Smith reviewed the right ear.",
        "Seen with prof. Jones; right ear mild loss.",
        "Mr. Prof. Ahmed's patient: both ears mild.",
    ],
)
def test_a_title_is_no_grade(reply):
    assert check_reply(reply, FLAT_MILD).critical_errors == []
    assert not [c for c in read_claims(reply) if c.kind == "degree" and c.value == "profound"]


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right ear: prof. Left normal.", ["severity_misclassification"]),
        ("Seen by Dr. Smith. Right prof SNHL.", ["severity_misclassification"]),
    ],
)
def test_the_grade_prof_is_still_read(reply, errors):
    assert check_reply(reply, FLAT_MILD).critical_errors == errors


def test_statements_are_read_in_linear_time():
    text = "Prof. Smith and Dr. Jones saw the right ear. " * 100 + "Prof. " * 200
    small = cpu_cost(lambda: read_claims(text * 5))
    big = cpu_cost(lambda: read_claims(text * 20))
    assert_linear(small, big)
