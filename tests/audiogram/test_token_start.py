"""The lexicon is tried only where a token can start (claims.TOKEN_START): the same tokens.

Every lexicon row is checked on every labelled reply and reading example: wherever the row
matches, TOKEN_START holds there; and the tokenizer reads the same tokens as the lexicon
tried at every character.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from clinbench.audiogram.claims import _MASTER, _ROW_OF, LEXICON, TOKEN_START

from .test_claims import END_TO_END, READING

HERE = Path(__file__).parent

EDGES = [
    "xsorry, I misread it",  # a self-correction matches inside a word too
    "{right_ear: mild, 'left': normal}",
    'report,"left":moderate',
    "Results; R mild. L: normal; R- 40",
    "AUD: R moderate, L mild / R mild",
    "30 @750, 40@2k, 3k 50 R, 55 L and >15 dB, ≥20",
    "-5 to -10 dB HL at 1k?",
    "As on the L, A on the R",
]
"""Hand-built texts for the rows that open with something other than a word."""


@cache
def corpus() -> tuple[str, ...]:
    """Return every labelled reply the project ships, the reading examples and EDGES."""
    texts = list(EDGES)
    files = [*(HERE / "data").glob("replies*.jsonl"), HERE / "reply_shapes.jsonl"]
    files += (HERE / "validation").glob("replies*.jsonl")
    for path in files:
        texts += [json.loads(line)["reply"] for line in path.read_text().splitlines() if line]
    texts += [text for text, _ in READING] + [reply for reply, _ in END_TO_END]
    return tuple(texts)


def starts_outside(guard: str, texts) -> list[tuple[str, str]]:
    """Return (row, text) for each place a lexicon row matches in ``texts`` where ``guard``
    does not."""
    at = re.compile(guard)
    misses = []
    for _, rule, pattern, _ in LEXICON:
        anywhere = re.compile(f"(?=(?:{pattern}))")  # every start, overlapping ones too
        for text in texts:
            misses += [
                (rule, text) for m in anywhere.finditer(text) if not at.match(text, m.start())
            ]
    return misses


def test_every_lexicon_row_starts_where_token_start_holds():
    # Every place the lexicon (an alternation of the rows) matches is a place a row
    # matches, so this alone proves the guarded tokenizer reads the same tokens on the corpus.
    assert starts_outside(TOKEN_START, corpus()) == []


def test_the_check_catches_a_row_starting_outside_the_guard():
    # without the self-correction words, "xsorry" (and more) start outside it
    narrowed = TOKEN_START.split("|(?=[aAsScCiIdDeEtT]")[0]
    assert narrowed != TOKEN_START
    missed = {rule for rule, _ in starts_outside(narrowed, EDGES)}
    assert "self-correction" in missed


def _plain() -> tuple[re.Pattern, dict]:
    """Return the lexicon as the plain alternation of its rows, tried where TOKEN_START holds,
    and for each group name its row and the numbers of that row's own groups."""
    rows = "|".join(f"(?P<t{i}>{p})" for i, (_, _, p, _) in enumerate(LEXICON))
    pattern = re.compile(f"(?={TOKEN_START})(?:{rows})")
    own = [re.compile(p).groups for _, _, p, _ in LEXICON]
    numbers = {f"t{i}": pattern.groupindex[f"t{i}"] for i in range(len(LEXICON))}
    return pattern, {
        name: (i, tuple(range(n + 1, n + 1 + own[i])))
        for i, (name, n) in enumerate(numbers.items())
    }


def _matches(pattern: re.Pattern, text: str, rows: dict) -> list:
    """Each match's span, row, and the groups its row matched (by their numbers, which pick
    the groups after its named group that matched)."""
    out = []
    for m in pattern.finditer(text):
        row, numbers = rows[m.lastgroup]
        groups = [g for g in map(m.group, numbers) if g is not None]
        assert groups == [g for g in m.groups()[m.lastindex :] if g is not None]
        out.append((m.span(), row, groups))
    return out


def test_the_guarded_tokenizer_reads_what_every_character_would():
    unguarded = re.compile("|".join(f"(?P<t{i}>{p})" for i, (_, _, p, _) in enumerate(LEXICON)))

    texts = corpus()
    assert len(texts) > 1500
    for text in texts[:: len(texts) // 300]:  # a sample: the check above covers them all
        expected = _matches(unguarded, text, _plain()[1])
        assert _matches(_MASTER, text, _ROW_OF) == expected, text


def test_the_dispatched_lexicon_reads_what_the_plain_alternation_reads():
    # claims._MASTER tries at each place only the rows that can open with its character
    # (clinbench.audiogram.alternation): the same tokens as the plain alternation of every
    # row, on every labelled reply and on texts of every kind of character
    import random

    plain, rows = _plain()
    rng = random.Random(20)
    pieces = ["R ", "L", "Rt", "lt ", "AU", "ſev", "\u212a", "İ", "ı", "✗", "≥", "@", "*",
              "-", "\n", " ", "; ", ", ", ". ", "{", "'", '"', "_", "mod", "SNHL", "tymp A",
              "40", "2k", "dB HL", "right_ear", "wait", "sorry", "?", ">", "(", "é"]  # fmt: skip
    texts = [*corpus(), *("".join(rng.choices(pieces, k=12)) for _ in range(20000))]
    for text in texts:
        assert _matches(_MASTER, text, _ROW_OF) == _matches(plain, text, rows), text


def test_first_characters_count_every_case_and_leave_unknown_openings_to_every_row():
    from re import _parser

    from clinbench.audiogram.alternation import dispatched, first_chars

    def first(pattern: str) -> tuple[set[str], bool]:
        return first_chars(_parser.parse(pattern).data)

    assert first(r"(?i:\bmod)") == ({"m", "M"}, False)
    assert first(r"(?i:s)")[0] == {"s", "S"}  # the long s and the Kelvin sign are not ASCII
    assert first(r"(?<=\d )[RL]\b") == ({"R", "L"}, False)
    assert first(r"a?b*") == ({"a", "b"}, True)  # it can match nothing
    assert first(r"(?:x|y?)z") == ({"x", "y", "z"}, False)
    pattern, _ = dispatched([r"a.", r".b", r"(?i:c)"])  # "." opens with anything
    assert [m.group() for m in pattern.finditer("ab xb Cx ſb")] == ["ab", "xb", "C", "ſb"]


_TRIGGER_BEFORE = re.compile(
    r"\b[RL]\b|(?i:\b(?:mod|sev|prof|wnl)\b|\bmod[- /]sev)|"
    r"(?i:tymps?|tympanograms?)[ \t]*[:=-]?[ \t]*(?i:type[ \t]*)?[ABC]|"
    r"\d(?:\s*[:=]\s*|\s+)-?\d{1,3}\s*(?i:db\s*(?:hl)?\s*)?[/|,]|"
    # a frequency-then-level item before the next frequency ('250:20 500:'), added with the
    # Hz items of batches 96 and 98 (48433b6)
    r"\d\s*[:=]\s*-?\d{1,3}\s+\d{1,4}\s*(?i:k(?:hz)?|hz)?\s*[:=]|"
    r"\d\s*(?i:k|khz|hz)\s*(?::|,\s*(?i:at)\s)?\s*-?\d{1,3}\b|\d\s*/\s*\.?\d|"
    r"(?i:\b(?:right|left)(?:\s+(?:is|was))?\s+\d{1,3}\b|"
    r"\d\s*(?:db\s*)?(?:hl\s*)?(?:on\s+)?both sides|"
    r"\b\d{1,3}\s*(?:db\s*(?:hl)?\s*)?(?:(?:on|in)\s+the\s+)?(?:right|left)\s*(?:,|and)\s*\d)"
)
"""The shorthand trigger as one pattern, as it stood before it was split (the reference)."""

TRIGGER_EDGES = [
    "MOD loss", "Sev-Prof", "mod/sev", "xmod", "RIGHT 40", "left was 35 dB", "rıght 40",
    "tymp: type As", "TYMPS A/A", "tympanogram C", "tymp a", "30: 45 /", "2K 40", "2 Hz 5",
    "25/30", "40 dB HL BOTH SIDES", "45 dB on the right, 50", "a45 on the left, 5",
    "R", "xR", "R2", "(L)", "ſev", "PROF", "the Kelvin 2\u212a 40", "İnner ear",
    "no shorthand here", "", "1 2 3", "12345 right and 4", "avg n/a*\n*footnote · here",
    "*moderate, not mild", "a*b",
]  # fmt: skip


def test_the_split_shorthand_trigger_decides_as_the_single_pattern_did():
    from clinbench.audiogram.claims import _TRIGGER_STAR, _TRIGGER_WORDS, may_hold_shorthand

    def before(text: str) -> bool:
        low = text.lower()
        # a message opening with a star (a chat correction) is a trigger of its own, kept
        # apart from the single pattern: a footnote star opening a line takes that branch too
        star = "*" in text and bool(_TRIGGER_STAR.search(text))
        return (
            any(word in low for word in _TRIGGER_WORDS)
            or star
            or bool(_TRIGGER_BEFORE.search(text))
        )

    texts = [*TRIGGER_EDGES, *corpus()]
    assert {before(text) for text in texts} == {True, False}
    for text in texts:
        assert may_hold_shorthand(text) == before(text), text


def test_the_look_ahead_before_the_correction_words_holds_their_first_letters():
    # TOKEN_START tries its case-ignoring self-correction words only where a look-ahead for
    # their first letters (any case) or a non-ASCII letter holds (for speed): that look-ahead
    # holds every character a word can open with
    from re import _parser

    from clinbench.audiogram.alternation import first_chars

    ahead, words = TOKEN_START.split("|(?=")[-1].split(")(?i:", 1)
    opening, empty = first_chars(_parser.parse("(?i:" + words).data)
    assert not empty
    assert opening == set(re.findall(r"[a-zA-Z]", ahead.split("|")[0]))
    assert ahead.endswith("|[^\\x00-\\x7f]")
