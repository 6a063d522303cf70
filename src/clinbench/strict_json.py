"""Strict JSON for untrusted text (item banks, model replies): bounded depth, one value per key.

Python's ``json`` module recurses once per nesting level (``RecursionError`` past about
1,000 levels), keeps the last of two values given for one key without a word, accepts the
non-standard ``NaN``/``Infinity`` and turns ``1e999`` into infinity. :func:`loads` refuses
all of these with a :class:`StrictJSONError` that says why: the nesting depth is measured
first, by a scan linear in the text's length, so no input can reach the recursion limit.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from clinbench.errors import InputError

MAX_DEPTH = 64  # far above any item or reply clinbench reads (items nest 4 levels at most)

_STRUCTURE = re.compile(r'[\[\]{}"]')
# The rest of a JSON string after its opening quote (escapes included; possessive: linear).
_STRING_REST = re.compile(r'[^"\\]*+(?:\\.[^"\\]*+)*+"', re.DOTALL)


class StrictJSONError(InputError, ValueError):
    """Raised when text is not strict JSON; ``msg`` says why and ``pos`` where (if known)."""

    def __init__(self, msg: str, pos: int | None = None):
        self.msg = msg
        self.pos = pos
        super().__init__(msg)


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """Return how deep brackets nest in a JSON text (outside strings), stopping past ``limit``.

    Linear in the text's length; a return value above ``limit`` means "too deep".
    """
    depth = deepest = 0
    pos = 0
    while (match := _STRUCTURE.search(text, pos)) is not None:
        char = match.group()
        pos = match.end()
        if char == '"':
            rest = _STRING_REST.match(text, pos)
            if rest is None:  # an unterminated string: the parser fails there
                break
            pos = rest.end()
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        else:
            depth = max(depth - 1, 0)
    return deepest


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise StrictJSONError(f"duplicate key {key!r}")
        result[key] = value
    return result


def _constant(name: str) -> float:
    raise StrictJSONError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise StrictJSONError(f"{text} is too large for a number")
    return value


DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_constant, parse_float=_finite)


def raw_decode(text: str, start: int = 0) -> tuple[Any, int]:
    """Return (value, end) of the JSON value at ``start``; raise StrictJSONError if it is not one.

    The caller bounds the depth (see :func:`nesting_depth`); deeper input is still refused.
    """
    try:
        return DECODER.raw_decode(text, start)
    except json.JSONDecodeError as err:
        raise StrictJSONError(f"invalid JSON: {err.msg}", err.pos) from None
    except RecursionError:
        raise StrictJSONError(f"nested deeper than {MAX_DEPTH} levels") from None
    except StrictJSONError:
        raise
    except ValueError as err:  # an integer beyond Python's 4,300-digit conversion limit
        raise StrictJSONError(f"a number is too long to read ({str(err).split(':')[0]})") from None


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """Return the value of a strict JSON text; raise StrictJSONError saying why it is not one."""
    if nesting_depth(text, max_depth) > max_depth:
        raise StrictJSONError(f"nested deeper than {max_depth} levels")
    start = len(text) - len(text.lstrip(" \t\n\r"))
    value, end = raw_decode(text, start)
    if text[end:].strip(" \t\n\r"):
        raise StrictJSONError("invalid JSON: Extra data", end)
    return value
