"""Unmasked bone conduction (classify.unattributed_bone) on audiograms labelled before the rule.

The set is tests/audiogram/validation/masking.jsonl (see the README there): an unmasked
bone threshold where masking was needed is the better cochlea's response, so it only
bounds the tested ear's bone threshold; the type is undetermined when the bounds allow
two types.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.classify import STANDARDS, Criteria, classify, unattributed_bone

from .validation import audiograms

ROWS = audiograms("masking.jsonl")
BY_ID = {row["id"]: row for row in ROWS}


@pytest.mark.parametrize("row_id", list(BY_ID))
def test_type_and_red_flags(row_id):
    row = BY_ID[row_id]
    for name in STANDARDS:  # the type never depends on the degree standard
        result = classify(row["audiogram"], name)
        assert [result.right.type, result.left.type] == row["expect"]["type"], (name, row)
        flags = sorted(f"{f.code}:{f.ear}" for f in result.red_flags)
        assert flags == sorted(row["expect"]["flags"]), name


def test_the_set_holds_both_outcomes():
    types = {t for row in ROWS for t in row["expect"]["type"]}
    assert {"undetermined", "conductive", "sensorineural", "normal"} <= types


def test_masked_bone_is_the_ears_own():
    # M02 is M01 with the right bone masked: the same values, now attributable.
    assert unattributed_bone(BY_ID["M02"]["audiogram"].right, BY_ID["M02"]["audiogram"].left) == []
    assert unattributed_bone(BY_ID["M01"]["audiogram"].right, BY_ID["M01"]["audiogram"].left) == [
        500,
        1000,
        2000,
        4000,
    ]


def test_the_other_cochlea_shown_worse_makes_the_response_this_ears():
    # M10: left unmasked bone 10-15 dB HL with gaps, right masked bone 50-60 dB HL.
    audiogram = BY_ID["M10"]["audiogram"]
    assert unattributed_bone(audiogram.left, audiogram.right) == []
    # The other ear's air threshold does not show its cochlea worse (M14).
    audiogram = BY_ID["M14"]["audiogram"]
    assert unattributed_bone(audiogram.right, audiogram.left) == [500, 1000, 2000, 4000]


def test_an_undetermined_type_says_why_and_leaves_the_gap_undecided():
    result = classify(BY_ID["M01"]["audiogram"])
    assert result.right.significant_air_bone_gap is None
    assert any("masking needed" in note for note in result.right.notes)


def test_the_masking_step_is_one_setting():
    # With a 50 dB step nothing in M01 needs masking (its gaps are <= 40 dB): the right
    # ear reads as conductive.
    result = classify(BY_ID["M01"]["audiogram"], criteria=Criteria(bone_masking_gap=50))
    assert result.right.type == "conductive"


def test_rules_baseline_replies_have_no_contradictions_and_do_not_claim_a_gap():
    from clinbench.audiogram.check import check_reply
    from clinbench.audiogram.rules_reply import rules_case_reply

    for row in ROWS:
        for name in STANDARDS:
            reply = rules_case_reply(row["audiogram"], name)
            result = check_reply(reply, row["audiogram"], standard=name)
            assert result.contradictions == [], (row["id"], name, result.contradictions)
    # M01: the right ear's unmasked bone is not described as matching air conduction.
    reply = rules_case_reply(BY_ID["M01"]["audiogram"])
    assert "masked bone conduction is needed" in reply
    assert "Bone conduction matches air conduction" not in reply.split("Left ear")[0]


def test_bilateral_sensorineural_is_wrong_when_unmasked_bone_shows_a_gap_in_one_ear_or_the_other():
    # M03: neither ear's type is known, but at every tested frequency one of the two
    # cochleae responded at 5-10 dB HL with air at 30-45 dB HL.
    from clinbench.audiogram.check import check_reply

    audiogram = BY_ID["M03"]["audiogram"]
    assert classify(audiogram).shared_gap_frequencies == [500, 1000, 2000, 4000]
    wrong = check_reply("Bilateral moderate sensorineural hearing loss.", audiogram)
    assert wrong.critical_errors == ["type_misclassification"]
    unknown = check_reply("Right ear: moderate sensorineural hearing loss.", audiogram)
    assert unknown.critical_errors == []
    conductive = check_reply("Bilateral moderate conductive hearing loss.", audiogram)
    assert conductive.critical_errors == []
