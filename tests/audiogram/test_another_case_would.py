"""What another audiogram or patient would show is contrary to fact: "which on another
audiogram would suggest a conductive component", "in another patient these gaps would point
to ..." say the finding is not this patient's (issue #26, batch 59: a cautious assistant
explains why it does not call a loss conductive). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.statements import read_statements

from .conftest import build

NORMAL = build(
    20,
    right_bone={500: 0, 1000: 0, 2000: 5, 4000: 0},
    left_bone={500: 0, 1000: 5, 2000: 5, 4000: 0},
    bone_masked=True,
)  # normal air (20 dB HL) with bone 15-20 dB better: no loss


def types(text: str) -> set[str]:
    return {
        str(c.value) for part in read_statements(without_unclaimed(text)) for c in part
        if c.kind == "type"
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Bone sits 20 dB better than air, which in another patient would point to a "
        "conductive loss.",
        "On another chart gaps this size would mean a conductive component.",
    ],
)
def test_another_case_is_no_claim(text):
    assert types(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "These gaps would suggest a conductive hearing loss on the right.",
        "In this patient the gaps point to a conductive loss.",
    ],
)
def test_this_case_is_still_a_claim(text):
    assert "conductive" in types(text)


@pytest.mark.parametrize(
    "reply",
    [
        "Hearing is normal in both ears at 20 dB HL. Bone sits 15-20 dB better than air, "
        "which in another patient would point to a conductive loss.",
        "Both ears normal (20 dB HL). On another chart gaps this size would mean a conductive "
        "component; with normal air levels they do not.",
    ],
)
def test_what_another_case_would_show_flags_nothing(reply):
    assert check_reply(reply, NORMAL).critical_errors == []
