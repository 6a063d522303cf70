"""A subtitle file (SubRip or WebVTT) is a transcript whose sentences run across cues: the
cue numbers and timestamps are not the text, and a sentence broken between two cues of one
speaker is one sentence (issue #26, validation batch 73). The files here are our own."""

from __future__ import annotations

from clinbench.audiogram.captions import captions_as_transcript
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import assert_linear, build, conductive_right, cpu_cost

CASE = conductive_right()  # right 4FA 37.5 moderate conductive over masked bone; left 10

SRT_TYPE_SPLIT = (
    "41\n00:12:01,100 --> 00:12:04,250\nCLINICIAN: Now your left side is fine. The right one\n\n"
    "42\n00:12:04,250 --> 00:12:07,900\nCLINICIAN: though has a moderate\n\n"
    "43\n00:12:07,900 --> 00:12:10,000\nCLINICIAN: sensorineural loss, I'm afraid.\n\n"
    "44\n00:12:10,400 --> 00:12:12,000\nMUM: Will he need aids?\n"
)
"""The right ear's loss is conductive: 'sensorineural' is the type error, in the third cue
of a sentence that names the ear in the first."""

VTT_RANGE_ACROSS_CUES = (
    "WEBVTT\nKind: captions\nLanguage: en-GB\n\nNOTE recorded on the clinic laptop\n\n"
    "00:01:02.000 --> 00:01:05.500 align:start\n<v Dr Moss>The left ear sits at\n\n"
    "00:01:05.500 --> 00:01:08.000\n<v Dr Moss>30 to 45 dB all the way along.\n\n"
    "00:01:08.600 --> 00:01:10.000\n<v Patient>Right.\n"
)
"""The left ear is 10 dB HL: the range (the right ear's), in the second cue, is a laterality
error."""


def test_a_sentence_across_cues_is_one_sentence():
    text = captions_as_transcript(SRT_TYPE_SPLIT)
    assert "-->" not in text and "\n41" not in text
    lines = text.splitlines()
    assert lines[0] == (
        "CLINICIAN: Now your left side is fine. The right one though has a moderate "
        "sensorineural loss, I'm afraid."
    )
    assert lines[1] == "MUM: Will he need aids?"
    types = [c for c in read_claims(text) if c.kind == "type"]
    assert types and all(c.ears == ("right",) for c in types)


def test_type_said_across_cues_is_judged():
    assert "type_misclassification" in check_reply(SRT_TYPE_SPLIT, CASE).critical_errors


def test_webvtt_voice_tags_and_header_are_not_the_text():
    text = captions_as_transcript(VTT_RANGE_ACROSS_CUES)
    assert text.splitlines() == [
        "DR MOSS: The left ear sits at 30 to 45 dB all the way along.",
        "PATIENT: Right.",
    ]
    assert "laterality_confusion" in check_reply(VTT_RANGE_ACROSS_CUES, CASE).critical_errors


def test_caption_file_read_right_raises_nothing():
    right = (
        "1\n00:00:01,000 --> 00:00:03,000\n- AUDIOLOGIST: So the right ear has a\n\n"
        "2\n00:00:03,000 --> 00:00:06,000\n- AUDIOLOGIST: moderate conductive loss, and the\n\n"
        "3\n00:00:06,000 --> 00:00:08,000\n- AUDIOLOGIST: left is normal, ten throughout.\n"
    )
    assert check_reply(right, CASE).critical_errors == []


def test_right_after_a_level_before_across_names_no_ear():
    for said in (
        "Your left ear is ten to fifteen right across, so that one is normal.",
        "Left: 10-15 dB HL right the way through; normal.",
    ):
        assert check_reply(said, CASE).critical_errors == [], said


def test_text_that_is_no_caption_file_is_unchanged():
    text = "Right 45 dB HL.\n\n12\nLeft 10 dB HL at 10:30 - 11:00 today."
    assert captions_as_transcript(text) == text


def test_captions_as_transcript_is_linear():
    cue = "7\n00:00:01,000 --> 00:00:02,000\nAUDIOLOGIST: the left is about\n\n"
    text = cue * 200
    small = cpu_cost(lambda: captions_as_transcript(text))
    big = cpu_cost(lambda: captions_as_transcript(text * 4))
    assert_linear(small, big)


MIXED_RIGHT = build(
    {250: 55, 500: 55, 1000: 50, 2000: 55, 4000: 60, 8000: 60},
    10,
    right_bone={500: 25, 1000: 25, 2000: 30, 4000: 30},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 5},
    bone_masked=True,
)


def test_a_display_break_inside_a_cue_splits_no_sentence():
    # the parts of a mixed loss, told in one sentence that the captioner broke for display
    for vtt in (
        "WEBVTT\n\n00:02:00.000 --> 00:02:06.000\n<v Audiologist>Your bone results on the right "
        "were twenty-five to thirty,\nso part of it is the inner ear and part is the middle "
        "ear.\n\n00:02:06.500 --> 00:02:08.000\n<v Audiologist>That's a mixed loss.\n",
        "1\n00:00:10,000 --> 00:00:15,000\n>> AUDIOLOGIST: The right bone line sits at 25 "
        "to 30 dB HL,\nwhich means some inner-ear loss and a middle-ear gap on top.\n\n"
        "2\n00:00:15,000 --> 00:00:17,000\n>> AUDIOLOGIST: So, mixed, on the right.\n",
    ):
        assert check_reply(vtt, MIXED_RIGHT).critical_errors == [], vtt
