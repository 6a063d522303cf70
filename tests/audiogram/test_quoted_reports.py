"""A colleague's words quoted in a peer review or second opinion: rejected, they are not the
reviewer's claim; accepted, they are (issue #26 item 5, reading class of batch 26)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import assert_blanked, assert_linear, conductive_right, cpu_cost

# (text, words that must be gone, words that must stay)
REJECTED = [
    ('The audit copy says "left mild mixed loss". That is not correct: the left is normal.',
     ["mixed"], ["the left is normal"]),
    ('Dr Y wrote "sensorineural on the right". I disagree; bone is normal.',
     ["sensorineural"], ["bone is normal"]),
    ('I disagree with "profound" here: the average is 48.', ["profound"], ["average is 48"]),
    ('Summary under audit: \u201cright moderate SNHL\u201d. It should read conductive.',
     ["SNHL"], ["should read conductive"]),
    ('> Right ear: severe mixed loss.\nIn fact the right is a mild conductive loss.',
     ["severe mixed"], ["mild conductive"]),
    ('Letter: "bilateral mixed". Actually the right alone has gaps.', ["mixed"], ["gaps"]),
    ('Their note: "left flat loss, sensorineural" - a conductive loss, not sensorineural.',
     ["flat loss"], ["a conductive loss"]),
    ("The referrer called it a sensorineural loss; I read it as conductive.",
     ["a sensorineural loss"], ["I read it as conductive"]),
]  # fmt: skip

# Accepted or merely quoted: the reviewer's words too, kept as written.
KEPT = [
    'The discharge note: "right moderate conductive loss, left normal" - agreed.',
    '- "Left flat 50 dB HL" - OK.\n- "Type mixed" - no: the gaps are 5 dB.',
    "> Right ear: mild conductive loss.\nI agree with every word of this.",
    'Colleague\'s summary: "right mild SNHL". Nothing to add.',
    '{"right_ear": {"type": "sensorineural"}, "note": "not masked"}',
    "The report states it correctly; nothing is wrong with the typing.",
]


@pytest.mark.parametrize(("text", "gone", "kept"), REJECTED)
def test_rejected_quotations_are_blanked(text, gone, kept):
    assert_blanked(text, gone, kept)


@pytest.mark.parametrize("text", KEPT)
def test_accepted_quotations_are_kept(text):
    kept = without_unclaimed(text)
    first_quote = text.split('"')[1] if '"' in text else text[:20]
    assert first_quote in kept, kept


CONDUCTIVE_RIGHT = conductive_right()


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # the colleague's wrong call, rejected: the reviewer's own call is right
        ('Audit of a clinic letter.\nThe letter says "right sensorineural loss". I disagree: '
         "bone is normal, so the right loss is conductive.", []),
        ('Their summary: "right mixed loss". This is not correct; it is conductive.', []),
        # the colleague's wrong call, accepted: the reviewer makes it their own
        ('Their summary: "right sensorineural loss" - agreed.', ["type_misclassification"]),
        # the colleague was right and the reviewer's correction is wrong
        ('Their summary: "right conductive loss". I disagree: the right loss is sensorineural.',
         ["type_misclassification"]),
    ],
)  # fmt: skip
def test_only_the_reviewers_standing_words_are_judged(reply, errors):
    """The first two gave a type error from the rejected quotation on main 069008c."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_quotation_reading_is_linear_on_long_replies():
    """More than 100 KB of quotations, block quotes, reported speech and open quotation
    marks is read in well under a second, and four times the text costs well under eight
    times the time."""

    def cost(n):
        text = ('Report: "right mixed loss". I disagree.\n> left mild\n' * n) + '"' * n
        text += "the colleague called it " * n + "; " + ('"a" - agreed. ' * n) + "\u201c" * n
        return len(text), cpu_cost(lambda: without_unclaimed(text))

    size, small = cost(1500)
    big_size, big = cost(6000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big, most=1.0)
