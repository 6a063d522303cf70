"""A class given with its score beside other scored classes is a candidate, not the claim.

A classifier's output lists the classes it weighed, each with a probability or score:
``"probs": {"conductive": 0.88, "mixed": 0.07}``, "P(grade) mod-sev .08 | SEVERE .86 |
profound .06", "2nd: sensorineural (0.12)". Only the class it predicts (the top, argmax
class) is said of the ear; the others are the ones it weighed and set aside, as a
differential's ranked alternatives are (the class-probability vector of a probabilistic
classifier: its prediction is the argmax; scikit-learn's ``predict`` is the argmax of
``predict_proba``). A reader that takes every listed class for a claim invents types and
grades (issue #26, validation batch 103, classifier outputs, as tuning data).

:func:`candidate_classes_blanked` blanks the class words of the candidates (the scores are
left as they are), a reading step of check.READING_STEPS:

- on one line, two or more scored classes joined by a list mark (a comma, a bar, a
  semicolon, a slash) or one space: all but the one with the highest score; a tie keeps
  every top one. Scored classes set apart by a wider gap (table columns, one per ear) are
  no list.
- a scored class after a rank below the first on its line ("2nd:", "third", "runner-up"):
  a candidate whatever its score.
- the set of classes a model chooses among, in brackets with nothing else ("classes =
  [normal, conductive, mixed, SNHL]"): three or more classes of one kind (types or grades),
  each a candidate. A bracket that holds a type and a grade describes an ear ("(mild,
  sensorineural, sloping)") and stays.

- a training record a model returns beside its prediction (a nearest neighbour or
  exemplar: ``{"train_id": "TR-0881", "dist": 6.2, "label": "conductive", "L_AC_250":
  50}``): another person's audiogram from the training set, so its label and values say
  nothing of this ear; the whole record is blanked (:data:`TRAINING_RECORD`; a k-nearest-
  neighbour classifier explains its prediction by the training cases nearest to the input).

- in a table of an ensemble's members with the combined answer as its last column ("LR  RF
  MLP  vote", "model A  model B  ensemble"), the members' cells: each member's answer is
  one the ensemble weighed, its vote or average is the prediction (:func:`_member_cells`;
  hard and soft voting, scikit-learn's ``VotingClassifier``).

Hand-written from the output formats of classifier libraries and model cards.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from clinbench.audiogram.offsets import blanked, lowered

_CLASS = (
    r"sensorineural|snhl|conductive|chl|mixed|mhl|normal|slight|mild|"
    r"moderate(?:ly)?[ \t-]{1,3}severe|mod[ \t-]{0,3}sev(?:ere)?|moderate|severe|profound|"
    r"complete"
)
"""The type and grade classes of an audiogram classifier (WHO 2021 grades)."""
_SCORE = r"(0?\.\d{1,3}|1\.0{1,3}|\d{1,2}(?:\.\d)?[ \t]{0,3}%)(?!\d|\.\d|[ \t]*(?:k|hz|ml))"
"""A probability or a percentage score (no frequency: "0.5 kHz"; no volume: "0.9 ml")."""
_MARKS = r"[\"']?[ \t]{0,12}[:=]?[ \t]{0,12}\(?[ \t]{0,12}(?:p[ \t]{0,3}=[ \t]{0,3})?"
"""What may stand between a class and its score (quotes, a colon or equals sign, a bracket,
"p="), at most 45 characters."""
SCORED_CLASS = re.compile(rf"(?<![\w-])({_CLASS})(?![\w-]){_MARKS}{_SCORE}[ \t]*\)?")
"""A class and its score ("mixed": 0.07, SEVERE .86, mixed (p=0.84)), in lower case."""
_CLASS_BEFORE = re.compile(rf"(?:{_CLASS})(?![\w-]){_MARKS}\Z")
"""A class and its marks right before a score (searched up to the score)."""
_SCORE_AT = re.compile(_SCORE)
_REACH = 70
"""The longest class (20 characters) and marks (45) before a score."""
_JOINED = re.compile(r"[ \t]?[,|;/]?[ \t]?[\"']?")
"""What joins two scored classes of one list: a list mark or one space at most."""
_LOWER_RANK = re.compile(
    r"(?<![\w-])(?:2nd|3rd|[4-9]th|second|third|fourth|runner[ \t-]*up|next[ \t]+best)"
    r"(?![\w-])[^\n]{0,20}$"
)
"""On a scored class's line before it, a rank below the first ("2nd:", "runner-up")."""


_TYPES = r"sensorineural|snhl|conductive|chl|mixed|mhl|normal"
_GRADES = (
    r"normal|slight|mild|moderate(?:ly)?[ \t-]+severe|mod[ \t-]*sev(?:ere)?|moderate|severe|"
    r"profound|complete"
)
CLASS_SET = re.compile(
    r"[\[({][ \t]*(?:"
    + "|".join(
        rf"(?:[\"']?(?:{kind})[\"']?[ \t]*,[ \t]*){{2,}}[\"']?(?:{kind})[\"']?"
        for kind in (_TYPES, _GRADES)
    )
    + r")[ \t]*[\])}]"
)
"""Three or more classes of one kind, comma-separated, alone in brackets, in lower case."""


def _score(m: re.Match[str]) -> float:
    value = m.group(2)
    return float(value.rstrip(" \t%")) / 100 if value.endswith("%") else float(value)


def _candidates(low: str) -> list[tuple[int, int]]:
    """Return the spans of the class words of the candidates in lowered text ``low``."""
    spans, group = [], []
    items = list(SCORED_CLASS.finditer(low))
    for i, m in enumerate(items):
        line = low.rfind("\n", 0, m.start()) + 1
        if _LOWER_RANK.search(low, line, m.start()):
            spans.append(m.span(1))
        joined = group and _JOINED.fullmatch(low, group[-1].end(), m.start())
        if not joined:
            group = []
        group.append(m)
        if i + 1 == len(items) or not _JOINED.fullmatch(low, m.end(), items[i + 1].start()):
            top = max(_score(x) for x in group)
            spans += [x.span(1) for x in group if len(group) > 1 and _score(x) < top]
    return sorted(spans)


def _score_starts(low: str) -> Iterator[int]:
    """Yield where a score may start in lowered text ``low``: at a full stop that a digit
    follows, or the 0 or 1 before it; or in the number before a percent sign."""
    i = low.find(".")
    while i >= 0:
        if low[i + 1 : i + 2].isdigit():
            yield i
            if i and low[i - 1] in "01":
                yield i - 1
        i = low.find(".", i + 1)
    i = low.find("%")
    while i >= 0:
        j = i
        while j and low[j - 1] in " \t":
            j -= 1
        k = j
        while k and (low[k - 1].isdigit() or low[k - 1] == "."):
            k -= 1
        yield from range(k, j)
        i = low.find("%", i + 1)


def _may_score(low: str) -> bool:
    """Return whether lowered text ``low`` may hold a scored class (a cheap exact test for
    :data:`SCORED_CLASS`: a score, with a class and its marks right before it)."""
    for at in _score_starts(low):
        if at and not low[at - 1].isdigit() and _SCORE_AT.match(low, at):
            if _CLASS_BEFORE.search(low, max(0, at - _REACH), at):
                return True
    return False


TRAINING_RECORD = re.compile(
    r"\{[^{}\n]*[\"']?(?:train(?:ing)?[_ ]?(?:id|case|record|example)|neighbou?rs?[_ ]?id|"
    r"exemplar[_ ]?id)[\"']?[ \t]*[:=][^{}\n]*\}"
)
"""One training record on its line, in braces, named by its training-set key (lowered)."""


def _training_records(low: str) -> list[tuple[int, int]]:
    """Return the spans of the training records a model returned (see the module)."""
    if "train" not in low and "neighbo" not in low and "exemplar" not in low:
        return []
    return [m.span() for m in TRAINING_RECORD.finditer(low)]


_CELL = re.compile(r"\S+(?: \S+)*")
"""A table cell: words joined by single spaces (cells are set apart by two or more)."""
_COMBINED = frozenset(("vote", "ensemble", "consensus", "majority", "combined", "final"))
"""The last column's name that makes the columns before it an ensemble's members."""
_COMBINED_LAST = re.compile(
    r"[ \t]{2}(?:vote|ensemble|consensus|majority|combined|final)[ \t]*$", re.M
)
"""A combined column's name ending a line after a gap (a cheap test before the table scan)."""


def _member_cells(text: str, low: str) -> list[tuple[int, int]]:
    """Return the spans of the members' cells in each ensemble table (see the module): under
    a header line whose last of three or more cells is the combined column, every line up to
    a blank one, from the first member's column to the combined column."""
    spans: list[tuple[int, int]] = []
    start = 0
    while start < len(low):
        end = low.find("\n", start)
        end = len(low) if end < 0 else end
        cells = list(_CELL.finditer(low, start, end))
        if len(cells) >= 3 and cells[-1].group(0) in _COMBINED and cells[0].start() > start:
            first, last = cells[0].start() - start, cells[-1].start() - start
            row = end + 1
            while row < len(low):
                row_end = low.find("\n", row)
                row_end = len(low) if row_end < 0 else row_end
                if not low[row:row_end].strip() or row_end - row <= last:
                    break
                spans.append((row + first, row + last))
                row = row_end + 1
            end = max(end, row - 1)
        start = end + 1
    return spans


def candidate_classes_blanked(text: str) -> str:
    """Return ``text`` with the class words of the candidates blanked, keeping its length."""
    if "{" in text and (records := _training_records(lowered(text))):
        text = blanked(text, records)
    if "  " in text:
        low = lowered(text)
        if any(word in low for word in _COMBINED) and _COMBINED_LAST.search(low):
            members = _member_cells(text, low)
            text = blanked(text, members) if members else text
    scored = "." in text or "%" in text
    listed = "," in text and ("[" in text or "(" in text or "{" in text)
    if not scored and not listed:
        return text  # (a cheap exact test: a score needs one, a set of classes the others)
    low = lowered(text)
    spans = _candidates(low) if scored and _may_score(low) else []
    if listed:
        spans = sorted(spans + [m.span() for m in CLASS_SET.finditer(low)])
    return blanked(text, spans)
