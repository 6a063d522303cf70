"""A limit stated as what a rule demands, with a verb of obligation, is the rule's yardstick,
not a result: "the average over 0.5, 1 and 2 kHz must not exceed 30 dB in either ear",
"Class 1 requires that each ear be no more than 35 dB", "the guidelines require a notch of at
least 10 dB" (issue #26, validation batch 69, tribunal and court decisions reciting
statutory and employers' thresholds, as tuning data: WV06, WV08, WV44). A sentence that
names an ear or the patient reports a result and is read, as is the part after a turn
(";", "but"); "must" without a limit ("this must be ...") states no rule. The wording here is
new, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, build

NORMAL = build(10)  # both ears 10 dB HL at every frequency


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The licensing rule is that no ear may be worse than 40 dB HL at 1 kHz. Both ears "
         "are normal.", []),
        ("The regulations require a loss of no less than 50 dB at 1, 2 and 3 kHz in each ear. "
         "This applicant's hearing is normal.", []),
        ("The firm's entry test says the mean of 0.5, 1 and 2 kHz should not exceed 30 dB in "
         "either ear. Normal hearing bilaterally.", []),
        # already read as limits before (other words of a limit), kept so
        ("Under the pension scheme the better-ear average must be at least 45 dB HL at 1, 2 "
         "and 3 kHz before any award. Hearing is normal.", []),
        ("For a crane driver's ticket each ear needs to be 35 dB HL or better at 500, 1000 and "
         "2000 Hz. The audiogram is normal in both ears.", []),
        ("To qualify, the statute requires that the hearing level at 4 kHz be at least 60 dB in "
         "both ears. Normal hearing bilaterally.", []),
        # near misses: a result after the rule's turn, a result of an ear named, and "must"
        # with no limit
        ("The rule requires no more than 35 dB HL; the right ear is 60 dB HL at 4 kHz.",
         ["fabricated_result"]),
        ("Her left ear must be at least 60 dB HL at 4 kHz, as measured today.",
         ["fabricated_result"]),
        ("He must not work at heights: the right ear is 60 dB HL at 4 kHz.",
         ["fabricated_result"]),
    ],
)  # fmt: skip
def test_required_limits_are_not_results(reply, errors):
    assert check_reply(reply, NORMAL).critical_errors == errors


def test_required_limit_blanked_to_its_turn():
    assert_blanked(
        "Eligibility requires at least 70 dB HL at 2 kHz; but the right ear is 10 dB HL.",
        gone=["70 dB"],
        kept=["right ear is 10 dB HL"],
    )
