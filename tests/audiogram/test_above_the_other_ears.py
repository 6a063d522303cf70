"""A value said to be some dB "above (below) the right's" is compared with the other ear: the
clause is cut before the comparison, so "its average of 45 dB HL (moderate)" keeps the ear it
is about (the left, named as the poorer) and "the right's 25 dB HL (mild)" is the right's
(issue #26, validation batch 17 J09, as tuning data; the same cut as "against", "versus",
"compared with")."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _degrees(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl if c.kind == "degree"]


READING = [
    ("The poorer ear is the left: its average of 45 dB HL (moderate) is 20 dB above the "
     "right's 25 dB HL (mild).", [(("left",), "moderate"), (("right",), "mild")]),
    ("Left ear: 45 dB HL (moderate), 20 dB below the right ear's 65 dB HL (severe).",
     [(("left",), "moderate"), (("right",), "severe")]),
    # near miss: 'above' a level, not an ear's
    ("Left ear: thresholds above 45 dB HL, a moderate loss.", [(("left",), "moderate")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "degrees"), READING, ids=[r[0] for r in READING])
def test_reading(text, degrees):
    assert _degrees(text) == degrees


LEFT_WORSE = build({500: 20, 1000: 25, 2000: 25, 4000: 30}, {500: 35, 1000: 45, 2000: 50, 4000: 50})


def test_end_to_end():
    reply = ("The poorer ear is the left: its average of 45 dB HL (moderate) is 20 dB above the "
             "right's 25 dB HL (mild).")  # fmt: skip
    assert check_reply(reply, LEFT_WORSE).critical_errors == []


def test_above_the_other_ears_reading_is_linear():
    def cost(n):
        text = "its average of 45 db hl (moderate) is 20 db above the right's 25 db hl (mild), " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(200)
    big_size, big = cost(800)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
