""" "Mixed" opening the name of another system's condition ("mixed urinary incontinence",
"mixed anxiety and depressive disorder", "mixed connective tissue disease", "mixed
hyperlipidaemia", "a mixed germ cell tumour") is no mixed hearing loss, as "a mixed picture"
is none (lexicon.NOT_A_MIXED_LOSS, read by both claim readers). Batch 134 ZI08 as tuning
data (a geriatric assessment's continence row)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields


@pytest.mark.parametrize(
    "text",
    [
        "Continence: mixed urinary incontinence, pads at night.",
        "PMH: mixed anxiety and depressive disorder.",
        "Known mixed connective tissue disease on hydroxychloroquine.",
        "Lipids: mixed hyperlipidaemia.",
        "Orchidectomy for a mixed germ cell tumour.",
    ],
)
def test_no_type_is_read(text):
    assert claim_fields(text, "value", kinds=("type",)) == []
    assert claim_fields(text, "value", kinds=("type",), whole_reader=True) == []


@pytest.mark.parametrize(
    "text",
    ["Left mixed hearing loss.", "Right: mixed, moderate.", "A mixed loss in both ears."],
)
def test_a_mixed_loss_is_still_read(text):
    assert ("mixed",) in claim_fields(text, "value", kinds=("type",))


def test_the_row_beside_the_hearing_is_not_judged():
    bone = {500: 35, 1000: 40, 2000: 40, 4000: 40}
    audiogram = build(40, right_bone=bone, left_bone=bone, bone_masked=True)
    reply = ("| Continence | mixed urinary incontinence |\n"
             "| Hearing | sensorineural loss, both ears, 40 dB across |")  # fmt: skip
    assert check_reply(reply, audiogram).critical_errors == []
