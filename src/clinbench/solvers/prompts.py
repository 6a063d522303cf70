"""Model-facing prompt text for each item format, written for clinbench.

These are the default instructions; a suite may replace them (e.g. the audiology
case tier's persona). Every instruction tells the model how to mark its answer,
because extraction follows that mark strictly and never guesses.
"""

from __future__ import annotations

import json

from clinbench.items.model import (
    AnswerField,
    AudioItem,
    CaseItem,
    ExactItem,
    FIBItem,
    Item,
    MCQItem,
    SAItem,
    TFItem,
)
from clinbench.items.sample import DECLINE_WORD

DECLINE_HINT = f"If you cannot answer safely, reply with the single word {DECLINE_WORD} instead."

MCQ_INSTRUCTION = (
    "Choose the single best option. Reply in the form 'ANSWER: X', where X is the option letter."
)
TF_INSTRUCTION = (
    "Say whether the statement is true or false. "
    "Reply in the form 'ANSWER: true' or 'ANSWER: false'."
)
FIB_INSTRUCTION = (
    "Fill in the blank. Put only the missing words between double square brackets, "
    "for example [[4000 Hz]]."
)
SA_INSTRUCTION = "Answer in one short phrase or sentence, with no preamble."
CASE_INSTRUCTION = (
    "Answer each question in its own section, headed by the question label "
    "(for example 'Q1 Results:') on its own line."
)

CLARIFY_TEMPLATE = (
    "Your reply contained more than one possible answer ({candidates}). "
    "Reply again with exactly one answer, in the required form and nothing else."
)


def unit_phrase(field: AnswerField) -> str:
    """Return how the answer form names a field's declared unit ("in minutes"), or "".

    A unit named by a lower-case word is given in its plural ("in minutes", "in days"); a
    symbol or abbreviation as declared ("in mL", "in mg/kg", "in %").
    """
    unit = field.unit
    if unit is None:
        return ""
    if unit.plural is not None:
        return f"in {unit.plural}"
    word = unit.name.isalpha() and unit.name.islower()
    return f"in {unit.name}s" if word else f"in {unit.name}"


def exact_reply_schema(item: ExactItem) -> dict:
    """Return the JSON Schema of a reply to an exact-answer item (its fields plus `decline`)."""
    properties: dict[str, dict] = {}
    for field in item.fields:
        spec: dict = {"type": "string"}
        described = "; ".join(t for t in (field.description, unit_phrase(field)) if t)
        if described:
            spec["description"] = described
        if field.kind == "choice":
            # Empty string is allowed so a declining reply still fits the schema.
            spec["enum"] = [*(field.options or []), ""]
        properties[field.name] = spec
    properties["decline"] = {
        "type": "boolean",
        "description": "true if you cannot answer safely; leave the answer fields empty then",
    }
    return {
        "type": "object",
        "properties": properties,
        "required": [*(f.name for f in item.fields), "decline"],
        "additionalProperties": False,
    }


def exact_instruction(item: ExactItem) -> str:
    """Return the reply-format instruction for an exact-answer item, publishing option sets."""
    lines = ["Reply with a single JSON object and nothing else, with these fields:"]
    for field in item.fields:
        text = f'- "{field.name}"'
        if field.description:
            text += f": {field.description}"
        if field.kind == "choice":
            text += " — exactly one of: " + ", ".join(json.dumps(o) for o in field.options or [])
        if field.unit is not None:  # the unit the value is in, which the options do not write
            text += f" ({unit_phrase(field)})"
        lines.append(text)
    lines.append(
        '- "decline": true if you cannot answer safely (then leave the other fields as ""), '
        "otherwise false."
    )
    example = {f.name: "..." for f in item.fields} | {"decline": False}
    lines.append("Example of the form: " + json.dumps(example))
    return "\n".join(lines)


CONTEXT_LABEL = "Context:"


def item_prompt(item: Item) -> str:
    """Return the user prompt text for an item in the default clinbench form.

    An item's ``context`` comes first, as a block headed ``Context:`` (its own section
    labels kept), then the question.
    """
    if item.context:
        question = item_prompt(item.model_copy(update={"context": None}))
        return f"{CONTEXT_LABEL}\n{item.context}\n\nQuestion:\n{question}"
    if isinstance(item, MCQItem):
        options = "\n".join(f"{letter}. {text}" for letter, text in sorted(item.options.items()))
        return f"{item.stem}\n\n{options}\n\n{MCQ_INSTRUCTION} {DECLINE_HINT}"
    if isinstance(item, TFItem):
        return f"{item.stem}\n\n{TF_INSTRUCTION} {DECLINE_HINT}"
    if isinstance(item, FIBItem):
        return f"{item.stem}\n\n{FIB_INSTRUCTION} {DECLINE_HINT}"
    if isinstance(item, SAItem):
        return f"{item.stem}\n\n{SA_INSTRUCTION} {DECLINE_HINT}"
    if isinstance(item, ExactItem):
        return f"{item.stem}\n\n{exact_instruction(item)}"
    if isinstance(item, CaseItem):
        questions = "\n".join(f"{q.id}: {q.prompt}" for q in item.questions)
        return f"{item.stem}\n\n{questions}\n\n{CASE_INSTRUCTION}"
    if isinstance(item, AudioItem):
        return item.stem
    raise TypeError(f"no prompt for item type {type(item).__name__}")


def clarify_prompt(candidates: list[str]) -> str:
    """Return the follow-up sent once when a reply held more than one candidate answer."""
    return CLARIFY_TEMPLATE.format(candidates=", ".join(str(c) for c in candidates))
