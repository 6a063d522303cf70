"""In a dialogue where one speaker answers (a chat's assistant, a witness), the asker's words
are not the reply's unless the answer adopts them: a question asserts nothing, and a reading
the asker puts forward is the answerer's only after "Yes" or "Correct" (dialogue.py, the voice
rule ``asker_turns``; validation batches 88 and 92, used as tuning data).

Reading tests: text -> what is blanked; judging tests: reply -> critical errors. Wording of
their own."""

from __future__ import annotations

import pytest

from clinbench.audiogram import dialogue
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.voice import asker_turns_blanked, present_word_only

from .conftest import assert_linear, build, cpu_cost

RIGHT_CONDUCTIVE = build(
    {250: 45, 500: 45, 1000: 45, 2000: 45, 4000: 45, 8000: 45},
    10,
    right_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)

CHAT_CORRECTED = (
    "Son: my father's right ear is the nerve-damage one, a severe loss, yes?\n"
    "Bot: Not nerve damage. The bone line on the right is at 10 dB while air is at 45, "
    "so the loss is conductive.\n"
    "Son: and how bad is it\n"
    "Bot: Averaging 500 Hz to 4 kHz gives 45 dB HL, a moderate loss. The left ear is normal."
)

HEARING_CORRECTED = (
    "DIRECT EXAMINATION\n"
    "Q. Isn't it true the claimant has a severe sensorineural loss in the right ear?\n"
    "MS. HALE: Objection, leading.\n"
    "A. No. The right ear has a moderate conductive loss, air 45 against bone 10.\n"
    "Q. And the left?\n"
    "A. Normal. Ten across the board."
)

CHAT_ADOPTED = (
    "Trainee: right ear moderate conductive, left normal?\n"
    "AI: Correct. Air 45 with masked bone 10 on the right gives a 35 dB gap.\n"
    "Trainee: so grommets?\n"
    "AI: That is for ENT to decide."
)

CHAT_OWN_READING = (
    "Human: Reading the chart myself, the right ear is sensorineural and severe.\n"
    "AI: Looking at the bone line, it sits at 10 dB on the right while air is 45, so the loss "
    "is conductive, and the average of 45 dB HL makes it moderate.\n"
    "Human: and the left is the worse one, I reckon\n"
    "AI: The left ear is normal, 10 dB HL throughout."
)

LEADING_QUESTIONS = (
    "Q. You would agree the right ear shows a severe sensorineural loss.\n"
    "A. I would not. It is a moderate conductive loss: air 45, bone 10.\n"
    "Q. And the left ear is the worse ear.\n"
    "A. No, the left is normal at 10."
)


def test_the_askers_unadopted_readings_are_blanked():
    out = asker_turns_blanked(CHAT_CORRECTED)
    assert "nerve-damage" not in out and "severe" not in out
    assert out.count("\n") == CHAT_CORRECTED.count("\n")
    assert "so the loss is conductive" in out and "a moderate loss" in out


def test_counsels_leading_question_and_the_bench_are_blanked_and_a_one_ear_question_heads():
    out = asker_turns_blanked(HEARING_CORRECTED)
    assert "severe" not in out and "Objection" not in out
    assert "Q. Left ear:" in out and "A. Normal. Ten across the board." in out


def test_an_answer_opening_with_an_agreement_adopts_the_askers_reading():
    assert asker_turns_blanked(CHAT_ADOPTED).startswith(
        "Trainee: right ear moderate conductive, left normal?"
    )
    assert "so grommets" not in asker_turns_blanked(CHAT_ADOPTED)
    hedged = CHAT_ADOPTED.replace("AI: Correct. Air", "AI: Yes, but only partly: air")
    assert "moderate conductive, left" not in asker_turns_blanked(hedged)


@pytest.mark.parametrize(
    "text",
    [
        "Q: which ear is worse?\nA: The right.\nRight ear: moderate conductive.\nLeft: normal.",
        "Answer: right moderate conductive loss\nSummary: refer\nPlan: ENT\nNote: none",
        "Patient: my right is worse\nAudiologist: right mild loss\nPatient: ok\nPlan: review",
        "Right ear:\nmoderate\nLeft ear:\nnormal",
    ],
)
def test_a_text_without_two_labels_of_each_kind_is_no_dialogue(text):
    assert asker_turns_blanked(text) is text or asker_turns_blanked(text) == text


def test_what_follows_the_last_askers_turn_after_a_blank_line_is_the_writers():
    text = CHAT_CORRECTED + "\nSon: thanks\n\nNote for the file: right moderate conductive."
    assert asker_turns_blanked(text).endswith("Note for the file: right moderate conductive.")


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (CHAT_OWN_READING, []),
        (LEADING_QUESTIONS, []),
        (CHAT_CORRECTED, []),
        (HEARING_CORRECTED, []),
        (CHAT_ADOPTED, []),
        (CHAT_ADOPTED.replace("moderate conductive", "severe sensorineural"),
         ["severity_misclassification", "type_misclassification"]),
        (CHAT_CORRECTED.replace("so the loss is conductive", "so the loss is sensorineural"),
         ["type_misclassification"]),
    ],
)  # fmt: skip
def test_only_the_answerers_word_is_judged(reply, errors):
    """The asker's readings were judged as the reply's on main 2f3b444."""
    assert sorted(check_reply(reply, RIGHT_CONDUCTIVE).critical_errors) == errors


def test_the_cheap_test_needs_four_lines():
    assert not dialogue.may_be_dialogue("User: a\nAssistant: b\nUser: c")
    assert dialogue.may_be_dialogue("User: a\nAssistant: b\nUser: c\nAssistant: d")
    assert present_word_only("User: right severe\nAssistant: yes") == (
        "User: right severe\nAssistant: yes"
    )


def test_reading_a_dialogue_is_linear():
    def cost(n):
        text = ("User: right severe, is it?\nAssistant: No, moderate.\n" * n) + "Q. " * n
        return len(text), cpu_cost(lambda: dialogue.marks(text))

    size, small = cost(2500)
    big_size, big = cost(10000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big)


GRADE_ASKED = (
    "Carer: what does the chart show on the right?\n"
    "Assistant: Air at 45 dB with bone at 10, a conductive loss.\n"
    "Carer: and what grade would you give it?\n"
    "Assistant: {grade}, in the right ear only."
)

GRADE_ASKED_IN_COURT = (
    "Q. Turning to the right ear, what kind of loss?\n"
    "A. Conductive. Air 45, bone 10.\n"
    "Q. How severe is it?\n"
    "MR. OKAFOR: Objection, form.\n"
    "A. {grade}, on the four-frequency average of 45."
)


@pytest.mark.parametrize("dialogue_text", [GRADE_ASKED, GRADE_ASKED_IN_COURT])
def test_a_question_asking_the_degree_heads_the_answer(dialogue_text):
    out = asker_turns_blanked(dialogue_text.format(grade="Moderate"))
    assert "Degree: Moderate," in out and "what grade" not in out and "How severe" not in out


@pytest.mark.parametrize("dialogue_text", [GRADE_ASKED, GRADE_ASKED_IN_COURT])
@pytest.mark.parametrize(
    ("grade", "errors"), [("Moderate", []), ("Profound", ["severity_misclassification"])]
)
def test_a_bare_grade_answering_the_degree_question_is_judged(dialogue_text, grade, errors):
    """The bare "Profound" answer was read as no degree on main 2f3b444."""
    reply = dialogue_text.format(grade=grade)
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == errors
