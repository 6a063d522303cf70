"""A journal case report (issue #26, batch 38 as tuning data): its discussion sentences cite
what others found ("[11]", "et al.", "has been reported") and are no claims about this
audiogram unless they name something of the patient's; a result at follow-up or on a later
test belongs to another audiogram than the one read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import assert_blanked, assert_linear, conductive_right, cpu_cost

CONDUCTIVE_RIGHT = conductive_right()  # right PTA 37.5 (moderate) conductive; left normal

FINDING = "The right ear showed a moderate conductive loss (37.5 dB HL); the left was normal. "

# (text, words that must be gone, words that must stay)
BLANKED = [
    (FINDING + "In the series of Okafor et al. [11], a mixed pattern was seen in a quarter.",
     ["mixed pattern"], ["moderate conductive", "the left was normal."]),
    (FINDING + "Sensorineural involvement has been attributed to toxins [20].",
     ["Sensorineural"], ["moderate conductive"]),
    (FINDING + "Combined conductive and sensorineural pathology is rare [3, 4].",
     ["sensorineural"], ["moderate conductive"]),
    (FINDING + "Mixed losses have often been reported in chronic otitis media.",
     ["Mixed"], ["moderate conductive"]),
    (FINDING + "At the three-month follow-up, the right average had improved to 15 dB HL.",
     ["improved to 15"], ["moderate conductive", "the left was normal."]),
    (FINDING + "Six weeks later the right thresholds were 10 dB HL.",
     ["were 10"], ["moderate conductive"]),
    (FINDING + "The gap was 25 dB, and on repeat testing it closed to 5 dB.",
     ["closed to 5"], ["The gap was 25 dB"]),
]  # fmt: skip

# Citations and later tests that leave the patient's own result standing.
KEPT = [
    FINDING + "The right loss was moderate under the WHO grading [6].",  # ear named
    FINDING + "As Smith et al. found, her loss was conductive.",  # the patient's
    FINDING + "Follow-up audiometry was booked for six weeks.",  # no result at follow-up
    FINDING + "An MRI was requested and we will discuss a hearing aid at her follow-up.",
    FINDING + "The test was repeated the same day.",
    "Type: [x] conductive",  # a ticked box is no reference
]


@pytest.mark.parametrize(("text", "gone", "kept"), BLANKED)
def test_literature_and_later_tests_are_blanked(text, gone, kept):
    assert_blanked(text, gone, kept)


@pytest.mark.parametrize("text", KEPT)
def test_the_patients_sentences_are_kept(text):
    assert without_unclaimed(text) == text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (FINDING + "In the series of Okafor et al. [11], a mixed pattern was common.", []),
        ("The right ear showed a moderate conductive loss (37.5 dB HL). The left ear was "
         "normal. Sensorineural involvement has been attributed to toxins [20].", []),
        (FINDING + "At the three-month follow-up, the right pure-tone average had improved to "
         "15 dB HL.", []),
        (FINDING + "Six weeks later the right pure-tone average was 10 dB HL.", []),
        # near misses: the patient's own claims are still judged
        (FINDING + "The right loss was sensorineural, as reported by Okafor et al. [11].",
         ["type_misclassification"]),
        (FINDING + "The right pure-tone average was 70 dB HL [6].", ["fabricated_result"]),
        ("At presentation the right pure-tone average was 70 dB HL. At follow-up it had "
         "improved.", ["fabricated_result"]),
    ],
)  # fmt: skip
def test_only_this_audiogram_is_judged(reply, errors):
    """The first four gave an error on main 3515a0b (as batch 38's VQ04, VQ20, VQ28 did)."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_case_report_sentences_are_linear():
    def cost(n):
        text = ("Mixed losses [3] have been reported. " * n + "At follow-up, it had improved "
                "to 10, and six weeks later 5. ") * 2 + "x"  # fmt: skip
        return len(text), cpu_cost(lambda: without_unclaimed(text))

    size, small = cost(1500)
    big_size, big = cost(6000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big, most=1.0)
