"""A numbered item that opens with a measured value is an entry of a list of results.

The case asks three questions (results, diagnosis, management: ``generate.Q1_PROMPT`` to
``Q3_PROMPT``), and a reply numbered "1." to "3." is read as their three answers: item 3 (the
management) is not read, and a short numbered line is taken for a question's heading. An
answer opens with words; an item that opens with a level or a frequency with its unit ("1. 300
Hz (45 dB HL)", "2. 40 dB HL", "3. 8000 Hz: 96 dB") is an entry of one list of measured values,
as a results form lists them one per line (BSA Recommended Procedure, pure-tone audiometry
2018: each threshold recorded with its frequency), and its value is read like any other.
Items that open with words keep today's reading (issue #26 batch 152, the real local model's
lists of levels "outside normal limits", as tuning data).
"""

from __future__ import annotations

import re

VALUE_ITEM = re.compile(
    r"[ \t]*[1-9]\d?[.)][ \t]+(?=\d{1,5}(?:\.\d+)?[ \t]*(?:db|hz|khz|k\b|mhz)\b)", re.I
)
"""An item number ("1.", "2)") right before a value with its unit; the match ends where the
item's words begin."""


def words_of_a_value_item(line: str) -> str | None:
    """Return the words after the number of an item that opens with a measured value, else
    None ("1. 300 Hz (45 dB HL)" -> "300 Hz (45 dB HL)"; "1. Audiogram" -> None)."""
    if not line.lstrip()[:1].isdigit():
        return None  # (a cheap test for speed: every item opens with its number)
    m = VALUE_ITEM.match(line)
    return line[m.end() :] if m else None


def opens_with_a_value(line: str) -> bool:
    """Return whether a numbered line's item opens with a measured value (a result, not an
    answer in words)."""
    return words_of_a_value_item(line) is not None
