"""Frozen responses: read a file of (item_id, model, response[, epoch][, turn]) and check it."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from clinbench.errors import InputFileError
from clinbench.io import JsonlError, jsonl_lines
from clinbench.items.loader import ItemProblem

if TYPE_CHECKING:  # pandas is imported where a reply file is read: not on every run's path
    import pandas as pd

REQUIRED = ("item_id", "model", "response")


class ResponsesFileError(InputFileError, ValueError):
    """Raised when a frozen-responses file is malformed; ``problems`` lists each one."""

    def __init__(self, problems: Sequence[ItemProblem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems[:50]))


def read_responses(path: str | Path) -> pd.DataFrame:
    """Return the frozen responses in a CSV or JSONL file, with a `line` column for messages.

    Columns: item_id, model, response, epoch (nullable integer: empty means any epoch),
    turn (0-based index of the model's call within the sample; default 0), line.
    """
    import pandas as pd

    path = Path(path)
    if not path.exists():
        raise ResponsesFileError([ItemProblem(str(path), 0, "-", "file not found")])
    problems: list[ItemProblem] = []
    if path.suffix.lower() == ".csv":
        rows, lines = [], []
        with path.open(encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            end = 1  # the header line
            for row in reader:
                lines.append(end + 1)  # a quoted cell may span lines: count from the row's start
                end = reader.line_num
                rows.append({k: v or "" for k, v in row.items() if k is not None})
        frame = pd.DataFrame(rows, columns=reader.fieldnames or [])
    elif path.suffix.lower() == ".jsonl":
        rows, lines = [], []
        for number, row in jsonl_lines(path):
            if isinstance(row, JsonlError):
                problems.append(ItemProblem(str(path), number, "-", row.message))
                continue
            rows.append({k: "" if v is None else str(v) for k, v in row.items()})
            lines.append(number)
        frame = pd.DataFrame(rows)
    else:
        raise ResponsesFileError(
            [ItemProblem(str(path), 0, "-", "unknown file type (use .csv or .jsonl)")]
        )
    for column in REQUIRED:
        if column not in frame.columns:
            problems.append(ItemProblem(str(path), 1, column, "required column is missing"))
    if problems:
        raise ResponsesFileError(problems)
    frame["line"] = lines
    for column, default in (("epoch", ""), ("turn", "0")):
        if column not in frame.columns:
            frame[column] = default
        values = []
        for value, line in zip(frame[column], frame["line"], strict=True):
            text = str(value).strip()
            if text == "":
                values.append(pd.NA if column == "epoch" else 0)
            elif text.isdigit():
                values.append(int(text))
            else:
                problems.append(
                    ItemProblem(str(path), line, column, f"must be a whole number, got {text!r}")
                )
                values.append(pd.NA)
        frame[column] = pd.array(values, dtype="Int64")
    for line, item_id, model in zip(frame["line"], frame["item_id"], frame["model"], strict=True):
        if not str(item_id).strip():
            problems.append(ItemProblem(str(path), line, "item_id", "empty"))
        if not str(model).strip():
            problems.append(ItemProblem(str(path), line, "model", "empty"))
    if problems:
        raise ResponsesFileError(problems)
    return frame[["item_id", "model", "response", "epoch", "turn", "line"]]


@dataclass
class ResponsesCheck:
    """What a frozen-responses file holds, checked against an item set."""

    n_rows: int
    models: dict[str, int]
    unknown_ids: list[tuple[int, str]] = field(default_factory=list)
    duplicates: list[tuple[int, str]] = field(default_factory=list)
    empty: list[tuple[int, str]] = field(default_factory=list)
    missing: dict[str, list[str]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Return True when no row is unusable (unknown id or duplicate)."""
        return not self.unknown_ids and not self.duplicates


def check_responses(frame: pd.DataFrame, item_ids: Sequence[str]) -> ResponsesCheck:
    """Return the check of frozen responses against item ids: unknown, duplicate, empty, missing."""
    import pandas as pd

    known = set(item_ids)
    check = ResponsesCheck(n_rows=len(frame), models=frame["model"].value_counts().to_dict())
    seen: set[tuple] = set()
    for row in frame.itertuples(index=False):
        key = (
            row.model,
            row.item_id,
            None if pd.isna(row.epoch) else int(row.epoch),
            int(row.turn),
        )
        if row.item_id not in known:
            check.unknown_ids.append((row.line, row.item_id))
        if key in seen:
            check.duplicates.append((row.line, row.item_id))
        seen.add(key)
        if not str(row.response).strip():
            check.empty.append((row.line, row.item_id))
    for model, group in frame.groupby("model"):
        missing = sorted(known - set(group["item_id"]))
        if missing:
            check.missing[str(model)] = missing
    return check


class ReplayBook:
    """Frozen responses of one model, looked up by (item id, epoch, turn)."""

    def __init__(self, frame: pd.DataFrame, model: str):
        import pandas as pd

        rows = frame[frame["model"] == model]
        if rows.empty:
            available = ", ".join(sorted(frame["model"].unique()))
            raise ValueError(f"no frozen responses for model {model!r}; the file has: {available}")
        self.model = model
        self._book: dict[tuple[str, int | None, int], str] = {}
        for row in rows.itertuples(index=False):
            epoch = None if pd.isna(row.epoch) else int(row.epoch)
            self._book[(str(row.item_id), epoch, int(row.turn))] = str(row.response)

    def response(self, item_id: str, epoch: int, turn: int) -> str | None:
        """Return the frozen response for an item's epoch and turn (epoch-specific first)."""
        found = self._book.get((item_id, epoch, turn))
        if found is None:
            found = self._book.get((item_id, None, turn))
        return found


NO_CLARIFYING_REPLY = "no clarifying reply in the replay file"


@dataclass
class ReplyProblem:
    """A frozen reply that will not score as an answer, found before anything runs."""

    line: int
    model: str
    item_id: str
    kind: str  # "ambiguous", "unparseable", "contradictory" or "needs turn 1"
    detail: str

    def __str__(self) -> str:
        return f"{self.line}: {self.model} {self.item_id}: {self.kind}: {self.detail}"


def precheck_replies(frame: pd.DataFrame, items: Sequence) -> list[ReplyProblem]:
    """Return the replies the run will not score as answers, by the run's own extraction.

    Each first reply (turn 0) is read with ``clinbench.scoring.extract.extract_answer``, as
    the answering step does: a reply with several candidate answers is asked again, so it
    needs a ``turn=1`` row ("needs turn 1"; without it the run records ``parse_failed``
    with the reason NO_CLARIFYING_REPLY); a clarifying reply (turn 1) that is itself
    ambiguous stays ``parse_failed`` ("ambiguous"); a reply with no answer in the required
    form is ``parse_failed`` ("unparseable"); an exact-answer reply that declines and
    answers at once is ``contradictory`` (excluded, like an unparseable one). Declines and
    refusals are outcomes the run scores (not correct), so they are not listed. Empty
    replies are reported by :func:`check_responses`; items scored without extraction
    (free-text cases, SLP audio items, whose reading is the suite's) are skipped.
    """
    import pandas as pd

    from clinbench.scoring.extract import extract_answer

    by_id = {str(item.id): item for item in items}
    turns: dict[tuple[str, str, int | None], set[int]] = {}
    for row in frame.itertuples(index=False):
        epoch = None if pd.isna(row.epoch) else int(row.epoch)
        turns.setdefault((row.model, str(row.item_id), epoch), set()).add(int(row.turn))
    problems: list[ReplyProblem] = []
    for row in frame.itertuples(index=False):
        item = by_id.get(str(row.item_id))
        text = str(row.response)
        if item is None or not text.strip() or int(row.turn) > 1:
            continue
        try:
            extraction = extract_answer(item, text)
        except TypeError:  # an item kind the run does not extract from
            continue
        if extraction.status in ("ok", "declined", "refused"):
            continue
        candidates = ", ".join(str(c) for c in extraction.candidates)
        epoch = None if pd.isna(row.epoch) else int(row.epoch)
        has_turn_1 = 1 in turns.get((row.model, str(row.item_id), epoch), set()) | turns.get(
            (row.model, str(row.item_id), None), set()
        )
        if extraction.status == "none":
            kind, detail = "unparseable", f"{extraction.reason}: parse_failed"
        elif extraction.status == "contradictory":
            kind, detail = "contradictory", f"{extraction.reason}: excluded, not read"
        elif int(row.turn) == 1:
            kind = "ambiguous"
            detail = f"the clarifying reply is ambiguous too ({candidates}): parse_failed"
        elif has_turn_1:
            kind = "ambiguous"
            detail = f"ambiguous ({candidates}): the run asks again and scores the turn=1 row"
        else:
            kind = "needs turn 1"
            detail = (
                f"ambiguous ({candidates}): the run asks again; add a turn=1 row with the "
                f"clarifying reply, or it is recorded parse_failed ({NO_CLARIFYING_REPLY})"
            )
        problems.append(ReplyProblem(row.line, row.model, row.item_id, kind, detail))
    return problems
