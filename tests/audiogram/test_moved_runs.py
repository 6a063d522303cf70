"""A run of the other ear's thresholds given under an ear's name: the normal ear's row copied
to the ear with the loss is a laterality confusion even though its values are normal, and
however well a value beside it fits its own ear; one such value alone, or a value at a
point whose true value the reply also gives, is not a moved row (issue #26; validation
batch 117, labelling rule "a run of values that is the other ear's ... is laterality")."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# Right flat conductive loss 35-45 dB HL; left normal at 10 dB HL everywhere.
FLAT_RIGHT = build(
    {250: 45, 500: 40, 1000: 40, 2000: 35, 3000: 40, 4000: 40, 6000: 45, 8000: 40},
    10,
    right_bone={500: 5, 1000: 10, 2000: 10, 4000: 5},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "reply",
    [
        # the normal ear's row under the right ear's name, one clause
        "Thresholds for the right ear were 10 dB at 1 kHz, 10 dB at 2 kHz and 10 dB at 4 kHz.",
        # one value per clause, with a true value of the right ear leading the row
        "RIGHT AC -> 250 Hz = 45 dB HL; 1000 Hz = 10 dB HL; 2000 Hz = 10 dB HL; 4000 Hz = 10 dB HL",
        # the same run as a list
        "Right-sided air thresholds:\n- 500 Hz, 10 dB\n- 3000 Hz, 10 dB\n- 8000 Hz, 10 dB",
    ],
)
def test_run_of_other_ears_values_is_laterality(reply):
    assert "laterality_confusion" in check_reply(reply, FLAT_RIGHT).critical_errors


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # near miss: one normal value alone under the right ear keeps its own error
        ("The right ear measured 45 dB at 250 Hz and 10 dB at 2 kHz.", ["fabricated_result"]),
        # near miss: the right's own true values are given too; the second row is another
        # test's, misplaced, not the left row copied
        ("Right ear 40 dB at 1 kHz and 35 dB at 2 kHz. Right ear 10 dB at 1 kHz and 10 dB at "
         "2 kHz.", ["fabricated_result"]),
    ],
)  # fmt: skip
def test_value_that_is_not_a_moved_run(reply, errors):
    assert sorted(check_reply(reply, FLAT_RIGHT).critical_errors) == errors
