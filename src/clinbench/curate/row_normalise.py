"""Formatting normalisation of raw item rows, with a change log per item.

AudiologyBench normalised every candidate item before review: option-letter casing,
single-best-answer enforcement for MCQ, and unit and decimal-place standardisation for FIB
answers. This module does those steps, plus whitespace and quote characters, on the raw
rows of an item file *before* validation (a lower-case option key would fail validation),
and logs every change as (item, field, rule, before, after).

An item that cannot be normalised without guessing (an MCQ with two keyed options, two
identical options, or a key that names no option) is rejected with its reason, never
repaired by choosing an answer.
"""

from __future__ import annotations

import copy
import json
import re
import string
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from clinbench.curate.textnorm import QUOTE_MAP, canonical_text
from clinbench.items.loader import ItemProblem, item_rows, validate_row
from clinbench.items.model import FORMATS, Item

CHANGE_COLUMNS = ["item_id", "source", "field", "rule", "before", "after"]
LETTERS = string.ascii_uppercase

# Units written after a number in audiology answers, as (pattern, canonical spelling).
# Decibel references follow ANSI S3.6 / ISO 389 usage: "dB HL", "dB SPL", "dB SL", "dB nHL".
UNITS: list[tuple[str, str]] = [
    (r"db\s*hl", "dB HL"),
    (r"db\s*nhl", "dB nHL"),
    (r"db\s*spl", "dB SPL"),
    (r"db\s*sl", "dB SL"),
    (r"db\s*ehl", "dB eHL"),
    (r"db\s*a", "dBA"),
    (r"db", "dB"),
    (r"khz", "kHz"),
    (r"hz", "Hz"),
    (r"dapa", "daPa"),
    (r"mmho", "mmho"),
    (r"ms(?:ec)?", "ms"),
    (r"ml", "mL"),
    (r"%", "%"),
]
_NUMBER = r"-?(?:\d+(?:\.\d+)?|\.\d+)"
_UNIT_RE = re.compile(
    rf"(?P<num>{_NUMBER})\s*(?P<unit>{'|'.join(f'(?:{p})' for p, _ in UNITS)})(?![A-Za-z])",
    re.IGNORECASE,
)
# Only unambiguous forms are rewritten: "4,000" (groups of 000) and "0,5" (a zero before the
# comma). "250,500" or "1,5" could be lists and are left as written, never guessed.
_THOUSANDS_RE = re.compile(r"(?<![\d.,])\d{1,3}(?:,000)+(?![\d,])")
_DECIMAL_COMMA_RE = re.compile(r"(?<![\d.,])(0),(\d{1,2})(?![\d,])")
_LEADING_DOT_RE = re.compile(r"(?<![\d.])\.(\d)")
_TRAILING_ZEROS_RE = re.compile(r"(?<![\d.])(\d+)\.(\d*?)0+(?![\d])")
_LETTER_KEY_RE = re.compile(r"^\(?\s*(?:option\s+)?([A-Za-z]|\d{1,2})\s*[).:]?\s*$", re.IGNORECASE)
_MULTI_ANSWER_RE = re.compile(r"^\s*[A-Za-z]\s*(?:,|&|\band\b|/|;)\s*[A-Za-z](?:\s*\W.*)?$")


@dataclass
class Normalised:
    """What normalising one row gave: the row, its changes, and why it was rejected (if so)."""

    row: dict[str, Any]
    changes: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)  # (field, reason)


def tidy_whitespace(text: str) -> str:
    """Return text with spaces and tabs collapsed, lines stripped, and at most one blank line."""
    text = text.replace("\u00a0", " ").replace("\u2009", " ").replace("\u202f", " ")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = [" ".join(line.split()) for line in text.split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def standardise_numbers(text: str) -> str:
    """Return text with thousands separators dropped, decimal commas and leading dots fixed,
    and trailing decimal zeros removed ("1,000" -> "1000", "0,5" -> "0.5", ".50" -> "0.5").

    Ambiguous commas ("250,500 Hz" may be a list, "1,5" may be a list or a decimal) are left
    unchanged.
    """
    text = _THOUSANDS_RE.sub(lambda m: m.group(0).replace(",", ""), text)
    text = _DECIMAL_COMMA_RE.sub(r"\1.\2", text)
    text = _LEADING_DOT_RE.sub(r"0.\1", text)
    return _TRAILING_ZEROS_RE.sub(
        lambda m: m.group(1) + ("." + m.group(2) if m.group(2) else ""), text
    )


def standardise_units(text: str) -> str:
    """Return text with each number-unit pair spelled canonically ("20dbhl" -> "20 dB HL")."""

    def fix(match: re.Match[str]) -> str:
        unit = match.group("unit")
        for pattern, canonical in UNITS:
            if re.fullmatch(pattern, unit, re.IGNORECASE):
                sep = "" if canonical == "%" else " "
                return f"{match.group('num')}{sep}{canonical}"
        return match.group(0)  # unreachable: the alternation is built from UNITS

    return _UNIT_RE.sub(fix, text)


class _Log:
    def __init__(self, result: Normalised):
        self.result = result

    def set(self, container: dict | list, key: Any, new: Any, field_name: str, rule: str):
        old = _get(container, key)
        if old != new:
            self.result.changes.append(
                {"field": field_name, "rule": rule, "before": _show(old), "after": _show(new)}
            )
            container[key] = new


def _show(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _get(container: dict | list, key: Any) -> Any:
    if isinstance(container, list):
        return container[key] if 0 <= key < len(container) else None
    return container.get(key)


def _text_rules(log: _Log, container: dict | list, key: Any, field_name: str) -> None:
    value = _get(container, key)
    if not isinstance(value, str):
        return
    log.set(container, key, value.translate(QUOTE_MAP), field_name, "quotes")
    log.set(container, key, tidy_whitespace(container[key]), field_name, "whitespace")


def _letter(key: str) -> str | None:
    """Return the capital letter a key like 'a', '(B)', 'c.', 'Option d' or '3' stands for."""
    match = _LETTER_KEY_RE.match(key.strip())
    if not match:
        return None
    token = match.group(1)
    if token.isdigit():
        number = int(token)
        return LETTERS[number - 1] if 1 <= number <= len(LETTERS) else None
    return token.upper()


def _normalise_mcq(row: dict[str, Any], log: _Log, result: Normalised) -> None:
    """Letter the options A, B, C..., key the answer by its letter; reject what cannot be."""
    letters = _letter_options(row, log, result)
    if letters is None:
        return
    mapping, key_of = letters
    _strip_letter_prefixes(row, log)
    answer = _single_answer(row, log, result)
    if answer is None:
        return
    letter = _keyed_letter(answer, row, mapping, key_of, result)
    if letter is None:
        return
    log.set(row, "answer", letter, "answer", "option_letters")
    _reject_same_text_options(row, result)


def _letter_options(
    row: dict[str, Any], log: _Log, result: Normalised
) -> tuple[dict[str, str], dict[str, str]] | None:
    """Return (original key -> its letter, original key -> final letter) after lettering.

    A list of options is lettered in order; keys that are letters or numbers become letters,
    with gaps (A, C, D) closed. None when the options are missing or malformed (validation
    reports them) or cannot be lettered (added to ``result.rejected``).
    """
    options = row.get("options")
    if isinstance(options, list):
        if len(options) > len(LETTERS):
            result.rejected.append(("options", f"{len(options)} options; at most 26 letters"))
            return None
        log.set(
            row, "options", dict(zip(LETTERS, options, strict=False)), "options", "option_letters"
        )
        options = row["options"]
    if not isinstance(options, dict):
        return None  # validation reports the missing or malformed options
    mapping: dict[str, str] = {}
    for key in options:
        letter = _letter(str(key))
        if letter is None or letter in mapping.values():
            result.rejected.append(("options", f"option key {key!r} is not a distinct letter"))
            return None
        mapping[key] = letter
    renamed = {mapping[k]: v for k, v in options.items()}
    ordered = sorted(renamed)
    if ordered != list(LETTERS[: len(ordered)]):  # gaps (A, C, D): letter them A, B, C
        relabel = {old: LETTERS[i] for i, old in enumerate(ordered)}
    else:
        relabel = {k: k for k in ordered}
    final = {relabel[k]: renamed[k] for k in ordered}
    key_of = {orig: relabel[mapping[orig]] for orig in options}
    log.set(row, "options", final, "options", "option_letters")
    for letter in list(final):
        _text_rules(log, row["options"], letter, f"options.{letter}")
    return mapping, key_of


def _strip_letter_prefixes(row: dict[str, Any], log: _Log) -> None:
    """Remove a prefix repeating the option's own letter ("A. ...", "(b) ...") from every option.

    Only when every option carries one.
    """
    prefixes = {
        letter: re.match(rf"^\(?{letter}\s*[).:]\s+", text, re.IGNORECASE)
        for letter, text in row["options"].items()
        if isinstance(text, str)
    }
    if prefixes and all(prefixes.values()):
        for letter, match in prefixes.items():
            text = row["options"][letter]
            log.set(
                row["options"], letter, text[match.end() :], f"options.{letter}", "option_prefix"
            )


def _single_answer(row: dict[str, Any], log: _Log, result: Normalised) -> str | None:
    """Return the row's one keyed answer as written; None when it is not one text.

    A one-element list is unwrapped; a list of several, or a text keying several options
    ("A, C"), is added to ``result.rejected``; a non-text answer is left to validation.
    """
    answer = row.get("answer")
    if isinstance(answer, list):
        if len(answer) != 1:
            result.rejected.append(
                ("answer", f"{len(answer)} keyed options {answer}; an MCQ needs exactly one")
            )
            return None
        log.set(row, "answer", answer[0], "answer", "single_answer")
        answer = row["answer"]
    if not isinstance(answer, str):
        return None
    if _MULTI_ANSWER_RE.match(answer):
        result.rejected.append(("answer", f"{answer!r} keys several options; an MCQ needs one"))
        return None
    return answer


def _keyed_letter(
    answer: str,
    row: dict[str, Any],
    mapping: dict[str, str],
    key_of: dict[str, str],
    result: Normalised,
) -> str | None:
    """Return the final letter the answer names: by option key, by letter, or by option text.

    None (added to ``result.rejected``) when it names no option or the text of several.
    """
    letter = None
    if answer in key_of:
        letter = key_of[answer]
    elif _letter(answer) is not None and _letter(answer) in mapping.values():
        inverse = {v: k for k, v in mapping.items()}
        letter = key_of[inverse[_letter(answer)]]
    else:
        wanted = canonical_text(answer)
        matches = [k for k, v in row["options"].items() if canonical_text(str(v)) == wanted]
        if len(matches) == 1:
            letter = matches[0]
        elif len(matches) > 1:
            result.rejected.append(("answer", f"{answer!r} matches options {matches}"))
            return None
    if letter is None:
        result.rejected.append(("answer", f"{answer!r} names no option {sorted(row['options'])}"))
    return letter


def _reject_same_text_options(row: dict[str, Any], result: Normalised) -> None:
    """Add to ``result.rejected`` the first two options whose texts are the same."""
    seen: dict[str, str] = {}
    for key, text in row["options"].items():
        folded = canonical_text(str(text))
        if folded in seen:
            result.rejected.append(
                ("options", f"options {seen[folded]} and {key} have the same text {text!r}")
            )
            return
        seen[folded] = key


def _normalise_fib(row: dict[str, Any], log: _Log) -> None:
    """Standardise the key's number and unit; keep the author's form accepted.

    ``accept`` lists alternative spellings on purpose ("8kHz" beside "8 kHz"), so its
    entries get only whitespace and quote tidying. When the key itself changes, its
    original form is added to ``accept`` so that scoring of replies does not change.
    """
    accept = row.get("accept")
    if isinstance(accept, list):
        for i, value in enumerate(accept):
            if isinstance(value, str):
                _text_rules(log, accept, i, f"accept.{i}")
    original = row.get("answer")
    if not isinstance(original, str):
        return
    log.set(row, "answer", standardise_numbers(original), "answer", "decimals")
    log.set(row, "answer", standardise_units(row["answer"]), "answer", "units")
    if row["answer"] != original:
        accepted = list(accept) if isinstance(accept, list) else []
        if original not in accepted:
            log.set(row, "accept", [*accepted, original], "accept", "accept_original")


def normalise_row(row: dict[str, Any]) -> Normalised:
    """Return the normalised copy of one raw item row, its change log and any rejection."""
    result = Normalised(copy.deepcopy(row))
    log = _Log(result)
    row = result.row
    _text_rules(log, row, "stem", "stem")
    fmt = row.get("format")
    if fmt == "mcq":
        _normalise_mcq(row, log, result)
    elif fmt == "tf" and isinstance(row.get("answer"), str):
        text = row["answer"].strip().lower()
        if text in ("true", "t"):
            log.set(row, "answer", True, "answer", "true_false")
        elif text in ("false", "f"):
            log.set(row, "answer", False, "answer", "true_false")
    elif fmt in ("fib", "sa"):
        _text_rules(log, row, "answer", "answer")
        if fmt == "fib":
            _normalise_fib(row, log)
        elif isinstance(row.get("accept"), list):
            for i in range(len(row["accept"])):
                _text_rules(log, row["accept"], i, f"accept.{i}")
    return result


def normalise_files(
    paths: Sequence[str | Path],
) -> tuple[list[Item], pd.DataFrame, list[ItemProblem]]:
    """Return (normalised valid items, change log, problems) for raw item files.

    The change log has one row per change (``CHANGE_COLUMNS``); a rejected item has a row
    with rule ``rejected`` naming the field and reason, and is not among the items. Problems
    are rows that are not valid items even after normalisation (bad input: report them).
    """
    items: list[Item] = []
    log_rows: list[dict[str, Any]] = []
    problems: list[ItemProblem] = []
    seen: dict[str, str] = {}
    for raw_path in paths:
        path = Path(raw_path)
        if not path.is_file():
            problems.append(ItemProblem(str(path), 0, "-", "file not found"))
            continue
        for number, raw in item_rows(path):
            if isinstance(raw, ItemProblem):
                problems.append(raw)
                continue
            source = f"{path}:{number}"
            item_id = str(raw.get("id", ""))
            fmt = raw.get("format")
            if fmt not in FORMATS:
                problems.append(
                    ItemProblem(
                        str(path), number, "format", f"unknown format {fmt!r}; one of {FORMATS}"
                    )
                )
                continue
            result = normalise_row(raw)
            for change in result.changes:
                log_rows.append({"item_id": item_id, "source": source, **change})
            if result.rejected:
                for field_name, reason in result.rejected:
                    log_rows.append(
                        {"item_id": item_id, "source": source, "field": field_name,
                         "rule": "rejected", "before": "", "after": reason}
                    )  # fmt: skip
                continue
            item, row_problems = validate_row(result.row, path, number, seen)
            problems += row_problems
            if item is not None and not row_problems:
                items.append(item)
    return items, pd.DataFrame(log_rows, columns=CHANGE_COLUMNS), problems
