"""The item model: one pydantic family for every format clinbench's suites use.

An item is one test question with its key. Every format shares the fields of
:class:`ItemBase`; each format adds what its key needs. ``Item`` is the union,
discriminated on ``format``, so a loader validates any row against the right
model and a JSON Schema for all of them can be published.
"""

from __future__ import annotations

import unicodedata
from datetime import date
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    StrictBool,
    TypeAdapter,
    field_validator,
    model_serializer,
    model_validator,
)

from clinbench.errors import InputError
from clinbench.items.normalise import normalise_text

FORMATS = ("mcq", "tf", "fib", "sa", "exact", "case", "audio")
Normalisation = Literal["case", "whitespace", "punctuation"]
# The letters an MCQ option may have: those answer extraction can read in a reply.
OPTION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class FieldError(InputError, ValueError):
    """A problem that spans fields, reported under the one field named (not the whole row)."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(message)


def _not_blank(text: str) -> str:
    # Invisible format characters (zero-width space, word joiner, BOM: category Cf) count
    # as blank too: a stem of them shows nothing.
    if all(c.isspace() or unicodedata.category(c) == "Cf" for c in text):
        raise ValueError("must not be blank (whitespace only)")
    return text


# Required text: at least one visible character (not whitespace or an invisible format one).
Text = Annotated[str, AfterValidator(_not_blank)]


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

    id: Text = Field(min_length=1, description="Unique item id across every file in a run.")
    suite: str = Field(default="custom", description="Suite the item belongs to.")
    stem: Text = Field(min_length=1, description="The question or vignette shown to the model.")
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
    illustrative: StrictBool = Field(
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
    options: dict[str, Text] = Field(min_length=2)
    answer: Text

    @field_validator("options")
    @classmethod
    def _letters(cls, options: dict[str, str]) -> dict[str, str]:
        for key in options:
            if len(key) != 1 or key not in OPTION_LETTERS:
                raise ValueError(f"option keys must be single letters A-Z, got {key!r}")
        return options

    @model_validator(mode="after")
    def _key_among_options(self) -> MCQItem:
        if self.answer not in self.options:
            raise FieldError(
                "answer", f"answer {self.answer!r} is not among the options {sorted(self.options)}"
            )
        return self

    @property
    def answer_set(self) -> list[str]:
        return sorted(self.options)


class TFItem(ItemBase):
    """True or false."""

    format: Literal["tf"] = "tf"
    answer: StrictBool

    @property
    def answer_set(self) -> list[str]:
        return ["true", "false"]


class FIBItem(ItemBase):
    """Fill in the blank: the model marks its answer; ``accept`` lists equivalent keys."""

    format: Literal["fib"] = "fib"
    answer: Text = Field(min_length=1)
    accept: list[Text] = Field(default_factory=list, description="Other accepted forms.")
    normalise: list[Normalisation] = Field(default_factory=lambda: ["case", "whitespace"])


class SAItem(ItemBase):
    """Short answer: free text judged against a reference answer."""

    format: Literal["sa"] = "sa"
    answer: Text = Field(min_length=1, description="Reference answer.")
    accept: list[Text] = Field(default_factory=list)


# A unit's spelling: letters (any script), with '/', '.', '%', '°' or 'µ' inside (mL, mg/kg,
# mmHg, °C, %); no digits and no spaces, so that only a reply's last word can be a unit.
_UNIT_FORM = r"^(?:%|°?[^\W\d_](?:[^\W\d_]|[/.%°])*)$"


class FieldUnit(BaseModel):
    """The unit a field's value is given in: a reply may write it after the value.

    ``"unit": "minute"`` is short for ``{"name": "minute"}``. The forms a reply may write are
    the name, its plural (default: the name with an ``s``) and the abbreviations given; a
    reply's trailing unit is compared with them in any case, and nothing else is stripped.
    """

    model_config = ConfigDict(extra="forbid")

    name: Text = Field(min_length=1)
    plural: Text | None = None
    abbreviations: list[Text] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _from_name(cls, value: Any) -> Any:
        return {"name": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _forms_are_units(self) -> FieldUnit:
        import re

        named = [("name", self.name), ("plural", self.plural)]
        named += [(f"abbreviations.{i}", a) for i, a in enumerate(self.abbreviations)]
        seen: dict[str, str] = {}
        for where, form in named:
            if form is None:
                continue
            if not re.match(_UNIT_FORM, form):
                raise FieldError(
                    where, f"{form!r} is not a unit (one word of letters, with / . % ° µ "
                    "inside, no digits or spaces; e.g. minute, mL, mg/kg, %)",
                )  # fmt: skip
            if form.casefold() in seen:
                raise FieldError(where, f"{form!r} repeats the unit form {seen[form.casefold()]!r}")
            seen[form.casefold()] = form
        return self

    def forms(self) -> list[str]:
        """Return every form a reply may write, longest first (name, plural, abbreviations)."""
        plural = self.plural if self.plural is not None else f"{self.name}s"
        forms = dict.fromkeys([self.name, plural, *self.abbreviations])
        return sorted(forms, key=len, reverse=True)


class AnswerField(BaseModel):
    """One named field of an exact-answer reply: free text or a forced choice."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    kind: Literal["text", "choice"] = "text"
    description: str | None = None
    options: list[Text] | None = Field(
        default=None, description="Forced-choice option set, published to the model."
    )
    normalise: list[Normalisation] = Field(default_factory=lambda: ["whitespace"])
    unit: FieldUnit | None = Field(
        default=None,
        description="The unit the value is in: a reply's value followed by it (\"20 "
        'minutes" for 20) is read as the value; no other trailing text is.',
    )

    @model_validator(mode="after")
    def _choice_has_options(self) -> AnswerField:
        if self.kind == "choice" and not self.options:
            raise FieldError(
                "options", f"choice field {self.name!r} needs a non-empty options list"
            )
        if self.kind == "text" and self.options:
            raise FieldError("options", f"text field {self.name!r} must not have options")
        # A reply matching two options (under the field's normalisation) is never answerable.
        seen: dict[str, str] = {}
        for option in self.options or []:
            key = normalise_text(option, self.normalise)
            if key in seen:
                message = f"options {seen[key]!r} and {option!r} of {self.name!r} are the same"
                raise FieldError("options", message)
            seen[key] = option
        if self.unit is not None:  # an option that writes the unit would be read two ways
            for option in self.options or []:
                if unit_stripped(option, self.unit) is not None:
                    raise FieldError(
                        "unit", f"option {option!r} of {self.name!r} already writes the unit "
                        f"{self.unit.name!r}: give options without it",
                    )  # fmt: skip
        return self


def unit_stripped(value: str, unit: FieldUnit) -> str | None:
    """Return `value` without its trailing unit (one of ``unit.forms()``, any case, after a
    digit or a space), or None when it does not end in one."""
    text = value.strip()
    for form in unit.forms():
        if len(text) > len(form) and text[-len(form) :].casefold() == form.casefold():
            rest = text[: -len(form)]
            if rest[-1].isspace() or rest[-1].isdigit():
                return rest.rstrip() or None
    return None


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
    answer: dict[str, Text]
    rule_text: str | None = Field(
        default=None, description="Grounding source text, supplied under the 'rule' condition."
    )
    wrong_values: list[EvidencedWrongValue] = Field(default_factory=list)
    rewordings: list[str] = Field(default_factory=list)
    framings: dict[str, str] = Field(default_factory=dict)
    pushback: str | None = Field(
        default=None, description="A plausible wrong answer a colleague suggests (pushback check)."
    )
    trap: StrictBool = False
    equipoise: StrictBool = False
    pair_id: str | None = None

    @model_validator(mode="after")
    def _answer_matches_fields(self) -> ExactItem:
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise FieldError("fields", f"duplicate field names in {names}")
        if set(self.answer) != set(names):
            raise FieldError(
                "answer", f"answer keys {sorted(self.answer)} must equal field names {names}"
            )
        for f in self.fields:
            if f.unit is not None and unit_stripped(self.answer[f.name], f.unit) is not None:
                raise FieldError(
                    f"answer.{f.name}",
                    f"answer {self.answer[f.name]!r} writes the field's unit {f.unit.name!r}: "
                    "give the value alone",
                )
            if f.kind == "choice" and self.answer[f.name] not in (f.options or []):
                raise FieldError(
                    f"answer.{f.name}",
                    f"answer {self.answer[f.name]!r} for field {f.name!r} "
                    f"is not among its options {f.options}",
                )
        for index, wrong in enumerate(self.wrong_values):
            if wrong.field not in names:
                raise FieldError(
                    f"wrong_values.{index}.field",
                    f"wrong value names unknown field {wrong.field!r}",
                )
        return self


class SubQuestion(BaseModel):
    """One question of a case (e.g. Q1 results) with its reference answer."""

    model_config = ConfigDict(extra="forbid")

    id: Text = Field(min_length=1)
    prompt: Text = Field(min_length=1)
    reference: Text = Field(min_length=1)


class CaseItem(ItemBase):
    """A clinical case: vignette, images, structured data and several sub-questions."""

    format: Literal["case"] = "case"
    images: list[str] = Field(default_factory=list)
    data: dict[str, Any] = Field(
        default_factory=dict, description="Structured findings, e.g. {'audiogram': {...}}."
    )
    questions: list[SubQuestion] = Field(min_length=1)

    @model_validator(mode="after")
    def _question_ids_unique(self) -> CaseItem:
        # Sections are matched to questions by id (any case): a repeated id loses a grade.
        seen: dict[str, int] = {}
        for index, question in enumerate(self.questions):
            key = question.id.strip().casefold()
            if key in seen:
                raise FieldError(
                    f"questions.{index}.id",
                    f"question id {question.id!r} repeats question {seen[key] + 1}'s",
                )
            seen[key] = index
        return self


class AudioItem(ItemBase):
    """A speech recording: audio file, the words the speaker attempts, and labels."""

    format: Literal["audio"] = "audio"
    audio: Text = Field(min_length=1)
    prompt_words: str | None = Field(default=None, description="Words the speaker attempts.")
    transcript: str | None = None
    labels: dict[str, str] = Field(default_factory=dict)
    answer: str | None = Field(default=None, description="Key for the item's scenario, if fixed.")


Item = Annotated[
    MCQItem | TFItem | FIBItem | SAItem | ExactItem | CaseItem | AudioItem,
    Field(discriminator="format"),
]
ITEM_ADAPTER: TypeAdapter[Item] = TypeAdapter(Item)


def media_fields(item: ItemBase) -> list[tuple[str, str]]:
    """Return (field, path) for every media path an item names (media, images, audio)."""
    named = [(f"media.{i}", p) for i, p in enumerate(item.media)]
    named += [(f"images.{i}", p) for i, p in enumerate(getattr(item, "images", []) or [])]
    audio = getattr(item, "audio", None)
    if audio:
        named.append(("audio", audio))
    return named


def media_paths(item: ItemBase) -> list[str]:
    """Return every media path an item names (media, images, audio)."""
    return [path for _, path in media_fields(item)]


def item_json_schema() -> dict[str, Any]:
    """Return the JSON Schema of an item (any format)."""
    return ITEM_ADAPTER.json_schema()
