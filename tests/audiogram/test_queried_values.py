"""A data query quotes the entry it questions; once the site answers with a correction, the
record holds the answer (ICH E6(R3): the audit trail keeps the original entry beside the
correction). So a coded field's quoted value followed in its query by a correction
('WHO_GRADE_R = "severe" ... Corrected'), a value the query flags as out of range ("ECV 34
ml is out of range"), and a query table's column of values as entered beside its final
values are not said (issue #26, validation batch 82, registry queries, as tuning data;
revisions.queried_value_marks and query_table_marks, voice rules superseded_values and
query_tables). Near misses: a value confirmed or retained, a correction naming its old
value after "from", a flagged combination, and a table with no final column are read as
before. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.voice import present_word_only

from .conftest import assert_linear, conductive_right, cpu_cost

CASE = conductive_right()  # right moderate conductive loss (4FA 37.5), left normal 10 dB HL

ANSWERED = [
    'Query 7: WHO_GRADE_R = "profound" while PTA4_R = 37.5.\nSite: moderate. Corrected.\n'
    "Record: right moderate conductive loss, left normal.",
    '[DM] HL_TYPE_R = "sensorineural" although masked bone is 5-10 dB HL.\n'
    "[Site] Agreed - changed to conductive.\nFinal: right moderate conductive loss.",
    'Q2  HL_TYPE_R = "mixed", HL_TYPE_L = "conductive" as entered; the sides look transposed.\n'
    "Now right conductive, left normal. Right moderate.",
    '{"query": "Right 1 kHz 400 dB HL is out of range", "response": "typo, 40"}\n'
    "Final: right 40 dB HL at 1 kHz, moderate conductive; left normal.",
]
FIXED_WIDTH = (
    "QID   FIELD        ENTERED   RESPONSE              FINAL     STATUS\n"
    "Q-1   WHO_GRADE_R  severe    PTA4 37.5: moderate   moderate  closed\n"
    "Q-2   HL_TYPE_L    mixed     normal on source      normal    closed\n"
    "\nRight moderate conductive loss; left normal."
)
PIPE = (
    "| Field | Old value | Reason | New value |\n"
    "|---|---|---|---|\n"
    "| Grade R | profound | keying error | moderate |\n"
    "| Type R | sensorineural | bone 5-10 | conductive |\n"
    "\nResolved: right moderate conductive loss."
)


@pytest.mark.parametrize("document", [*ANSWERED, FIXED_WIDTH, PIPE])
def test_a_value_the_query_corrected_is_not_said(document):
    assert check_reply(document, CASE).critical_errors == []


@pytest.mark.parametrize(
    ("document", "gone", "kept"),
    [
        (ANSWERED[0], '"profound"', "moderate"),
        (ANSWERED[3], "400 dB HL", "40 dB HL"),
        (FIXED_WIDTH, "severe", "moderate  closed"),
        (PIPE, "| profound |", "| moderate |"),
    ],
)
def test_only_the_queried_value_is_blanked(document, gone, kept):
    out = present_word_only(document)
    assert len(out) == len(document)
    assert gone not in out and kept in out


@pytest.mark.parametrize(
    "document",
    [
        # confirmed or retained: the entry is the record
        'Query 3: WHO_GRADE_R = "severe" queried against PTA4_R 37.5.\nSite: confirmed as '
        "entered, retained after review.",
        # the correction names its old value after "from": the quoted value is the new one
        'WHO_GRADE_R = "severe" (corrected from moderate by the site).',
        # another measure beside it: the combination is flagged, not this level
        "Right WRS 8% with a right 1 kHz 75 dB HL is implausible; WRS re-entered as 80%.",
        # a table of old values with no final column is not a query table
        "| Field | Old value | Reason |\n|---|---|---|\n| Grade R | severe | keying |\n",
    ],
)
def test_an_entry_not_corrected_is_still_said(document):
    assert check_reply(document, CASE).critical_errors


def test_reading_long_query_logs_stays_linear():
    row = "Q-9   WHO_GRADE_R  severe    PTA4 37.5: moderate   moderate  closed\n"
    head = "QID   FIELD        ENTERED   RESPONSE              FINAL     STATUS\n"
    query = 'Q: HL_TYPE_R = "mixed". Site: corrected. ECV 34 ml is out of range.\n\n'
    small = head + row * 30 + "\n" + query * 60
    big = (head + row * 30 + "\n") * 4 + query * 240
    assert_linear(
        cpu_cost(lambda: present_word_only(small)), cpu_cost(lambda: present_word_only(big))
    )


def test_a_field_value_said_to_have_been_entered_is_the_entry_under_query():
    text = "Q4: HL_TYPE_R = 3 and PTA4_R = 70 were entered, but the source differs."
    out = present_word_only(text)
    assert "= 3 " not in out and "= 70 " not in out
    kept = "Q4: PTA4_R = 37.5 was entered correctly and verified."
    assert present_word_only(kept) == kept
