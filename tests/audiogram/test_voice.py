"""One reading step for "whose word is this, and is it the writer's last word" (voice.py):
a table of rules, each a cheap test and markers of the spans that are not the present word.

Reading tests: text -> what is blanked (or stands instead), in wording of their own."""

from __future__ import annotations

import re

import pytest

from clinbench.audiogram import voice
from clinbench.audiogram.voice import RULES, applied, present_word_only, substitution


def test_the_rules_run_in_one_table_in_their_order():
    assert [rule.name for rule in RULES] == [
        "tracked_changes",
        "superseded_values",
        "query_tables",
        "final_part",
        "other_entries",
        "remembered_cases",
        "withdrawn_readings",
        "asker_turns",
        "cited_sources",
    ]


def test_marks_blank_keeping_the_lines_or_stand_as_their_words():
    text = "left 70\nright 30 dB"
    assert applied(text, [(0, 13, None)]) == "       \n      30 dB"
    assert applied(text, [(5, 7, "45"), (14, 16, "25")]) == "left 45\nright 25 dB"
    assert applied(text, []) == text


@pytest.mark.parametrize(
    "pattern, repl",
    [
        (re.compile(r"(\d+) -> (\d+)"), r"\2"),
        (re.compile(r"\[(?:old|was):[^\]]*\]"), ""),
        (re.compile(r"(\w+) ear"), lambda m: m.group(1).upper()),
    ],
)
def test_a_substitution_marks_what_the_pattern_would_replace(pattern, repl):
    for text in (
        "R 4k 70 -> 45 [old: 70], left ear 20 -> 25",
        "no change",
        "[was: mild] right ear",
    ):
        assert applied(text, substitution(pattern, repl)(text)) == pattern.sub(repl, text)


def test_a_text_with_nothing_of_any_shape_comes_back_as_it_is():
    text = "Bilateral symmetrical mild sensorineural loss, sloping from 2 kHz."
    assert present_word_only(text) is text


def test_a_deleted_value_goes_and_the_inserted_one_stands():
    assert present_word_only("Type, right: <del>mixed</del> conductive.") == (
        "Type, right:  conductive."
    )
    assert present_word_only("Left {~~profound~>severe~~} loss") == "Left severe loss"


def test_the_old_side_of_a_correction_is_not_said():
    out = present_word_only("Right 1 kHz threshold corrected 70 -> 45 dB HL after the recheck.")
    assert out == "Right 1 kHz threshold corrected to 45 dB HL after the recheck."
    assert "60" not in present_word_only("The 4 kHz value, first keyed as 60, reads 35 dB.")


def test_the_stages_before_a_marked_final_part_are_blanked():
    trace = (
        "Thought: I should fetch the chart.\n"
        "Action: chart.fetch(id=7)\n"
        "Observation: right ear 80 dB at 2 kHz (tool result)\n"
        "Final answer: left ear 40 dB at 2 kHz, mild loss."
    )
    out = present_word_only(trace)
    assert "80 dB" not in out and "right" not in out
    assert out.endswith(": left ear 40 dB at 2 kHz, mild loss.")
    assert out.count("\n") == trace.count("\n")


def test_the_entries_other_than_the_named_one_are_blanked():
    sheet = (
        "1) Mrs A, 64: right moderate SNHL\n"
        "2) Mr B, 70: left profound loss\n"
        "3) Ms C, 45: normal both sides\n"
        "Please write up entry 2 for the GP."
    )
    out = present_word_only(sheet)
    assert "left profound loss" in out
    assert "moderate" not in out and "normal both" not in out


def test_a_remembered_other_patient_is_blanked_from_the_first_cue():
    text = (
        "The left ear sits at 55 dB across 2-4 kHz. Years ago a young woman had a right "
        "mixed loss with this shape.\nPlan: aids."
    )
    out = present_word_only(text)
    assert out.startswith("The left ear sits at 55 dB across 2-4 kHz. ")
    assert "right" not in out and "mixed" not in out and out.endswith("\nPlan: aids.")


def test_a_reading_the_writer_took_back_is_blanked():
    text = 'I initially labelled it "profound" on the form; not profound, moderately severe.'
    out = present_word_only(text)
    assert out == text.replace('"profound"', '"        "')


def test_each_rule_sees_the_text_the_rule_before_left():
    # the rejection of the reading is itself deleted text: the reading then stands
    text = 'I first wrote "profound".\n[deleted: profound was wrong]\nThe loss is profound.'
    assert present_word_only(text) == 'I first wrote "profound".\n\nThe loss is profound.'


def test_a_rule_runs_alone_for_its_tests():
    text = 'Right <del>70</del> 45 dB. I had written "mild" - not mild.'
    assert voice.changes_applied(text) == 'Right  45 dB. I had written "mild" - not mild.'
    assert voice.withdrawn_readings_blanked(text) == text.replace('"mild"', '"    "')
