"""A speaker's note that says the slide put the findings on the wrong ear ("Correction - the
slide says left, it is the right ear ..."; issue #26, batch 37's VP27 as tuning data): the note
is the last word, and the slide it corrects is withdrawn."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import assert_blanked, assert_linear, conductive_right, cpu_cost

CONDUCTIVE_RIGHT = conductive_right()  # right PTA 37.5 (moderate) conductive; left normal

SLIDE = "Slide 3 - Audiometry\n- L ear: moderate CHL\n  - PTA 37.5\n- other ear normal\n\n"
NOTE = "Speaker notes: Correction - the slide says left, it is the right ear that is conductive."


def test_the_corrected_slide_is_blanked():
    assert_blanked(
        "Slide 1 - History\n- 30-year-old\n\n" + SLIDE + NOTE,
        ["L ear: moderate CHL", "PTA 37.5"],
        ["Slide 1 - History", "30-year-old", "the right ear that is conductive"],
    )


KEPT = [
    SLIDE + "Speaker notes: As the slide says, left conductive; the right is fine.",
    SLIDE + "Speaker notes: the slide says left, and it is the left.",  # no correction
    "- L ear: moderate CHL\n\n" + NOTE,  # no slide heading: nothing to withdraw
]


@pytest.mark.parametrize("text", KEPT)
def test_slides_not_corrected_are_kept(text):
    assert without_unclaimed(text) == text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (SLIDE + NOTE, []),
        # near misses: a slide the note does not correct is read, and so is a wrong note
        (SLIDE + "Speaker notes: a clear conductive loss.", ["laterality_confusion"]),
        (SLIDE.replace("L ear", "R ear") + "Speaker notes: Correction - the slide says right, "
         "it is the left ear that is conductive.", ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_the_note_is_the_last_word(reply, errors):
    """The first gave a laterality error on main 3515a0b."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_corrected_slides_are_linear():
    def cost(n):
        text = (SLIDE + NOTE + "\n") * n + "x"
        return len(text), cpu_cost(lambda: without_unclaimed(text))

    size, small = cost(300)
    big_size, big = cost(1200)
    assert big_size > 150_000 and size > 40_000
    assert_linear(small, big, most=2.0)
