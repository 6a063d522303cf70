"""Analysis notebooks and console sessions (issue #26, batch 90's class): program source
states nothing but its literal data; the numbers it computes with, its format specifications
and the messages it raises are no results, and a printed frame is of the measure its
expression names. The sessions are written here, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notebooks import program_output_read_as_said

from .conftest import assert_linear, build, cpu_cost

LEFT_MILD = build(10, 30)  # right 10 flat, left 30 flat
LEFT_CONDUCTIVE = build(
    10,
    70,
    right_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
    left_bone={500: 40, 1000: 40, 2000: 40, 4000: 40},
    bone_masked=True,
)  # left air 70, masked bone 40: gaps of 30

WRITTEN_OUT = [
    # operands of arithmetic in a REPL line; the indexes (frequencies) stay
    (
        ">>> mean_l = (ac_l[500] + ac_l[1000] + ac_l[2000] + ac_l[4000]) / 4",
        ">>> mean_l = (ac_l[500] + ac_l[1000] + ac_l[2000] + ac_l[4000]) /  ",
    ),
    # a format specification in a fenced cell; a comparison's bound in a Julia cell
    ('```python\nprint(f"avg {avg:6.1f} dB")\n```', '```python\nprint(f"avg            dB")\n```'),
    ("```julia\n@assert all(gap .< 15)\n```", "```julia\n@assert all(gap .<   )\n```"),
    # literal data stays; prose arithmetic outside code stays
    (">>> ac_left = [30, 35, 40]", ">>> ac_left = [30, 35, 40]"),
    ("the gap is 30 - 10 = 20 dB", "the gap is 30 - 10 = 20 dB"),
    # a raised message is blanked
    (">>> check(x)\nValueError: level above 120 dB", ">>> check(x)\n" + " " * 30),
    # a printed frame named for a measure other than air
    (
        "> abg\n     500 1000\nR     25   30\nL      5    5",
        "> abg\n\nright ear: air-bone gap 25 dB at 500 Hz, 30 dB at 1000 Hz.\n"
        "left ear: air-bone gap 5 dB at 500 Hz, 5 dB at 1000 Hz.",
    ),
    (
        "In [7]: bone_r\nOut[7]:\n    500  1000\nRE   20    25",
        "In [7]: bone_r\nOut[7]:\n\nright ear: bone conduction 20 dB at 500 Hz, 25 dB at 1000 Hz.",
    ),
    # a frame of air thresholds is left to the table reader
    ("> air\n     500 1000\nR     25   30", "> air\n     500 1000\nR     25   30"),
]


@pytest.mark.parametrize(("text", "expected"), WRITTEN_OUT)
def test_program_source_and_output(text, expected):
    assert program_output_read_as_said(text) == expected


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        (  # the divisor and the format width are no averages
            "```python\npta = sum(air[f] for f in FREQS) / 4\nprint(f'{pta:5.1f}')\n```\n"
            "```\n40.0\n```\nBoth ears: moderate hearing loss.",
            build(40, 40),
            [],
        ),
        (  # a printed frame of gaps is not one of air thresholds
            "> gaps\n     500 1000 2000 4000\nR      0    0    0    0\nL     30   30   30   30\n"
            "Left: severe mixed loss.",
            LEFT_CONDUCTIVE,
            [],
        ),
        (  # a frame of bone thresholds with the ears exchanged
            "In [3]: bc\nOut[3]:\n     500  1000  2000  4000\nR     40    40    40    40\n"
            "L     10    10    10    10",
            LEFT_CONDUCTIVE,
            ["laterality_confusion"],
        ),
    ],
)
def test_sessions_are_judged_by_what_they_print(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors


def test_reading_is_linear():
    def cost(n):
        text = ">>> x = sum(v) / 4\n> gaps\n   500 1000\nR   10  20\nValueError: 9\n" * n
        return len(text), cpu_cost(lambda: program_output_read_as_said(text))

    size, small = cost(2000)
    _, big = cost(8000)
    assert size > 100_000
    assert_linear(small, big, floor=0.02, most=2.0)
