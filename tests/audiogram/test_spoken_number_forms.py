"""Numbers said aloud in a consultation's transcript: "a hundred" and "a thousand" are the
number one hundred and one thousand ("a hundred percent", "sixty at a thousand"), and a
number under ten before a spoken "K" is a frequency in kilohertz ("ninety at four K"), as
"4k" is written (issue #26, validation batch 73: video-consultation captions). The
sentences here are our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import written_out

from .conftest import conductive_right

CASE = conductive_right()  # right 45/45/40/35/30/30 at 250-8k over masked bone; left 10

WRITTEN = [
    ("Speech discrimination came out at a hundred percent on both sides.",
     "Speech discrimination came out at 100% on both sides."),
    ("the right was seventy at a thousand hertz", "the right was 70 at 1000 Hz"),
    ("and on the left about eighty at two K, sixty at six k",
     "and on the left about 80 at 2 K, 60 at 6 k"),
    # near misses: a count stays a count; "a" before no number word stays
    ("one or two of you asked", "one or two of you asked"),
    ("a few hundred metres away, a fifteen minute walk",
     "a few hundred metres away, a 15 minute walk"),
]  # fmt: skip


@pytest.mark.parametrize(("spoken", "written"), WRITTEN, ids=[r[0] for r in WRITTEN])
def test_written_out(spoken, written):
    assert written_out(spoken) == written


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Your word scores were a hundred percent in both ears.", ["fabricated_result"]),
        ("The right dips to seventy at a thousand, then recovers.", ["fabricated_result"]),
        ("The left, though, is eighty at two K.", ["fabricated_result"]),
        ("On the right, forty-five at a thousand and thirty at four K.", []),
    ],
)
def test_spoken_values_are_judged(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
