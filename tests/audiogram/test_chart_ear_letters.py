"""Chart shorthand ear letters: a capital R or L before the loss's shape or a short grade
("Imp: R flat CHL", "L sloping SNHL", "R mod-sev") names the ear, as before a degree or type
word; one ear's tympanogram after the test's name ("Tymp R A, ECV 1.1") is that ear's result
(issue #26, validation batch 13 and batch 10, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import results_by_ear_written_out

from .conftest import build, conductive_right, cpu_cost

# (text, names the right ear, names the left ear)
EAR_LETTERS = [
    ("Imp: R flat CHL", True, False),
    ("L sloping SNHL, moderate", False, True),
    ("R mod-sev SNHL", True, False),
    ("R prof SNHL", True, False),
    # near misses: a lower-case letter, a letter with a stop, a word that starts so
    ("the r flat part", False, False),
    ("R. flat", False, False),
]  # fmt: skip


@pytest.mark.parametrize(("text", "right", "left"), EAR_LETTERS, ids=[r[0] for r in EAR_LETTERS])
def test_a_letter_before_a_shape_or_short_grade_names_the_ear(text, right, left):
    assert (bool(lexicon.RIGHT.search(text)), bool(lexicon.LEFT.search(text))) == (right, left)


TYMPS = [
    ("Tymp R A, ECV 1.1.", "R: Tymp A, ECV 1.1."),
    ("tymp R type B.", "R: tymp type B."),
    ("tymp L Ad", "L: tymp Ad"),
    # near misses: words after the type may be its own, or two types with no ear each
    ("Tymp R B normal vol, L A", "Tymp R B normal vol, L A"),
    ("Tymp R A/B", "Tymp R A/B"),
    ("tymp R Aaron", "tymp R Aaron"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "written"), TYMPS, ids=[r[0] for r in TYMPS])
def test_one_ears_tympanogram_after_the_test_name(text, written):
    assert results_by_ear_written_out(text) == written


NO_TYMPANOMETRY = build({250: 55, 500: 50, 1000: 40, 2000: 25, 4000: 20}, 10)


@pytest.mark.parametrize(
    ("reply", "audiogram", "errors"),
    [
        ("Imp: R flat CHL.", conductive_right(), []),
        ("Imp: L flat CHL", conductive_right(), ["laterality_confusion"]),
        ("R) LF SNHL. Tymp R A, ECV 1.1. L) WNL.", NO_TYMPANOMETRY, ["fabricated_result"]),
        ("R) LF SNHL. L) WNL.", NO_TYMPANOMETRY, []),
    ],
)  # fmt: skip
def test_end_to_end(reply, audiogram, errors):
    assert check_reply(reply, audiogram).critical_errors == errors


def test_many_tympanograms_are_written_out_in_linear_time():
    def cost(n):
        text = "Tymp R A, ECV 1.1. " * n
        return len(text), cpu_cost(lambda: results_by_ear_written_out(text))

    size, small = cost(6000)
    _, big = cost(24000)
    assert size > 100_000
    assert big < 10 * max(small, 0.02)
