"""A test named only as what it would show, or as not done, reports no result: the
conditional mood ("absent reflexes would support this", "if present, OAEs would point to
...") and a sentence about one test that says it was not done, contracted or not ("Reflexes,
often absent in otosclerosis, weren't included") claim nothing of the patient's test (issue
#26, batch 59: a cautious assistant names the tests it lacks). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import conductive_right

CASE = conductive_right()  # no reflexes, OAEs or ABR in the case


def results(text: str) -> set[tuple[str, str]]:
    return {
        (c.kind, c.value)
        for claims in read_statements(text)
        for c in claims
        if c.kind in ("reflexes", "oae", "abr")
    }


@pytest.mark.parametrize(
    "text",
    [
        "Absent stapedial reflexes would strengthen the case for otosclerosis.",
        "If absent, acoustic reflexes would fit a fixed stapes, but none are in the file.",
        "OAEs, if present, would point to healthy outer hair cells.",
        "Stapedial reflexes, typically absent with a fixed stapes, weren't performed.",
        "The reflexes (usually absent in this picture) haven't been done.",
        "Emissions are often absent in such losses but weren't included here.",
    ],
)
def test_conditional_or_not_done_test_is_no_result(text):
    assert results(text) == set()


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Acoustic reflexes were absent on the right.", ("reflexes", "absent")),
        ("Reflexes absent in both ears; OAEs not done.", ("reflexes", "absent")),
        ("Otoacoustic emissions were present bilaterally.", ("oae", "present")),
    ],
)
def test_a_reported_result_is_still_read(text, claim):
    assert claim in results(text)


@pytest.mark.parametrize(
    "reply",
    [
        "Right conductive loss, left normal. Absent reflexes would strengthen the case for "
        "otosclerosis, though they weren't performed.",
        "Right conductive loss, left normal. Stapedial reflexes, typically absent with a "
        "fixed stapes, aren't included in this report.",
    ],
)
def test_named_but_absent_test_flags_nothing(reply):
    assert check_reply(reply, CASE).critical_errors == []


def test_an_invented_result_is_still_flagged():
    reply = "Right conductive loss, left normal. Acoustic reflexes were absent on the right."
    assert check_reply(reply, CASE).critical_errors == ["fabricated_result"]
