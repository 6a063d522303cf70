"""A grade word alone after an ear's label ("Right ear: moderate", "Left - severe") or after an
ear with its owner ("his right ear is severe", "the patient's left ear was mild") grades that
ear's hearing, as "the right ear is severe" already did (WHO 2021 grades an ear). Found by hand
at the end of round 16: these gave no claim at all. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

RIGHT_MODERATE = build(45, 20)  # right 45 dB HL (moderate), left 20 dB HL (mild, WHO 2021)


@pytest.mark.parametrize(
    "reply",
    [
        "Right ear: severe.",
        "Right: severe. Left: mild.",
        "Right ear \u2013 severe; left ear \u2013 mild.",
        "His right ear is severe.",
        "Her right ear was severe, her left mild.",
        "The patient's right ear is severe.",
    ],
)
def test_a_bare_grade_after_an_ears_label_or_owner_is_judged(reply):
    result = check_reply(reply, RIGHT_MODERATE)
    assert result.critical_errors == ["severity_misclassification"], reply
    right = [f for f in result.findings if f.kind == "degree" and f.ear == "right"]
    assert [f.claimed for f in right] == ["severe"], reply


@pytest.mark.parametrize(
    "reply",
    ["Right ear: moderate.", "Right - moderate, left - mild.", "Their right ear is moderate."],
)
def test_a_true_grade_there_is_a_match(reply):
    result = check_reply(reply, RIGHT_MODERATE)
    assert result.critical_errors == [], reply
    assert [f.claimed for f in result.findings if f.ear == "right"] == ["moderate"], reply


@pytest.mark.parametrize(
    "reply",
    ["Right side: severe tinnitus.", "Right ear: mild wax, otherwise clear."],
)
def test_another_things_grade_after_the_label_is_not_the_ears(reply):
    assert check_reply(reply, RIGHT_MODERATE).findings == [], reply
