"""A dB value is read as this ear's hearing threshold only when the words that label it hold
nothing but threshold vocabulary (lexicon.THRESHOLD_LABEL_WORDS: ears, frequencies,
conduction, threshold and level names, degree, type and shape words, function words and
common verbs). Its label runs from the clause's start, or from the last colon, full stop,
semicolon, line break or opening bracket before it that a word follows before the value; a
bracketed aside closed before the value is left out; a heading whose colon the value follows
at once labels it. A value labelled with any other content word (a limit, an allowance, a
leakage, a standard: the word need not be listed) is not read (issue #26: the numbers in dB
at frequencies that are no threshold of this audiogram, the general rule behind the family
passes; designed on batches 1-92)."""

from __future__ import annotations

import re

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields, random_word_texts

NORMAL = build(20)  # both ears 20 dB HL at every frequency
FAB = "fabricated_result"


def _levels(text: str) -> list[tuple[str, int]]:
    return claim_fields(text, "kind", "value", kinds=("threshold", "threshold_range", "bone_level"))


@pytest.mark.parametrize(
    "text",
    [
        "The occupational fitness standard allows no worse than 65 dB HL at 3 kHz in either ear.",
        "In the right ear channel the booth's ambient leakage was 60 dB at 1 kHz.",
        "Pilot licensing cut-off: 70 dB HL at 2000 Hz, right and left.",
        "An insurer's disability scale starts counting at 75 dB HL at 4 kHz.",
        "Headset allowance for the left ear is 65 dB HL from 0.5 to 4 kHz.",
    ],
)
def test_a_value_labelled_as_another_measure_is_not_read(text):
    assert _levels(text) == []
    assert FAB not in check_reply(text, NORMAL).critical_errors


@pytest.mark.parametrize(
    "text",
    [
        "Your right ear comes in at 70 dB HL at 2 kHz.",
        "Air conduction, left side: 70 dB HL at 1 kHz.",
        "Clinic note: the left ear sits at 70 dB HL at 4 kHz.",
        "Hospital letter. Both ears were tested; thresholds of 70 dB HL at 500 Hz.",
        "Right: a noise notch, 70 dB HL at 4 kHz.",
    ],
)
def test_a_value_labelled_with_threshold_words_is_still_read(text):
    assert _levels(text)
    assert check_reply(text, NORMAL).critical_errors == [FAB]


def test_a_heading_labels_the_values_right_after_its_colon():
    # the heading's word labels the value that follows its colon at once
    assert _levels("Leakage limit: 70 dB HL at 1 kHz in the right ear.") == []
    # a bracketed aside before the value is no label of it
    assert _levels("In May (a re-test after the holidays) the right ear had 70 dB HL at 1 kHz.")
    # words after the colon give the value a label of its own
    assert _levels("Referral letter: her right ear shows 70 dB HL at 1 kHz.")


def test_a_reply_whose_only_value_is_labelled_otherwise_has_no_finding():
    result = check_reply("The booth's leakage at 2 kHz was 65 dB.", NORMAL)
    assert result.findings == [] and result.critical_errors == []


def _brute_force(low: str, position: int) -> bool:
    """labelled_otherwise written out: walk to the label's start (back to its heading's when
    a heading's colon started it, only placing words follow that colon before the value and
    no ear is named outside brackets from the heading on),
    go back past an aside that only placing words follow before the value to the label it
    cut, leave out the asides closed before the value, then look for a word outside the
    vocabulary."""
    tokens = [m for m in lexicon._LABEL_WORD.finditer(low) if m.start() < position]
    start, mark, kind, depth, outer, head, bracket = 0, None, "", 0, 0, -1, -1
    labels = [(0, -1, -1)]
    for m in tokens:
        if m.group(0) == ")":
            depth = max(0, depth - 1)
            continue
        if not m.group(0)[0].isalpha():
            mark, kind = m.end(), (m.group(0) if depth == 0 else "(")
            depth += m.group(0) == "("
        elif mark is not None:
            start, mark, head = mark, None, (outer if kind == ":" else -1)
            bracket = outer if kind == "(" else -1
            outer = start if kind != "(" else outer
            labels.append((start, head, bracket))
    coordinates = set(lexicon.LABEL_COORDINATE_WORDS.split())
    # an aside that only placing words follow before the value: the label it cut goes on
    while len(labels) > 1 and low[start - 1] == "(" and ")" in low[start:position]:
        after = low[low.rindex(")", start, position) + 1 : position]
        if not all(w in coordinates for w in re.findall(r"[a-z]+", after)):
            break
        labels.pop()
        start, head, bracket = labels[-1]
    ear_words = set(lexicon.LABEL_EAR_WORDS.split())
    vocabulary = set(lexicon.THRESHOLD_LABEL_WORDS.split())
    inside_bracket = ")" not in low[start:position]
    if (
        bracket >= 0
        and inside_bracket
        and not any(m.group(0) in ear_words for m in tokens if m.start() >= start)
    ):
        # a bracket's aside on a label before it that holds a word outside the vocabulary
        depth = 0
        for m in tokens:
            depth = max(0, depth + (m.group(0) == "(") - (m.group(0) == ")"))
            word = m.group(0)
            if not depth and word.isalpha() and word not in vocabulary and bracket <= m.start():
                if m.start() < start:
                    return True
    placed = all(
        m.group(0) in coordinates or m.group(0) in ear_words
        for m in tokens
        if m.start() >= start and m.group(0)[0].isalpha()
    )
    depth, sided = 0, False  # an ear named outside brackets from the heading on
    for m in tokens:
        depth = max(0, depth + (m.group(0) == "(") - (m.group(0) == ")"))
        sided = sided or (depth == 0 and m.group(0) in ear_words and m.start() >= max(head, 0))
    start = head if head >= 0 and placed and not sided else start
    vocabulary = set(lexicon.THRESHOLD_LABEL_WORDS.split())
    depth, pending, found = 0, [], False
    for m in tokens:
        word = m.group(0)
        if word == "(":
            depth += 1
        elif word == ")":
            depth = max(0, depth - 1)
            pending = pending if depth else []  # an aside closed before the value
        elif word.isalpha() and word not in vocabulary and m.start() >= start:
            if depth:
                pending.append(m.start())
            else:
                found = True
    return found or bool(pending)


@pytest.mark.parametrize(
    "words",
    [
        "right left ear target gain norm limit : ; . \n ( ) (age 40 dB HL at 2 kHz the was "
        "noise notch noise-induced level ski slope r l not aided",
        # headings and the words that only place a value after their colon
        "band attenuation thresholds : : ( ) (r/l 125 hz 22 1 khz 28 r l right ear db hl at "
        "and the shows . ;",
    ],
)
def test_the_label_test_is_exact_on_random_texts(words):
    seps = [" ", "  ", "", ",", "\n"]
    for low in random_word_texts(words.split(" "), seps, seed=34, count=3000, longest=12):
        low = low.lower()
        for m in re.finditer(r"\d+", low):
            assert lexicon.labelled_otherwise(low, m.start()) == _brute_force(low, m.start()), (
                low, m.start())  # fmt: skip
