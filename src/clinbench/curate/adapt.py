"""LLM screening of source passages and their adaptation into items, as logged Inspect evals.

AudiologyBench used a two-step prompt pipeline at temperature 0: (1) screen a passage for
whether it can be turned faithfully into a question with an unambiguous answer; (2) adapt
it into an MCQ, TF, FIB or SA item with a reference answer and a minimal rationale, before
expert review. Prompts live in ``prompts/``; replies are structured (JSON schema).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from clinbench.curate.passages import Passage
from clinbench.curate.structured_calls import OK, load_prompt, structured_eval
from clinbench.curate.textnorm import canonical_text
from clinbench.items.model import FIBItem, Item, MCQItem, Provenance, SAItem, TFItem

SCREEN_COLUMNS = [
    "passage_id", "suitable", "reason", "status", "detail", "passage_source", "model", "log_file",
]  # fmt: skip
DECISION_COLUMNS = [
    "passage_id", "item_id", "status", "detail", "flags", "passage_source", "model", "log_file",
]  # fmt: skip
ADAPT_FORMATS = ("mcq", "tf", "fib", "sa")
_BLANK_RE = re.compile(r"_{3,}")


class ScreenReply(BaseModel):
    """Whether a passage can become one question with an unambiguous key, and why."""

    model_config = ConfigDict(extra="forbid")
    suitable: bool
    reason: str


class MCQReply(BaseModel):
    """A drafted multiple-choice item."""

    model_config = ConfigDict(extra="forbid")
    stem: str = Field(min_length=1)
    options: list[str] = Field(min_length=2, max_length=8)
    answer: str = Field(pattern=r"^[A-H]$")
    rationale: str
    quote: str


class TFReply(BaseModel):
    """A drafted true/false statement."""

    model_config = ConfigDict(extra="forbid")
    statement: str = Field(min_length=1)
    answer: bool
    rationale: str
    quote: str


class FIBReply(BaseModel):
    """A drafted fill-in-the-blank item."""

    model_config = ConfigDict(extra="forbid")
    stem: str = Field(min_length=1)
    answer: str = Field(min_length=1)
    rationale: str
    quote: str


class SAReply(BaseModel):
    """A drafted short-answer question with its reference answer."""

    model_config = ConfigDict(extra="forbid")
    question: str = Field(min_length=1)
    answer: str = Field(min_length=1)
    rationale: str
    quote: str


REPLY_TYPES: dict[str, type[BaseModel]] = {
    "mcq": MCQReply,
    "tf": TFReply,
    "fib": FIBReply,
    "sa": SAReply,
}


def _prompts(passages: Sequence[Passage], template_name: str) -> list[tuple[str, str, dict]]:
    template = load_prompt(template_name)
    return [
        (
            p.id,
            template.substitute(passage=p.text, citation=p.citation or "(no citation given)"),
            {"passage_id": p.id, "passage_source": p.source, "citation": p.citation},
        )
        for p in passages
    ]


def _model_name(model: Any) -> str:
    return str(model)  # a Model prints as provider/name, as it was asked for


def screen_passages(
    passages: Sequence[Passage],
    *,
    model: Any,
    model_args: dict[str, Any] | None = None,
    log_dir: str | Path = "logs/curate",
) -> pd.DataFrame:
    """Return one screening row per passage (``SCREEN_COLUMNS``); ``suitable`` is empty
    (None) unless the reply parsed, and ``status`` says ok / parse_failed / error."""
    replies, log_file = structured_eval(
        "curate_screen",
        _prompts(passages, "screen"),
        ScreenReply,
        model=model,
        model_args=model_args,
        log_dir=log_dir,
    )
    rows = []
    for p in passages:
        reply = replies[p.id]
        value = reply.value if reply.status == OK else None
        rows.append(
            {
                "passage_id": p.id,
                "suitable": value.suitable if value else None,
                "reason": value.reason if value else "",
                "status": reply.status,
                "detail": reply.detail,
                "passage_source": p.source,
                "model": _model_name(model),
                "log_file": log_file,
            }
        )
    return pd.DataFrame(rows, columns=SCREEN_COLUMNS).astype({"suitable": "object"})


def quote_in_passage(quote: str, passage: str) -> bool:
    """Return True when the quote occurs in the passage (after canonical folding)."""
    folded = canonical_text(quote)
    return bool(folded) and folded in canonical_text(passage)


def build_item(
    reply: BaseModel,
    fmt: str,
    passage: Passage,
    *,
    item_id: str,
    suite: str = "custom",
    source_pool: str | None = None,
    domain: str | None = None,
    extra_metadata: dict[str, Any] | None = None,
) -> tuple[Item, list[str]]:
    """Return (item, flags) built from a parsed adaptation reply; raise ValueError if invalid.

    The passage's citation, URL and access date go into ``provenance``; the reply's quote
    goes there too when it is found in the passage, otherwise the flag
    ``quote_not_in_passage`` is raised and the quote is kept in metadata only. An MCQ whose
    options include a field name of the reply format ("rationale", "quote", ...) is invalid:
    the model filled the format in, not the options. An MCQ stem that asks nothing (no
    question mark, no blank, no colon leading to the options) is flagged
    ``stem_not_a_question`` for the reviewer.
    """
    flags: list[str] = []
    if fmt == "mcq":
        fields = set(type(reply).model_fields)
        named = [o.strip() for o in reply.options if o.strip().lower() in fields]
        if named:
            raise ValueError(f"options: the reply format's field names ({', '.join(named)}) "
                             "stand where answer options should be")  # fmt: skip
    quote = getattr(reply, "quote", "").strip()
    grounded = quote_in_passage(quote, passage.text)
    if not grounded:
        flags.append("quote_not_in_passage")
    if fmt == "mcq" and not _asks(reply.stem):
        flags.append("stem_not_a_question")
    provenance = Provenance(
        citation=passage.citation,
        url=passage.url,
        accessed=passage.accessed,
        quote=quote if grounded else None,
    )
    metadata: dict[str, Any] = {
        "rationale": reply.rationale.strip(),
        "passage_id": passage.id,
        **(extra_metadata or {}),
    }
    if not grounded:
        metadata["model_quote"] = quote
    common: dict[str, Any] = {
        "id": item_id,
        "suite": suite,
        "source_pool": source_pool,
        "domain": domain,
        "provenance": provenance,
        "metadata": metadata,
    }
    try:
        if fmt == "mcq":
            letters = "ABCDEFGH"[: len(reply.options)]
            item: Item = MCQItem(
                stem=reply.stem,
                options=dict(zip(letters, reply.options, strict=True)),
                answer=reply.answer,
                **common,
            )
        elif fmt == "tf":
            item = TFItem(stem=reply.statement, answer=reply.answer, **common)
        elif fmt == "fib":
            if not _BLANK_RE.search(reply.stem):
                raise ValueError("stem: the sentence has no blank (____)")
            item = FIBItem(stem=reply.stem, answer=reply.answer, **common)
        elif fmt == "sa":
            item = SAItem(stem=reply.question, answer=reply.answer, **common)
        else:
            raise ValueError(f"format {fmt!r} cannot be adapted; one of {ADAPT_FORMATS}")
    except ValidationError as err:
        raise ValueError(
            "; ".join(
                f"{'.'.join(str(p) for p in e['loc'][-1:])}: {e['msg']}" for e in err.errors()
            )
        ) from err
    return item, flags


def _asks(stem: str) -> bool:
    """Return True when an MCQ stem asks something: a question mark, a blank (____), or a
    lead-in that ends open (a colon, or no closing full stop) for the options to complete."""
    text = stem.strip()
    return "?" in text or bool(_BLANK_RE.search(text)) or not text.endswith((".", "!"))


def suitable_ids(screening: pd.DataFrame) -> dict[str, str]:
    """Return {passage_id: screening status} with status ``suitable``, ``not_suitable`` or the
    screening failure (``parse_failed`` / ``error``)."""
    out: dict[str, str] = {}
    for row in screening.itertuples(index=False):
        if row.status != OK:
            out[str(row.passage_id)] = f"screen_{row.status}"
        else:
            out[str(row.passage_id)] = "suitable" if row.suitable else "not_suitable"
    return out


def adapt_passages(
    passages: Sequence[Passage],
    fmt: str,
    *,
    model: Any,
    model_args: dict[str, Any] | None = None,
    log_dir: str | Path = "logs/curate",
    screening: pd.DataFrame | None = None,
    suite: str = "custom",
    id_prefix: str = "",
    source_pool: str | None = None,
    domain: str | None = None,
) -> tuple[list[Item], pd.DataFrame]:
    """Return (items, decisions) for passages adapted into ``fmt`` items by the model.

    ``decisions`` has one row per passage (``DECISION_COLUMNS``) with status ``item``,
    ``parse_failed``, ``invalid_item``, ``error``, or, when ``screening`` is given, the
    reason the passage was not sent (``not_suitable``, ``not_screened``, ``screen_...``).
    Only ``item`` rows produce items.
    """
    if fmt not in ADAPT_FORMATS:
        raise ValueError(f"format {fmt!r} cannot be adapted; one of {ADAPT_FORMATS}")
    name = _model_name(model)
    rows: list[dict[str, Any]] = []
    to_send = list(passages)
    if screening is not None:
        verdicts = suitable_ids(screening)
        to_send = []
        for p in passages:
            verdict = verdicts.get(p.id, "not_screened")
            if verdict == "suitable":
                to_send.append(p)
            else:
                rows.append(
                    {"passage_id": p.id, "item_id": "", "status": verdict, "detail": "",
                     "flags": "", "passage_source": p.source, "model": name, "log_file": ""}
                )  # fmt: skip
    items: list[Item] = []
    if to_send:
        replies, log_file = structured_eval(
            f"curate_adapt_{fmt}",
            _prompts(to_send, f"adapt_{fmt}"),
            REPLY_TYPES[fmt],
            model=model,
            model_args=model_args,
            log_dir=log_dir,
        )
        for p in to_send:
            reply = replies[p.id]
            item_id = f"{id_prefix}{p.id}-{fmt}"
            row = {"passage_id": p.id, "item_id": "", "status": reply.status,
                   "detail": reply.detail, "flags": "", "passage_source": p.source,
                   "model": name, "log_file": log_file}  # fmt: skip
            if reply.status == OK:
                try:
                    item, flags = build_item(
                        reply.value,
                        fmt,
                        p,
                        item_id=item_id,
                        suite=suite,
                        source_pool=source_pool,
                        domain=domain,
                        extra_metadata={"adapted_by": name, "curation_log": log_file},
                    )
                except ValueError as err:
                    row.update(status="invalid_item", detail=str(err))
                else:
                    items.append(item)
                    row.update(status="item", item_id=item.id, flags=";".join(flags))
            rows.append(row)
    order = {p.id: i for i, p in enumerate(passages)}
    frame = pd.DataFrame(rows, columns=DECISION_COLUMNS)
    frame = frame.sort_values("passage_id", key=lambda s: s.map(order), ignore_index=True)
    return items, frame


def flag_counts(decisions: pd.DataFrame) -> dict[str, int]:
    """Return how many written items carry each flag of the decisions log, by flag."""
    counts: dict[str, int] = {}
    for flags in decisions.loc[decisions["status"] == "item", "flags"].fillna(""):
        for flag in filter(None, str(flags).split(";")):
            counts[flag] = counts.get(flag, 0) + 1
    return counts
