"""A reflex of a physical examination (the red reflex of the eyes, a newborn's Moro or
rooting reflex, tendon reflexes) is not an acoustic reflex: a note that reports one beside an
audiogram gives no acoustic-reflex result (issue #26, validation batch 115). Nor are the
reflexes of a neurological examination, named beside power, tone, plantars or the limbs or
graded as tendon reflexes are ("++", "2+", "brisk"), unless the sentence names an acoustic
reflex's own words (ipsi/contra, stapedial, a level or a frequency; validation batch 147)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

NORMAL = build(10, 10)


@pytest.mark.parametrize(
    "reply",
    [
        "Infant exam: red reflex seen in both eyes; Moro reflex present. "
        "Hearing: right and left 10 dB HL throughout.",
        "On examination the knee reflexes were brisk and the rooting reflex was present. "
        "Audiogram: both ears 10 dB HL at all frequencies.",
    ],
)
def test_exam_reflex_is_no_acoustic_reflex(reply):
    check = check_reply(reply, NORMAL)
    assert not [f for f in check.findings if f.kind == "reflexes"]
    assert check.critical_errors == []


def test_acoustic_reflex_is_still_read():
    # near miss: an acoustic reflex in a case without reflexes is still a fabricated result
    reply = "Ipsilateral acoustic reflexes present on the right at 1 kHz."
    check = check_reply(reply, NORMAL)
    assert [f for f in check.findings if f.kind == "reflexes"]
    assert check.critical_errors == ["fabricated_result"]


@pytest.mark.parametrize(
    "reply",
    [
        "Neurological examination normal, reflexes 1+ and equal. "
        "Audiogram: both ears 10 dB HL at all frequencies.",
        "No focal deficit: MRC 5/5 throughout, reflexes +++, plantars flexor, cranial nerves "
        "intact. Hearing 10 dB HL in each ear.",
        "Tone and reflexes normal, coordination intact. Both ears 10 dB HL throughout.",
        "Limbs: reflexes brisk and symmetrical, no clonus. Right and left ears 10 dB HL.",
    ],
)
def test_neurological_examination_reflexes_are_no_acoustic_reflex(reply):
    check = check_reply(reply, NORMAL)
    assert not [f for f in check.findings if f.kind == "reflexes"]
    assert check.critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        # near misses: an acoustic reflex result in a case without reflexes stays fabricated
        "Pure tone audiometry normal; reflexes absent bilaterally.",
        "Pure-tone thresholds normal, reflexes absent in both ears.",
        "Referred to neuro-otology; reflexes absent on the right.",
        "Power normal. Reflexes: right ipsi present at 1 kHz, tone decay negative.",
        "Cranial nerves intact, stapedial reflexes absent on the left.",
    ],
)
def test_acoustic_reflexes_beside_examination_words_are_still_read(reply):
    check = check_reply(reply, NORMAL)
    assert [f for f in check.findings if f.kind == "reflexes"]
    assert check.critical_errors == ["fabricated_result"]
