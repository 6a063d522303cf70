"""A speech test's two values listed for the two ears ("speech reception thresholds of 60 and
10 dB HL in the right and left ears respectively", "SRTs of 40/45 dB HL (R/L)") are two
results: each value goes to its ear where the order is known, and to no ear named where the
reader only knows "both ears" (true of one ear or both, never given to the wrong one). A
speech result in a case without speech audiometry is fabricated (issue #26, validation
batch 17 J46 as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.result_claims import speech_claims
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _speech(text: str) -> list[tuple]:
    return [(c.kind, c.ears, c.value) for cl in read_statements(text) for c in cl
            if c.kind in ("srt", "wrs")]  # fmt: skip


READING = [
    ("Speech reception thresholds of 60 and 10 dB HL in the right and left ears respectively.",
     [("srt", (), 60), ("srt", (), 10)]),
    ("SRTs of 40/45 dB HL (R/L).", [("srt", (), 40), ("srt", (), 45)]),
    ("Word recognition scores were 88% and 96% in the right and left ears respectively.",
     [("wrs", (), 88), ("wrs", (), 96)]),
    # near misses: values tagged one by one keep their ears; one value is one result
    ("SRT 30 dB HL right and 70 dB HL left.", [("srt", ("right",), 30), ("srt", ("left",), 70)]),
    ("SRT 40 dB HL in both ears.", [("srt", ("right", "left"), 40)]),
    ("Thresholds of 60 and 10 dB HL in the right and left ears respectively.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "claims"), READING, ids=[r[0] for r in READING])
def test_reading(text, claims):
    assert _speech(text) == claims


@pytest.mark.parametrize(
    ("low", "ears"),
    [
        ("srts of 60 and 10 db hl in the left and right ears respectively",
         [("left",), ("right",)]),
        ("srt 30 and 70 db hl (r/l)", [("right",), ("left",)]),
        ("srt 30 and 70 db hl", [()]),  # no order named: one value read, as before
    ],
)  # fmt: skip
def test_an_order_named_in_the_clause(low, ears):
    assert [c.ears for c in speech_claims(low, None, False)] == ears


NO_SPEECH = build(
    {250: 55, 500: 60, 1000: 55, 2000: 65, 4000: 65, 8000: 60},
    {250: 10, 500: 10, 1000: 10, 2000: 10, 4000: 10, 8000: 10},
)
WITH_SPEECH = build(
    {250: 55, 500: 60, 1000: 55, 2000: 65, 4000: 65, 8000: 60},
    {250: 10, 500: 10, 1000: 10, 2000: 10, 4000: 10, 8000: 10},
    speech={"right": {"srt_db": 60, "wrs_percent": 88}, "left": {"srt_db": 10, "wrs_percent": 100}},
)
REPLY = "Speech reception thresholds of 60 and 10 dB HL in the right and left ears respectively."


def test_end_to_end():
    assert check_reply(REPLY, NO_SPEECH).critical_errors == ["fabricated_result"]
    assert check_reply(REPLY, WITH_SPEECH).critical_errors == []


def test_listed_speech_values_reading_is_linear():
    def cost(n):
        text = "srts of 60 and 10 db hl in the right and left ears respectively, " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(200)
    big_size, big = cost(800)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
