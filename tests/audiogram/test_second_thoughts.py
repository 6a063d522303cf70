"""A reasoning model's visible thinking: a reading it withdraws with a second thought
("wait", "hmm, no", "hold on", "? No -") is not a claim; a reading it never takes back is
(issue #26, validation batch 29's label rule); nor is a type defined in general."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import assert_blanked, assert_linear, conductive_right, cpu_cost

CONDUCTIVE_RIGHT = conductive_right()  # right PTA 37.5 (moderate) conductive; left normal

# (text, words that must be gone, words that must stay)
BLANKED = [
    ("<think>\nThe right is sensorineural.\nWait, bone is 5-10: conductive.\n</think>\nDone.",
     ["sensorineural"], ["bone is 5-10: conductive", "Done."]),
    ("Reasoning:\nRight PTA 37.5 -> mild. Hmm, no: 37.5 is over 35, so moderate.\n"
     "Final answer:\nModerate.", ["mild"], ["37.5 is over 35, so moderate", "Moderate."]),
    ("Thinking:\nLeft 45, 45, 40... hold on, circles are the right ear.\nAnswer:\nRight.",
     ["Left 45"], ["circles are the right ear", "Right."]),
    ("Right 1 kHz is 20? No \u2014 it is 40.\n**Answer**\nRight conductive.",
     ["is 20"], ["it is 40", "Right conductive."]),
    # a question the reasoning answers with "But ..."
    ("Reasoning:\nGaps of 15 -> sensorineural?\nBut bone is 5: conductive.\nFinal answer:\nOk.",
     ["sensorineural"], ["But bone is 5: conductive.", "Ok."]),
    # a trailing off is no sentence end: the withdrawn reading runs over it
    ("<think>\nRight: 45 at 500, 2k is... 15? No, that was 1k. 2k is 35.\n</think>\nOk.",
     ["15?"], ["2k is 35", "Ok."]),
    ("<think>\nRight is 2.5 dB worse. So the right is worse? Let me check: yes.\n</think>\nOk.",
     ["So the right is worse"], ["Right is 2.5 dB worse", "Let me check: yes."]),
]  # fmt: skip

# Second-thought words outside a reasoning block, and words that only look like one.
KEPT = [
    "The right is sensorineural. Wait for the ENT review.",  # no reasoning block
    "Answer:\nRight sensorineural loss. Hmm, no doubt about it.",  # in the answer
    "<think>\nRight sensorineural. No response at 4 kHz bone.\n</think>\nOk.",
    "<think>\nRight sensorineural, not conductive.\n</think>\nRight sensorineural.",
    "<think>\nRight sensorineural. But bone is raised too.\n</think>\nOk.",  # no question
]


@pytest.mark.parametrize(("text", "gone", "kept"), BLANKED)
def test_withdrawn_reasoning_is_blanked(text, gone, kept):
    assert_blanked(text, gone, kept)


@pytest.mark.parametrize("text", KEPT)
def test_reasoning_without_second_thought_is_kept(text):
    assert without_unclaimed(text) == text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("<think>\nBone is 5-10 and air 30-45: the right is sensorineural.\nWait, a 30 dB "
         "gap with normal bone is conductive.\n</think>\nRight conductive hearing loss.", []),
        ("Reasoning:\nRight PTA 37.5 -> mild. Hmm, no: 37.5 is over 35, so moderate.\n"
         "Final answer:\nRight: moderate conductive hearing loss.", []),
        ("Thinking:\nThe left is worse... hold on, the circles are lower, so the right is "
         "worse.\nAnswer:\nRight conductive hearing loss, the left normal.", []),
        # near misses: reasoning never taken back stands, and the answer is read whole
        ("<think>\nThe right is sensorineural.\n</think>\nRight conductive hearing loss.",
         ["type_misclassification"]),
        ("Answer:\nThe right is sensorineural. Hmm, no doubt about it.",
         ["type_misclassification"]),
        ("The right is sensorineural. Wait for the ENT review.", ["type_misclassification"]),
    ],
)  # fmt: skip
def test_only_the_final_reasoning_is_judged(reply, errors):
    """The first three gave an error from a withdrawn reading on main f21c118."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_second_thoughts_are_linear():
    """Many second thoughts in a long reasoning block cost linear time."""

    def cost(n):
        text = "<think>\n" + "Right 40... wait, 45? No, 40. Hmm " * n + "\n</think>\nAnswer:\nok"
        return len(text), cpu_cost(lambda: without_unclaimed(text))

    size, small = cost(1500)
    big_size, big = cost(6000)
    assert big_size > 200_000 and size > 50_000
    assert_linear(small, big, most=1.0)


# A rule stated in general names no finding (batch 30's VG03, batch 29's reasoning).
DEFINITIONS = [
    ("Right moderate conductive loss, left normal. Bone tracking air is what makes a loss "
     "sensorineural.", []),
    ("Right moderate conductive loss, left normal. A sensorineural loss needs bone to follow "
     "air.", []),
    # near misses: the writer's finding, with a label or after a claim
    ("Right: a sensorineural loss needs review. Left normal.", ["type_misclassification"]),
    ("The right ear has a sensorineural loss. A sensorineural loss means hearing aids.",
     ["type_misclassification"]),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "errors"), DEFINITIONS)
def test_a_type_defined_in_general_is_no_finding(reply, errors):
    """The first two gave a type error on main f21c118."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_definitions_are_linear():
    def cost(n):
        text = "A mild hearing loss needs " * n + "what makes a loss " * n + "x"
        return len(text), cpu_cost(lambda: without_unclaimed(text))

    size, small = cost(2500)
    big_size, big = cost(10000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big, most=1.0)


# Worked averages in reasoning: the total before the division is never the average.
WORKED = [
    ("Right PTA: (45 + 40 + 35 + 30) / 4 = 150 / 4 = 37.5 dB, moderate.", []),
    ("Right: (45 + 40 + 35 + 30) / 4 = 150 / 4 = 37.5.", []),
    ("Right PTA: (45 + 40 + 35 + 30) / 4 = 150 / 4 = 70.", ["fabricated_result"]),  # near miss
]  # fmt: skip


@pytest.mark.parametrize(("reply", "errors"), WORKED)
def test_the_total_of_a_worked_average_is_not_the_average(reply, errors):
    """The first two read the total 150 as the PTA on main f21c118 (batch 29's VF03)."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors
