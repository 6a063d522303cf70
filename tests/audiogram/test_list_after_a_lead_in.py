"""Numbered lines after a sentence that introduces a list of findings ("The key findings of
this test are:") are that list's items, all read, as under a heading in words ("Findings");
only numbers with no such lead-in are the case's questions 1-3, whose third (management) is
not read (statements.sections; issue #26, batch 160: a real model's "three most important
findings", whose third item was left unread). Wording of our own."""

from __future__ import annotations

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import sections

from .conftest import build

RIGHT_40 = build(40, 10)  # right 40 dB HL throughout, left 10: no tympanometry

LISTED = (
    "The key findings of this test are:\n"
    "1. Right ear thresholds sit at 40 dB HL.\n"
    "2. The left ear is 10 dB HL throughout.\n"
    "3. The left ear has a type B tympanogram.\n"
)


def test_numbered_findings_after_a_lead_in_are_all_read():
    parts, read = sections(LISTED)
    assert read == "whole reply"
    result = check_reply(LISTED, RIGHT_40)
    assert result.critical_errors == ["fabricated_result"]  # the third item: no tympanometry


def test_numbered_lines_with_no_lead_in_are_the_questions():
    reply = LISTED.split("\n", 1)[1]
    parts, read = sections(reply)
    assert read == "Q1 and Q2 sections"
    assert check_reply(reply, RIGHT_40).critical_errors == []


def test_a_lead_in_that_names_no_findings_leaves_the_questions():
    reply = "Here are my answers to the three questions:\n" + LISTED.split("\n", 1)[1]
    assert sections(reply)[1] == "Q1 and Q2 sections"
