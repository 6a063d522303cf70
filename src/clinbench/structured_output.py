"""Structured output that degrades: the modes, and the fallback when a provider refuses one.

Every model call that asks for a JSON reply of a given schema goes through
:func:`generate_structured`: the answering step of exact-answer items
(:mod:`clinbench.solvers.structured`), curation calls (:mod:`clinbench.curate.structured_calls`)
and the audiogram claim reader (``clinbench.suites.audiology.claim_reader``).

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
the run, so only the first replies pay for the probe; each run and resume of
:mod:`clinbench.runner` starts with none remembered (:func:`forget_working_modes`), so that a
run's log holds its own probe and refusal whatever ran before it in the process. The mode
each reply was asked in is recorded (``structured_output``), and every refusal the fallback
met under ``structured_output_refused``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, TypeVar

JSON_SCHEMA, JSON_OBJECT, OFF, AUTO = "json_schema", "json_object", "off", "auto"
MODES = (AUTO, JSON_SCHEMA, JSON_OBJECT, OFF)
FALLBACK = (JSON_SCHEMA, JSON_OBJECT, OFF)  # what auto tries, in order
# Words that a refusal of the request's response format names (OpenAI, vLLM, llama.cpp).
REFUSAL_WORDS = ("response_format", "json_schema", "response format")
MODE_KEY, REFUSED_KEY = "structured_output", "structured_output_refused"

# (model name, base url) -> the mode that worked; see the module docstring.
_WORKING_MODE: dict[tuple[str, str], str] = {}

T = TypeVar("T")


def check_mode(mode: str) -> str:
    """Return the structured-output mode, or raise ValueError naming the known ones."""
    if mode not in MODES:
        raise ValueError(f"structured_output must be one of {', '.join(MODES)}, got {mode!r}")
    return mode


def schema_settings(
    schema: dict[str, Any],
    mode: str,
    name: str = "answer",
    description: str | None = None,
    strict: bool = True,
) -> dict[str, Any]:
    """Return the generate() settings (GenerateConfig fields) that ask for ``schema`` in one
    (non-auto) mode: a ResponseSchema, an extra ``response_format`` field, or nothing."""
    if mode == OFF:
        return {}
    if mode == JSON_SCHEMA:
        from inspect_ai.model import ResponseSchema
        from inspect_ai.util import JSONSchema

        return {
            "response_schema": ResponseSchema(
                name=name,
                json_schema=JSONSchema.model_validate(schema),
                description=description,
                strict=strict,
            )
        }
    if mode == JSON_OBJECT:
        return {"extra_body": {"response_format": {"type": "json_object", "schema": schema}}}
    raise ValueError(f"no request settings for structured_output={mode!r}")


def error_chain(err: BaseException) -> list[BaseException]:
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
    for cause in error_chain(err):
        status = getattr(cause, "status_code", None)
        if not isinstance(status, int) or not 400 <= status < 600:
            continue
        text = f"{getattr(cause, 'body', '')} {cause}"
        if any(word in text.lower() for word in REFUSAL_WORDS):
            first = str(cause).strip().splitlines()[0] if str(cause).strip() else ""
            return f"HTTP {status}: {first[:300]}"
    return None


def model_key(model: Any) -> tuple[str, str]:
    """Return what a working mode is remembered under: the model's name and endpoint."""
    return str(model), str(getattr(getattr(model, "api", None), "base_url", "") or "")


def forget_working_modes() -> None:
    """Forget every remembered working mode (a new run probes again and records its refusal).

    In one process (a notebook) a second run of ausclin against a server that refuses
    json_schema asked json_object from its first reply, with no probe and no refusal in its
    log: the mode had been kept from the first run.
    """
    _WORKING_MODE.clear()


def known_mode(key: tuple[str, str]) -> str | None:
    """Return the mode that worked for this model and endpoint in this process (None: not yet)."""
    return _WORKING_MODE.get(key)


async def generate_structured(
    call: Callable[..., Awaitable[T]],
    schema: dict[str, Any],
    mode: str,
    key: tuple[str, str],
    record: MutableMapping[str, Any],
    *,
    name: str = "answer",
    description: str | None = None,
    strict: bool = True,
) -> T:
    """Return ``call(**settings)``'s result, asked for ``schema`` in ``mode`` (see module doc).

    ``call`` makes the model call with GenerateConfig fields as keyword arguments (for a
    solver ``generate(state, **settings)``, for a Model ``model.generate(input,
    config=GenerateConfig(**settings))``). A fixed mode is sent as it is (a refusal is the
    call's error). ``auto`` starts from the mode that worked for ``key`` (see
    :func:`model_key`), or ``json_schema``; a refused mode is tried once with no retries and
    the next one asked; another failure is asked again with the call's own retries and, if
    it fails again, raised. The mode used goes to ``record["structured_output"]`` and each
    refusal to ``record["structured_output_refused"]``.
    """
    check_mode(mode)

    def settings(candidate: str) -> dict[str, Any]:
        return schema_settings(schema, candidate, name, description, strict)

    if mode != AUTO:
        record[MODE_KEY] = mode
        return await call(**settings(mode))
    known = _WORKING_MODE.get(key)
    for candidate in FALLBACK[FALLBACK.index(known) :] if known else FALLBACK:
        if candidate == OFF:
            break
        record[MODE_KEY] = candidate
        try:  # a probe: no retries, so that a refusal costs one request
            result = await call(**settings(candidate), max_retries=0)
        except Exception as err:  # noqa: BLE001 - providers raise many kinds; checked below
            why = refused_response_format(err)
            if why is None:  # not a refusal: ask again with the call's own retries
                result = await call(**settings(candidate))
            else:
                record.setdefault(REFUSED_KEY, []).append(f"{candidate}: {why}")
                continue
        _WORKING_MODE[key] = candidate
        return result
    record[MODE_KEY] = OFF  # every format refused: instructions only
    _WORKING_MODE[key] = OFF
    return await call()
