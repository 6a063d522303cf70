"""Terse secure messages between clinicians (pager, secure chat, SMS; issue #26, validation
batch 33 used as tuning data): the reading rules a colleague applies to such a thread.

- a message opening with a star corrects the one before it ("*R not L", "*L is conductive
  not SNHL"): the last word stands; a star that closes on its line is emphasis;
- a bare capital R or L names the ear before its average ("R 4FA 30"), its tympanogram
  letter ("tymp R A"), a frequency and its level ("L 4k 65, R 4k 35"), an average and its
  grade ("L 25 mild"), after "=" ("R = mild only") and before "worse" ("R worse");
- a sentence opening with the other ear's letter is about that ear, not the carried one;
- a grade said of both ears with the preposition dropped ("moderate both ears", "mild bilat");
- a cross mark after a finding rules it out ("so CHL \u2717"), as a tick affirms;
- a range of levels over a span of frequencies ("60-75 @ 4-8k") is no level at the span's
  first frequency.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.lexicon import LEFT, RIGHT

from .conftest import build, conductive_right, cpu_cost

CONDUCTIVE_RIGHT = conductive_right()  # right PTA 37.5 (moderate) conductive; left normal
RISING_RIGHT = build(
    {250: 55, 500: 50, 1000: 40, 2000: 25, 4000: 20, 8000: 20},
    10,
    right_bone={250: 50, 500: 45, 1000: 35},
    bone_masked=True,
)  # right low-frequency sensorineural loss (PTA 33.75, mild); left normal
RIGHT_WORSE = build(
    {500: 35, 1000: 40, 2000: 50, 4000: 55},
    {500: 20, 1000: 25, 2000: 30, 4000: 25},
    right_bone={500: 35, 1000: 40, 2000: 45, 4000: 55},
    left_bone={500: 20, 1000: 25, 2000: 30, 4000: 25},
    bone_masked=True,
)  # right PTA 45 (moderate), left 25 (mild), both sensorineural: the right is worse
ATRESIA_RIGHT = build(
    60, 10, right_bone={500: 10, 1000: 10, 2000: 15, 4000: 15}, bone_masked=True
)  # right conductive, PTA 60 (moderately severe); left normal
FLAT_SEVERE = build(70, right_bone=65, left_bone=65, bone_masked=True)  # PTA 70: severe
NEAR_NORMAL = build(15, right_bone={500: 0, 1000: 5, 2000: 5, 4000: 5})  # normal both
SLOPING = build({250: 20, 500: 25, 1000: 35, 2000: 45, 4000: 60, 8000: 75})
NOTCHES = build(
    {250: 10, 500: 10, 1000: 10, 2000: 15, 4000: 35, 8000: 15},
    {250: 10, 500: 10, 1000: 15, 2000: 25, 4000: 65, 8000: 30},
    right_bone={1000: 10, 4000: 30},
    left_bone={1000: 15, 4000: 60},
    bone_masked=True,
)  # a noise notch each side, the left deeper (4 kHz 65 vs 35), left 8 kHz 30

READ = [
    # a chat correction star: the last word stands
    ("L low-tone SNHL: 55/50/40 at 250/500/1k\n*R not L \U0001f648\nL normal 10s",
     RISING_RIGHT, []),
    ("[17:45] AUD: R SNHL too\n[17:46] AUD: *R is conductive not SNHL, BC 5-10",
     CONDUCTIVE_RIGHT, []),
    ("[11:03] R worse -> MRI IAMs pls\n[11:04] *L worse, typo", RIGHT_WORSE,
     ["laterality_confusion"]),
    ("[11:03] L worse -> MRI IAMs pls\n[11:04] *R worse, typo", RIGHT_WORSE, []),
    # near misses: no correction, or a star that is emphasis
    ("L low-tone SNHL: 55/50/40 at 250/500/1k\nL normal 10s", RISING_RIGHT,
     ["laterality_confusion"]),
    ("L low-tone SNHL\n**R** normal", RISING_RIGHT, ["laterality_confusion"]),
    # a starred footnote naming an ear moves nothing
    ("R low-tone SNHL, L normal\n*L ear tested first", RISING_RIGHT, []),
    ("R low-tone SNHL\n*Left ear masked", RISING_RIGHT, []),
    ("[11:03] L worse -> MRI IAMs pls\n[11:04] R worse", RIGHT_WORSE, ["laterality_confusion"]),
    ("[17:45] AUD: R SNHL\n[17:46] AUD: R *is* conductive, BC 5-10", CONDUCTIVE_RIGHT,
     ["type_misclassification"]),
    # a bare R or L names the ear before worse, an average, a tympanogram letter, "="
    ("R worse -> MRI IAMs pls", RIGHT_WORSE, []),
    ("L worse -> MRI IAMs pls", RIGHT_WORSE, ["laterality_confusion"]),
    ("R SNHL mild\nL normal\nR 4FA 60", ATRESIA_RIGHT,
     ["severity_misclassification", "type_misclassification"]),
    ("tymp R A normal -> not fluid", RISING_RIGHT, ["fabricated_result"]),
    ("R = mild only\nL normal", ATRESIA_RIGHT, ["severity_misclassification"]),
    ("R = mod-sev CHL\nL normal", ATRESIA_RIGHT, []),
    ("L 4k 65, R 4k 35\nL recovers to 30 @8k", NOTCHES, []),
    ("L 4k 35, R 4k 65", NOTCHES, ["laterality_confusion"]),
    # a sentence opening with the other ear's letter is about that ear
    ("R flat ~40, mod\nL 15s across, WNL", build(40, 15), []),
    ("R 4FA 17.5, normal range by average. L 28.75, mild SNHL.", NOTCHES, []),
    # a grade of both ears with the preposition dropped
    ("SNHL, MODERATE BOTH EARS", FLAT_SEVERE, ["severity_misclassification"]),
    ("SNHL, mild bilat", FLAT_SEVERE, ["severity_misclassification"]),
    ("SNHL, severe both ears", FLAT_SEVERE, []),
    ("SNHL, severe both ears. Tinnitus, mild bilat", FLAT_SEVERE, []),  # the symptom's grade
    # a cross mark rules a finding out
    ("AC 15-20 R, 15 L. BC 0-5 R, but air WNL so CHL \u2717. normal both", NEAR_NORMAL, []),
    ("AC 15-20 R, 15 L. BC 0-5 R, so CHL \u2713", NEAR_NORMAL, ["type_misclassification"]),
    ("AC 15-20 R, 15 L. BC 0-5 R, so CHL", NEAR_NORMAL, ["type_misclassification"]),
    # a range of levels over a span of frequencies
    ("sloping loss both ears, 60-75 @ 4-8k", SLOPING, []),
    ("sloping loss both ears, 75 @ 4k", SLOPING, ["fabricated_result"]),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "case", "errors"), READ)
def test_clinician_messages_are_read_as_a_colleague_reads_them(reply, case, errors):
    """On main 6690db5 the corrected threads, the tagged letters, the dropped preposition,
    the cross mark and the range over a span gave the wrong errors (batch 33: VK08, VK10,
    VK11, VK25, VK27, VK34, VK43, VK44, VK48, VK49)."""
    assert check_reply(reply, case).critical_errors == errors


EAR_LETTERS = [
    ("R 4FA 30", RIGHT),
    ("tymp L As", LEFT),
    ("tymp R: B", RIGHT),
    ("L 4k 65", LEFT),
    ("L 25 mild", LEFT),
    ("R 45 mod", RIGHT),
]


@pytest.mark.parametrize(("text", "ear"), EAR_LETTERS, ids=[t for t, _ in EAR_LETTERS])
def test_a_capital_letter_before_a_result_is_an_ear(text, ear):
    assert ear.search(text)


@pytest.mark.parametrize("text", ["RA flare", "LA size normal", "Table R 20 30", "R 20 30 40"])
def test_a_letter_in_a_word_or_before_bare_numbers_is_no_ear(text):
    assert not RIGHT.search(text) and not LEFT.search(text)


def test_a_star_corrects_the_message_before():
    claims = read_claims("L SNHL\n*R not L")
    assert [(c.ears, c.qualifier.value) for c in claims if c.kind == "type"] == [
        (("left",), "withdrawn"),
        (("right",), "asserted"),
    ]
    # emphasis closing on its line corrects nothing
    emphasis = read_claims("L SNHL\n*R* is fine")
    assert [c.qualifier.value for c in emphasis if c.kind == "type"] == ["asserted"]


def test_reading_corrections_and_cross_marks_is_linear():
    def cost(n):
        text = "[11:04] AUD: *R not L, CHL \u2717 60-75 @ 4-8k\nL 4k 65, R 4k 35\n" * n
        return len(text), cpu_cost(lambda: check_reply(text, SLOPING))

    size, small = cost(150)
    big_size, big = cost(600)
    assert big_size >= 4 * size > 20_000
    assert big < 10 * max(small, 0.01)
