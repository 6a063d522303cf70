"""The ears' values of a speech test listed with the unit said once at the end ("SRT: R 20,
L 25 dB HL", "right 30 / left 35 dB HL") are each in that unit, and a form's dotted leader
("Speech reception threshold ........ R 20") joins the test's name to its values rather
than ending a sentence. Validation batch 96 XW38 (as tuning data; result_claims SRT,
EAR_THEN_VALUE and _ears_listed_on, lexicon SENTENCE_SPLIT)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# both ears flat at 20 dB HL, no speech audiometry
NO_SPEECH_TEST = build(20, 20)

LISTED = [
    "SRTs - right 25, left 30 dB HL.",
    "Speech reception threshold .......... L 25 / R 30 dB HL",
]


@pytest.mark.parametrize("text", LISTED)
def test_each_ear_gets_its_srt(text):
    srts = sorted((c.ears, c.value) for s in read_statements(text) for c in s if c.kind == "srt")
    assert {ears for ears, _ in srts} == {("left",), ("right",)}


@pytest.mark.parametrize("text", LISTED)
def test_an_srt_of_a_test_not_done_is_fabricated(text):
    assert "fabricated_result" in check_reply(text, NO_SPEECH_TEST).critical_errors


def test_a_leader_before_a_sentence_of_its_own_still_reads_both():
    text = "Classification ............ Normal. Right 20, left 20 dB HL at every frequency."
    assert check_reply(text, NO_SPEECH_TEST).critical_errors == []
