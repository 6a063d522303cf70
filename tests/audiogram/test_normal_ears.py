"""Replies that hold a claim the reader used to miss (issue #26, no claim read): an ear said to
be normal, and a level said to hold at every frequency. Each class is tested as text ->
claims (with near misses that must not be read), then claim x audiogram -> verdict, then
for linear time. The sentences are written here, not taken from the batches."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import degree_claims
from clinbench.audiogram.threshold_claims import EVERY_FREQUENCY, threshold_claims

from .conftest import assert_linear, build, cpu_cost

# --- an ear said to be normal (degree_claims.py, rule 'ear said normal') -----------------

# An ear said normal claims its grade and, since session 7 (batch 30 VG40), no loss in that
# ear, judged as unqualified "normal hearing" is (test_ear_said_normal_with_a_loss.py).
L, R, BOTH = ("left",), ("right",), ("right", "left")
EAR_SAID_NORMAL = [
    ("your left ear is normal.", "left", [("degree", L, "normal"), ("no_loss", L, "normal")]),
    ("both ears are normal", "both", [("degree", BOTH, "normal"), ("no_loss", BOTH, "normal")]),
    ("left ear: normal", "left", [("degree", L, "normal"), ("no_loss", L, "normal")]),
    ("right ear normal, left ear has a mild loss", "right",
     [("degree", R, "normal"), ("no_loss", R, "normal"), ("degree", R, "mild")]),
    ("your right ear hears normally", "right", [("degree", R, "normal"), ("no_loss", R, "normal")]),
    ("both ears hear normally", "both", [("degree", BOTH, "normal"), ("no_loss", BOTH, "normal")]),
    ("the left ear is essentially normal", "left",
     [("degree", L, "normal"), ("no_loss", L, "normal")]),
    # the ear named with 'normal' before it (batch 165 UN09)
    ("she has a normal right ear", "right", [("degree", R, "normal"), ("no_loss", R, "normal")]),
    ("normal left ear.", "left", [("degree", L, "normal"), ("no_loss", L, "normal")]),
    # near misses: not the ear's hearing, negated, or an ear named by a relation
    ("an otherwise normal left ear", "left", []),
    ("a normal right ear canal", "right", []),
    ("your left ear is not normal", "left", []),
    ("the left ear canal is normal", "left", []),
    ("the left ear is normal on otoscopy", "left", []),
    ("right ear: normal (type a)", "right", []),
    ("right ear normal tympanogram", "right", []),
    ("your inner ear is normal", None, []),
    ("the middle ear is normal", None, []),
    ("the other ear is normal throughout", "left", []),
    ("the better ear is normal", "left", []),
    ("the left ear looks normal", "left", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "ear", "expected"), EAR_SAID_NORMAL)
def test_an_ear_said_normal_is_a_normal_grade_of_that_ear(text, ear, expected):
    claims = degree_claims(text, ear, False, text)
    assert [(c.kind, c.ears, c.value) for c in claims] == expected


def test_an_ear_said_normal_claims_no_loss_except_where_it_restates_a_one_sided_claim():
    # Changed on purpose in session 7 (batch 30 VG40): an ear said normal claims no loss,
    # as "hearing is normal" does. "Unilateral right notch; the left ear is normal" restates
    # the laterality claim, so a notch hidden by the left's normal average is not judged
    # twice (judges.judge_no_loss skips it after a one-sided laterality finding).
    claims = degree_claims("the left ear is normal", "left", False)
    assert [(c.kind, c.rules[-1]) for c in claims] == [
        ("degree", "normal hearing"),
        ("no_loss", "ear said normal"),
    ]
    assert "no_loss" in [c.kind for c in degree_claims("hearing is normal", "left", False)]
    notch = build({250: 10, 500: 10, 1000: 10, 2000: 20, 3000: 40, 4000: 55, 6000: 45, 8000: 25},
                  {250: 10, 500: 10, 1000: 10, 2000: 15, 3000: 35, 4000: 50, 6000: 45, 8000: 20},
                  right_bone={500: 5, 1000: 5, 2000: 15, 4000: 50},
                  left_bone={500: 10, 1000: 10, 2000: 15, 4000: 50})  # fmt: skip
    reply = "Unilateral right noise-induced notch; the left ear is normal."
    assert check_reply(reply, notch).critical_errors == ["laterality_confusion"]
    assert check_reply("The left ear is normal.", notch).critical_errors == [
        "type_misclassification"
    ]


def test_an_ear_said_normal_keeps_its_region():
    (claim,) = degree_claims("the left ear is normal up to 2 khz", "left", False)
    assert claim.frequencies == (0, 2000)


RIGHT_MODERATE = build(40, 10)  # right flat 40 dB HL (moderate), left flat 10 dB HL


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Your left ear is normal. Your right ear has a moderate loss.", []),
        ("Left ear: normal. Right ear: moderate hearing loss.", []),
        # the ears swapped: the normal ear is said of the ear with the loss
        ("Your right ear is normal. Your left ear has a moderate loss.",
         ["laterality_confusion"]),
        ("Both ears are normal.", ["severity_misclassification"]),
    ],
)  # fmt: skip
def test_an_ear_said_normal_is_judged_against_that_ear(reply, errors):
    result = check_reply(reply, RIGHT_MODERATE)
    assert result.critical_errors == errors
    assert result.claims_read > 0


def test_an_ear_said_normal_is_no_longer_a_reply_without_claims():
    result = check_reply("Your left ear is normal.", build(10, 10))
    assert result.outcome == "no_critical_error"
    assert [(f.kind, f.verdict) for f in result.findings] == [("degree", "match")]


def test_ears_said_normal_read_in_linear_time():
    def cost(n):
        text = "the left ear is normal and the other ear is normal on otoscopy; " * n
        return len(text), cpu_cost(lambda: degree_claims(text, "left", False, text))

    size, small = cost(1600)
    _, big = cost(6400)
    assert size > 100_000
    assert_linear(small, big, floor=0.02, most=2.0)


def test_a_region_before_an_ear_said_normal_scopes_it():
    (claim,) = degree_claims("at 500 hz both ears are normal", "both", False)
    assert claim.frequencies == (500, 500)
    (claim,) = degree_claims("left ear 40 db at 2 khz, right ear normal", "right", False)
    assert claim.frequencies == ()


@pytest.mark.parametrize("normal", ["Left ear: normal.", "Left ear: hearing is normal."])
def test_an_ear_said_normal_does_not_bind_a_loss_moved_onto_it(normal):
    # adjudication._binding_index: a normal grade that fits its ear is no evidence that a
    # loss claimed of the same ear describes it; the loss fits the other ear, so it was moved
    reply = f"Right ear: moderate SNHL.\n{normal}\n**Plan:** steroids for the left sudden SNHL."
    bone = {500: 40, 1000: 40, 2000: 40, 4000: 40}
    right_snhl = build(40, 10, right_bone=bone, left_bone={f: 10 for f in bone}, bone_masked=True)
    assert check_reply(reply, right_snhl).critical_errors == ["laterality_confusion"]


# --- a level at every frequency (threshold_claims.py, rule EVERY_FREQUENCY) ---------------

EVERY = [
    ("air is 20 at every frequency in both ears with bone at 15", "both",
     [(20, "air"), (15, "bone")]),
    ("air 20 db hl at every frequency", None, [(20, "air")]),
    ("thresholds are 40 db hl throughout", "right", [(40, "air")]),
    ("40 db across all frequencies", "right", [(40, "air")]),
    ("10 db hl at all frequencies tested", "left", [(10, "air")]),
    ("25 db hl across the board", "both", [(25, "air")]),
    ("both ears are flat at about 70 db", "both", [(70, "air")]),
    ("bone 10 db at each frequency", "right", [(10, "bone")]),
    # near misses: differences, gaps, tolerances and changes are no levels; a range is the
    # range reader's
    ("air-bone differences are 5 db at every frequency", None, []),
    ("the interaural difference is at most 5 db at every frequency", None, []),
    ("the air-bone gap is 30 db at all frequencies", None, []),
    ("within 10 db at every frequency", None, []),
    ("improved by 10 db across all frequencies", None, []),
    ("flat at 2 khz", None, []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "ear", "expected"), EVERY)
def test_a_level_at_every_frequency_is_read(text, ear, expected):
    claims = [c for c in threshold_claims(text, ear, False) if EVERY_FREQUENCY in c.rules]
    assert [(c.value, c.conduction) for c in claims] == expected
    assert all(c.kind == "threshold_range" and c.frequencies == () for c in claims)


def test_a_range_throughout_stays_a_whole_ear_range():
    (claim,) = threshold_claims("normal (5-15 db hl throughout)", "right", False)
    assert (claim.value, claim.value_high, claim.rules) == (5, 15, ("whole-ear range",))


FLAT_20 = build(20, 20, right_bone={f: 15 for f in (500, 1000, 2000, 4000)},
                left_bone={f: 15 for f in (500, 1000, 2000, 4000)})  # fmt: skip
SLOPING = build({250: 20, 500: 20, 1000: 30, 2000: 50, 4000: 65, 8000: 70})  # both ears


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("Air 20 dB HL at every frequency in both ears with bone at 15.", FLAT_20, []),
        ("Air 50 dB HL at every frequency in both ears.", FLAT_20, ["fabricated_result"]),
        # judged as a whole-ear level: it must come within the tolerance of the thresholds
        ("Right ear: 90 dB HL at every frequency.", SLOPING, ["fabricated_result"]),
    ],
)  # fmt: skip
def test_a_level_at_every_frequency_is_judged_as_a_whole_ear_level(reply, case, errors):
    result = check_reply(reply, case)
    assert result.critical_errors == errors
    assert result.claims_read > 0


def test_levels_at_every_frequency_read_in_linear_time():
    def cost(n):
        text = "20 db at every frequency with bone at 15, a difference of 5 db throughout; " * n
        return len(text), cpu_cost(lambda: threshold_claims(text, "right", False))

    size, small = cost(400)
    _, big = cost(1600)
    assert size >= 30_000
    assert_linear(small, big, floor=0.02, most=2.0)


# --- hearing for speech said normal (degree_claims.py, rule 'hearing for speech') ---------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("your hearing for everyday speech is within the normal range in both ears",
         [("degree", "normal")]),
        ("hearing for conversation is within normal limits", [("degree", "normal")]),
        # a speech test said normal is no grade of the ear's hearing
        ("speech discrimination is within normal limits", []),
        ("hearing for speech in noise is within normal limits", []),
    ],
)  # fmt: skip
def test_hearing_for_speech_said_normal_grades_the_average_only(text, expected):
    claims = degree_claims(text, "both", False, text)
    assert [(c.kind, c.value) for c in claims] == expected
    assert all(c.frequencies == () for c in claims)


def test_hearing_for_speech_normal_is_no_error_beside_a_high_dip():
    # normal average, a 6 kHz dip: "hearing for everyday speech is normal" is true
    notch = build({250: 10, 500: 10, 1000: 10, 2000: 15, 4000: 20, 6000: 45, 8000: 20})
    reply = "Your hearing for everyday speech is within the normal range in both ears."
    result = check_reply(reply, notch)
    assert result.critical_errors == []
    assert result.outcome == "no_critical_error"


# --- a lay account of a conductive cause (claims.py, rule 'lay middle ear') ---------------

PERFORATED_RIGHT = build(
    40, 10, right_bone={500: 10, 1000: 10, 2000: 15, 4000: 15},
    left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10}, bone_masked=True,
)  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "found", "errors"),
    [
        ("Your right ear loss is caused by a hole in your right eardrum.",
         [("type", "right", "conductive", "match")], []),
        ("The loss in your right ear is due to a perforation in the eardrum.",
         [("type", "right", "conductive", "match")], []),
        ("Your left ear loss is caused by a hole in the eardrum.",
         [("type", "left", "conductive", "contradiction")], ["laterality_confusion"]),
        # a hole named as a finding, or denied as the cause, claims no type
        ("There is a hole in the eardrum.", [], []),
        ("Your right ear loss is not caused by a hole in the eardrum.", [], []),
    ],
)  # fmt: skip
def test_a_loss_caused_by_a_hole_in_the_eardrum_is_conductive(reply, found, errors):
    result = check_reply(reply, PERFORATED_RIGHT)
    assert [(f.kind, f.ear, f.claimed, f.verdict) for f in result.findings] == found
    assert result.critical_errors == errors


SENSORINEURAL_BOTH = build(
    45, 45, right_bone={500: 40, 1000: 40, 2000: 45, 4000: 45},
    left_bone={500: 40, 1000: 45, 2000: 45, 4000: 40}, bone_masked=True,
)  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # a loss put in the outer ear is conductive (BSA 2018), as one in the middle ear is
        ("The deafness stems from the outer part of the ear.", ["type_misclassification"]),
        ("Her impairment is in the outer ear and the ear canal.", ["type_misclassification"]),
        # the outer ear named with no loss put there is anatomy, not a type
        ("Wax was cleared from the outer ear before testing.", []),
        ("Sound enters through the outer ear; the loss itself is sensorineural.", []),
    ],
)  # fmt: skip
def test_a_loss_put_in_the_outer_ear_is_conductive(reply, errors):
    assert check_reply(reply, SENSORINEURAL_BOTH).critical_errors == errors
