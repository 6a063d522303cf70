"""A list of values moved whole to the wrong ear: a value at a frequency that ear was not
tested at, equal to the other ear's value there, came along with the rest of the list, so
the one error is the laterality confusion, not a fabricated result as well (issue #26,
validation batches 21 E43 and 28 VE11; the label note on E43 and K33 in
tests/audiogram/validation/README.md)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# Right low-frequency sensorineural loss, masked bone at 250-1000 Hz; left normal, bone
# tested at 500-4000 Hz only (no left bone at 250 Hz).
LOW_RIGHT = build(
    {250: 50, 500: 50, 1000: 40, 2000: 25, 3000: 20, 4000: 15, 6000: 15, 8000: 20},
    {250: 10, 500: 10, 1000: 10, 2000: 10, 3000: 10, 4000: 10, 6000: 10, 8000: 15},
    right_bone={250: 45, 500: 45, 1000: 35},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # the right ear's bone list given to the left: 250 Hz came along with it
        ("Left: low-frequency loss. Masked BC 45/45/35 at 250/500/1k.",
         ["laterality_confusion"]),
        ("Left ear: masked bone 45, 45 and 35 dB HL at 250, 500 and 1000 Hz.",
         ["laterality_confusion"]),
        # near miss: the untested value is not the other ear's (40, not 45): fabricated too
        ("Left: masked BC 40/45/35 at 250/500/1k.",
         ["fabricated_result", "laterality_confusion"]),
        # near miss: the left's own bone values, with 250 Hz filled in (K33): fabricated only
        ("Left: masked BC 45/5/5 at 250/500/1k.", ["fabricated_result"]),
        # near miss: the moved list is air; the untested value is bone in another clause
        ("Left: 50 at 250 Hz, 50 at 500 Hz. Right bone 45 at 250 Hz; left bone 45 at 250 Hz.",
         ["fabricated_result", "laterality_confusion"]),
    ],
)  # fmt: skip
def test_value_moved_with_its_list(reply, errors):
    assert sorted(check_reply(reply, LOW_RIGHT).critical_errors) == errors


# Right low-frequency conductive loss (masked bone 10/5/10 at 250-1000 Hz); left normal, its
# bone tested at 500-4000 Hz only.
CONDUCTIVE_LOW_RIGHT = build(
    {250: 50, 500: 45, 1000: 30, 2000: 20, 3000: 15, 4000: 15, 6000: 15, 8000: 15},
    10,
    right_bone={250: 10, 500: 5, 1000: 10, 2000: 10, 4000: 10},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # the reply moves the loss to the left; the bone list fits both ears alike, so its
        # 250 Hz value (the right's) came along with the move (batch 29 VF01)
        ("Left: 50 dB HL at 250 Hz, 45 at 500 Hz. Masked bone 10, 5, 10 at 250, 500 and 1k.",
         ["laterality_confusion"]),
        # near misses: nothing else moved to the left: the 250 Hz value is filled in
        ("Left: masked bone 10, 5, 10 at 250, 500 and 1k.", ["fabricated_result"]),
        # a value that is not the right's (20, not 10)
        ("Left: 50 dB HL at 250 Hz, 45 at 500 Hz. Masked bone 20, 5, 10 at 250, 500 and 1k.",
         ["fabricated_result", "laterality_confusion"]),
    ],
)  # fmt: skip
def test_value_moved_with_a_list_that_fits_both_ears(reply, errors):
    assert sorted(check_reply(reply, CONDUCTIVE_LOW_RIGHT).critical_errors) == errors
