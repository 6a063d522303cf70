"""A change said in the present perfect ends now, in the test read: "the left 4 kHz threshold
has worsened to 80 dB HL" gives that threshold today; one in the past perfect ("at the
follow-up the average had improved to 15 dB HL") is a later test's, as a case report tells
it (discourse.LATER_TEST; test_case_report_discussion.py). Found trying a serial comparison
by hand (issue #26, round 15). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

CASE = build(45, 20)  # right 45 dB HL throughout, left 20


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Over the year the left 4 kHz threshold has worsened to 80 dB HL.", ["fabricated_result"]),
        ("The right ear has recovered to 45 dB HL at 1 kHz.", []),
        ("The right 1 kHz threshold has improved to 15 dB HL.", ["fabricated_result"]),
        # the past perfect: a later test's result, as before
        ("At the review the left 4 kHz threshold had worsened to 80 dB HL.", []),
    ],
)
def test_a_change_in_the_present_perfect_ends_in_this_test(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
