"""An ordered alternation of patterns that tries, at each place, only the patterns that can
open with the character there (for speed: the same matches as the plain alternation).

The regular expression engine tries every branch of an alternation in turn at each place;
the claim lexicon (claims.LEXICON, 36 rows) is such an alternation. Here the ASCII
characters are sorted into classes by the rows that can open with them (worked out from
each row's parsed pattern, each character asked of the engine itself, so case-ignoring
rows count every case), and each class gets its own alternation of those rows, in their
order, behind a look-ahead for the class. A non-ASCII character or the end of the text gets
every row. At any place exactly one class holds, and the rows it leaves out cannot match
there, so the first row that matches is the one the plain alternation would take.
"""

from __future__ import annotations

import re
from re import _constants as sre  # the parser's own names (Python 3.11+)
from re import _parser

_ASCII = [chr(i) for i in range(128)]
_OFTEN_FIRST = " LHRaeld0123456789mstrkhqnbwcifopgyu"
"""The characters that most often open a place the lexicon is tried at, most often first:
their classes come first, so the look-aheads that fail before the one that holds are few."""
_CATEGORIES = {
    sre.CATEGORY_DIGIT: r"\d",
    sre.CATEGORY_NOT_DIGIT: r"\D",
    sre.CATEGORY_SPACE: r"\s",
    sre.CATEGORY_NOT_SPACE: r"\S",
    sre.CATEGORY_WORD: r"\w",
    sre.CATEGORY_NOT_WORD: r"\W",
}
_ZERO_WIDTH = (sre.AT, sre.ASSERT, sre.ASSERT_NOT)
_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT)


class _Unknown(Exception):
    """A pattern opens with something whose first character is not worked out here."""


def _item_text(op, av) -> str:
    """Return the pattern text of one character item (a literal or a set)."""
    if op is sre.LITERAL:
        return re.escape(chr(av))
    parts = []
    for kind, value in av:
        if kind is sre.LITERAL:
            parts.append(re.escape(chr(value)))
        elif kind is sre.RANGE:
            parts.append(f"{re.escape(chr(value[0]))}-{re.escape(chr(value[1]))}")
        elif kind is sre.CATEGORY and value in _CATEGORIES:
            parts.append(_CATEGORIES[value])
        elif kind is sre.NEGATE:
            parts.insert(0, "^")
        else:
            raise _Unknown(kind)
    return f"[{''.join(parts)}]"


def _chars_of(op, av, ignore_case: bool) -> set[str]:
    """Return the ASCII characters one character item matches, each asked of the engine."""
    item = re.compile(_item_text(op, av), re.I if ignore_case else 0)
    return {c for c in _ASCII if item.fullmatch(c)}


def _first_of_group(op, av, ignore_case: bool) -> tuple[set[str], bool]:
    """Return the first characters of a group, a branch or a repeat, and whether it can
    match nothing."""
    if op is sre.SUBPATTERN:
        _, add, drop, sub = av
        ignore_case = (ignore_case or bool(add & sre.SRE_FLAG_IGNORECASE)) and not (
            drop & sre.SRE_FLAG_IGNORECASE
        )
        return first_chars(sub.data, ignore_case)
    if op is sre.BRANCH:
        chars, empty = set(), False
        for alternative in av[1]:
            alt_chars, alt_empty = first_chars(alternative.data, ignore_case)
            chars |= alt_chars
            empty = empty or alt_empty
        return chars, empty
    if op in _REPEATS:
        chars, empty = first_chars(av[2].data, ignore_case)
        return chars, empty or av[0] == 0
    raise _Unknown(op)


def first_chars(items, ignore_case: bool = False) -> tuple[set[str], bool]:
    """Return the ASCII characters a match of the parsed ``items`` can open with, and
    whether it can match nothing (then it can open with anything)."""
    chars: set[str] = set()
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue  # a look-around or an anchor only narrows where a match opens
        if op in (sre.LITERAL, sre.IN):
            return chars | _chars_of(op, av, ignore_case), False
        group_chars, empty = _first_of_group(op, av, ignore_case)
        chars |= group_chars
        if not empty:
            return chars, False
    return chars, True


def _opening_rows(patterns: list[str]) -> dict[str, tuple[int, ...]]:
    """Return, for each ASCII character, the rows (indices) that can open with it."""
    openings = []
    for pattern in patterns:
        parsed = _parser.parse(pattern)
        try:
            chars, empty = first_chars(parsed.data, bool(parsed.state.flags & re.I))
        except _Unknown:
            chars, empty = set(), True  # tried everywhere
        openings.append(set(_ASCII) if empty else chars)
    return {c: tuple(i for i, chars in enumerate(openings) if c in chars) for c in _ASCII}


def _class_text(chars: list[str]) -> str:
    return "".join("\\" + c if c in "\\]^-" else re.escape(c) for c in chars)


def dispatched(
    patterns: list[str], guard: str = ""
) -> tuple[re.Pattern, dict[str, tuple[int, tuple[int, ...]]]]:
    """Return the alternation of ``patterns`` (each a named group; the first that matches
    wins), tried only where ``guard`` holds, and for each group name the row it stands for
    and the numbers of that row's own groups.

    The same matches, spans and groups of each row as
    ``(?=guard)(?:(?P<t0>p0)|(?P<t1>p1)|...)``: a row's groups come in its own order after
    its named group (read them by their numbers: the alternation has a copy of each row for
    each class it opens, and ``Match.groups()`` would build a tuple of all their groups)."""
    classes: dict[tuple[int, ...], list[str]] = {}
    for c, rows in _opening_rows(patterns).items():
        classes.setdefault(rows, []).append(c)

    def often(item) -> int:
        return min((_OFTEN_FIRST.find(c) for c in item[1] if c in _OFTEN_FIRST), default=99)

    names: dict[str, int] = {}
    branches = []
    for number, (rows, chars) in enumerate(sorted(classes.items(), key=often)):
        if rows:
            body = "|".join(f"(?P<t{i}_{number}>{patterns[i]})" for i in rows)
            names.update((f"t{i}_{number}", i) for i in rows)
            branches.append(f"(?=[{_class_text(chars)}])(?:{body})")
    body = "|".join(f"(?P<t{i}_x>{p})" for i, p in enumerate(patterns))
    names.update((f"t{i}_x", i) for i in range(len(patterns)))
    branches.append(f"(?![\\x00-\\x7f])(?:{body})")  # past the ASCII characters: every row
    opening = f"(?={guard})" if guard else ""
    pattern = re.compile(f"{opening}(?:{'|'.join(branches)})")
    own = {p: re.compile(p).groups for p in set(patterns)}
    groups = {}
    for name, row in names.items():
        number = pattern.groupindex[name]
        groups[name] = (row, tuple(range(number + 1, number + 1 + own[patterns[row]])))
    return pattern, groups


LED: dict[re.Pattern, re.Pattern] = {}
"""Each pattern :func:`led` made, with the pattern it was made from (the tests compare them)."""


def led(pattern: re.Pattern) -> re.Pattern:
    """Return ``pattern`` behind a look-ahead for the characters a match of it can open with
    (worked out as :func:`dispatched` does; any non-ASCII character too): the same matches,
    spans and groups, found faster where the pattern opens with word boundaries or
    look-behinds before an alternation, which the engine would try in full at every
    character. The pattern itself where its first characters are not worked out here."""
    parsed = _parser.parse(pattern.pattern, pattern.flags)
    try:
        chars, empty = first_chars(parsed.data, bool(parsed.state.flags & re.I))
    except _Unknown:
        return pattern
    if empty:
        return pattern
    opening = f"(?=[{_class_text(sorted(chars))}\\x80-\\U0010ffff])"
    try:
        made = re.compile(f"{opening}(?:{pattern.pattern})", pattern.flags)
    except re.error:
        return pattern  # global flags written in the pattern ("(?i)...") must open it
    LED[made] = pattern
    return made
