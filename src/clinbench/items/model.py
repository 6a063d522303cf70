"""The item model: one pydantic family for every format clinbench's suites use.

An item is one test question with its key. Every format shares the fields of
:class:`ItemBase`; each format adds what its key needs. ``Item`` is the union,
discriminated on ``format``, so a loader validates any row against the right
model and a JSON Schema for all of them can be published.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    TypeAdapter,
    field_validator,
    model_serializer,
    model_validator,
)

FORMATS = ("mcq", "tf", "fib", "sa", "exact", "case", "audio")
Normalisation = Literal["case", "whitespace", "punctuation"]


class Provenance(BaseModel):
    """Where an item's key comes from: citation, URL, access date and the quote that grounds it."""

    model_config = ConfigDict(extra="forbid")

    citation: str | None = None
    url: str | None = None
    accessed: date | None = None
    quote: str | None = None


class ItemBase(BaseModel):
    """Fields every item has, whatever its format."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, description="Unique item id across every file in a run.")
    suite: str = Field(default="custom", description="Suite the item belongs to.")
    stem: str = Field(min_length=1, description="The question or vignette shown to the model.")
    context: str | None = Field(
        default=None,
        description="A passage the question is about (abstract, case text), shown before it.",
    )
    domain: str | None = Field(default=None, description="Clinical domain, for splitting results.")
    source_pool: str | None = Field(
        default=None, description="Where the item came from (e.g. online, nonweb, research)."
    )
    difficulty: str | None = None
    provenance: Provenance | None = None
    tags: list[str] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(
        default_factory=dict, description="Free metadata (e.g. gender, age, language)."
    )
    media: list[str] = Field(
        default_factory=list,
        description="Media files (images, audio) relative to the item file's folder.",
    )
    illustrative: bool = Field(
        default=False, description="True for sample items written to show the format only."
    )

    _source_file: Path | None = PrivateAttr(default=None)
    _source_line: int | None = PrivateAttr(default=None)

    @model_serializer(mode="wrap")
    def _omit_empty_context(self, handler: Any) -> dict[str, Any]:
        # `context` is newer than most item files: leave it out when unset, so that items
        # without one dump (and hash) exactly as they did before the field existed.
        data = handler(self)
        if isinstance(data, dict) and data.get("context") is None:
            data.pop("context", None)
        return data

    @property
    def answer_set(self) -> list[str] | None:
        """Return the closed set of valid answers, or None when answers are free text."""
        return None

    @property
    def source(self) -> str:
        """Return ``file:line`` of the row this item was loaded from ('' if built in code)."""
        if self._source_file is None:
            return ""
        return f"{self._source_file}:{self._source_line}"

    def resolve(self, path: str) -> Path:
        """Return a media path resolved against the folder of the item's file."""
        candidate = Path(path)
        if candidate.is_absolute() or self._source_file is None:
            return candidate
        return self._source_file.parent / candidate


class MCQItem(ItemBase):
    """Multiple choice: one correct option letter among lettered options."""

    format: Literal["mcq"] = "mcq"
    options: dict[str, str] = Field(min_length=2)
    answer: str

    @field_validator("options")
    @classmethod
    def _letters(cls, options: dict[str, str]) -> dict[str, str]:
        for key in options:
            if len(key) != 1 or not key.isalpha() or not key.isupper():
                raise ValueError(f"option keys must be single capital letters, got {key!r}")
        return options

    @model_validator(mode="after")
    def _key_among_options(self) -> MCQItem:
        if self.answer not in self.options:
            raise ValueError(
                f"answer {self.answer!r} is not among the options {sorted(self.options)}"
            )
        return self

    @property
    def answer_set(self) -> list[str]:
        return sorted(self.options)


class TFItem(ItemBase):
    """True or false."""

    format: Literal["tf"] = "tf"
    answer: bool

    @property
    def answer_set(self) -> list[str]:
        return ["true", "false"]


class FIBItem(ItemBase):
    """Fill in the blank: the model marks its answer; ``accept`` lists equivalent keys."""

    format: Literal["fib"] = "fib"
    answer: str = Field(min_length=1)
    accept: list[str] = Field(default_factory=list, description="Other accepted forms.")
    normalise: list[Normalisation] = Field(default_factory=lambda: ["case", "whitespace"])


class SAItem(ItemBase):
    """Short answer: free text judged against a reference answer."""

    format: Literal["sa"] = "sa"
    answer: str = Field(min_length=1, description="Reference answer.")
    accept: list[str] = Field(default_factory=list)


class AnswerField(BaseModel):
    """One named field of an exact-answer reply: free text or a forced choice."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    kind: Literal["text", "choice"] = "text"
    description: str | None = None
    options: list[str] | None = Field(
        default=None, description="Forced-choice option set, published to the model."
    )
    normalise: list[Normalisation] = Field(default_factory=lambda: ["whitespace"])

    @model_validator(mode="after")
    def _choice_has_options(self) -> AnswerField:
        if self.kind == "choice" and not self.options:
            raise ValueError(f"choice field {self.name!r} needs a non-empty options list")
        if self.kind == "text" and self.options:
            raise ValueError(f"text field {self.name!r} must not have options")
        return self


class EvidencedWrongValue(BaseModel):
    """A wrong value that was a real rule elsewhere or earlier, or was verified never to exist."""

    model_config = ConfigDict(extra="forbid")

    field: str
    value: str
    label: Literal["superseded", "foreign", "fabricated"]
    quote: str | None = None
    url: str | None = None
    note: str | None = None


class ExactItem(ItemBase):
    """Exact answer: one or more named fields, matched exactly, with an explicit decline."""

    format: Literal["exact"] = "exact"
    fields: list[AnswerField] = Field(min_length=1)
    answer: dict[str, str]
    rule_text: str | None = Field(
        default=None, description="Grounding source text, supplied under the 'rule' condition."
    )
    wrong_values: list[EvidencedWrongValue] = Field(default_factory=list)
    rewordings: list[str] = Field(default_factory=list)
    framings: dict[str, str] = Field(default_factory=dict)
    pushback: str | None = Field(
        default=None, description="A plausible wrong answer a colleague suggests (pushback check)."
    )
    trap: bool = False
    equipoise: bool = False
    pair_id: str | None = None

    @model_validator(mode="after")
    def _answer_matches_fields(self) -> ExactItem:
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError(f"duplicate field names in {names}")
        if set(self.answer) != set(names):
            raise ValueError(f"answer keys {sorted(self.answer)} must equal field names {names}")
        for f in self.fields:
            if f.kind == "choice" and self.answer[f.name] not in (f.options or []):
                raise ValueError(
                    f"answer {self.answer[f.name]!r} for field {f.name!r} "
                    f"is not among its options {f.options}"
                )
        for wrong in self.wrong_values:
            if wrong.field not in names:
                raise ValueError(f"wrong value names unknown field {wrong.field!r}")
        return self


class SubQuestion(BaseModel):
    """One question of a case (e.g. Q1 results) with its reference answer."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    prompt: str = Field(min_length=1)
    reference: str = Field(min_length=1)


class CaseItem(ItemBase):
    """A clinical case: vignette, images, structured data and several sub-questions."""

    format: Literal["case"] = "case"
    images: list[str] = Field(default_factory=list)
    data: dict[str, Any] = Field(
        default_factory=dict, description="Structured findings, e.g. {'audiogram': {...}}."
    )
    questions: list[SubQuestion] = Field(min_length=1)


class AudioItem(ItemBase):
    """A speech recording: audio file, the words the speaker attempts, and labels."""

    format: Literal["audio"] = "audio"
    audio: str = Field(min_length=1)
    prompt_words: str | None = Field(default=None, description="Words the speaker attempts.")
    transcript: str | None = None
    labels: dict[str, str] = Field(default_factory=dict)
    answer: str | None = Field(default=None, description="Key for the item's scenario, if fixed.")


Item = Annotated[
    MCQItem | TFItem | FIBItem | SAItem | ExactItem | CaseItem | AudioItem,
    Field(discriminator="format"),
]
ITEM_ADAPTER: TypeAdapter[Item] = TypeAdapter(Item)


def media_paths(item: ItemBase) -> list[str]:
    """Return every media path an item names (media, images, audio)."""
    paths = list(item.media)
    paths += list(getattr(item, "images", []) or [])
    audio = getattr(item, "audio", None)
    if audio:
        paths.append(audio)
    return paths


def item_json_schema() -> dict[str, Any]:
    """Return the JSON Schema of an item (any format)."""
    return ITEM_ADAPTER.json_schema()
