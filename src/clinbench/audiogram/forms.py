"""On a form, only the marked option is said: the options left unmarked are printed text.

A tick-box or circle-one form prints every option of a field ("Degree: ☐ mild ☑ moderate
☐ severe") and the writer marks one. The words of the options not marked are the form's,
not the writer's claim (issue #26, validation batch 68: audiology proformas, referral
checklists, EPR templates). :func:`unchosen_options_blanked` blanks them (same length, so
offsets do not move) before the reply is read, whichever of the common conventions shows
the choice:

- boxes and radio buttons: ``[x]``/``[ ]``, ``☑``/``☐``/``□``, ``☒`` (the chosen box where no
  tick is used beside it), ``✓``, ``(•)``/``( )``, ``●``/``○``. The mark may stand before its
  option ("☐ mild ☑ moderate") or after it ("Y ☑  N ☐", "Normal ☐  Mild ✓"); each line's
  convention is the side its marks sit closer to (an option's words are spaced singly,
  options apart by two spaces or more, as such forms are laid out).
- Y / N columns: a header line of only "Y  N" (or "Yes  No") over rows ticked in one of its
  columns; a row ticked under N is denied, not said.
- "circle one": the printed options before "→ circled: X" are not the choice, and where the
  form says the circled choice is in capitals, the other options of a slash list are not.

The chosen option's mark is layout ("Poorer ear: ● L" reads as "Poorer ear: L"), except an
"[x]", which the grade reader reads as a tick. Struck-through options ("delete as
appropriate", ``~~moderate~~``) are blanked by :mod:`discourse`'s "struck through" rule.
Every step is one pass over a line, bounded.
"""

from __future__ import annotations

import bisect
import re

_MARK = re.compile(r"\[[ \t]?\]|\[[xX✓✔•*]\]|\([ \t]?\)|\([•xX*●]\)|[☐□○◯☑☒✓✔●◉]")
"""A box or radio button, marked or not."""
_UNMARKED_BOX = frozenset({"[ ]", "[]", "☐", "□"})
_UNMARKED_RADIO = frozenset({"( )", "()", "○", "◯"})
_MARKED_RADIO = re.compile(r"\([•xX*●]\)|[●◉]")
_TICKS = re.compile(r"[☑✓✔]|\[[✓✔]\]")
_READ_TICKS = frozenset({"[x]", "[X]"})
"""Ticks the reader reads as such ("[x] Moderate": a ticked grade, degree_claims): kept."""
_ANY = re.compile(r"[☐□○◯☑☒✓✔●◉]|\[[ \t]?\]|\([ \t]?\)|circle", re.I)

_ASCII_MARKS = ("[]", "[ ]", "[\t]", "()", "( )", "(\t)")
"""What _ANY can match in an ASCII text, beside "circle" in any case."""


def _may_hold_marks(text: str) -> bool:
    """Return whether ``text`` holds what _ANY matches (a form mark or "circle")."""
    if not text.isascii():
        return bool(_ANY.search(text))
    # (substring tests for speed, the same answer: in ASCII text _ANY's marks are these
    # bracket pairs, and case-ignoring "circle" is "circle" in the lower-cased text)
    if "circle" in text.lower():
        return True
    if "[" not in text and "(" not in text:
        return False
    for mark in _ASCII_MARKS:
        if mark in text:
            return True
    return False


_OPTION_REACH = 80
"""The longest option's words (characters) on either side of its mark."""
_GAP = re.compile(r"[ \t]{2,}|[|→]|->|=>")
"""What ends an option's words: a gap of two spaces or more, a bar or an arrow."""


def _unmarked(mark: str, crossed_chosen: bool, radio_line: bool) -> bool | None:
    """Return whether a mark leaves its option unchosen (None: not a form mark here)."""
    mark = mark.replace("\t", " ")
    if mark in _UNMARKED_BOX:
        return True
    if mark in _UNMARKED_RADIO:
        return True if radio_line else None
    if mark == "☒":
        return not crossed_chosen
    return False


def _side(line: str, start: int, end: int) -> int:
    """Return +1 where a mark sits closer to the words after it, -1 where closer to those
    before it, 0 where it cannot tell."""
    before_text = line[max(0, start - _OPTION_REACH) : start]
    after_text = line[end : end + _OPTION_REACH]
    before = before_text.rstrip(" \t")
    after = after_text.lstrip(" \t")
    left, right = len(before_text) - len(before), len(after_text) - len(after)
    if not after:
        return -1
    if not before or before[-1] in ":|>→":
        return 1
    return (left > right) - (right > left)


def _option_after(line: str, end: int, stops: list[int]) -> tuple[int, int]:
    """Return the span of an option's words after its mark, up to the next mark or gap."""
    i = bisect.bisect_right(stops, end)
    limit = min(stops[i] if i < len(stops) else len(line), len(line), end + _OPTION_REACH)
    text = line[end:limit]
    offset = len(text) - len(text.lstrip(" \t"))
    gap = _GAP.search(text, offset)
    return end, end + (gap.start() if gap else len(text))


def _option_before(line: str, start: int, stops: list[int]) -> tuple[int, int]:
    """Return the span of an option's words before its mark, back to a mark, gap or label."""
    i = bisect.bisect_left(stops, start)
    floor = max(stops[i - 1] if i else 0, start - _OPTION_REACH)
    text = line[floor:start].rstrip(" \t")
    begin = floor
    for m in re.finditer(r"[ \t]{2,}|[|:→(]|->|=>", text):
        begin = floor + m.end()
    return begin, start


def _line_blanked(line: str, crossed_chosen: bool) -> str:
    marks = [m for m in _MARK.finditer(line)]
    if not marks:
        return line
    radio_line = any(_MARKED_RADIO.fullmatch(m.group(0)) for m in marks)
    states = [_unmarked(m.group(0), crossed_chosen, radio_line) for m in marks]
    marks = [m for m, s in zip(marks, states, strict=True) if s is not None]
    states = [s for s in states if s is not None]
    if not any(states):
        return line
    votes = sum(_side(line, m.start(), m.end()) for m in marks)
    after_option = votes < 0  # the marks sit after their options ("Y ☑  N ☐")
    ends = [m.end() for m in marks]
    starts = [m.start() for m in marks]
    chars = list(line)
    for m, unmarked in zip(marks, states, strict=True):
        if not unmarked:
            if m.group(0) not in _READ_TICKS:  # layout: the field reads as if written
                chars[m.start() : m.end()] = " " * (m.end() - m.start())
            continue
        if after_option:
            a, _ = _option_before(line, m.start(), ends)
            b = m.end()
        else:
            _, b = _option_after(line, m.end(), starts)
            a = m.start()
        chars[a:b] = " " * (b - a)
    return "".join(chars)


_YN_HEADER = re.compile(r"^([ \t]*)(Y(?:es)?)[ \t]+(N(?:o)?)[ \t]*$")
_ROW_TICK = re.compile(r"(?<=[ \t])[☑✓✔xX☒][ \t]*$")


def _yes_no_columns(lines: list[str]) -> list[str]:
    """Return the lines with each row ticked under a Y / N header's N column blanked."""
    out: list[str] = []
    columns: tuple[int, int] | None = None
    for line in lines:
        header = _YN_HEADER.match(line)
        if header:
            columns = (header.start(2), header.start(3))
            out.append(line)
            continue
        tick = _ROW_TICK.search(line) if columns else None
        if columns and tick and tick.start() >= columns[0] - 3 and line[: columns[0] - 3].strip():
            if abs(tick.start() - columns[1]) < abs(tick.start() - columns[0]):
                line = " " * len(line)
        else:
            columns = None
        out.append(line)
    return out


_CIRCLED = re.compile(r"(?:→|->|=>)?[ \t]*\bcircled[ \t]*[:=]", re.I)
_SLASH_OPTION = re.compile(r"[^/\n]+")


def _circled_blanked(line: str, capitals: bool) -> str:
    """Return a circle-one line with the options not circled blanked."""
    m = _CIRCLED.search(line)
    label = line.find(":")
    if m:
        begin = label + 1 if 0 <= label < m.start() else 0
        return line[:begin] + " " * (m.start() - begin) + line[m.start() :]
    if not capitals or line.count("/") < 1:
        return line
    begin = label + 1 if label >= 0 else 0
    options = list(_SLASH_OPTION.finditer(line, begin))
    chosen = [o for o in options if _in_capitals(o.group(0))]
    if len(chosen) != 1 or not all(o is chosen[0] or re.search(r"[a-z]", o.group(0))
                                   for o in options):  # fmt: skip
        return line
    chars = list(line)
    for o in options:
        if o is not chosen[0]:
            chars[o.start() : o.end()] = " " * (o.end() - o.start())
    return "".join(chars)


def _in_capitals(option: str) -> bool:
    letters = [c for c in option if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def unchosen_options_blanked(text: str) -> str:
    """Return ``text`` with the options a form prints but the writer did not mark blanked
    (same length; see the module's docstring). Text with no form marks is returned as is."""
    if not _may_hold_marks(text):
        return text
    low = text.lower()
    crossed_chosen = "☒" in text and not _TICKS.search(text)
    lines = text.split("\n")
    if "circle" in low:
        capitals = "capital" in low
        lines = [_circled_blanked(line, capitals) for line in lines]
    lines = _yes_no_columns(lines)
    return "\n".join(_line_blanked(line, crossed_chosen) for line in lines)
