"""A CPT procedure code names the test it bills (AMA CPT audiology codes: 92567 tympanometry,
92550 tympanometry with reflexes, 92568 acoustic reflexes, 92555/92556 speech audiometry,
92587/92588 otoacoustic emissions, 92651-92653 auditory brainstem responses), so a result
written beside the code ("92567 x1 (Type B, left)") is that test's result; one billed for a
test the audiogram does not hold is invented (coding summaries, issue #26 batch 64, used as
tuning data). The pure-tone codes (92552, 92553) and a code billed without a result claim
nothing."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

PURE_TONE_ONLY = build(15)

INVENTED = [
    "92553 x1\n92567 x1 - Type B on the left, A on the right\nNormal hearing both ears.",
    "CPT 92567: type C both sides. Hearing within normal limits.",
]

NOTHING = [
    "92553 x1 (air and bone). 92567 not billed. Normal hearing both ears.",
    "92552 and 92553 billed; hearing normal both ears.",
]


@pytest.mark.parametrize("reply", INVENTED)
def test_result_beside_a_code_of_a_test_not_done_is_invented(reply):
    assert check_reply(reply, PURE_TONE_ONLY).critical_errors == ["fabricated_result"]


@pytest.mark.parametrize("reply", NOTHING)
def test_codes_without_a_result_claim_nothing(reply):
    assert check_reply(reply, PURE_TONE_ONLY).critical_errors == []
