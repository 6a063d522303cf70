"""A registry's data-quality trail states the record as resolved (batch 82's convention):
- a site's quoted answer followed straight away by the resolution "Entered", "Accepted",
  "Applied" or "Updated" is put into the record, so it is the record's statement (not
  "entered as ..." nor "updated to ...", which name another value): discourse.ACCEPTED;
- a field named for its ear with a name of several words ("HL_TYPE_R = sensorineural",
  "WHO_GRADE_L = mild") is that ear's field, as "TYMP_R=A" is:
  notation._EAR_SUFFIXED_FIELD;
- an item numbered in brackets ("(1) ...", "(3) ...") is a list's item, not the heading of the
  case's question 1-3 (so the lines after "(3)" are read): lexicon.HEADING;
- "Mixed-Aetiology Hearing Registry" names causes, no mixed loss: lexicon.NOT_A_MIXED_LOSS.
Batch 82 XI12, XI49 as tuning data; phrasings our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.notation import export_fields_written_out
from clinbench.audiogram.statements import sections

from .conftest import build, claim_fields


@pytest.mark.parametrize(
    "text",
    [
        'Query 4: grade blank. The site wrote "moderate in both ears". Entered; closed.',
        'DCF-2: type missing. The site replied "sensorineural, bilateral" - accepted.',
        'Q-17 WRS blank. The coordinator wrote "88% right". Updated. Closed.',
    ],
)
def test_an_answer_entered_is_kept(text):
    assert without_unclaimed(text) == text


@pytest.mark.parametrize(
    "text",
    [
        'Query 4: grade blank. The site wrote "moderate in both ears". Entered as mild.',
        'Q-9: the site wrote "moderate". Updated to severe.',
        'Query 4: grade blank. The site wrote "moderate in both ears". Query remains open.',
    ],
)
def test_an_answer_not_put_into_the_record_stays_the_sites(text):
    assert "moderate" not in without_unclaimed(text)


@pytest.mark.parametrize(
    ("field", "written"),
    [
        ("HL_TYPE_R = sensorineural", "R: HL_TYPE=sensorineural;"),
        ("WHO_GRADE_L = mild", "L: WHO_GRADE=mild;"),
        ("TYMP_R=A", "R: TYMP=A;"),
    ],
)
def test_a_field_named_for_its_ear_is_the_ears(field, written):
    assert export_fields_written_out(field) == written


def test_bracketed_item_numbers_are_no_question_headings():
    reply = "(1) Field AC_R_500 queried.\n(2) Grade queried.\n(3) Type queried.\n\nFinal: moderate."
    assert sections(reply)[1] == "whole reply"
    assert sections("1. Thresholds...\n2. Diagnosis...\n3. Plan")[1] == "Q1 and Q2 sections"


def test_the_resolved_record_is_judged():
    audiogram = build(45, 20)
    reply = (
        "Registry query log.\n"
        'Q1 HL_TYPE_R = "conductive" as entered; site: transposed. Now HL_TYPE_R = '
        "sensorineural, HL_TYPE_L = normal.\n"
        'Q2 WHO_GRADE_R blank. Site: "moderate". Entered.'
    )
    assert check_reply(reply, audiogram).critical_errors == []


@pytest.mark.parametrize("text", ["Mixed-Aetiology Hearing Registry", "a cohort of mixed causes"])
def test_mixed_causes_are_no_type(text):
    assert claim_fields(text, "value", kinds=("type",)) == []
