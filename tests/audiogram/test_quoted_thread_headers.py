"""An earlier message quoted below an e-mail reply behind '>' marks ("> From: / > Sent:",
"> On ..., X wrote:", "> X wrote on 04/11/2026:") or under a GroupWise ">>> ... >>>" line
is its sender's, not the reply's claim (issue #26, validation batch 30's label rule)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import EMAIL_HISTORY, without_unclaimed

from .conftest import assert_blanked, conductive_right

CONDUCTIVE_RIGHT = conductive_right()  # right PTA 37.5 (moderate) conductive; left normal

MINE = "Right moderate conductive loss, left normal.\nRachel\n"

# (text, words that must be gone, words that must stay)
BLANKED = [
    (MINE + "> From: Sam (student)\n> Sent: Tuesday, 3 November 2026 16:05\n>\n"
     "> Left severe sensorineural loss?", ["severe sensorineural"], [MINE]),
    (MINE + "> From: Dave\n> Date: 4 November 2026 at 16:44\n> Both ears mixed?",
     ["Both ears mixed"], [MINE]),
    (MINE + "> Mr R. Tan (ENT) wrote on 04/11/2026:\n> Left mild sensorineural loss?",
     ["Left mild"], [MINE]),
    (MINE + "> On 3 Nov 2026, at 14:02, Dr P. Hale wrote:\n> > Left profound.\n> Mixed?",
     ["Left profound", "Mixed?"], [MINE]),
    (MINE + ">>> Dr M. Cole 05/11/2026 10:02 >>>\nLeft severe sensorineural loss?",
     ["Left severe"], [MINE]),
]  # fmt: skip

# Near misses: no earlier message opens here (no date after "wrote on", a ">" line that is
# no header, ">>>" inside a sentence).
NO_HEADER = [
    "The GP wrote on the referral:\nleft mild loss.",
    "Right conductive.\n> Note to self: review in 6 months.",
    "Right ear >>> left ear in the low frequencies: right moderate conductive.",
]


@pytest.mark.parametrize(("text", "gone", "kept"), BLANKED)
def test_quoted_earlier_message_is_blanked(text, gone, kept):
    assert_blanked(text, gone, kept)


@pytest.mark.parametrize("text", NO_HEADER)
def test_no_thread_header_is_read_where_none_is_written(text):
    assert EMAIL_HISTORY.search(text) is None


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (MINE + "> From: Zoe Kim\n> Sent: 05 November 2026 16:18\n>\n"
         "> Both ears sensorineural? The left looks flat.", []),
        (MINE + "> Mr R. Tan (ENT) wrote on 04/11/2026:\n> Left mild sensorineural loss?", []),
        # near misses: the writer's own error stands, and an endorsed quote is a claim
        ("Right moderate sensorineural loss, left normal.\n> From: Zoe\n> Sent: Monday\n"
         "> Right conductive?", ["type_misclassification"]),
        ("I agree with your reading below.\n> From: Zoe\n> Sent: Monday\n"
         "> Right moderate sensorineural loss, left normal.", ["type_misclassification"]),
    ],
)  # fmt: skip
def test_only_the_replying_writers_words_are_judged(reply, errors):
    """The first gave an error from the quoted message on main f21c118."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_thread_headers_are_read_in_linear_time():
    """Long runs of '>' marks and '>>>' lines with no header cost linear time."""
    from .conftest import assert_linear, cpu_cost

    def cost(n):
        text = MINE + ("> > > > > > > > > > wrote on the form\n>>> left mild " * n) + "x"
        return len(text), cpu_cost(lambda: without_unclaimed(text))

    size, small = cost(2500)
    big_size, big = cost(10000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big, most=1.0)
