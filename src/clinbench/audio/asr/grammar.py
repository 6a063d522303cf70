"""Prompt-constrained recognition: a JSGF grammar of the expected words and child-speech variants.

The grammar allows an optional added word (a filler or short function word: *addition*) before
and after the phrase. For each expected content word it allows up to two part-word fragments
(the first consonant plus a schwa, e.g. ``b-``: *stuttering*), then either the word, a variant
with its first sound replaced by a common developmental substitution (e.g. /r/ -> /w/:
``rabbit`` -> ``wabbit``) or with its final consonant dropped, or nothing (*omission*).
Function words (``the``, ``is`` ...) get no variants, only omission, which keeps the grammar
small enough for the decoder to stay accurate. Variants are built from the pronouncing
dictionary's phones; the substitution pairs are common patterns of English speech-sound
development (gliding of liquids, stopping, velar fronting, th-fronting) as described in
speech-language pathology textbooks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

# (letters, first phone) -> (replacement letters, replacement phone)
SUBSTITUTIONS: tuple[tuple[str, str, str, str], ...] = (
    ("r", "R", "w", "W"),  # gliding
    ("l", "L", "w", "W"),  # gliding
    ("s", "S", "th", "TH"),  # interdental lisp
    ("sh", "SH", "s", "S"),  # depalatalisation
    ("k", "K", "t", "T"),  # velar fronting
    ("c", "K", "t", "T"),  # velar fronting
    ("g", "G", "d", "D"),  # velar fronting
    ("f", "F", "p", "P"),  # stopping
    ("v", "V", "b", "B"),  # stopping
    ("th", "TH", "f", "F"),  # th-fronting
    ("th", "DH", "d", "D"),  # stopping of /dh/
)
ADDED_WORDS = ("uh", "um")
# Relative JSGF weights: the expected word is the most likely path; variants, omissions,
# fragments and added words are possible but need acoustic evidence to win.
WEIGHTS = {"expected": 20, "variant": 4, "omitted": 1, "none": 20, "fragment": 1, "added": 1}
FUNCTION_WORDS = frozenset(
    "a an the is are was to of in on at and it he she we i you my his her it's this that".split()
)
_VOWELS = set("aeiouy")
_VOWEL_PHONE = re.compile(r"^(AA|AE|AH|AO|AW|AY|EH|ER|EY|IH|IY|OW|OY|UH|UW)")


@dataclass
class Grammar:
    """A JSGF grammar and the extra dictionary words (spelling -> phones) it needs."""

    jsgf: str
    new_words: dict[str, str] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)  # expected words with no pronunciation


def expected_tokens(text: str) -> list[str]:
    """Return the lower-case word tokens of an expected phrase (apostrophes kept)."""
    return re.findall(r"[a-z']+", text.lower())


def word_variants(word: str, phones: str) -> dict[str, str]:
    """Return plausible mispronunciations of ``word`` as {spelling: phones}."""
    out: dict[str, str] = {}
    phone_list = phones.split()
    for letters, phone, new_letters, new_phone in SUBSTITUTIONS:
        if word.startswith(letters) and phone_list and phone_list[0] == phone:
            spelling = new_letters + word[len(letters) :]
            out[spelling] = " ".join([new_phone, *phone_list[1:]])
    if len(phone_list) >= 3 and not _VOWEL_PHONE.match(phone_list[-1]) and word[-1] not in _VOWELS:
        out[word[:-1]] = " ".join(phone_list[:-1])  # final consonant deletion
    out.pop(word, None)
    return out


def fragment(word: str, phones: str) -> tuple[str, str] | None:
    """Return the part-word repetition of ``word`` (spelling ``b-``, phones ``B AH``)."""
    phone_list = phones.split()
    if not phone_list or _VOWEL_PHONE.match(phone_list[0]) or word[0] in _VOWELS:
        return None
    onset = re.match(r"[^aeiouy]+", word)
    letters = onset.group(0) if onset else word[0]
    return f"{letters}-", f"{phone_list[0]} AH"


def build_grammar(expected: str, lookup: Callable[[str], str | None]) -> Grammar:
    """Return the JSGF grammar for an expected phrase; ``lookup`` gives a word's phones or None."""
    tokens = expected_tokens(expected)
    grammar = Grammar(jsgf="")
    rules: list[str] = []
    added = [w for w in ADDED_WORDS if lookup(w)]
    for index, token in enumerate(tokens):
        phones = lookup(token)
        if phones is None:
            grammar.missing.append(token)
            continue
        alternatives = [f"/{WEIGHTS['expected']}/ {token}"]
        parts = []
        if token not in FUNCTION_WORDS:
            for spelling, variant_phones in word_variants(token, phones).items():
                if lookup(spelling) is None:
                    grammar.new_words[spelling] = variant_phones
                alternatives.append(f"/{WEIGHTS['variant']}/ {spelling}")
            frag = fragment(token, phones)
            if frag:
                grammar.new_words.setdefault(frag[0], frag[1])
                parts.append(f"( /{WEIGHTS['none']}/ <NULL> | /{WEIGHTS['fragment']}/ {frag[0]}+ )")
        alternatives.append(f"/{WEIGHTS['omitted']}/ <NULL>")
        parts.append("( " + " | ".join(alternatives) + " )")
        rules.append(f"<w{index}> = {' '.join(parts)};")
    names = [r.split(" =")[0] for r in rules]
    edge = f"( /{WEIGHTS['none']}/ <NULL> | /{WEIGHTS['added']}/ <added> )" if added else ""
    body = " ".join(filter(None, [edge, *names, edge])) or "<NULL>"
    grammar.jsgf = "\n".join(
        ["#JSGF V1.0;", "grammar slp;", f"public <utterance> = {body};", *rules]
        + ([f"<added> = {' | '.join(added)};"] if added else [])
        + [""]
    )
    return grammar
