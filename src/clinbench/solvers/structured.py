"""Structured output for exact-answer items: the item's reply schema in the run's mode.

The modes and the fallback when a provider refuses one live in
:mod:`clinbench.structured_output` (shared with curation and the claim reader); this module
adds what is particular to exact-answer items: the reply schema of the item. The mode each
reply was asked in is recorded in the sample's metadata (``structured_output``), and every
refusal the fallback met under ``structured_output_refused``; the results table carries the
mode.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import ResponseSchema
from inspect_ai.solver import Generate, TaskState

from clinbench.items.model import ExactItem
from clinbench.solvers.prompts import exact_reply_schema
from clinbench.structured_output import (
    AUTO,
    FALLBACK,
    JSON_OBJECT,
    JSON_SCHEMA,
    MODES,
    OFF,
    check_mode,
    generate_structured,
    known_mode,
    model_key,
    refused_response_format,
    schema_settings,
)

__all__ = [
    "AUTO", "FALLBACK", "JSON_OBJECT", "JSON_SCHEMA", "MODES", "OFF", "check_mode",
    "generate_in_mode", "refused_response_format", "request_settings", "response_schema",
    "working_mode",
]  # fmt: skip

_DESCRIPTION = "The answer fields, or decline set to true."


def response_schema(item: Any) -> ResponseSchema | None:
    """Return the Inspect ResponseSchema for an exact-answer item (None for other formats)."""
    if not isinstance(item, ExactItem):
        return None
    return schema_settings(exact_reply_schema(item), JSON_SCHEMA, "answer", _DESCRIPTION)[
        "response_schema"
    ]


def request_settings(item: Any, mode: str) -> dict[str, Any]:
    """Return the generate() settings that ask an item's reply in one (non-auto) mode."""
    if not isinstance(item, ExactItem) or mode == OFF:
        return {}
    return schema_settings(exact_reply_schema(item), mode, "answer", _DESCRIPTION)


def _model_key(state: TaskState) -> tuple[str, str]:
    from inspect_ai.model import get_model

    return str(state.model), model_key(get_model())[1]


def working_mode(state: TaskState) -> str | None:
    """Return the mode that worked for this sample's model in this process (None: not yet)."""
    return known_mode(_model_key(state))


async def generate_in_mode(
    state: TaskState, generate: Generate, item: Any, mode: str = AUTO
) -> TaskState:
    """Return the state after generating the reply with structured output in ``mode``.

    See :func:`clinbench.structured_output.generate_structured`; the mode is recorded under
    ``structured_output`` in the sample's metadata. Items that are not exact-answer items
    are asked with no format.
    """
    check_mode(mode)
    if not isinstance(item, ExactItem):
        return await generate(state)

    async def call(**settings: Any) -> TaskState:
        return await generate(state, **settings)

    return await generate_structured(
        call,
        exact_reply_schema(item),
        mode,
        _model_key(state),
        state.metadata,
        name="answer",
        description=_DESCRIPTION,
    )
