"""Deterministic normalised match for FIB spans and SA replies."""

from __future__ import annotations

import pytest

from clinbench.scoring.match import edit_budget, normalise_answer, normalised_match

NORMALISE = [
    ("25 dB HL", "25 db"),
    ("25dBHL", "25 db"),
    ("25 decibels", "25 db"),
    ("4 kHz", "4000 hz"),
    ("4000Hz", "4000 hz"),
    ("3.5 kHz", "3500 hz"),
    ("0.50 ms", "0.5 ms"),
    (".5", "0.5"),
    ("1,000 Hz", "1000 hz"),
    ("-10 dB", "-10 db"),
    ("\u221210 dB HL", "-10 db"),  # typographic minus
    ("The Cochlea.", "cochlea"),
    ("Otosclerosis!", "otosclerosis"),
    ("two", "2"),
    ("8 per cent", "8 %"),
    ("8%", "8 %"),
    ("226 daPa", "226 dapa"),
]


@pytest.mark.parametrize(("text", "expected"), NORMALISE)
def test_normalise_answer(text, expected):
    assert normalise_answer(text) == expected


FIB = [
    # (answer, keys, matched, method)
    ("Stapes", ["stapes"], True, "exact"),
    ("the stapes.", ["stapes"], True, "exact"),
    ("25dB", ["25 dB HL"], True, "exact"),
    ("2 kHz", ["2000 Hz"], True, "exact"),
    ("0.5 ms", [".50 ms"], True, "exact"),
    ("cochlae", ["cochlea"], True, "fuzzy"),  # one transposition in a 7-letter word
    ("otoslcerosis", ["otosclerosis"], True, "fuzzy"),
    ("35 dB", ["25 dB HL"], False, "none"),  # numbers never fuzzy-match
    ("-10 dB", ["10 dB"], False, "none"),  # the sign matters
    ("hypoacusis", ["hyperacusis"], False, "none"),  # two edits: a different word
    ("cat", ["car"], False, "none"),  # short keys must match exactly
    ("type As", ["type Ad"], False, "none"),  # short words inside longer keys too
    ("tpye Ad", ["type Ad"], False, "none"),
    ("type Ad tympanogarm", ["type Ad tympanogram"], True, "fuzzy"),
    ("stirrup", ["stapes", "stirrup"], True, "exact"),  # synonyms only through accept
    ("stirrup", ["stapes"], False, "none"),
]


@pytest.mark.parametrize(("answer", "keys", "matched", "method"), FIB)
def test_fib_match(answer, keys, matched, method):
    result = normalised_match(answer, keys)
    assert (result.matched, result.method) == (matched, method)


SA = [
    ("It is otosclerosis, a conductive disorder.", ["otosclerosis"], True, "contained"),
    ("Probably otoslcerosis.", ["otosclerosis"], True, "fuzzy"),
    ("A noise notch at 4 kHz.", ["4000 Hz"], True, "contained"),
    ("A noise notch at 6 kHz.", ["4000 Hz"], False, "none"),
    ("Roughly 8 per cent of cases.", ["8%"], True, "contained"),
    ("About 18% of cases.", ["8%"], False, "none"),
    (
        "Congenital cytomegalovirus infection",
        ["congenital CMV", "cytomegalovirus"],
        True,
        "contained",
    ),
    ("MRI of the internal auditory meati", ["auditory brainstem response"], False, "none"),
]


@pytest.mark.parametrize(("reply", "keys", "matched", "method"), SA)
def test_sa_match_finds_the_key_inside_the_reply(reply, keys, matched, method):
    result = normalised_match(reply, keys, contained=True)
    assert (result.matched, result.method) == (matched, method)


def test_best_key_is_reported():
    result = normalised_match("stirrup", ["stapes", "stirrup"])
    assert result.key == "stirrup" and result.similarity == 100.0


@pytest.mark.parametrize(("key", "budget"), [("cat", 0), ("cochlea", 1), ("otosclerosis", 2)])
def test_edit_budget(key, budget):
    assert edit_budget(key) == budget
