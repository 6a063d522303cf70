"""Structured output for exact-answer items: the modes, the fallback when a provider refuses one.

Modes, from strictest to loosest:

- ``json_schema``: Inspect's ``ResponseSchema`` (OpenAI's ``response_format`` of type
  ``json_schema``; each provider maps it to its own structured output);
- ``json_object``: ``response_format: {"type": "json_object", "schema": ...}`` sent as an
  extra request field, the form OpenAI-compatible local servers (llama.cpp,
  llama-cpp-python) accept;
- ``off``: no response format; the prompt's reply-format instruction only (the protocol of
  AusClinBench v1.3).

``auto`` (the default) sends ``json_schema``; when the provider refuses the response format
(an HTTP error that names ``response_format`` or ``json_schema``, such as the HTTP 500 that
llama-cpp-python's server answers to ``json_schema``) it falls back to ``json_object`` and
then to ``off``. The mode that worked is remembered per model and endpoint for the rest of
the process (the run), so only the first replies pay for the probe. The mode each reply was
asked in is recorded in the sample's metadata (``structured_output``), and every refusal
the fallback met under ``structured_output_refused``; the results table carries the mode.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import ResponseSchema
from inspect_ai.solver import Generate, TaskState
from inspect_ai.util import JSONSchema

from clinbench.items.model import ExactItem
from clinbench.solvers.prompts import exact_reply_schema

JSON_SCHEMA, JSON_OBJECT, OFF, AUTO = "json_schema", "json_object", "off", "auto"
MODES = (AUTO, JSON_SCHEMA, JSON_OBJECT, OFF)
FALLBACK = (JSON_SCHEMA, JSON_OBJECT, OFF)  # what auto tries, in order
# Words that a refusal of the request's response format names (OpenAI, vLLM, llama.cpp).
REFUSAL_WORDS = ("response_format", "json_schema", "response format")

# (model name, base url) -> the mode that worked; see the module docstring.
_WORKING_MODE: dict[tuple[str, str], str] = {}


def check_mode(mode: str) -> str:
    """Return the structured-output mode, or raise ValueError naming the known ones."""
    if mode not in MODES:
        raise ValueError(f"structured_output must be one of {', '.join(MODES)}, got {mode!r}")
    return mode


def response_schema(item: Any) -> ResponseSchema | None:
    """Return the Inspect ResponseSchema for an exact-answer item (None for other formats)."""
    if not isinstance(item, ExactItem):
        return None
    return ResponseSchema(
        name="answer",
        json_schema=JSONSchema.model_validate(exact_reply_schema(item)),
        description="The answer fields, or decline set to true.",
        strict=True,
    )


def request_settings(item: Any, mode: str) -> dict[str, Any]:
    """Return the generate() settings that ask an item's reply in one (non-auto) mode."""
    if not isinstance(item, ExactItem) or mode == OFF:
        return {}
    if mode == JSON_SCHEMA:
        return {"response_schema": response_schema(item)}
    if mode == JSON_OBJECT:
        form = {"type": "json_object", "schema": exact_reply_schema(item)}
        return {"extra_body": {"response_format": form}}
    raise ValueError(f"no request settings for structured_output={mode!r}")


def _causes(err: BaseException) -> list[BaseException]:
    """Return the error and what it wraps: tenacity's last attempt, causes and contexts."""
    found: list[BaseException] = []
    pending: list[BaseException | None] = [err]
    while pending and len(found) < 20:  # bounded: a chain of causes is short
        current = pending.pop()
        if current is None or any(current is f for f in found):
            continue
        found.append(current)
        last = getattr(current, "last_attempt", None)  # tenacity.RetryError
        if last is not None and hasattr(last, "exception"):
            pending.append(last.exception())
        pending += [current.__cause__, current.__context__]
    return found


def refused_response_format(err: BaseException) -> str | None:
    """Return why the provider refused the response format (first line), or None if it did not.

    A refusal is an HTTP 4xx/5xx error from the provider whose message names the response
    format; any other failure (a dead server, a timeout) is not one and is never fallen back
    from.
    """
    for cause in _causes(err):
        status = getattr(cause, "status_code", None)
        if not isinstance(status, int) or not 400 <= status < 600:
            continue
        text = f"{getattr(cause, 'body', '')} {cause}"
        if any(word in text.lower() for word in REFUSAL_WORDS):
            first = str(cause).strip().splitlines()[0] if str(cause).strip() else ""
            return f"HTTP {status}: {first[:300]}"
    return None


def _model_key(state: TaskState) -> tuple[str, str]:
    from inspect_ai.model import get_model

    model = get_model()
    return str(state.model), str(getattr(model.api, "base_url", "") or "")


def working_mode(state: TaskState) -> str | None:
    """Return the mode that worked for this sample's model in this process (None: not yet)."""
    return _WORKING_MODE.get(_model_key(state))


async def generate_in_mode(
    state: TaskState, generate: Generate, item: Any, mode: str = AUTO
) -> TaskState:
    """Return the state after generating the reply with structured output in ``mode``.

    A fixed mode is sent as it is (a refusal is the sample's error). ``auto`` starts from the
    mode that worked for this model, or ``json_schema``; a refused mode is tried once with no
    retries and the next one asked. Records the mode under ``structured_output`` in the
    sample's metadata. Items that are not exact-answer items are asked with no format.
    """
    check_mode(mode)
    if not isinstance(item, ExactItem):
        return await generate(state)
    if mode != AUTO:
        state.metadata["structured_output"] = mode
        return await generate(state, **request_settings(item, mode))
    key = _model_key(state)
    known = _WORKING_MODE.get(key)
    for candidate in FALLBACK[FALLBACK.index(known) :] if known else FALLBACK:
        if candidate == OFF:
            break
        settings = request_settings(item, candidate)
        state.metadata["structured_output"] = candidate
        try:  # a probe: no retries, so that a refusal costs one request
            state = await generate(state, **settings, max_retries=0)
        except Exception as err:  # noqa: BLE001 - providers raise many kinds; checked below
            why = refused_response_format(err)
            if why is None:  # not a refusal: ask again with the run's own retries
                state = await generate(state, **settings)
            else:
                refused = state.metadata.setdefault("structured_output_refused", [])
                refused.append(f"{candidate}: {why}")
                continue
        _WORKING_MODE[key] = candidate
        return state
    state.metadata["structured_output"] = OFF  # every format refused: instructions only
    _WORKING_MODE[key] = OFF
    return await generate(state)
