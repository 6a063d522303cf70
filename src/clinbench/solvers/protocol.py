"""Prompt protocols: how a closed-format item is put to the model, as a benchmark publishes it.

clinbench's own protocol (the default) offers a decline and asks for an ``ANSWER: X`` mark.
A benchmark such as PubMedQA or MedQA was published with its own: no decline, a bare
letter, few-shot examples, options in a fixed or shuffled order. A :class:`Protocol`
names those choices; it is recorded in the log (task metadata ``protocol``) and on every
results row, so a number can be traced to the protocol it was measured under.

- ``decline``: offer the decline word (True) or not;
- ``instruction``: ``mark`` (clinbench's ``ANSWER: X`` form), ``bare_letter`` ("the letter
  only"), ``bare_word`` ("yes, no or maybe only": the options' words), ``none`` (no
  instruction), or any other text, used word for word;
- ``answer_form``: ``letter`` (options listed as A., B., ...; the answer read as a letter)
  or ``word`` (no letters: the question is asked as it stands and the answer is read as
  the option's word, as PubMedQA was published: yes / no / maybe);
- ``shuffle``: present MCQ options in a seeded random order (``shuffle_seed``), the key
  moved with its option;
- ``fewshot``: an item file of solved examples and ``fewshot_n``, how many to show first;
- ``tf_reading``: how a true/false reply is read: ``strict`` (clinbench's) or
  ``first_occurrence`` (the first "true"/"false" word: AudiologyBench's published rule).
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from clinbench.items.model import Item, MCQItem, SAItem, TFItem
from clinbench.items.sample import ANSWER_FORM, WORD_FORM, to_sample
from clinbench.solvers.conditions import apply_condition
from clinbench.solvers.prompts import (
    CONTEXT_LABEL,
    DECLINE_HINT,
    MCQ_INSTRUCTION,
    SA_INSTRUCTION,
    TF_INSTRUCTION,
    item_prompt,
)

INSTRUCTIONS = ("mark", "bare_letter", "bare_word", "none")
ANSWER_FORMS = ("letter", "word")
BARE_LETTER = "Reply with the letter of the correct option only."
BARE_WORD = "Reply with {words} only."


@dataclass(frozen=True)
class Protocol:
    """How items are asked: decline offered, answer instruction, shuffle, few-shot."""

    decline: bool = True
    instruction: str = "mark"
    shuffle: bool = False
    shuffle_seed: int = 0
    fewshot: str | None = None
    fewshot_n: int = 0
    answer_form: str = "letter"
    tf_reading: str = "strict"

    @property
    def is_default(self) -> bool:
        """Return True when the prompts are clinbench's own (exactly as item_prompt makes).

        The true/false reading rule changes how a reply is read, not the prompt.
        """
        return replace(self, tf_reading="strict") == Protocol()

    def to_dict(self) -> dict[str, Any]:
        """Return the protocol as a JSON-ready dict (as recorded in the log)."""
        return asdict(self)


def protocol_from(values: dict[str, Any] | None) -> Protocol:
    """Return a Protocol from a dict (a map's ``protocol``); ValueError for an unknown key."""
    values = dict(values or {})
    known = set(Protocol.__dataclass_fields__)
    unknown = sorted(set(values) - known)
    if unknown:
        raise ValueError(f"unknown protocol option(s) {unknown}; known: {sorted(known)}")
    protocol = Protocol(**values)
    if protocol.fewshot_n < 0:
        raise ValueError("fewshot_n must be 0 or more")
    if protocol.fewshot_n and not protocol.fewshot:
        raise ValueError("fewshot_n needs fewshot=FILE (the split the examples come from)")
    if protocol.answer_form not in ANSWER_FORMS:
        raise ValueError(f"answer_form must be one of {list(ANSWER_FORMS)}, "
                         f"got {protocol.answer_form!r}")  # fmt: skip
    if protocol.answer_form == "word" and protocol.instruction in ("mark", "bare_letter"):
        raise ValueError(f"instruction {protocol.instruction!r} asks for a letter; the word "
                         "form takes bare_word, none or your own text")  # fmt: skip
    if protocol.answer_form == "letter" and protocol.instruction == "bare_word":
        raise ValueError("instruction bare_word needs answer_form word")
    from clinbench.scoring.extract import check_tf_reading

    check_tf_reading(protocol.tf_reading)
    return protocol


def worded(item: Item) -> Item:
    """Return an MCQ item marked to be asked with its options as words; others unchanged."""
    if not isinstance(item, MCQItem):
        return item
    metadata = {**item.metadata, ANSWER_FORM: WORD_FORM}
    copy = item.model_copy(update={"metadata": metadata})
    copy._source_file, copy._source_line = item._source_file, item._source_line
    return copy


def _words(item: MCQItem) -> str:
    words = [item.options[k] for k in sorted(item.options)]
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]


def shuffled(item: Item, seed: int) -> Item:
    """Return an MCQ item with its options in a seeded order (key moved); others unchanged."""
    if not isinstance(item, MCQItem):
        return item
    letters = sorted(item.options)
    order = letters[:]
    random.Random(f"clinbench-shuffle:{seed}:{item.id}").shuffle(order)
    options = {new: item.options[old] for new, old in zip(letters, order, strict=True)}
    answer = letters[order.index(item.answer)]
    metadata = {**item.metadata, "shuffled_from": dict(zip(letters, order, strict=True))}
    copy = item.model_copy(update={"options": options, "answer": answer, "metadata": metadata})
    copy._source_file, copy._source_line = item._source_file, item._source_line
    return copy


def _instruction(item: Item, protocol: Protocol) -> str:
    kind = protocol.instruction
    if kind == "none":
        return ""
    if kind == "mark":
        if isinstance(item, SAItem):
            return SA_INSTRUCTION  # a short answer has no mark: clinbench's own instruction
        return MCQ_INSTRUCTION if isinstance(item, MCQItem) else TF_INSTRUCTION
    if kind == "bare_letter":
        if not isinstance(item, MCQItem):
            raise ValueError(f"{item.id}: a bare-letter instruction needs multiple-choice items")
        return BARE_LETTER
    if kind == "bare_word":
        if not isinstance(item, MCQItem):
            raise ValueError(f"{item.id}: a bare-word instruction needs multiple-choice items")
        return BARE_WORD.format(words=_words(item))
    return kind


def _question(item: Item, protocol: Protocol) -> str:
    text = item.stem
    if isinstance(item, MCQItem) and protocol.answer_form == "letter":
        text += "\n\n" + "\n".join(f"{k}. {v}" for k, v in sorted(item.options.items()))
    if item.context:
        text = f"{CONTEXT_LABEL}\n{item.context}\n\nQuestion:\n{text}"
    return text


def _key(item: Item, protocol: Protocol) -> str:
    """Return a solved example's answer line, in the form the instruction asks for."""
    key = item.answer if isinstance(item, MCQItem | SAItem) else str(item.answer).lower()
    if isinstance(item, MCQItem) and protocol.answer_form == "word":
        key = item.options[item.answer]
    return f"ANSWER: {key}" if protocol.instruction == "mark" else f"Answer: {key}"


def protocol_prompt(item: Item, protocol: Protocol, examples: list[Item] | None = None) -> str:
    """Return the prompt for an item under a protocol (item_prompt's text for the default)."""
    if protocol.is_default and not examples:
        return item_prompt(item)
    if not isinstance(item, MCQItem | TFItem | SAItem):
        if protocol.is_default:
            return item_prompt(item)
        raise ValueError(f"{item.id}: prompt protocols apply to mcq, tf and sa items only")
    blocks = [f"{_question(e, protocol)}\n\n{_key(e, protocol)}" for e in examples or []]
    tail = " ".join(t for t in (_instruction(item, protocol),
                                DECLINE_HINT if protocol.decline else "") if t)  # fmt: skip
    question = _question(item, protocol) + (f"\n\n{tail}" if tail else "")
    return "\n\n".join([*blocks, question])


def fewshot_examples(protocol: Protocol, exclude: set[str]) -> list[Item]:
    """Return the first ``fewshot_n`` items of the few-shot split; ValueError on overlap."""
    if not protocol.fewshot_n:
        return []
    from clinbench.items.loader import load_items

    examples = load_items(Path(protocol.fewshot))[: protocol.fewshot_n]
    if len(examples) < protocol.fewshot_n:
        raise ValueError(f"{protocol.fewshot}: {len(examples)} items, fewshot_n is "
                         f"{protocol.fewshot_n}")  # fmt: skip
    clash = sorted(exclude & {e.id for e in examples})
    if clash:
        raise ValueError(f"few-shot examples are also test items: {', '.join(clash[:5])}")
    return examples


def bank_protocol(items: list[Item], overrides: dict[str, Any] | None = None) -> Protocol:
    """Return the protocol for a bank: the one its items carry (an imported map's), overridden.

    Items carry a protocol in ``metadata.protocol`` when a map set one; items that disagree
    are refused. ``overrides`` (the task's -T options that were given) win.
    """
    carried = {repr(sorted((i.metadata.get("protocol") or {}).items())) for i in items}
    if len(carried) > 1:
        raise ValueError("the items carry different protocols; import them separately")
    base = dict(items[0].metadata.get("protocol") or {}) if items else {}
    given = {k: v for k, v in (overrides or {}).items() if v is not None}
    return protocol_from(base | given)


def protocol_samples(items: list[Item], protocol: Protocol, condition: str = "default") -> list:
    """Return the Inspect samples for items asked under a protocol (shuffled when it says so)."""
    examples = fewshot_examples(protocol, {i.id for i in items})
    samples = []
    for item in items:
        asked = shuffled(item, protocol.shuffle_seed) if protocol.shuffle else item
        asked = with_tf_reading(asked, protocol.tf_reading)
        extra = None
        if protocol.answer_form == "word" and isinstance(asked, MCQItem):
            asked = worded(asked)
            # what an offline baseline picks from: the words, not the letters
            extra = {"answer_set": [asked.options[k] for k in sorted(asked.options)]}
        prompt = None if protocol.is_default else protocol_prompt(asked, protocol, examples)
        text = apply_condition(
            condition, asked, prompt if prompt is not None else item_prompt(asked)
        )
        samples.append(to_sample(asked, text, condition, extra_metadata=extra))
    return samples


# ---------------------------------------------------------------------------------------------
# A suite task's run protocol: clinbench's settings, or the settings its paper published.
# Each suite names what its paper did (``published`` below, e.g. AusClinBench v1.3: no
# temperature sent, the format instructed only); this part only applies and records them.

RUN_PROTOCOLS = ("clinbench", "published")
# What the log and the results' ``protocol`` column say when no temperature is sent.
PROVIDER_DEFAULT = "provider default"
_UNSET_WORDS = ("provider default", "provider_default", "default", "none", "null", "unset", "")


def sent_temperature(value: Any) -> float | None:
    """Return the temperature to send, or None to send none (the provider's own default).

    ``None`` or a word for it (``provider_default``, ``none``, ``null``: what ``-T
    temperature=...`` gives) means unset; anything else must be a number from 0 to 2.
    """
    if value is None or (isinstance(value, str) and value.strip().lower() in _UNSET_WORDS):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(
            f"temperature must be a number or 'provider_default', got {value!r}"
        ) from None
    if not 0 <= number <= 2:
        raise ValueError(f"temperature must be between 0 and 2, got {number}")
    return number


def with_tf_reading(item: Item, reading: str) -> Item:
    """Return a TF item marked to be read under ``reading`` (extract.TF_READINGS); others as is."""
    from clinbench.items.sample import TF_READING
    from clinbench.scoring.extract import check_tf_reading

    check_tf_reading(reading)
    if not isinstance(item, TFItem) or reading == "strict":
        return item
    copy = item.model_copy(update={"metadata": {**item.metadata, TF_READING: reading}})
    copy._source_file, copy._source_line = item._source_file, item._source_line
    return copy


def run_settings(
    protocol: str, *, paper: str, published: dict[str, Any], given: dict[str, Any]
) -> dict[str, Any]:
    """Return the settings a suite task runs under, with the protocol's name and paper.

    Under ``clinbench`` the task's own values (``given``) stand; under ``published`` the
    paper's settings (``published``) replace them. ``temperature`` None means none is sent.
    """
    if protocol not in RUN_PROTOCOLS:
        raise ValueError(f"protocol must be one of {list(RUN_PROTOCOLS)}, got {protocol!r}")
    unknown = sorted(set(published) - set(given))
    if unknown:
        raise ValueError(f"published settings {unknown} are not task settings")
    chosen = dict(given) | (dict(published) if protocol == "published" else {})
    if "temperature" in chosen:
        chosen["temperature"] = sent_temperature(chosen["temperature"])
    return {"name": protocol, "paper": paper if protocol == "published" else "", **chosen}


def recorded_protocol(settings: dict[str, Any]) -> dict[str, Any]:
    """Return run settings as the log records them (an unsent temperature named as such)."""
    out = dict(settings)
    if "temperature" in out and out["temperature"] is None:
        out["temperature"] = PROVIDER_DEFAULT
    return out
