"""A value in ml said of one ear is that ear's ear-canal volume, named or not ("left ear,
3.4 ml", "type B (3.4 ml) on the left"), and a bracket that only names an ear tags the value
before it with that ear ("3.4 ml (left ear) compared with the right"), so a volume given to
the wrong ear is judged against the tympanometry the audiogram records
(result_claims._VOLUME_OF_AN_EAR, statements._EAR_TAG; issue #26: the real local model's
"air conductance of 3.4 ml" and "ear-canal volume 3.4 ml (measured from the left ear)", batches
165 and 166). Counter-cases: doses, drains, rates, a coupler, the tympanogram's peak, a
range's ends and values of 10 ml or more are no ear's canal volume; a side of another body
part ("left deltoid") is no ear, and a volume in no ear's clause is not tied to an ear.
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# right: type B with a large volume (perforation), 45 dB HL; left: type A, 1.1 ml, normal
PERFORATION = build(
    45,
    10,
    tympanometry={
        "right": {"type": "B", "ear_canal_volume_ml": 3.4},
        "left": {"type": "A", "ear_canal_volume_ml": 1.1},
    },
)


def _volumes(text: str) -> list[tuple[tuple[str, ...], str]]:
    return [
        (c.ears, c.value)
        for clause in read_statements(text)
        for c in clause
        if c.kind == "canal_volume"
    ]


GIVEN_TO_THE_WRONG_EAR = [
    "Left ear: flat trace, 3.4 ml.",
    "Tympanometry - right 1.1 ml, left 3.4 ml.",
    "| Left ear | 3.4 ml |",
    "The left ear measured 3.4 cc on the probe.",
    "Canal volume 3.4 ml (left ear), set against the right.",
    "The ear canal held 3.4 ml (measured in the left ear) compared with the right ear.",
]


@pytest.mark.parametrize("text", GIVEN_TO_THE_WRONG_EAR)
def test_a_volume_given_to_the_other_ear_is_a_laterality_error(text):
    assert ("left",) in [ears for ears, _ in _volumes(text)]
    assert check_reply(text, PERFORATION).critical_errors == ["laterality_confusion"]


GIVEN_TO_ITS_OWN_EAR = [
    "Left ear: normal trace, 1.1 ml.",
    "Tympanometry - right 3.4 ml, left 1.0 ml.",
    "Canal volume 3.4 ml (right ear), against the left.",
    "The right ear, 3.4 ml: a perforation.",
]


@pytest.mark.parametrize("text", GIVEN_TO_ITS_OWN_EAR)
def test_a_volume_given_to_its_own_ear_is_true(text):
    assert _volumes(text)
    assert check_reply(text, PERFORATION).critical_errors == []


NO_EARS_VOLUME = [
    "Left ear: olive oil drops, 2 ml twice a day.",
    "Right ear syringed with 5 ml of warm water.",
    "Right drain 40 ml serous.",
    "Right side: CrCl 8 ml/min.",
    "Left ear aid checked in the 2 cc coupler.",
    "Left tympanogram: peak 0.3 ml, type As.",
    "Volume 3.4 ml on the probe.",
    "Vaccine 0.5 ml IM, left deltoid.",
    "Left ear: a normal volume is 0.6-1.5 ml.",
]


@pytest.mark.parametrize("text", NO_EARS_VOLUME)
def test_a_dose_a_rate_a_peak_or_no_ear_is_no_ears_volume(text):
    assert [v for ears, v in _volumes(text) if ears] == []
