"""Figures that are not about this patient's audiogram read now are not claims (issue #26,
precision on unseen families): a relative's hearing, a condition of a change still to come,
a clause headed by an earlier year or an earlier occasion of the illness ("At presentation:",
"On admission,", "Pre-op:"), a statement in general (a norm, a rule of thumb, a service's
criterion or pathway), a hearing aid's targets and aided levels, and the loudness measures'
other names ("loudness discomfort", a tinnitus match). Found by the insertion harness
(tests/audiogram/insertions.py) and blind batches 45-50, fixed as classes in discourse.py
(RULES "relative's hearing", "condition of change", "dated earlier test", "earlier occasion",
"general statement", "aid target", "loudness measure"). Each class has near misses: a claim
about today's audiogram in the same form, or beside the same words, is still read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, assert_linear, build, cpu_cost

# flat mild sensorineural loss, 25 dB HL both ears (bone 20)
FLAT_MILD = build(25, right_bone=20, left_bone=20)

NOT_ABOUT_THIS_AUDIOGRAM = [
    # a relative's hearing
    "Her mother has a severe conductive loss in the left ear.",
    "His brother's audiogram shows 70 dB HL at 2 kHz in the right ear.",
    "Family history: father wears hearing aids for a profound loss on the right.",
    "A sister was diagnosed with a moderate conductive loss in her left ear as a child.",
    # a condition of a change still to come
    "If the left ear drops to 70 dB HL at 2 kHz, we would refer for an MRI.",
    "Should a severe conductive loss develop on the right, we would review sooner.",
    "Were the right threshold at 2 kHz to reach 70 dB HL, candidacy would change.",
    "We will review in 6 months (sooner if the right ear falls to 70 dB HL at 4 kHz).",
    # a clause headed by an earlier year
    "In 2018 her left ear measured 70 dB HL at 2 kHz.",
    "Old results (2016): right 70 dB HL at 2 kHz.",
    "An audiogram from 2017 (another clinic) recorded a moderate conductive loss on the left.",
    "At the 2015 test the right threshold at 2 kHz was 70 dB HL.",
    "The audiogram was normal (her 2016 hearing test elsewhere showed a severe loss on the left).",
    "- Her 2015 hearing test elsewhere showed a moderate conductive loss in the right ear.",
    # a clause headed by an earlier occasion of the illness (not a year)
    "At presentation (day 1): left 85-100 dB HL, profound.",
    "At presentation: left 3 kHz 70 dB HL.",
    "On admission, the right ear was 70 dB HL at 2 kHz.",
    "Initially: severe loss on the left.",
    "Before treatment: right 70 dB HL at 2 kHz.",
    "Pre-op: left 70 dB HL at 2 kHz, a moderate conductive loss.",
    "In ED: right 70 dB HL at 2 kHz.",
    "- Day 1: left 70 dB HL at 2 kHz.",
    # the occasion after words naming what was done then (batch 46 VY02)
    "Tuning forks in ED: Rinne negative right, Weber to the right.",
    "Audiogram at presentation: left 70 dB HL at 2 kHz.",
    "Thresholds on admission: a severe loss on the right.",
    # a statement in general
    "As a rule, a moderate loss is one whose average falls in the moderate band.",
    "Noise damage typically gives a notch of about 70 dB HL at 4 kHz.",
    # "is normally", and a general clause ended by the consequence for the patient (VZ04)
    "Otosclerosis is normally conductive and in both ears.",
    "MYO6-related loss is normally a severe loss in both ears.",
    "Glue ear is typically conductive, so it would not explain her mild loss.",
    "Age norms put a 70-year-old at about 70 dB HL at 2 kHz.",
    "Our referral criterion is a threshold of 70 dB HL or worse at 2 kHz in either ear.",
    "Criteria for an implant assessment: a profound loss with 90 dB HL at 2 kHz in the better ear.",
    "The local pathway refers any severe conductive loss in one ear to ENT.",
    # under a heading line that ends with a colon (the clause starts on the next line)
    "Referral criteria:\nCriteria for an implant: a profound loss with 90 dB HL at 2 kHz.",
    "The NICE threshold for referral is 70 dB HL at 2 kHz in one ear.",
    "Candidacy guidelines require a severe loss (70 dB HL or worse at 2 kHz) in both ears.",
    # a hearing aid's targets and aided levels
    "NAL-NL2 target for the left aid: 20 dB insertion gain at 2 kHz.",
    "Prescribed gain for the right ear is 30 dB at 2 kHz.",
    "The fitting aims for aided thresholds of 70 dB HL at 2 kHz in the right ear.",
    "DSL v5 targets for the left ear were 20 dB at 2 kHz.",
    # a drug's dose and the ear it is given to
    "Right ear 25 dB HL (amoxicillin 500 mg three times daily for the left ear infection).",
    "Ciprofloxacin 0.3% drops, 4 drops into the left ear twice daily for 7 days.",
    "Left ear 25 dB HL; gentamicin 5 mg/kg once daily, for the right ear a moderate loss noted.",
    # the loudness measures' other names
    "Loudness discomfort on the right at 2 kHz: 95 dB HL.",
    "Tinnitus match: 2 kHz, 70 dB HL (right).",
    "The right-sided tinnitus was matched at 4 kHz and 70 dB HL.",
    "Her ULLs were 100 dB HL at 2 kHz on the left.",
    "Discomfort was reported at 100 dB HL (2 kHz, left ear).",
]

STILL_READ = [
    # a relative who reports on the patient; the patient's own ear beside a relative
    ("Her mother has brought her in; her right ear has a moderate loss.",
     ["severity_misclassification"]),
    ("Her mother has a hearing aid, but her own right ear has a moderate loss.",
     ["severity_misclassification"]),
    ("Unlike her mother's, her own right ear has a moderate loss.",
     ["severity_misclassification"]),
    ("His father had a moderate loss; the right ear here is 70 dB HL at 2 kHz.",
     ["fabricated_result"]),
    ("The child has a moderate loss in both ears.", ["severity_misclassification"]),
    # a condition with no change in it, or a change stated as found
    ("If we look at the right ear, it shows a moderate loss.", ["severity_misclassification"]),
    ("The right ear drops to 70 dB HL at 2 kHz.", ["fabricated_result"]),
    ("It should be noted that the right ear drops to 70 dB HL at 2 kHz.", ["fabricated_result"]),
    # 2000 is a frequency; today's figures after an earlier year's
    ("The 2000 Hz threshold was 70 dB HL on the right.", ["fabricated_result"]),
    ("Right ear in 2018: 20 dB HL; today 70 dB HL at 2 kHz.", ["fabricated_result"]),
    ("In 2018 the left ear measured 25 dB HL; it now measures 70 dB HL at 2 kHz.",
     ["fabricated_result"]),
    ("Today (March 2024) the right ear is 70 dB HL at 2 kHz.", ["fabricated_result"]),
    ("The threshold for the right ear is 70 dB HL at 2 kHz.", ["fabricated_result"]),
    ("She reports discomfort in the right ear, which is 70 dB HL at 2 kHz.",
     ["fabricated_result"]),
    ("Tympanogram type A, volume 0.9 ml; the right ear is 70 dB HL at 2 kHz.",
     ["fabricated_result"]),
    ("Amoxicillin 500 mg daily. The right ear is 70 dB HL at 2 kHz.", ["fabricated_result"]),
    ("Ciprofloxacin 0.3% drops, 4 drops into the left ear twice daily; she has a severe loss.",
     ["severity_misclassification"]),
    # an occasion word that turns to today, or is today's test, or heads no clause
    ("On admission today: left 70 dB HL at 2 kHz.", ["fabricated_result"]),
    ("At presentation: left 25 dB HL at 2 kHz; today 70 dB HL at 2 kHz.",
     ["fabricated_result"]),
    ("On admission, left 25 dB HL, but this audiogram shows a severe loss.",
     ["severity_misclassification"]),
    ("Pre-op counselling done. The right ear is 70 dB HL at 2 kHz.", ["fabricated_result"]),
    ("The right ear initially looks 70 dB HL at 2 kHz.", ["fabricated_result"]),
    ("Today (day 14): left 70 dB HL at 2 kHz.", ["fabricated_result"]),
    ("Thresholds today in ED: right 70 dB HL at 2 kHz.", ["fabricated_result"]),
    ("This audiogram on admission: right 70 dB HL at 2 kHz.", ["fabricated_result"]),
    # a general word beside an ear or the patient, a criterion found met or not
    ("The right ear typically shows 70 dB HL at 2 kHz.", ["fabricated_result"]),
    ("This loss is typically conductive.", ["type_misclassification"]),
    ("The right ear is normally conductive.", ["type_misclassification"]),
    ("Her loss is normally conductive.", ["type_misclassification"]),
    ("Glue ear is typically conductive, so the right ear's severe loss is unexplained.",
     ["severity_misclassification"]),
    ("Otosclerosis is normally sensorineural, which fits the conductive loss on the left.",
     ["type_misclassification"]),
    ("Our criteria are not met, and the right ear has a moderate loss.",
     ["severity_misclassification"]),
    # a target of care, not of an aid
    ("The target is to fit the right ear, which is 70 dB HL at 2 kHz.", ["fabricated_result"]),
    # the reverse check: a claim about today's audiogram beside such words
    ("The loudness discomfort levels aside, the right ear has a moderate loss.",
     ["severity_misclassification"]),
    ("Tinnitus in the right ear; thresholds 70 dB HL at 2 kHz.", ["fabricated_result"]),
]  # fmt: skip


@pytest.mark.parametrize("reply", NOT_ABOUT_THIS_AUDIOGRAM)
def test_figures_not_about_this_audiogram_are_not_judged(reply):
    assert check_reply(reply, FLAT_MILD).critical_errors == []


@pytest.mark.parametrize(("reply", "errors"), STILL_READ)
def test_claims_about_this_audiogram_in_the_same_form_are_read(reply, errors):
    assert check_reply(reply, FLAT_MILD).critical_errors == errors


def test_only_the_other_scope_is_blanked():
    assert_blanked(
        "Right ear 25 dB HL. Her mother has a severe loss on the left; the left ear is 25 dB HL.",
        gone=["severe"],
        kept=["Right ear 25 dB HL.", "; the left ear is 25 dB HL."],
    )
    assert_blanked(
        "If the left ear drops to 70 dB HL, refer. Today it is 25 dB HL.",
        gone=["70 dB"],
        kept=["Today it is 25 dB HL."],
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Her mother has a severe loss at 70 dB HL at 2 kHz on the left. ",
        "If the left ear drops to 70 dB HL at 2 kHz in the right ear, we would refer. ",
        "In 2018 her left ear measured 70 dB HL at 2 kHz and 60 at 4 kHz. ",
        "Typically it gives 70 dB HL at 2 kHz and a notch at 4 kHz. ",
        "NAL-NL2 target for the left aid 20 dB insertion gain at 2 kHz. ",
        "At presentation (day 1): left 70 dB HL at 2 kHz, pre-op, before treatment. ",
    ],
)
def test_reading_the_other_scopes_is_linear(sentence):
    def cost(n):
        text = sentence * n
        return cpu_cost(lambda: check_reply(text, FLAT_MILD))

    assert_linear(cost(100), cost(400))


def test_the_scope_patterns_are_linear_on_text_without_stops():
    from clinbench.audiogram.discourse import without_unclaimed

    for sentence in (
        "her mother has a severe loss at 70 dB HL at 2 kHz, ",
        "if the left ear drops to 70 dB HL at 2 kHz, ",
        "in 2018 her left ear measured 70 dB HL at 2 kHz, ",
        "as a rule typically 70 dB HL, our criterion is 70 dB HL at 2 kHz, ",
        "nal-nl2 target 20 dB insertion gain at 2 kHz, ",
        "amoxicillin 500 mg for the left ear, 4 drops, ",
        "at presentation (day 1): left 70 dB HL, on admission, pre-op: day 1, in ed, ",
    ):
        small = cpu_cost(lambda s=sentence: without_unclaimed(s * 100))
        big = cpu_cost(lambda s=sentence: without_unclaimed(s * 400))
        assert_linear(small, big, floor=0.002)
