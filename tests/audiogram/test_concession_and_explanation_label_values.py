"""A value in a clause of concession or contrast ("though the right is 65 dB at 4 kHz",
"whereas the left sits at 40") or in the clinician's explaining of the result ("explained
that the left dip, 40 dB at 500 Hz, is why ...") is the writer's own reading of this
audiogram, so it is read as that ear's threshold, as one after "but", "while" or "told"
already was (lexicon.THRESHOLD_LABEL_WORDS). A value given to the ear that does not show it
is then judged wherever the slip sits (issue #26 batch 177: the second
mention of a value contradicting a right first one). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, threshold_levels

# a left high-frequency loss beside a near-normal right ear
LEFT_NOTCH = build(
    {250: 10, 500: 10, 1000: 10, 2000: 15, 3000: 20, 4000: 30, 6000: 20, 8000: 15},
    {250: 10, 500: 10, 1000: 15, 2000: 40, 3000: 55, 4000: 70, 6000: 55, 8000: 30},
)


@pytest.mark.parametrize(
    "reply",
    [
        # prose, a concession after a right first mention
        "Left 70 dB at 4 kHz. She points to the right as the bad side, though the right is "
        "70 dB at 4 kHz too.",
        # a list entry opening with the contrast word
        "Findings:\n- left notch, 70 dB at 4 kHz\n- whereas the right is 70 dB at 4 kHz",
        # shorthand, "although" mid-sentence
        "L 4k 70. Tinnitus R>L, although the right ear is 70 dB HL at 4 kHz as well.",
        # the clinician's explanation to the patient
        "Left worse. Explained to him that the right dip (70 dB at 4 kHz) is why he misses "
        "consonants.",
        "Left 70 dB at 4 kHz. I explained that the right at 4 kHz is 70 dB, so both ears "
        "need protection.",
    ],
)
def test_a_value_in_a_concession_or_explanation_is_judged(reply):
    assert ("right", 4000, 70) in threshold_levels(reply, LEFT_NOTCH)
    # (the right's 30 contradicted, true of the left ear: a swap, or a wrong value where the
    # reply also gives the left its 70: adjudication._swaps)
    assert check_reply(reply, LEFT_NOTCH).critical_errors in (
        ["laterality_confusion"],
        ["fabricated_result"],
    )


@pytest.mark.parametrize(
    "reply",
    [
        "Left 70 dB at 4 kHz. She points to the right as the bad side, though the right is "
        "30 dB at 4 kHz.",
        "Findings:\n- left notch, 70 dB at 4 kHz\n- whereas the right is 30 dB at 4 kHz",
        "Left worse. Explained to him that the left dip (70 dB at 4 kHz) is why he misses "
        "consonants.",
    ],
)
def test_a_true_value_in_a_concession_or_explanation_is_no_error(reply):
    assert check_reply(reply, LEFT_NOTCH).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        # another measure still labels its value
        "Left 70 dB at 4 kHz; though the hearing-aid target at 4 kHz is 35 dB.",
        "Left 70 dB at 4 kHz. Explained that the norm for her age at 4 kHz is 25 dB.",
    ],
)
def test_another_measure_after_the_connective_still_labels_its_value(reply):
    assert check_reply(reply, LEFT_NOTCH).critical_errors == []
