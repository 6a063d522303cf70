"""A spaced dash after a negated word opens its grounds, which the negator does not reach;
a quotation's source may be named after it; and a degree span that holds the other ear's
correct degree is a moved finding (round 27, first scores of batches 200 and 172's UU16; my
own wording). V50: 20 dB HL everywhere in both ears (symmetric); V38: the left has the loss
(4FA 37.5, moderate), the right is normal; V19: the right ear is dead, the left normal."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply

from .validation import cases

CASES = cases()


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("scan not indicated - symmetric loss", "symmetric", False),
        ("no referral \u2013 symmetric thresholds", "symmetric", False),
        ("not required \u2014 the pattern is symmetric", "symmetric", False),
        # no spaced dash: the negator still reaches its word
        ("not symmetric", "symmetric", True),
        ("no clearly symmetric pattern", "symmetric", True),
        ("a non-symmetric loss", "symmetric", True),
    ],
)
def test_a_spaced_dash_ends_a_negators_reach(text, word, negated):
    assert lexicon.negated(text, text.index(word)) is negated


DASHED = [
    ("Outcome: MRI not indicated - symmetric pattern, ears within 5 dB.", []),
    ("Hearing aid for one ear only? No \u2013 symmetrical loss, fit both.", []),
    ("Outcome: MRI indicated - asymmetric hearing loss.", ["laterality_confusion"]),
    ("The hearing is not symmetric.", ["laterality_confusion"]),
]


@pytest.mark.parametrize(("reply", "errors"), DASHED)
def test_the_grounds_after_a_dash_are_claimed(reply, errors):
    assert check_reply(reply, CASES["V50"]).critical_errors == errors


SOURCE_AFTER = [
    # the patient's own view, its source named after the quotation: not the writer's claim
    ("'Right side is the bad one' per patient. Test: left moderate loss, right normal.", []),
    ("\u201cMy right ear is the worse\u201d, according to the patient. Left 4FA 37.5.", []),
    ("'Right worse than left' (per the GP). Audiogram: the left ear has the loss.", []),
    # the writer's own words, or the test's own report, stay claims
    ("Summary: 'right worse than left'. Left 4FA 37.5.", ["laterality_confusion"]),
    ("'Right worse than left' per the audiology report.", ["laterality_confusion"]),
    ("Right worse than left, per my reading of the chart.", ["laterality_confusion"]),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "errors"), SOURCE_AFTER)
def test_a_quotation_whose_source_follows_it(reply, errors):
    assert check_reply(reply, CASES["V38"]).critical_errors == errors


def test_a_degree_span_holding_the_other_ears_degree_is_moved():
    reply = (
        "Right ear: complete loss, no response anywhere. Left ear normal (5-15 dB).\n"
        "Care plan: she hears nothing on the left - approach from the right."
    )
    assert check_reply(reply, CASES["V19"]).critical_errors == ["laterality_confusion"]
