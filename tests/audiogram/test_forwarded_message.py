"""A message forwarded in a thread ("Forwarded from Mum: ...", "Fwd: ...") is passed on whole
by the writer: its words are the news the writer gives, read as the writer's claim unless
rejected, not someone else's words set aside (issue #26, validation batch 67: a relative
forwards the patient's own account of the result). The same words quoted without the
forward label are still someone else's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

LEFT_MODERATE = build(10, 45)  # right normal, left 45 dB HL flat: moderate


@pytest.mark.parametrize(
    "text",
    [
        'Fwd from Mum: "left ear moderate, the nerve kind"',
        '>> Forwarded message (Grandad): "Left ear has a moderate loss."',
    ],
)
def test_a_forwarded_message_is_kept(text):
    assert without_unclaimed(text) == text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ('Fwd from Mum: "her left ear has a severe loss, the nerve kind"',
         ["severity_misclassification"]),
        ('Forwarded message (Grandad): "Left ear has a profound loss."',
         ["severity_misclassification"]),
        ('Fwd from Mum: "left ear moderate, the nerve kind"', []),
        # quoted without a forward label: still someone else's words
        ('Mum wrote: "left ear severe, the nerve kind"', []),
    ],
)  # fmt: skip
def test_a_forwarded_result_is_judged(reply, errors):
    assert check_reply(reply, LEFT_MODERATE).critical_errors == errors
