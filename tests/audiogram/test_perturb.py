"""The rewrites of perturb.py: each changes what it names (text in -> text out) and leaves the
near misses it must not touch, and all are pure (same text and seed, same result)."""

from __future__ import annotations

import pytest

from . import perturb as p

ROWS = [
    # (transform, text in, text out)
    (
        p.ears_as_letters,
        "Right ear: moderate loss.\nThe left ear is normal.",
        "R: moderate loss.\nThe L ear is normal.",
    ),
    (p.ears_as_letters, "**Left ear:** mild", "**L:** mild"),
    (p.ears_as_re_le, "The right ear is worse than the left ear.", "RE is worse than LE."),
    (p.ears_as_latin, "Right ear: mild. Left ear: normal.", "AD: mild. AS: normal."),
    (p.letters_as_ears, "RE: mild loss\nLE is normal", "Right ear: mild loss\nLeft ear is normal"),
    (
        p.letters_as_ears,
        "R: 45 dB\nL = 10\n- R: mild",
        "Right ear: 45 dB\nLeft ear = 10\n- Right ear: mild",
    ),
    (p.letters_as_ears, "AD: mild, AS: normal", "Right ear: mild, left ear: normal"),
    (p.letters_as_ears, "Rt ear mild, Lt. ear normal", "Right ear mild, left ear normal"),
    (
        p.ear_word_dropped,
        "A loss in the right ear; the left ear is normal.",
        "A loss on the right; the left is normal.",
    ),
    (
        p.degree_shorthand,
        "Moderately severe loss; moderate; SEVERE; profound; within normal limits",
        "Mod-sev loss; mod; SEV; prof; WNL",
    ),
    (
        p.degree_written_out,
        "mod-sev; mod. sev; prof; WNL",
        "moderately severe; moderate. severe; profound; within normal limits",
    ),
    (
        p.type_abbreviated,
        "Sensorineural hearing loss; conductive hearing loss; mixed hearing loss",
        "SNHL; CHL; MHL",
    ),
    (
        p.type_written_out,
        "SNHL, CHL and MHL",
        "sensorineural hearing loss, conductive hearing loss and mixed hearing loss",
    ),
    (p.hz_as_khz, "at 2000 Hz; 750 Hz; 1500Hz; 3000 Hz", "at 2 kHz; 0.75 kHz; 1.5 kHz; 3 kHz"),
    (p.hz_as_k, "at 2000 Hz; at 1500 Hz", "at 2k; at 1.5k"),
    (p.hz_as_capital_k, "at 4000 Hz", "at 4K"),
    (p.khz_as_hz, "at 2 kHz; 0.5 kHz; 1.5kHz", "at 2000 Hz; 500 Hz; 1500 Hz"),
    (p.db_hl_as_db, "45 dB HL, 30 dBHL", "45 dB, 30 dB"),
    (
        p.as_bullets,
        "Right ear is mild. Left ear is normal.",
        "- Right ear is mild.\n- Left ear is normal.",
    ),
    (
        p.as_bullets,
        "Seen by Dr. Smith today. PTA is 32.5 dB. Mild.",
        "- Seen by Dr. Smith today.\n- PTA is 32.5 dB.\n- Mild.",
    ),
    (
        p.headings_upper,
        "## Right ear\n**Plan:** refer\nSummary:",
        "## RIGHT EAR\n**PLAN:** refer\nSUMMARY:",
    ),
    (p.headings_lower, "## Right Ear PTA\n**Plan:** refer", "## right ear PTA\n**plan:** refer"),
    (
        p.american_spelling,
        "Behaviour; paediatric; characterised; Tumour",
        "Behavior; pediatric; characterized; Tumor",
    ),
    (
        p.british_spelling,
        "behavior; pediatric; characterized",
        "behaviour; paediatric; characterised",
    ),
    (
        p.degree_after_ear,
        "Right ear: moderate sensorineural hearing loss.\n- **Left ear:** normal hearing",
        "Moderate sensorineural hearing loss in the right ear.\n- Normal hearing in the left ear.",
    ),
]


@pytest.mark.parametrize(("transform", "text", "out"), ROWS, ids=[r[0].__name__ for r in ROWS])
def test_each_rewrite_changes_what_it_names(transform, text, out):
    assert transform(text, 0) == out


NEAR_MISSES = [
    # (transform, text it must leave alone, why)
    (
        p.ears_as_letters,
        "right-ear advantage; both ears; the right ear's canal",
        "not one ear named",
    ),
    (p.ears_as_re_le, "the left ears of the cohort", "plural"),
    (p.letters_as_ears, "RE-test booked; send AS soon; Same AS before", "not ear tags"),
    (p.letters_as_ears, "Report L and R values", "a letter not at a line's start"),
    (p.ear_word_dropped, "both ears; the right-ear advantage", "no single ear phrase"),
    (p.degree_shorthand, "moderately; severely; profoundly", "adverbs are not grades"),
    (p.degree_written_out, "Prof Jones; model; modest; several", "a title and other words"),
    (p.type_abbreviated, "sensorineural component; conductive loss", "not the full phrase"),
    (p.type_written_out, "snhl; SSNHL", "lower case, or another abbreviation"),
    (p.hz_as_khz, "at 500, 1000 and 2000 Hz; 12 Hz", "a list's unit; not a test frequency"),
    (p.hz_as_k, "at 500 Hz; 250 Hz", "under 1 kHz"),
    (p.khz_as_hz, "1-2 kHz; 0.5, 1 and 2 kHz", "the unit of a range or list"),
    (p.db_hl_as_db, "50 dB SPL, 20 dB nHL, 10 dB SL", "another scale"),
    (
        p.as_bullets,
        "- an item. Another.\n| a | b. C |\n> quoted. Text.\n1. First. Second.",
        "already structured",
    ),
    (p.as_bullets, "One sentence only.", "one sentence"),
    (p.hard_wrapped, "a short line\n| a long table row " + "| 45 " * 30, "short, or a table"),
    (p.headings_upper, "Right ear: mild loss", "a label with its finding is no heading"),
    (p.headings_lower, "Q1 Answer:", "not a heading of words alone"),
    (p.british_spelling, "emphasis", "the same in both spellings"),
    (
        p.degree_after_ear,
        "Right ear: moderate loss, PTA 45.\nRight ear: moderate; left mild",
        "more than one finding on the line",
    ),
]


@pytest.mark.parametrize(
    ("transform", "text", "why"), NEAR_MISSES, ids=[r[0].__name__ for r in NEAR_MISSES]
)
def test_near_misses_are_left_alone(transform, text, why):
    assert transform(text, 0) == text, why


def test_wrapping_breaks_long_lines_at_a_width_of_60_to_72():
    text = " ".join(f"word{i}" for i in range(80))
    for seed in range(20):
        lines = p.hard_wrapped(text, seed).split("\n")
        assert len(lines) > 1 and max(map(len, lines)) <= 72
        assert " ".join(lines) == text


def test_greeting_and_sign_off_surround_the_reply():
    out = p.greeting_and_sign_off("Right: mild.", 3)
    head, body, tail = out.split("\n\n")
    assert body == "Right: mild." and head.endswith(",") and tail


@pytest.mark.parametrize("name", sorted(p.TRANSFORMS))
def test_every_rewrite_is_pure_and_documented(name):
    transform = p.TRANSFORMS[name]
    text = "Right ear: moderate sensorineural hearing loss, 45 dB HL at 2000 Hz. " * 3
    assert transform(text, 7) == transform(text, 7)
    assert transform.__doc__ and len(transform.__doc__) > 60


def test_invariance_counts_changed_replies_and_kept_verdicts():
    rows = [
        {"id": "a", "case": "c", "reply": "Right ear: mild"},
        {"id": "b", "case": "c", "reply": "no ear word"},
        {"id": "c", "case": "c", "reply": "Left ear: mild"},
    ]

    def reader(text, case):  # a reader that reads only the words "left ear"
        return ("left",) if "left ear" in text.lower() else ()

    result = p.invariance(rows, {"c": None}, p.ears_as_re_le, reader=reader)
    assert (result["changed"], result["kept"]) == (2, 1)
    assert result["broken"] == [("c", ("left",), ())]
