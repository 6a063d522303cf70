"""A quotation that opens after a full stop opens a new sentence: in '... normal hearing, 10 dB
throughout, in his left. "It's a loss in the inner ear," the audiologist told him.' the ear
named last ("in his left") closes its own sentence, so it is read as its finding's ear
(issue #26, validation batch 70, health journalism quoting the clinician, as tuning data:
WW20). Likewise a quotation closed after its stop ends its sentence ('... which is a mild
loss." Her left ear was normal.': WW01). The wording here is new, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, conductive_right

CASE = build(70, 10)  # right severe (70 dB HL flat), left normal (10 dB HL flat)


@pytest.mark.parametrize(
    "reply",
    [
        'Severe loss on the right and normal hearing, 10 dB flat, in her left. "We will fit '
        'an aid," the audiologist said.',
        "The right ear has a severe loss; normal hearing, 10 dB, in his left. \u2018Come back "
        "in a year,\u2019 he was told.",
        "A severe loss was found in their right ear, with normal hearing, 10 dB across the "
        "range, in their left. \u201cIt came on slowly,\u201d they say.",
    ],
)
def test_a_quotation_after_a_stop_opens_a_sentence(reply):
    assert check_reply(reply, CASE).critical_errors == []


RIGHT_CONDUCTIVE = conductive_right()  # right moderate conductive loss, left normal


@pytest.mark.parametrize(
    "reply",
    [
        'The right ear is affected. "Averaged over the speech range it is 37.5 dB, which is a '
        'moderate loss." Her left ear was normal.',
        '"On the right it averages 37.5 dB, a moderate loss." The left ear was normal.',
        # already read so: the quotation names its ear
        'The audiologist put it simply: "Your right ear has a moderate conductive loss." His '
        "left ear was normal.",
    ],
)
def test_a_quotation_closed_after_its_stop_ends_the_sentence(reply):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == []
