"""Why a model could not be built, in plain words with what to do (for `run` and roles)."""

from __future__ import annotations

import difflib
import json
import re
from typing import Any

from clinbench.errors import ProviderError

API_KEY = re.compile(r"\b[A-Z][A-Z0-9_]*_API_KEY\b")


def provider_names() -> list[str]:
    """Return the model providers Inspect knows (its own and those registered by packages)."""
    # importing the providers module registers Inspect's own; entry points add the rest
    import inspect_ai.model._providers.providers  # noqa: F401
    from inspect_ai._util.registry import registry_find, registry_info

    names = {registry_info(o).name for o in registry_find(lambda info: info.type == "modelapi")}
    return sorted({name.split("/")[-1] for name in names} | {"clinbench"})


def call_failure_cause(err: BaseException) -> str:
    """Return why a model call failed: the provider's HTTP status and first line when the
    chain holds one, else the innermost error's type and first line (Inspect and tenacity
    wrap provider errors, e.g. ``RetryError[<Future ...>]``, which names nothing)."""
    from clinbench.structured_output import error_chain

    chain = error_chain(err)
    for cause in chain:
        status = getattr(cause, "status_code", None)
        if isinstance(status, int):
            return f"HTTP {status}: {_first_line(cause)}"[:300]
    return f"{type(chain[-1]).__name__}: {_first_line(chain[-1])}"[:300]


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else ""


def explain_model_error(model: str, err: BaseException) -> str:
    """Return the error of building `model` as plain text with what to do about it.

    Rich markup in a provider's message is removed; a provider name no provider has gets
    the closest known ones (difflib); a missing API key names the variable to set.
    """
    from rich.text import Text

    try:
        text = Text.from_markup(str(err)).plain
    except Exception:  # noqa: BLE001 - a message that is not valid markup stays as it is
        text = str(err)
    text = re.sub(r"^ERROR:\s*", "", text.strip())
    text = re.sub(r"\s*\n\s*", " ", text)
    provider, _, rest = model.partition("/")
    if "not recognized" in text:  # Inspect: "Model API X of model 'X/Y' not recognized."
        known = provider_names()
        if provider not in known:
            close = difflib.get_close_matches(provider, known, n=1, cutoff=0.6)
            if close:
                guesses = f"{close[0]}/{rest}" if rest else close[0]
                return f"unknown provider {provider!r}: did you mean {guesses}?"
            return f"unknown provider {provider!r}; providers: {', '.join(known)}"
    keys = list(dict.fromkeys(API_KEY.findall(text)))
    if keys:
        service, _, served = rest.partition("/")
        if provider == "openai-api" and service and served:
            # Inspect's rule for openai-api/NAME/MODEL: the endpoint is NAME_BASE_URL, the
            # key NAME_API_KEY (NAME upper-cased, '-' as '_')
            env = service.upper().replace("-", "_")
            return (f"{text} An OpenAI-compatible endpoint needs both its address and a key: "
                    f"export {env}_BASE_URL=http://HOST:PORT/v1 and export "
                    f"{env}_API_KEY=YOUR_KEY (for clinbench's own local server: "
                    'eval "$(clinbench local env)"), then run the same command again.')  # fmt: skip
        return (f"{text} To run it, set the API key first, e.g. export {keys[0]}=YOUR_KEY "
                "(then run the same command again).")  # fmt: skip
    return text


# The provider's own words for a request it will never accept as sent: a request-body
# validation error (pydantic/FastAPI servers such as llama-cpp-python answer HTTP 500 with
# it) or a content kind the model does not support. Sending the same request again gets the
# same answer, so such an error is not retried.
_REFUSAL_WORDS = re.compile(
    r"validation errors?\b.{0,200}?\(\s*'body'|does not support|not supported|unsupported"
    r"|invalid content type|cannot (?:process|accept)",
    re.IGNORECASE | re.DOTALL,
)
_REFUSAL_STATUS = {400, 413, 415, 422}  # the request itself is wrong (not auth, quota or rate)
# failures that pass with time (timeout, rate limit, gateway, overload): never a refusal,
# whatever their words say ("cannot process your request right now")
_PASSING_STATUS = {408, 425, 429, 502, 503, 504, 529}


def refused_request(err: BaseException) -> str | None:
    """Return the provider's refusal of the request as sent (``HTTP status: first line``),
    or None when the failure may pass (a dead server, a timeout, a rate limit, an outage).

    A refusal is a 400, 413, 415 or 422, or an HTTP error other than a passing one (408, 425,
    429, 502, 503, 504, 529) whose message says the request body failed validation or names
    something unsupported; only the first 2,000 characters of
    the message are read (linear, bounded)."""
    from clinbench.structured_output import error_chain

    for cause in error_chain(err):
        status = getattr(cause, "status_code", None)
        if not isinstance(status, int) or not 400 <= status < 600 or status in _PASSING_STATUS:
            continue
        text = f"{cause} {getattr(cause, 'body', '') or ''}"[:2000]
        if status in _REFUSAL_STATUS or _REFUSAL_WORDS.search(text):
            return f"HTTP {status}: {_first_line(cause)}"[:300]
    return None


# ------------------------------------------------------------------ a body that is not JSON

FIRST_BYTES = 80  # how much of an unreadable body a message quotes


class UnreadableReply(ProviderError, RuntimeError):
    """A provider endpoint answered with a body that is not the JSON its API promises: not
    JSON at all, or JSON that is not a chat completion (:func:`not_a_chat_completion`).

    A failed call, recorded as an error row (or a judging role's failed call), never read as a
    reply; the message names the endpoint, what was expected and the first bytes received.
    """


def _response_read(err: json.JSONDecodeError) -> Any | None:
    """Return the HTTP response whose body `err` was raised decoding (httpx's
    ``Response.json``, as the openai and anthropic clients read a reply), or None when the
    error did not come from reading a response (a tool call's arguments, a file)."""
    tb = err.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_name == "json" and "httpx" in code.co_filename:
            response = tb.tb_frame.f_locals.get("self")
            if hasattr(response, "content") and hasattr(response, "request"):
                return response
        tb = tb.tb_next
    return None


def _quoted(body: bytes | str, received: str = "first bytes received") -> str:
    """Return the first bytes of a body between backticks, control characters escaped
    ('an empty body' when there are none), after `received`."""
    if not body.strip():
        return "an empty body" if not body else f"only white space ({len(body)} bytes)"
    first = body[:FIRST_BYTES]
    if isinstance(first, bytes):
        first = first.decode("utf-8", errors="backslashreplace")
    shown = first.encode("unicode_escape").decode("ascii")
    more = "" if len(body) <= FIRST_BYTES else f" (of {len(body)})"
    return f"{received}{more}: `{shown}`"


def unreadable_json(err: json.JSONDecodeError, expected: str, endpoint: str = "") -> str:
    """Return in plain words that an endpoint's answer is not JSON where `expected` was.

    The endpoint is the URL of the response `err` came from (with its HTTP status), else
    `endpoint`; then the first bytes received (:data:`FIRST_BYTES`), and where the JSON breaks.
    """
    response = _response_read(err)
    body: bytes | str = err.doc or ""
    if response is not None:
        endpoint = f"{response.request.method} {response.request.url}"
        endpoint += f" (HTTP {response.status_code})"
        body = response.content
    where = endpoint or "the endpoint"
    return (
        f"{where} answered with a body that is not JSON, where {expected} was expected; "
        f"{_quoted(body)} (not JSON at character {err.pos}: {err.msg})"
    )


def json_error_in(err: BaseException) -> json.JSONDecodeError | None:
    """Return the JSON decoding error of a response body in `err`'s chain, or None."""
    from clinbench.structured_output import error_chain

    return next(
        (e for e in error_chain(err)
         if isinstance(e, json.JSONDecodeError) and _response_read(e) is not None),
        None,
    )  # fmt: skip


def _chat_completion_endpoint(api: Any) -> str:
    """Return ``POST BASE/chat/completions`` for an OpenAI-compatible provider."""
    base = str(getattr(api, "base_url", None) or "").rstrip("/")
    return f"POST {base}/chat/completions" if base else "the chat completions endpoint"


def _received(value: Any) -> str:
    """Return what a provider's client parsed from a reply body, as the body's JSON."""
    dump = getattr(value, "model_dump", None)
    if callable(dump):  # the client's model of the body: the keys that were in it
        value = dump(exclude_unset=True, warnings=False)
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return repr(value)


def not_a_chat_completion(completion: Any) -> tuple[str, Any] | None:
    """Return what is wrong with a parsed chat completion body and the part of it to quote
    (the body; for a message without content, that message), or None when it is one.

    A chat completion is a JSON object with a non-empty ``choices`` list, each choice a
    ``message`` with ``content`` (a string, "" included), or else tool calls, a refusal or
    the model's reasoning. ``{"detail": "Not Found"}`` (a proxy's or server's own JSON at the
    wrong path), a list, ``choices: []`` and a message without content are not: read as a
    reply they would be an empty answer, scored as wrong, or a ``TypeError`` from the client.
    """
    from openai.types.chat import ChatCompletion

    if not isinstance(completion, ChatCompletion):
        return f"a JSON {type(completion).__name__} where an object was expected", completion
    choices = getattr(completion, "choices", None)
    if not isinstance(choices, list):
        return "no `choices`", completion
    if not choices:
        return "an empty `choices` list", completion
    for choice in choices:
        message = getattr(choice, "message", None)
        if message is None:
            return "a choice without a `message`", completion
        extra = getattr(message, "model_extra", None) or {}
        if (
            getattr(message, "content", None) is None
            and not getattr(message, "tool_calls", None)
            and not getattr(message, "refusal", None)
            and not any(extra.get(k) for k in ("reasoning_content", "reasoning"))
        ):
            return "a `message` without `content`", message
    return None


def naming_unreadable_replies(model: Any) -> Any:
    """Return `model` (an Inspect Model) with its provider's calls raising
    :class:`UnreadableReply` where the reply's body is not what the API promises: a body the
    provider's client could not decode as JSON (its own error, ``JSONDecodeError: Expecting
    value: line 1 column 1``, named neither the endpoint nor what it sent), or, from an
    OpenAI-compatible chat endpoint, JSON that is not a chat completion
    (:func:`not_a_chat_completion`). Any other failure is raised as it was (Inspect retries
    what it retried before; neither of these did it retry). Idempotent; the model's provider
    object is changed in place (copies of the model share it). Every clinbench task applies
    it to its models and roles as its first step (:func:`naming_the_task_models`), however
    the model was built (``clinbench run``, ``resume``, a bare ``inspect eval``).
    """
    api = getattr(model, "api", None)
    if api is None or getattr(api, "_names_unreadable_replies", False):
        return model
    generate = api.generate
    expected = f"a JSON reply from {model}"

    async def generate_named(*args: Any, **kwargs: Any) -> Any:
        try:
            return await generate(*args, **kwargs)
        except UnreadableReply:
            raise
        except Exception as err:  # noqa: BLE001 - only a body that is not JSON is renamed
            found = json_error_in(err)
            if found is None:
                raise
            base = getattr(api, "base_url", None) or ""
            raise UnreadableReply(unreadable_json(found, expected, base)) from None

    api.generate = generate_named
    completion = getattr(api, "_generate_completion", None)
    if completion is not None and _reads_chat_completions(api):

        async def checked_completion(*args: Any, **kwargs: Any) -> Any:
            received = await completion(*args, **kwargs)
            wrong = not_a_chat_completion(received)
            if wrong is not None:
                missing, part = wrong
                what = "received" if part is received else "the message received"
                raise UnreadableReply(
                    f"{_chat_completion_endpoint(api)} answered with JSON that is not a chat "
                    f"completion ({missing}), where {expected} was expected; "
                    f"{_quoted(_received(part), f'{what}, as the client read it')}"
                )
            return received

        api._generate_completion = checked_completion
    api._names_unreadable_replies = True
    return model


def _reads_chat_completions(api: Any) -> bool:
    """Return whether `api` is an OpenAI-compatible provider reading chat completions."""
    from inspect_ai.model._providers.openai_compatible import OpenAICompatibleAPI
    from inspect_ai.model._providers.openai_compatible_completions import (
        OpenAICompatibleCompletionsAPI,
    )

    return isinstance(api, OpenAICompatibleAPI) and not isinstance(
        api, OpenAICompatibleCompletionsAPI
    )


def naming_the_task_models() -> None:
    """Apply :func:`naming_unreadable_replies` to the running task's model and to every model
    bound to one of its roles (a judge panel's list too). Called by each clinbench task's
    setup step (:func:`clinbench.solvers.provider_errors.plain_provider_errors`): the one
    place every path that runs a clinbench task passes, whoever built the models."""
    from inspect_ai.model import get_model, model_roles

    naming_unreadable_replies(get_model())
    for bound in model_roles().values():
        for model in bound if isinstance(bound, list) else [bound]:
            naming_unreadable_replies(model)
