"""A text written in stages (an agent's tool calls and scratch notes, a panel's rounds and
votes) says what its marked final part says: tool results about another patient or an
earlier test, scratch values and positions the panel dropped are the way to it, not claims
(issue #26, validation batches 77 and 78). The texts here are our own, not the batches'."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.voice import final_part_only

from .conftest import assert_linear, conductive_right, cpu_cost

CASE = conductive_right()  # right 4FA 37.5 moderate conductive over masked bone; left 10

# Each text's final part is right about the audiogram; its earlier stages hold wrong words.
RIGHT_IN_THE_FINAL_PART = {
    "step_log_with_an_old_record": (
        "[step 1] tool lookup_record(mrn=7781) -> 2 visits\n"
        "[step 2] tool read_visit(first) -> left ear 65 dB HL at 1 kHz, severe; right normal\n"
        "[step 3] thought: that visit is not today's; use the current one.\n"
        "[step 4] tool read_visit(today) -> right 45 45 40 35 30, masked bone 5-10; left 10\n"
        "[step 5] final reply to the GP:\n"
        "Right ear: moderate conductive hearing loss, average 37.5 dB HL, bone 5-10 dB HL. "
        "Left ear: normal, 10 dB HL."
    ),
    "panel_with_a_dropped_position": (
        "Reader A: I make it a left-sided severe mixed loss.\n"
        "Reader B: objection - the crosses are the unaffected side; the loss is on the right.\n"
        "Reader A: conceded, my mistake.\n"
        "Reader C: votes with B.\n"
        "AGREED READING:\n"
        "Right ear - moderate conductive loss (4FA 37.5 dB HL); left ear - normal hearing."
    ),
    "debate_with_a_chair": (
        "Round one, advocate: profound sensorineural loss on the right, 95 dB HL at 1 kHz.\n"
        "Round one, sceptic: 95 is the masking level, not a threshold; air is 40 at 1 kHz.\n"
        "Round two, advocate: withdrawn.\n"
        "Verdict of the chair: the right ear has a moderate conductive loss, 40 dB HL at "
        "1 kHz over normal bone; the left ear is normal."
    ),
    "json_step_of_type_final": (
        '{"step": 1, "type": "tool_result", "text": "left ear moderately severe, '
        '60 dB HL at 2 kHz"}\n'
        '{"step": 2, "type": "thought", "text": "4410B is someone else; re-query 4410."}\n'
        '{"step": 3, "type": "tool_result", "text": "right air 45 45 40 35, left 10"}\n'
        '{"step": 4, "type": "final", "text": "Moderate conductive loss in the right ear '
        '(37.5 dB HL average); the left ear hears normally."}'
    ),
    "arrow_trace_with_a_fill_value": (
        "\u27f6 fetch_thresholds(id=12)\n"
        "\u27f5 right 45 45 40 35 30; masked bone 5-10; left 10 flat\n"
        "\u27f6 fill_missing(ear='left', freq=3000)\n"
        "\u27f5 left 3 kHz: 55 dB HL (interpolated, severe dip)\n"
        "Answer for the patient: your right ear has a moderate conductive loss (37.5 dB HL "
        "on average) and your left ear is normal."
    ),
    "samples_and_an_arbiter": (
        "Sample 1 says: right moderate conductive, 37.5.\n"
        "Sample 2 says: left profound sensorineural loss, 90 dB HL at 2 kHz.\n"
        "Sample 3 says: right moderate conductive, left within normal limits.\n"
        "Arbiter's summary: two samples of three read a moderate conductive loss on the "
        "right (4FA 37.5 dB HL) with a normal left ear, and so do I."
    ),
    "agreed_after_a_concession": (
        "Proposer: right mild mixed loss, 4FA 25.\n"
        "Critic: objection, the average is 37.5 and bone is normal, so moderate conductive.\n"
        "Proposer: conceded.\n"
        "Agreed:\n"
        "Right - moderate conductive hearing loss, 4FA 37.5 dB HL. Left - normal."
    ),
}


@pytest.mark.parametrize("name", sorted(RIGHT_IN_THE_FINAL_PART))
def test_earlier_stages_are_no_claims(name):
    assert check_reply(RIGHT_IN_THE_FINAL_PART[name], CASE).critical_errors == []


# The final part's own error stands, whatever the stages before it said.
WRONG_IN_THE_FINAL_PART = {
    "degree_in_a_ruling": (
        "Agent 1: right 4FA 37.5, moderate conductive.\nAgent 2: agree, left normal.\n"
        "Agent 3: on impact I would grade it higher.\n"
        "RULING (2-1): right ear severe conductive hearing loss; left ear normal.",
        "severity_misclassification",
    ),
    "side_in_a_final_answer": (
        "Action: fetch_chart\nObservation: right 45 45 40 35, bone 5-10; left 10 flat\n"
        "Thought: the referral says left, so the loss is on the left.\n"
        "Final response to the patient:\nYour left ear has a moderate conductive loss "
        "(average 37.5 dB HL); your right ear is normal.",
        "laterality_confusion",
    ),
}


@pytest.mark.parametrize("name", sorted(WRONG_IN_THE_FINAL_PART))
def test_the_final_part_is_judged(name):
    text, error = WRONG_IN_THE_FINAL_PART[name]
    assert error in check_reply(text, CASE).critical_errors


def test_a_trace_with_no_marked_final_part_keeps_its_claims():
    text = (
        "tool: pta(right) returned 37.5\ntool: pta(left) returned 10\n"
        "agent: so the right ear has a profound conductive loss."
    )
    assert final_part_only(text) == text
    assert "severity_misclassification" in check_reply(text, CASE).critical_errors


def test_an_answer_line_without_stages_before_it_is_read_whole():
    text = "Left ear: severe mixed hearing loss.\nAnswer: see above, right ear normal."
    assert final_part_only(text) == text


def test_reading_keeps_only_the_final_part():
    text = (
        "Thought: the tool result says left 70 dB HL, but that is another record.\n"
        "Observation: right 45 dB HL at 500 Hz\nFinal answer: right 45 dB HL at 500 Hz."
    )
    out = final_part_only(text)
    assert len(out) == len(text) and out.count("\n") == text.count("\n")
    assert "70" not in out and "Observation" not in out
    assert [c.value for c in read_claims(out) if c.kind == "threshold"] == [45]


def test_final_part_only_is_linear():
    text = "Agent 1: tool call, thought, round 2, right 45 dB HL. Final answer soon\n" * 60
    small = cpu_cost(lambda: final_part_only(text))
    big = cpu_cost(lambda: final_part_only(text * 4))
    assert_linear(small, big)


def test_final_within_brackets_opens_no_final_part():
    text = (
        "Round 1 vote on the type, agent poll (three votes, final)\n"
        "Round 2: the right ear has a moderate conductive loss."
    )
    assert final_part_only(text) == text
