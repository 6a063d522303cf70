"""A record's labelled fields are no transcript: "Patient: Mrs D, 38." and "Nurse: J Patel"
open lines with a speaker's word, but the lines between them that open with labels of their
own ("Given: ...", "Other: ...") are the record's other fields, the writer's, so the
patient's "turn" ends where the next field opens (discourse rule "other speaker"; the SOAP
note's labelled parts, Weed 1968). A transcript's patient turn is still the patient's, up to
the next turn. Validation batch 153 UB05 (as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

NORMAL = build(10, 10)


@pytest.mark.parametrize(
    "text",
    [
        "Patient: Mr K, 61. Warfarin clinic.\nINR: 2.4.\n"
        "Other: his audiogram shows a moderate conductive loss in both ears.\nNurse: A Shah",
        "Patient: Ms L, 29, day unit.\nGiven: 1 g IV over 15 min.\n"
        "Hearing: audiogram shows a mild sensorineural loss on the right.\nNurse: R Cole",
        "Patient: Mrs B, 70.\nSocial History: lives alone.\n"
        "Audiology Result: moderate loss in the left ear.\nDoctor: P Ng",
    ],
)
def test_fields_between_a_patient_line_and_a_signature_are_read(text):
    assert check_reply(text, NORMAL).critical_errors != []


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        # a patient's turn in a transcript: one line, the next turn a clinician's
        ("Patient: my left ear has been bad for years, moderate loss they said.\n"
         "Audiologist: your hearing is normal in both ears.", "moderate loss"),
        # a turn that goes on over lines with no label of their own
        ("Patient: I think it's a moderate loss.\nand the left is worse, I'd say.\n"
         "Audiologist: both ears are normal.", "left is worse"),
        # a line opening with a word and a colon but no space after it stays in the turn
        ("Patient: worse on the left.\nTime:10 minutes or so.\nDoctor: normal hearing.",
         "worse on the left"),
    ],
)  # fmt: skip
def test_a_transcripts_patient_turn_is_still_blanked(text, blanked):
    assert blanked not in without_unclaimed(text)
    assert check_reply(text, NORMAL).critical_errors == []
