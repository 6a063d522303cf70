"""An ear named only to deny it ("it is the left ear that is worse, not the right: a moderate
loss ...") is not the ear the clause is about, and the ear named as the worse one ("it is
the left ear that is worse") carries on to the findings after it; a clause followed by its
comparison with the other ear ("..., against a mild one on the right") is about the ear
carried (issue #26, validation batch 30 VG34)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _claims(text: str, *kinds: str) -> list[tuple]:
    return [(c.kind, c.ears, c.value) for cl in read_statements(text) for c in cl
            if c.kind in kinds]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        ("It is the left ear that is worse, not the right: a moderate loss (PTA 45 dB HL), "
         "against a mild one on the right (PTA 25 dB HL).",
         [("worse_ear", ("left",), "left"), ("pta", ("left",), 45.0),
          ("degree", ("left",), "moderate"), ("pta", ("right",), 25.0),
          ("degree", ("right",), "mild")]),
        ("The right ear which is clearly worse has a moderate loss.",
         [("degree", ("right",), "moderate"), ("worse_ear", ("right",), "right")]),
        ("Left ear 40 dB HL. Not the right: a moderate loss.", [("degree", ("left",), "moderate")]),
        # near misses: an ear named beside its denial; a comparison with no ear carried
        ("Not the right but the left: a moderate loss.", [("degree", ("left",), "moderate")]),
        ("A moderate loss (PTA 45 dB HL), against a mild one on the right (PTA 25 dB HL).",
         [("pta", (), 45.0), ("degree", (), "moderate"), ("pta", ("right",), 25.0),
          ("degree", ("right",), "mild")]),
    ],
)  # fmt: skip
def test_denied_ear(text, claims):
    assert _claims(text, "worse_ear", "pta", "degree") == claims


def test_denied_ear_end_to_end():
    """Right worse (PTA 45) beside a milder left (25): the reply puts it on the left."""
    audiogram = build({250: 20, 500: 30, 1000: 40, 2000: 50, 3000: 55, 4000: 60, 6000: 65,
                       8000: 65},
                      {250: 15, 500: 15, 1000: 20, 2000: 25, 3000: 30, 4000: 40, 6000: 45,
                       8000: 45})  # fmt: skip
    reply = ("There is an asymmetry, but it is the left ear that is worse, not the right: a "
             "moderate sensorineural loss (PTA 45 dB HL), against a mild one on the right "
             "(PTA 25 dB HL).")  # fmt: skip
    assert check_reply(reply, audiogram).critical_errors == ["laterality_confusion"]
    right = reply.replace("left ear that", "right ear that").replace(
        "not the right", "not the left").replace("on the right", "on the left")  # fmt: skip
    assert check_reply(right, audiogram).critical_errors == []


def test_denied_ear_reading_is_linear():
    def cost(n):
        text = "it is the left ear that is worse, not the right: a moderate loss, " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(200)
    big_size, big = cost(800)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
