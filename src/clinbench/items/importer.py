"""Import an existing item bank (CSV, TSV, JSON, JSONL, Parquet) through a field map.

A map (YAML) says which source field becomes which item field::

    format: mcq                      # mcq | tf | sa, or {field: Type, map: {MCQ: mcq, TF: tf}}
    id: question_id                  # a field, or _key (the key of a JSON object of records)
    id_prefix: "medqa-"
    stem: question
    context: {field: CONTEXTS, labels: LABELS}   # a field, or a list paired with labels
    options: [opa, opb, opc, opd]    # columns (letters A, B, ... in order), or
    # options: {field: options}      # a field holding a list or a letter -> text object, or
    # options: {fixed: {A: "yes", B: "no", C: "maybe"}}
    answer: {field: cop, map: {"1": A, "2": B}}   # value -> letter table (or index_base: 0)
    # answer: {criteria: rubrics}    # sa: a list of {criterion, points} becomes the reference
    # conversation: prompt           # instead of stem: a list of {role, content} messages
    tags: example_tags               # a field holding a list of tags (or one tag)
    domain: subject_name             # a field, or {value: "text"} for every item
    metadata: {year: YEAR}           # item metadata key -> source field
    provenance: {citation: "...", url: "..."}
    keep: {field: split, values: [test]}          # optional filter
    protocol: {decline: false, instruction: bare_letter}   # the benchmark's prompt protocol

Every produced row goes through the item loader's row validator; every problem is
reported as ``source:line: field: message`` and nothing is written unless all rows are
valid. Source fields that no map entry reads are counted (``unmapped``) so that the
command can say what was left out rather than drop it silently. Lines are the source's
line numbers for CSV/TSV/JSONL, and the record's position (1-based) for JSON and Parquet.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from clinbench.errors import InputFileError
from clinbench.io import JsonlError, parse_jsonl
from clinbench.items.loader import ItemProblem, validate_row
from clinbench.items.model import Item

MAPS_DIR = Path(__file__).parent / "maps"
KEY = "_key"  # the key of a record in a JSON object of records
LINE = "_line"  # the record's line (CSV/TSV/JSONL) or position (JSON, Parquet)
SOURCE_TYPES = (".csv", ".tsv", ".json", ".jsonl", ".parquet")


class ContextSpec(BaseModel):
    """A context passage: one field, or a list of passages paired with a list of labels."""

    model_config = ConfigDict(extra="forbid")
    field: str
    labels: str | None = None
    join: str = "\n"


class OptionsSpec(BaseModel):
    """Options held in one field (list or letter -> text object), or fixed for every item."""

    model_config = ConfigDict(extra="forbid")
    field: str | None = None
    fixed: dict[str, str] | None = None

    @model_validator(mode="after")
    def _one(self) -> OptionsSpec:
        if (self.field is None) == (self.fixed is None):
            raise ValueError("options: give exactly one of field or fixed")
        return self


class AnswerSpec(BaseModel):
    """The key: a field, read through a value -> letter table or as an option index."""

    model_config = ConfigDict(extra="forbid")
    field: str
    map: dict[str, str | bool] | None = None
    index_base: Literal[0, 1] | None = None


class CriteriaSpec(BaseModel):
    """A rubric held in one field: a list of criteria with points, rendered as the reference."""

    model_config = ConfigDict(extra="forbid")
    criteria: str
    text: str = "criterion"
    points: str = "points"


class ConversationSpec(BaseModel):
    """A chat held in one field: a list of messages, each with a role and text content."""

    model_config = ConfigDict(extra="forbid")
    field: str
    role: str = "role"
    content: str = "content"


FormatName = Literal["mcq", "tf", "sa"]
# The words a TF answer may be given in (any case); anything else is reported, never guessed.
TF_WORDS = {"true": True, "false": False, "yes": True, "no": False, "t": True, "f": False}


class FormatSpec(BaseModel):
    """Each row's format read from a field (a mixed sheet), through an optional value table."""

    model_config = ConfigDict(extra="forbid")
    field: str
    map: dict[str, FormatName] | None = None

    def possible(self) -> set[str]:
        """Return the formats rows may have under this spec."""
        return set(self.map.values()) if self.map else {"mcq", "tf", "sa"}

    def of(self, record: dict[str, Any]) -> str:
        """Return one record's format; ValueError naming the known values for any other."""
        text = _text(_get(record, self.field))
        if text is None:
            raise ValueError(f"no format in field {self.field!r}")
        if self.map is not None:
            for key, value in self.map.items():
                if key == text or key.lower() == text.lower():
                    return value
            raise ValueError(f"format {text!r} in field {self.field!r} is not one the map knows "
                             f"({', '.join(self.map)})")  # fmt: skip
        if text.lower() not in ("mcq", "tf", "sa"):
            raise ValueError(f"format {text!r} in field {self.field!r} is not mcq, tf or sa")
        return text.lower()


class ConstantSpec(BaseModel):
    """A value given in the map for every item."""

    model_config = ConfigDict(extra="forbid")
    value: str


class FieldRef(BaseModel):
    """A value read from a source field (e.g. a provenance citation column)."""

    model_config = ConfigDict(extra="forbid")
    field: str


class KeepSpec(BaseModel):
    """Keep only rows whose field is one of the values."""

    model_config = ConfigDict(extra="forbid")
    field: str
    values: list[str]


class ImportMap(BaseModel):
    """A field map from a source format to clinbench items."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = None
    description: str | None = None
    format: FormatName | FormatSpec = "mcq"
    suite: str = "custom"
    id: str
    id_prefix: str = ""
    stem: str | None = None
    conversation: str | ConversationSpec | None = None
    context: str | ContextSpec | None = None
    options: list[str] | OptionsSpec | None = None
    answer: str | AnswerSpec | CriteriaSpec
    tags: str | None = None
    domain: str | ConstantSpec | None = None
    metadata: dict[str, str] = Field(default_factory=dict)
    provenance: dict[str, str | FieldRef] | None = None
    keep: KeepSpec | None = None
    protocol: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _mcq_has_options(self) -> ImportMap:
        if "mcq" in self.formats() and self.options is None:
            raise ValueError("an mcq map needs options")
        if (self.stem is None) == (self.conversation is None):
            raise ValueError("give exactly one of stem or conversation")
        if self.conversation is not None and self.context is not None:
            raise ValueError("a conversation makes the context (its earlier turns); drop context")
        if isinstance(self.answer, CriteriaSpec) and self.formats() != {"sa"}:
            raise ValueError("answer: criteria (a rubric) needs format sa")
        return self

    def formats(self) -> set[str]:
        """Return the item formats this map can make (one, or those its format column gives)."""
        return self.format.possible() if isinstance(self.format, FormatSpec) else {self.format}

    def required_fields(self) -> list[tuple[str, str]]:
        """Return (map entry, source field) for the fields every record needs: id, the stem
        (or conversation) and the answer; a source with none of one is a map mistake."""
        needed = [("id", self.id), ("stem", self.stem)]
        if isinstance(self.format, FormatSpec):
            needed.append(("format", self.format.field))
        if isinstance(self.conversation, str):
            needed.append(("conversation", self.conversation))
        elif self.conversation is not None:
            needed.append(("conversation", self.conversation.field))
        if isinstance(self.answer, str):
            needed.append(("answer", self.answer))
        elif isinstance(self.answer, AnswerSpec):
            needed.append(("answer", self.answer.field))
        else:
            needed.append(("answer", self.answer.criteria))
        return [(entry, field) for entry, field in needed if field and field not in (KEY, LINE)]

    def fields_read(self) -> set[str]:
        """Return the top-level source fields this map reads (for the unmapped-field note)."""
        refs: list[str | None] = [self.id, self.stem, self.tags]
        if isinstance(self.format, FormatSpec):
            refs.append(self.format.field)
        for spec in (self.conversation, self.context, self.answer, self.domain):
            if isinstance(spec, str):
                refs.append(spec)
            elif isinstance(spec, ContextSpec):
                refs += [spec.field, spec.labels]
            elif isinstance(spec, ConversationSpec | AnswerSpec):
                refs.append(spec.field)
            elif isinstance(spec, CriteriaSpec):
                refs.append(spec.criteria)
        if isinstance(self.options, list):
            refs += self.options
        elif self.options is not None:
            refs.append(self.options.field)
        refs += list(self.metadata.values())
        refs += [v.field for v in (self.provenance or {}).values() if isinstance(v, FieldRef)]
        refs.append(self.keep.field if self.keep else None)
        return {r.split(".")[0] for r in refs if r}


class ImportFailed(InputFileError, ValueError):
    """Raised when a source cannot be imported; ``problems`` lists each one."""

    def __init__(self, problems: list[ItemProblem]):
        self.problems = problems
        shown = "\n".join(str(p) for p in problems[:50])
        more = f"\n... and {len(problems) - 50} more" if len(problems) > 50 else ""
        super().__init__(f"{len(problems)} problem(s) importing:\n{shown}{more}")


def shipped_maps() -> list[str]:
    """Return the names of the maps clinbench ships (``--map NAME``)."""
    return sorted(p.stem for p in MAPS_DIR.glob("*.yaml"))


def read_map(name_or_path: str | Path) -> ImportMap:
    """Return a shipped map by name, or the map in a YAML file; ValueError naming the field."""
    import yaml

    path = Path(name_or_path)
    if not path.exists() and str(name_or_path) in shipped_maps():
        path = MAPS_DIR / f"{name_or_path}.yaml"
    if not path.exists():
        raise ValueError(f"{name_or_path}: no such map file or shipped map ({shipped_maps()})")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        return ImportMap.model_validate(data)
    except yaml.YAMLError as err:
        raise ValueError(f"{path}: not valid YAML: {err}") from err
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "-"
        raise ValueError(f"{path}: {where}: {first['msg']}") from err


def source_records(path: Path) -> Iterator[tuple[int, dict[str, Any] | ItemProblem]]:
    """Yield (line or position, record or problem) for each record of a source file."""
    suffix = path.suffix.lower()
    where = str(path)
    if suffix not in SOURCE_TYPES:
        yield 0, ItemProblem(where, 0, "-", f"unknown source type; use one of {SOURCE_TYPES}")
        return
    if suffix == ".parquet":
        import pandas as pd

        try:
            frame = pd.read_parquet(path)
        except Exception as err:  # noqa: BLE001 - pyarrow raises many kinds for a bad file
            yield 0, ItemProblem(where, 0, "-", f"cannot read Parquet: {err}")
            return
        for number, row in enumerate(frame.to_dict("records"), start=1):
            yield number, {k: _plain(v) for k, v in row.items()}
        return
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        line = path.read_bytes()[: err.start].count(b"\n") + 1
        yield line, ItemProblem(where, line, "-", f"not UTF-8 text: {err.reason}")
        return
    if suffix in (".csv", ".tsv"):
        reader = csv.DictReader(text.splitlines(keepends=True),
                                delimiter="\t" if suffix == ".tsv" else ",")  # fmt: skip
        _ = reader.fieldnames
        start = reader.line_num + 1
        for row in reader:
            number, start = start, reader.line_num + 1
            if None in row:
                yield number, ItemProblem(where, number, "-", "more cells than columns")
                continue
            yield number, {k: v for k, v in row.items() if v not in (None, "")}
    elif suffix == ".jsonl":
        yield from _json_lines(text, where)
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            if err.msg == "Extra data":  # JSON lines saved as .json (e.g. MedMCQA's files)
                yield from _json_lines(text, where)
                return
            yield err.lineno, ItemProblem(where, err.lineno, "-", f"invalid JSON: {err.msg}")
            return
        if isinstance(data, dict):  # an object of records keyed by id (e.g. ori_pqal.json)
            records = [({KEY: k, **v} if isinstance(v, dict) else v) for k, v in data.items()]
        elif isinstance(data, list):
            records = data
        else:
            yield 1, ItemProblem(where, 1, "-", "JSON must be a list or an object of records")
            return
        for number, row in enumerate(records, start=1):
            if not isinstance(row, dict):
                yield number, ItemProblem(where, number, "-", "a record must be an object")
                continue
            yield number, row


def _json_lines(text: str, where: str) -> Iterator[tuple[int, dict[str, Any] | ItemProblem]]:
    for number, row in parse_jsonl(text.splitlines(), where, not_object="a line must be an object"):
        if isinstance(row, JsonlError):
            row = ItemProblem(where, number, "-", row.message)
        yield number, row


def _plain(value: Any) -> Any:
    """Return a Parquet cell as plain Python (numpy arrays as lists, NaN as None)."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, float) and value != value:
        return None
    return value


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip() or None


def _get(record: dict[str, Any], field: str) -> Any:
    """Return a field, following dots into nested objects (``a.b``)."""
    value: Any = record
    for part in field.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def _letters(n: int) -> list[str]:
    if n > 26:
        raise ValueError(f"{n} options: at most 26 can be lettered")
    return [chr(ord("A") + i) for i in range(n)]


def _options(spec: list[str] | OptionsSpec, record: dict[str, Any]) -> dict[str, str]:
    if isinstance(spec, list):
        values = [_text(_get(record, f)) for f in spec]
        values = [v for v in values if v is not None]
        return dict(zip(_letters(len(values)), values, strict=True))
    if spec.fixed is not None:
        return dict(spec.fixed)
    held = _get(record, spec.field or "")
    if isinstance(held, dict):
        return {str(k).strip().upper(): str(v) for k, v in held.items()}
    if isinstance(held, list):
        return dict(zip(_letters(len(held)), [str(v) for v in held], strict=True))
    raise ValueError(f"field {spec.field!r} holds no list or object of options")


def _context(spec: str | ContextSpec, record: dict[str, Any]) -> str | None:
    if isinstance(spec, str):
        return _text(_get(record, spec))
    passages = _get(record, spec.field)
    if passages is None:
        return None
    if isinstance(passages, str):
        return passages.strip() or None
    labels = _get(record, spec.labels) if spec.labels else None
    if labels is not None and len(labels) != len(passages):
        raise ValueError(f"{len(passages)} passages but {len(labels)} labels")
    parts = [
        f"{str(label).upper()}: {text}" if labels is not None else str(text)
        for label, text in zip(labels or [None] * len(passages), passages, strict=True)
    ]
    return spec.join.join(parts)


def _conversation(spec: str | ConversationSpec, record: dict[str, Any]) -> tuple[str, str | None]:
    """Return (stem, context): the last message, which must be the user's, and the turns before.

    Earlier turns are kept in order, each headed by its role in capitals (``USER:``), as
    PubMedQA's section labels are; the item model has no message list, so the turns are text.
    """
    if isinstance(spec, str):
        spec = ConversationSpec(field=spec)
    messages = _get(record, spec.field)
    if not isinstance(messages, list) or not messages:
        raise ValueError(f"field {spec.field!r} holds no list of messages")
    turns = []
    for number, message in enumerate(messages, start=1):
        role = message.get(spec.role) if isinstance(message, dict) else None
        text = message.get(spec.content) if isinstance(message, dict) else None
        if not isinstance(role, str) or not isinstance(text, str) or not text.strip():
            raise ValueError(f"message {number} of {spec.field!r} needs a {spec.role!r} and "
                             f"text in {spec.content!r}")  # fmt: skip
        turns.append((role.strip(), text.strip()))
    if turns[-1][0].lower() != "user":
        raise ValueError(f"the last message of {spec.field!r} is the {turns[-1][0]}'s, not the "
                         "user's: there is no question to answer")  # fmt: skip
    context = "\n\n".join(f"{role.upper()}: {text}" for role, text in turns[:-1])
    return turns[-1][1], context or None


def _criteria(spec: CriteriaSpec, record: dict[str, Any]) -> str:
    """Return a rubric as reference text: one line per criterion, ``[+5] ...`` / ``[-3] ...``."""
    criteria = _get(record, spec.criteria)
    if not isinstance(criteria, list) or not criteria:
        raise ValueError(f"field {spec.criteria!r} holds no list of criteria")
    lines = []
    for number, criterion in enumerate(criteria, start=1):
        text = criterion.get(spec.text) if isinstance(criterion, dict) else None
        points = criterion.get(spec.points) if isinstance(criterion, dict) else None
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"criterion {number} of {spec.criteria!r} has no {spec.text!r}")
        if isinstance(points, bool) or not isinstance(points, int | float):
            raise ValueError(f"criterion {number} of {spec.criteria!r}: {spec.points!r} must "
                             f"be a number, got {points!r}")  # fmt: skip
        lines.append(f"[{points:+g}] {text.strip()}")
    return "\n".join(lines)


def _answer(spec: str | AnswerSpec | CriteriaSpec, record: dict[str, Any],
            options: dict[str, str] | None):  # fmt: skip
    if isinstance(spec, CriteriaSpec):
        return _criteria(spec, record)
    field = spec if isinstance(spec, str) else spec.field
    raw = _get(record, field)
    if raw is None:
        raise ValueError(f"no answer in field {field!r}")
    text = _text(raw)
    if isinstance(spec, AnswerSpec) and spec.map is not None:
        if text not in spec.map and (text or "").lower() not in spec.map:
            raise ValueError(f"answer {text!r} is not in the map's table {sorted(spec.map)}")
        return spec.map.get(text, spec.map.get((text or "").lower()))
    if isinstance(spec, AnswerSpec) and spec.index_base is not None:
        index = int(float(text or "")) - spec.index_base
        letters = sorted(options or {})
        if not 0 <= index < len(letters):
            raise ValueError(f"answer index {text!r} is outside the {len(letters)} options")
        return letters[index]
    return text


def _answer_for(fmt: str, answer: Any) -> Any:
    """Return a mixed sheet's answer in its row's format: a letter for MCQ, a boolean for TF."""
    if fmt == "tf" and not isinstance(answer, bool):
        word = str(answer).strip().lower()
        if word not in TF_WORDS:
            raise ValueError(
                f"answer {answer!r} of a TF row must be true or false "
                f"(or {', '.join(w for w in TF_WORDS if w not in ('true', 'false'))})"
            )
        return TF_WORDS[word]
    if fmt == "mcq" and not (isinstance(answer, str) and len(answer) == 1 and answer.isalpha()):
        raise ValueError(f"answer {answer!r} of an MCQ row must be an option letter")
    return answer


def map_record(spec: ImportMap, record: dict[str, Any]) -> dict[str, Any]:
    """Return the raw item row a map makes from one source record (not yet validated)."""
    raw_id = _text(_get(record, spec.id))
    fmt = spec.format.of(record) if isinstance(spec.format, FormatSpec) else spec.format
    row: dict[str, Any] = {
        "format": fmt,
        "suite": spec.suite,
        "id": f"{spec.id_prefix}{raw_id}" if raw_id is not None else None,
    }
    if spec.conversation is not None:
        row["stem"], row["context"] = _conversation(spec.conversation, record)
    else:
        row["stem"] = _text(_get(record, spec.stem or ""))
    if spec.context is not None:
        row["context"] = _context(spec.context, record)
    if spec.tags is not None:
        row["tags"] = _record_tags(spec.tags, record)
    options = None
    if spec.options is not None and fmt == "mcq":  # a TF row of a mixed sheet has none
        options = _options(spec.options, record)
        row["options"] = options
    row["answer"] = _record_answer(spec, fmt, record, options)
    if isinstance(spec.domain, ConstantSpec):
        row["domain"] = spec.domain.value
    elif spec.domain:
        row["domain"] = _text(_get(record, spec.domain))
    row["metadata"] = _record_metadata(spec, record)
    if spec.provenance:
        provenance = {
            key: _text(_get(record, value.field)) if isinstance(value, FieldRef) else value
            for key, value in spec.provenance.items()
        }
        row["provenance"] = {k: v for k, v in provenance.items() if v is not None}
    return {k: v for k, v in row.items() if v is not None}


def _record_tags(field: str, record: dict[str, Any]) -> list[str] | None:
    """Return the record's tags (one text becomes a list of one); ValueError if not text."""
    tags = _get(record, field)
    tags = [tags] if isinstance(tags, str) else tags
    if tags is not None and not (isinstance(tags, list) and all(isinstance(t, str) for t in tags)):
        raise ValueError(f"field {field!r} must hold a list of tags (text)")
    return tags


def _record_answer(
    spec: ImportMap, fmt: str, record: dict[str, Any], options: dict[str, str] | None
) -> Any:
    """Return the record's key: an MCQ letter in capitals; a mixed sheet's by its format's rule."""
    answer = _answer(spec.answer, record, options)
    if fmt == "mcq" and isinstance(answer, str) and len(answer) == 1:
        answer = answer.upper()  # a spreadsheet's "b" is option B
    if isinstance(spec.format, FormatSpec):  # a mixed sheet: each format's own answer rule
        answer = _answer_for(fmt, answer)
    return answer


def _record_metadata(spec: ImportMap, record: dict[str, Any]) -> dict[str, Any]:
    """Return the metadata the map copies from the record, with its protocol and name."""
    metadata = {key: _plain(_get(record, src)) for key, src in spec.metadata.items()}
    metadata = {k: v for k, v in metadata.items() if v is not None}
    if spec.protocol:
        metadata["protocol"] = dict(spec.protocol)
    if spec.name:
        metadata["imported_with"] = spec.name
    return metadata


def read_keep_ids(path: str | Path) -> set[str]:
    """Return the ids in a split file: lines of text, a JSON list, or a JSON object's keys."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json":
        data = json.loads(text)
        return {str(k) for k in (data.keys() if isinstance(data, dict) else data)}
    return {line.strip() for line in text.splitlines() if line.strip()}


def import_items(
    source: str | Path,
    spec: ImportMap,
    keep_ids: set[str] | None = None,
    unmapped: Counter[str] | None = None,
) -> list[Item]:
    """Return the items a map makes from a source; ImportFailed listing every problem.

    ``unmapped``, when given, is filled with each source field no map entry reads and the
    number of imported records that have it.
    """
    read = spec.fields_read() | {KEY, LINE}
    path = Path(source)
    if not path.exists():
        raise ImportFailed([ItemProblem(str(path), 0, "-", "file not found")])
    items: list[Item] = []
    problems: list[ItemProblem] = []
    seen: dict[str, str] = {}
    found: dict[str, None] = {}  # every source field seen, in first-seen order
    for number, record in source_records(path):
        if isinstance(record, ItemProblem):
            problems.append(record)
            continue
        found.update(dict.fromkeys(record))
        record = {LINE: number, **record}
        if spec.keep and _text(_get(record, spec.keep.field)) not in spec.keep.values:
            continue
        if keep_ids is not None and _text(_get(record, spec.id)) not in keep_ids:
            continue
        try:
            row = map_record(spec, record)
        except ValueError as err:
            problems.append(ItemProblem(str(path), number, "-", str(err)))
            continue
        item, row_problems = validate_row(row, path, number, seen)
        problems += row_problems
        if item is not None:
            items.append(item)
            if unmapped is not None:
                unmapped.update(k for k, v in record.items() if k not in read and v is not None)
    absent = [(entry, field) for entry, field in spec.required_fields()
              if found and field.split(".")[0] not in found]  # fmt: skip
    if absent:  # one line for the map's mistake, not one per row
        columns = ", ".join(found)
        raise ImportFailed([
            ItemProblem(str(path), 1, entry, f"column {field!r} named in the map is not in the "
                        f"file (columns found: {columns})")
            for entry, field in absent
        ])  # fmt: skip
    if problems:
        raise ImportFailed(problems)
    if not items:
        raise ImportFailed([ItemProblem(str(path), 0, "-", "no records were imported")])
    return items
