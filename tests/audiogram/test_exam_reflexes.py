"""A reflex of a physical examination (the red reflex of the eyes, a newborn's Moro or
rooting reflex, tendon reflexes) is not an acoustic reflex: a note that reports one beside an
audiogram gives no acoustic-reflex result (issue #26, validation batch 115)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

NORMAL = build(10, 10)


@pytest.mark.parametrize(
    "reply",
    [
        "Infant exam: red reflex seen in both eyes; Moro reflex present. "
        "Hearing: right and left 10 dB HL throughout.",
        "On examination the knee reflexes were brisk and the rooting reflex was present. "
        "Audiogram: both ears 10 dB HL at all frequencies.",
    ],
)
def test_exam_reflex_is_no_acoustic_reflex(reply):
    check = check_reply(reply, NORMAL)
    assert not [f for f in check.findings if f.kind == "reflexes"]
    assert check.critical_errors == []


def test_acoustic_reflex_is_still_read():
    # near miss: an acoustic reflex in a case without reflexes is still a fabricated result
    reply = "Ipsilateral acoustic reflexes present on the right at 1 kHz."
    check = check_reply(reply, NORMAL)
    assert [f for f in check.findings if f.kind == "reflexes"]
    assert check.critical_errors == ["fabricated_result"]
