"""Analysis notebooks and console sessions: program source states nothing, its output does.

A line of program source (a fenced code cell in a language, a line after an ``In [n]:``,
``>>>`` or R ``>`` prompt) computes values; the numbers it computes with (the 4 of
``/ 4``, the 10 of ``gaps < 10``, a format's ``5.2f``) are no results, nor is the message an
assertion raises (written before the data was seen). Literal data in it (``ac = [45, 40]``)
stays. A printed frame is of what its expression names: ears as rows under a row of
frequencies, printed for ``bc`` or ``gaps``, are bone thresholds or air-bone gaps, and are
written out as such per ear. Seen in analysis notebooks (issue #26, batch 90).
"""

from __future__ import annotations

import re

_MARKERS = ("```", "In [", ">>>", "<-", "$", "# %%")

_FENCE = re.compile(r"^[ \t]*```[ \t]*\{?[ \t]*(python|py|r|julia|jl|ipython|pycon)\b", re.I)
_FENCE_END = re.compile(r"^[ \t]*```[ \t]*$")
_R_LINE = re.compile(r"^[ \t]*>[ \t]?[A-Za-z_][\w.$]*[ \t]*$", re.M)
_PROMPT = re.compile(r"^([ \t]*(?:In[ \t]*\[\d*\]:|>>>|\.\.\.(?=[ \t])|\[\d+\]:))(.*)$")
_R_PROMPT = re.compile(r"^([ \t]*>[ \t]?)(?=\S)(.*(?:<-|\$|\w\(|\[,).*|[A-Za-z_][\w.$]*[ \t]*)$")
"""An R console line: code after '>' (an assignment, a call, a '$' or a bare name printed)."""

_OPERAND = re.compile(r"((?:[-+*/%<>]|[<>!=]=|\*\*|//)[ \t]*\(?[ \t]*)(\d+(?:\.\d+)?)")
"""A number an operator works on in program source (not one assigned with a lone '=')."""
_CALLED_COLUMN = re.compile(r"([(,][ \t]*)(`\d+(?:\.\d+)?`)")
"""A column named by a number in backticks, as an argument of a call in R source
("mean(c(`500`, `1000`))"): R's quoting of a non-syntactic name, so the column's name (a
frequency), not a value the code computes with; a frame's header ("~`250`") is left as it is."""
_FORMAT_SPEC = re.compile(r"\{[^{}\n]*:[^{}\n]*\}|%[-+ 0#]*\d*(?:\.\d+)?[dfegs]")
_RAISED = re.compile(
    r"^[ \t]*(?:\w*(?:Error|Exception|Warning)\b:|Error in \S.*?:|Error:).*$", re.M
)

_FREQUENCY_ROW = re.compile(
    r"^[ \t]*(?:(?:125|250|500|750|1000|1500|2000|3000|4000|6000|8000)[ \t]*){2,}$"
)
_EAR_ROW = re.compile(
    r"^[ \t]*(R|L|RE|LE|right|left|Right|Left)[ \t]+((?:-?\d{1,3}(?:\.\d+)?[ \t]*)+)$"
)
_NAMED = (
    (re.compile(r"(?i)^(?:bc|bone\w*|bc_\w+)$"), "bone conduction"),
    (re.compile(r"(?i)^(?:gaps?|abg\w*|air_bone\w*|\w*_gaps?)$"), "air-bone gap"),
)
"""Printed objects named for another measure than air thresholds, and what they hold."""
_EARS = {"r": "right", "re": "right", "right": "right", "l": "left", "le": "left", "left": "left"}


def _blanked(line: str, start: int) -> str:
    """A source line with its operand numbers and format specifications blanked."""
    head, code = line[:start], line[start:]
    code = _FORMAT_SPEC.sub(lambda m: " " * len(m.group(0)), code)
    code = _OPERAND.sub(lambda m: m.group(1) + " " * len(m.group(2)), code)
    if "`" in code:
        code = _CALLED_COLUMN.sub(lambda m: m.group(1) + " " * len(m.group(2)), code)
    return head + code


def _printed_name(code: str) -> str:
    """The name an expression ends on ("x$bc" -> "bc", "g = a - b; gaps" -> "gaps")."""
    last = code.strip().split(";")[-1].strip()
    m = re.fullmatch(r"[\w.$]*?([A-Za-z_]\w*)", last)
    return m.group(1) if m else ""


def _measure(name: str) -> str:
    for pattern, measure in _NAMED:
        if pattern.match(name):
            return measure
    return ""


def _frame(lines: list[str], at: int, measure: str) -> int:
    """Write the frame at ``lines[at]`` (frequencies, then ear rows) as the measure's
    values per ear; return the index after it."""
    while at < len(lines) and (not lines[at].strip() or lines[at].lstrip().startswith("Out[")):
        at += 1
    if at >= len(lines) or not _FREQUENCY_ROW.match(lines[at]):
        return at
    freqs = lines[at].split()
    end = at + 1
    while end < len(lines) and (m := _EAR_ROW.match(lines[end])):
        values = m.group(2).split()
        if len(values) != len(freqs):
            break
        pairs = ", ".join(f"{v} dB at {f} Hz" for f, v in zip(freqs, values, strict=True))
        lines[end] = f"{_EARS[m.group(1).lower()]} ear: {measure} {pairs}."
        end += 1
    if end > at + 1:
        lines[at] = ""
    return end


def _source_line(line: str, in_fence: bool) -> tuple[int, str] | None:
    """Where the source of a line starts, and the source; None for no source line."""
    if in_fence:
        return 0, line
    m = _PROMPT.match(line) or _R_PROMPT.match(line)
    return (m.end(1), m.group(2)) if m else None


def program_output_read_as_said(text: str) -> str:
    """Return ``text`` with its program source's operand numbers, format specifications
    and raised messages blanked, and a printed frame of bone thresholds or air-bone gaps
    written out per ear under its measure; any other text unchanged. Linear."""
    if not any(marker in text for marker in _MARKERS) and not (
        ">" in text and _R_LINE.search(text)
    ):
        return text
    lines = text.split("\n")
    in_fence, continued, i = False, False, 0
    while i < len(lines):
        line = lines[i]
        if in_fence and _FENCE_END.match(line):
            in_fence, i = False, i + 1
            continue
        if not in_fence and _FENCE.match(line):
            in_fence, i = True, i + 1
            continue
        source = _source_line(line, in_fence)
        if source is None and continued and line.startswith((" ", "\t")) and line.strip():
            source = (0, line)
        continued = source is not None and not in_fence
        if source is None:
            i += 1
            continue
        lines[i] = _blanked(line, source[0])
        measure = "" if in_fence else _measure(_printed_name(source[1]))
        i = _frame(lines, i + 1, measure) if measure else i + 1
    text = "\n".join(lines)
    return _RAISED.sub(lambda m: " " * len(m.group(0)), text) if "rror" in text else text
