"""'Both sides' of a dip the curve recovers on are its two frequency sides, not both ears
("a trough in the middle ... it recovers on both sides. Cookie-bite.", issue #26, validation
batch 29 VF45, where the right ear's loss was read as both ears')."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply

from .conftest import build, cpu_cost


@pytest.mark.parametrize(
    ("text", "ears"),
    [
        ("The dip is at 2 kHz and it recovers on both sides.", set()),
        ("Thresholds rise on both sides of the notch.", set()),
        ("It is 20 dB better on both sides of its dip.", set()),
        # near misses: both ears
        ("Tympanometry is type As on both sides.", {"both"}),
        ("Bone follows air on both sides.", {"both"}),
        ("A notch at 4 kHz on both sides.", {"both"}),
        ("Both sides have a severe loss.", {"both"}),
    ],
)  # fmt: skip
def test_sides_of_a_dip_are_no_ears(text, ears):
    assert lexicon.ears_in(text) == ears


def test_sides_of_a_dip_end_to_end():
    """A right cookie-bite beside a normal left: the right's bone is not both ears'."""
    audiogram = build({250: 20, 500: 25, 1000: 45, 2000: 50, 3000: 45, 4000: 30, 6000: 20,
                       8000: 20}, 10, right_bone={500: 20, 1000: 40, 2000: 45, 4000: 25},
                      left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5}, bone_masked=True)  # fmt: skip
    reply = ("Right ear: 45 at 1k, 50 at 2k, 45 at 3k. The dip recovers on both sides.\n"
             "Masked bone 40 at 1k and 45 at 2k -> sensorineural.")  # fmt: skip
    assert check_reply(reply, audiogram).critical_errors == []


def test_sides_reading_is_linear():
    def cost(n):
        text = "it recovers on both sides of the notch and on both sides " * n
        return len(text), cpu_cost(lambda: lexicon.ears_in(text))

    size, small = cost(400)
    big_size, big = cost(1600)
    assert big_size >= 80_000 and size >= 20_000
    assert big < 10 * max(small, 0.01)
