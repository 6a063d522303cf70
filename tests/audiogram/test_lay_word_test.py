"""A word test told in lay words ("when we read words to you at a comfortable loudness, you
repeated almost all of them correctly") is a word recognition result: all of them 100%,
almost all 95% (judged within the 10-point tolerance), and in a case without speech
audiometry a fabricated result (issue #26, validation batch 16 L14, patient letters, as
tuning data). Pure tones ("all the beeps"), a denial and a prediction are no result."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _scores(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl if c.kind == "wrs"]


READING = [
    ("When we read words to you at a comfortable loudness, you repeated almost all of them "
     "correctly.", [((), 95)]),
    ("You repeated all the words correctly.", [((), 100)]),
    ("You got every one of the words right in the right ear.", [(("right",), 100)]),
    # near misses
    ("You heard all the beeps.", []),
    ("You did not repeat all the words.", []),
    ("If we read words to you, you would repeat almost all of them.", []),
    ("You understood all of it.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "scores"), READING, ids=[r[0] for r in READING])
def test_reading(text, scores):
    assert _scores(text) == scores


REPLY = ("Both ears have a moderately severe loss. When we read words to you at a comfortable "
         "loudness, you repeated almost all of them correctly.")  # fmt: skip
FLAT = {250: 55, 500: 55, 1000: 50, 2000: 55, 4000: 55, 8000: 55}


def test_end_to_end():
    assert check_reply(REPLY, build(FLAT, FLAT)).critical_errors == ["fabricated_result"]
    with_speech = build(
        FLAT,
        FLAT,
        speech={
            "right": {"srt_db": 55, "wrs_percent": 96},
            "left": {"srt_db": 55, "wrs_percent": 92},
        },
    )
    assert check_reply(REPLY, with_speech).critical_errors == []
    poor = build(
        FLAT,
        FLAT,
        speech={
            "right": {"srt_db": 55, "wrs_percent": 60},
            "left": {"srt_db": 55, "wrs_percent": 64},
        },
    )
    assert check_reply(REPLY, poor).critical_errors == ["fabricated_result"]


def test_lay_word_test_reading_is_linear():
    def cost(n):
        text = "we read words to you and you repeated almost all of them, " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
