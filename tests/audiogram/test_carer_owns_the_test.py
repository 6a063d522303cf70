"""The test's owner: where a document gives this test's results (levels in dB) under or about
one relative - as the label or subject of the lines holding them ("Dad: 70 dB flat ..."), by
"Her audiogram ..." after that relative is named, or under a heading that presents the
relative with their age ("Father 41.") - and no results of anyone else, that relative is the
person tested (a carer's audiogram in a child's health-visitor or neonatal note: issue #26,
batches 196-197, as tuning data; discourse._test_owner). The relative's own hearing is then
a claim about this audiogram, and the child's hearing is the other person's. Where the
results sit decides it, never whether they fit the audiogram. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import _test_owner, _without_relatives_hearing

from .conftest import assert_linear, build, cpu_cost

BONE = {500: 60, 1000: 65, 2000: 65, 4000: 65}
CASE = build(70, right_bone=BONE, left_bone=BONE, bone_masked=True)  # severe SNHL, both ears


@pytest.mark.parametrize(
    ("reply", "error"),
    [
        (  # the relative as the label of the results' line (prose plan after it)
            "HV visit at 8 months.\nDad: 70 dB flat in both ears, bone 60-65, sensorineural.\n"
            "Plan: Dad has a mild hearing loss in both ears, so speak up.",
            "severity_misclassification",
        ),
        (  # the relative as the subject of the tested sentence, a second mention later
            "Grandmother had her hearing tested on Monday: right and left 70 dB from 500 Hz "
            "to 4 kHz, bone 65.\nNote for the GP - grandmother has a moderate bilateral loss.",
            "severity_misclassification",
        ),
        (  # "Her audiogram" after the relative is named
            "Mum came with the baby for weighing.\nHer audiogram today: both ears 70 dB at "
            "1 kHz and 70 at 2 kHz; bone 60-65.\nMum's hearing loss is only mild.",
            "severity_misclassification",
        ),
        (  # a heading presenting the relative with an age, the results under it
            "Health visitor contact. Father 41.\nAudiogram: 70 dB flat in each ear, bone 65.\n"
            "Summary - father has a conductive loss in both ears.",
            "type_misclassification",
        ),
        (  # shorthand label, the relative's hearing as a list item
            "Dad's hearing test: R 70 dB, L 70 dB flat, BC 60-65.\n- dad: mild HL both ears",
            "severity_misclassification",
        ),
    ],
)
def test_the_tested_relatives_hearing_is_judged(reply, error):
    assert error in check_reply(reply, CASE).critical_errors


@pytest.mark.parametrize(
    "reply",
    [
        # the patient's own results beside a relative's hearing: family history
        "Right 70 dB flat, left 70 dB flat, bone 60-65.\nHer father has a mild loss in both ears.",
        # results of two relatives: no one owner, each one's hearing stays family history
        "Dad: 70 dB flat in both ears.\nGrandmother: 30 dB at 1 kHz.\nGrandmother has a mild loss.",
        # the carer tested, the child's own hearing is the other person's
        "Mum's hearing test today: both ears 70 dB flat, bone 60-65, sensorineural.\nBaby: "
        "newborn screen clear, normal hearing both ears.",
        "Dad: 70 dB flat both sides, bone 65.\nChild: grommets last year for a mild conductive "
        "loss; speech on track.",
        # a relative who noticed something about the patient is a source, not the tested one
        "Hearing test: 70 dB at 1 kHz in both ears.\nHis mother has noticed he is mildly deaf.",
    ],
)
def test_another_persons_hearing_stays_unjudged(reply):
    assert check_reply(reply, CASE).critical_errors == []


@pytest.mark.parametrize(
    ("text", "owner"),
    [
        ("Dad: 70 dB at 1 kHz, 75 at 2 kHz.", "father"),
        ("His brother's audiogram shows 70 dB at 1 kHz.", None),  # one figure: family history
        (
            "Grandmother (70) attends; she minds the twins.\nHer audiogram: 40 dB, 50 at 2 kHz.",
            "grandmother",
        ),
        ("Grandfather 58.\nAudiogram: 20 dB, 30 at 4 kHz.", "grandfather"),
        ("Right 30 dB at 1 kHz.\nMum: 70 dB at 1 kHz.", None),  # an unowned result line
        ("Mum: 30 dB at 1 kHz.\nDad: 70 dB at 1 kHz.", None),  # two people's results
        # "her mother": a later "Her audiogram" is the patient's, whose mother she is
        ("Her mother has a severe loss.\nHer audiogram: 40 dB, 50 at 2 kHz.", None),
    ],
)
def test_the_owner_is_where_the_results_sit(text, owner):
    assert _test_owner(text.lower()) == owner


def test_only_the_owners_clause_is_read():
    text = "Dad: 70 dB at 1 kHz, 70 at 2k.\nDad has a mild loss. His brother has a severe loss."
    out = _without_relatives_hearing(text)
    assert "mild" in out and "severe" not in out


@pytest.mark.parametrize(
    "line",
    [
        "Dad: 70 dB at 1 kHz, bone 65. Dad has a mild loss.\n",
        "Grandmother minds the twins.\nHer audiogram: 70 dB at 1 kHz; twin 2 well.\n",
    ],
)
def test_finding_the_owner_stays_linear(line):
    small, big = line * 300, line * 1200
    assert_linear(
        cpu_cost(lambda: _without_relatives_hearing(small)),
        cpu_cost(lambda: _without_relatives_hearing(big)),
    )
