"""Why a model could not be built, in plain words with what to do (for `run` and roles)."""

from __future__ import annotations

import difflib
import re

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
