"""A condition set aside against this loss and then described in a "which" clause ("a
conductive pattern, not noise damage, which is sensorineural with a 4 kHz notch"; "unlike
...", "rather than ...") is described in general: the "which" clause is that condition's,
not this ear's (differentials.set_aside_descriptions_blanked). Not where the thing set aside
is a type, a grade or an ear of this loss ("not conductive, which ..."). Batch 132 ZG05 as
tuning data; phrasings our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.differentials import set_aside_descriptions_blanked

from .conftest import build


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("Otosclerotic picture, not presbycusis, which is sensorineural and sloping.",
         "sensorineural"),
        ("Unlike noise damage, which typically gives a 4 kHz notch, this is flat.", "notch"),
        ("Middle-ear cause rather than ototoxicity, which affects the cochlea first.",
         "cochlea"),
        ("A conductive loss, as opposed to Meniere's disease, which would be low-frequency "
         "sensorineural.", "sensorineural"),
    ],
)  # fmt: skip
def test_the_description_is_blanked(text, gone):
    out = set_aside_descriptions_blanked(text)
    assert len(out) == len(text) and gone not in out


@pytest.mark.parametrize(
    "text",
    [
        "The left is not conductive, which is why bone matches air.",
        "Right not normal, which is a mild loss.",
        "Not the right ear, which is normal.",
        "Drug monitoring, which is sensorineural in effect.",  # nothing set aside
    ],
)
def test_near_misses_are_kept(text):
    assert set_aside_descriptions_blanked(text) == text


def test_no_type_is_claimed_of_the_ear():
    bone = {500: 10, 1000: 10, 2000: 15, 4000: 10}
    audiogram = build(45, right_bone=bone, left_bone=bone, bone_masked=True)
    reply = (
        "Right 45, left 45 dB across. Bilateral conductive loss - an otosclerosis pattern, "
        "not gentamicin toxicity, which is sensorineural and high-frequency first."
    )
    assert check_reply(reply, audiogram).critical_errors == []
