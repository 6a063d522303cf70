"""Classes of reading fixed by principle after blind batches 21-23 became tuning data (issue
#26 item 5): each rule is tested as text -> claims and, where it needs a sentence around it,
end to end; each has a long-input test. The sentences are written here, not the batches'."""

from __future__ import annotations

import time

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import average_claims, read_claims
from clinbench.audiogram.degree_claims import degree_claims
from clinbench.audiogram.lexicon import ears_in
from clinbench.audiogram.notation import normalise
from clinbench.audiogram.result_claims import type_claims
from clinbench.audiogram.threshold_claims import threshold_claims

from .conftest import assert_linear, build, claim_fields, conductive_right, cpu_cost


def _thresholds(text, ear=None):
    return [(c.kind, c.value, c.frequencies) for c in threshold_claims(text.lower(), ear, False)]


# --- differences between the ears are not thresholds (threshold_claims.py) ---------------

DIFFERENCES = [
    ("the interaural differences at 500, 1k and 2k (15, 20, 30 dB) meet the criterion", []),
    ("asymmetry of 20 dB at 2 kHz and 4 kHz", []),
    ("interaural asymmetry >= 15 dB at 1k, 2k and 4k", []),
    ("the asymmetry at 2 and 4 kHz: 25 and 30 dB", []),
    # the thresholds themselves are still read
    ("thresholds at 500, 1k and 2k (15, 20, 30 dB)",
     [("threshold", 15, (500,)), ("threshold", 20, (1000,)), ("threshold", 30, (2000,))]),
    ("left 45 dB at 4 kHz, an asymmetry of 25 dB", [("threshold", 45, (4000,))]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), DIFFERENCES)
def test_differences_between_ears_are_no_thresholds(text, expected):
    assert _thresholds(text) == expected


def test_difference_lists_read_in_linear_time():
    def cost(n):
        text = "the interaural differences at 1, 2 and 4 khz (20, 25, 20 db), " * n
        return len(text), cpu_cost(lambda: threshold_claims(text, None, False))

    size, small = cost(1700)
    big_size, big = cost(6800)
    assert size > 100_000
    assert_linear(small, big, floor=0.02, most=2.0)


# --- a meeting's parts: the ear of the line above does not carry (statements/lexicon) -----

RIGHT_CONDUCTIVE = conductive_right()

MEETING = [
    ("Right: conductive loss, 40 dB.\nLeft: normal.\nDiscussion: the conductive loss needs "
     "a CT scan.", []),
    ("Right: conductive loss.\nLeft: normal.\nOutcome: surgery for the conductive ear.", []),
    ("Right: conductive loss.\nLeft: normal.\nRequest: review the conductive loss.", []),
    # an ear the part names itself is still read
    ("Right: conductive loss.\nLeft: normal.\nDiscussion: left conductive loss.",
     ["laterality_confusion"]),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "errors"), MEETING)
def test_an_ear_does_not_carry_into_a_meetings_discussion(reply, errors):
    """The first and third gave a laterality error on main d013948 (the left's ear carried
    into the discussion)."""
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == errors


# --- what a grade grades (degree_claims.py) ---------------------------------------------


def _degrees(text, ear="right"):
    low = text.lower()
    return [(c.value, c.frequencies, c.rules[-1]) for c in degree_claims(low, ear, False, low)]


DEGREES = [
    # an age-related loss named by its clinical name is a loss a grade grades
    ("Impression: moderate presbycusis.", [("moderate", (), "age-related loss named")]),
    ("mild age-related hearing loss", [("mild", (), "graded loss")]),
    ("severe presbyacusis on both sides", [("severe", (), "age-related loss named")]),
    ("no tinnitus; mild vertigo", []),
    # a grade given as the writer's verdict grades the ear being discussed
    ("I'll say moderately severe.", [("moderately severe", (), "grade given")]),
    ("I'd call it mild, given the average.", [("mild", (), "grade given")]),
    ("Say mild tinnitus only.", []),
    # a grade with its average in parentheses grades that average too
    ("moderate high-frequency loss (PTA 42 dB HL)",
     [("moderate", (2000, 16000), "region by adjective"),
      ("moderate", (), "grade of the average in parentheses")]),
    ("mild low-frequency SNHL (4FA 28)",
     [("mild", (0, 1000), "region by adjective"),
      ("mild", (), "grade of the average in parentheses")]),
    # a value in parentheses is no average: the region reading alone
    ("moderate high-frequency loss (50 dB at 4 kHz)",
     [("moderate", (2000, 16000), "region by adjective")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), DEGREES)
def test_what_a_grade_grades(text, expected):
    assert _degrees(text) == expected


def test_degree_rules_read_in_linear_time():
    def cost(n):
        text = ("moderate presbycusis, mild high-frequency loss (pta 30) and " * n).lower()
        found = degree_claims(text, "right", False, text)
        return len(text), cpu_cost(lambda: degree_claims(text, "right", False, text)), len(found)

    size, small, found = cost(1700)
    big_size, big, _ = cost(6800)
    assert size > 100_000 and found >= 1700
    assert_linear(small, big, floor=0.02, most=2.0)


# --- a value referred back to is not a new level (threshold_claims.py) ------------------

REFERRED = [
    ("the 30 at 4k is the notch", []),
    ("that 55 at 8 kHz fits noise exposure", []),
    ("thresholds 30 at 4k and 55 at 8 kHz",
     [("threshold", 30, (4000,)), ("threshold", 55, (8000,))]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), REFERRED)
def test_a_value_referred_back_to_is_no_new_level(text, expected):
    assert _thresholds(text, "right") == expected


# --- a bare R or L before a tympanogram type is an ear tag (lexicon.py) -----------------


@pytest.mark.parametrize(
    ("text", "ears"),
    [
        ("Tymps: R type B, L type A", {"right", "left"}),
        ("Middle ear: L type C (-250 daPa)", {"left"}),
        ("Tymp R Type Ad", {"right"}),
        ("Form R type 2 filed", set()),  # a form's type, not a tympanogram's
        ("Grade R typed up", set()),
    ],
)
def test_an_ear_letter_before_a_tympanogram_type_names_the_ear(text, ears):
    assert ears_in(text) == ears


def test_ear_tags_read_in_linear_time():
    began = time.process_time()
    ears_in("R type B, L type A; " * 6000)
    assert time.process_time() - began < 5


# --- a level's conduction is the one named before it (claims.py) ------------------------


def _levels(text):
    return claim_fields(text, "ears", "value", "frequencies", "conduction", whole_reader=True)


CONDUCTIONS = [
    ("R: air 40-55, bone 10-15 and 30 at 4 kHz.", [(("right",), 30, (4000,), "bone")]),
    ("L 1 kHz 35, 2 kHz 45 (BC 10 and 15).",
     [(("left",), 35, (1000,), "air"), (("left",), 45, (2000,), "air")]),
    ("L BC 1 kHz 35, 2 kHz 45.",
     [(("left",), 35, (1000,), "bone"), (("left",), 45, (2000,), "bone")]),
    # the top of a range over frequencies is no level at the frequency before it
    ("Air is 10 to 25, the worst at 8k, and bone is 5 to 15 on both sides.", []),
    # an ear's list after a frequency list is no level at the last frequency
    ("Right 15, 20, 35 dB at 0.5, 1 and 2 kHz, left 10, 20, 40.", []),
    # a list of frequencies, then a list of levels: no pair where the lists meet
    ("Averaged over 0.5, 1 and 2k: 30, 35, 45, so 37.", []),
    ("Left 500 Hz 20, 1 kHz 30, 2 kHz 40.",
     [(("left",), 20, (500,), "air"), (("left",), 30, (1000,), "air"),
      (("left",), 40, (2000,), "air")]),
    ("At 1k, 2k and 3k the left is 30, 45, 50, then 60 at 4k.",
     [(("left",), 60, (4000,), "air")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), CONDUCTIONS)
def test_a_levels_conduction_is_the_one_named_before_it(text, expected):
    assert _levels(text) == expected


def test_level_conduction_and_ear_lists_read_in_linear_time():
    def cost(n):
        text = (
            "R: air 40-55, bone 10-15 and 30 at 4 kHz, 2 kHz 45 (BC 10), 5 to 10 on both sides; "
            "at 1k left 20, 25, 30; "
        ) * n
        return len(text), cpu_cost(lambda: read_claims(text))

    size, small = cost(1300)
    big_size, big = cost(5200)
    assert size > 100_000
    assert_linear(small, big, floor=0.02, most=3.0)


# --- an average worked out in words: the result is the average (claims.py) --------------

WORKED = [
    ("4fa 35, 40, 50, 55 - 180 over 4 - 45, moderate", [(45.0, "worked average of 4")]),
    ("pta 20, 30 and 40 = 90 / 3 = 30", [(30.0, "worked average of 3")]),
    ("three-frequency average 20, 30, 40 divided by 3 is 30", [(30.0, "worked average of 3")]),
    # a divisor that is not the count of summands: no worked average, the first number
    ("pta 20, 30, 40 - 90 over 4 - 22.5", [(20.0, "pta")]),
    ("pta 45, 20 db at 3 khz", [(45.0, "pta")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), WORKED)
def test_an_average_worked_out_in_words_is_its_result(text, expected):
    claims, _ = average_claims(text, "right", False)
    assert [(c.value, c.rules[-1]) for c in claims] == expected


def test_worked_averages_read_in_linear_time():
    def cost(n):
        text = (
            "pta 20, 30, 40, 50, 60, 70, 80 and 90 " * n
            + "4fa 35, 40, 50, 55 - 180 over 4 - 45. " * n
        )
        return len(text), cpu_cost(lambda: average_claims(text, "right", False))

    size, small = cost(1400)
    big_size, big = cost(5600)
    assert size > 100_000
    assert_linear(small, big, floor=0.02, most=3.0)


# --- a masking mark after a level does not break its list (notation.normalise) ----------

MASKED_LIST_CASE = build(
    {250: 30, 500: 35, 1000: 50, 2000: 55, 4000: 40, 8000: 30},
    10,
    right_bone={500: 30, 1000: 45, 2000: 50, 4000: 35},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 5},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "reply",
    [
        "Right: BC 30 / 45 (m) / 50 (M) / 35 at 500/1k/2k/4k.",
        "Right: bone 30, 45 (masked), 50 (masked) and 35 dB at 0.5, 1, 2 and 4 kHz.",
    ],
)
def test_a_masking_mark_after_a_level_does_not_break_its_list(reply):
    """Both gave a fabricated bone result on main d013948 (the last level read at every
    frequency of the list)."""
    found = check_reply(reply, MASKED_LIST_CASE)
    assert found.critical_errors == []
    bone = [(f.frequency, f.claimed) for f in found.findings if f.kind == "bone_threshold"]
    assert bone == [(500, 30), (1000, 45), (2000, 50), (4000, 35)]


def test_masking_marks_are_removed_in_linear_time():
    began = time.process_time()
    normalise("30 (m) / 45 (nm) / 50 ( / " * 8000)
    assert time.process_time() - began < 5


# --- a sudden hearing loss named without an ear is the presentation's (check.py) --------

SUDDEN_LEFT = build(
    {250: 10, 500: 10, 1000: 15, 2000: 10, 4000: 15, 8000: 20},
    {250: 70, 500: 70, 1000: 75, 2000: 70, 4000: 80, 8000: 80},
    right_bone={500: 5, 1000: 10, 2000: 10, 4000: 10},
    left_bone={500: 65, 1000: 70, 2000: 65, 4000: 75},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Left: severe SNHL, 70-80 dB HL.\nRight: normal hearing.\nThis is a sudden "
         "sensorineural loss; refer today.", []),
        ("Left ear severe. Right ear normal. It looks like a sudden hearing loss - steroids.", []),
        # an ear the sentence names is still judged
        ("Left: normal. Right: sudden sensorineural loss.", ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_a_sudden_loss_named_without_an_ear_is_not_the_last_ears(reply, errors):
    """The first gave a laterality error on main d013948 (the right ear, named last,
    carried into the summary)."""
    assert check_reply(reply, SUDDEN_LEFT).critical_errors == errors


def test_a_long_reply_of_sudden_losses_is_checked_in_linear_time():
    def cost(n):
        text = "Right: normal. This is a sudden sensorineural loss, sudden onset " * n
        return len(text), cpu_cost(lambda: check_reply(text, SUDDEN_LEFT))

    size, small = cost(400)
    big_size, big = cost(1600)
    assert big_size > 100_000
    assert_linear(small, big, floor=0.05, most=5.0)


# --- a mixed picture is no mixed loss (result_claims.py and claims.py) -------------------

MIXED = [
    ("Referral: asymmetric loss, a mixed picture.", []),
    ("Mixed presentation: tinnitus and vertigo.", []),
    ("Mixed findings across the two ears.", []),
    ("Left: mixed loss with a 20 dB gap.", ["mixed"]),
    ("Right: mixed hearing loss.", ["mixed"]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "types"), MIXED)
def test_a_mixed_picture_is_no_mixed_loss(text, types):
    assert [c.value for c in read_claims(text) if c.kind == "type"] == types
    low = text.lower()
    assert [c.value for c in type_claims(low, low, None, False)] == types
