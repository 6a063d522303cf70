"""Source freshness: re-fetch each item's source and re-verify the quote that grounds its key.

For every item with a provenance URL and quote, the page is fetched again (httpx, with a
timeout, a redirect limit and a size limit), its text extracted (trafilatura; plain text
is used as is), and the quote searched for after folding whitespace, typographic quotes
and dashes. Each item gets one status:

- ``fresh``: the quote is still on the page;
- ``changed``: the page was read but the quote is gone: the item is flagged for review;
- ``unreachable``: the page could not be read (HTTP error, timeout, redirect loop, too
  large, not HTML or text); the reason says which.

Nothing here raises on a bad page: every failure becomes a row with its reason. A missing
or broken text extractor is an installation error (:class:`MissingDependencyError`), raised
before any page is fetched, never reported as an unreachable page.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from clinbench._deps import MissingDependencyError, require

if TYPE_CHECKING:  # pandas is imported when used, so mounting the command stays fast
    import pandas as pd

FRESH = "fresh"
CHANGED = "changed"
UNREACHABLE = "unreachable"
STATUSES = (FRESH, CHANGED, UNREACHABLE)

DEFAULT_TIMEOUT = 15.0
DEFAULT_MAX_REDIRECTS = 5
DEFAULT_MAX_BYTES = 5_000_000
USER_AGENT = "clinbench-freshness/0.1 (+source re-verification for benchmark items)"

_FOLD = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "`": "'",
        "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
        "\u00ab": '"', "\u00bb": '"',
        "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
        "\u2015": "-", "\u2212": "-", "\u00ad": None, "\u200b": None, "\ufeff": None,
    }
)  # fmt: skip
_TEXT_TYPES = ("text/plain",)
_HTML_TYPES = ("text/html", "application/xhtml+xml")


def normalise_quote_text(text: str) -> str:
    """Return text with Unicode forms, typographic quotes, dashes and whitespace folded."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    return re.sub(r"\s+", " ", text).strip()


def quote_in_text(quote: str, text: str) -> bool:
    """Return True when the quote appears in the text after normalisation (case kept)."""
    wanted = normalise_quote_text(quote)
    return bool(wanted) and wanted in normalise_quote_text(text)


@dataclass
class FreshnessResult:
    """The freshness of one item's source."""

    item_id: str
    url: str
    status: str
    reason: str
    http_status: int | None = None
    final_url: str | None = None
    content_type: str | None = None


def page_text(body: bytes, content_type: str, encoding: str | None) -> str | None:
    """Return the readable text of a page body (HTML through trafilatura), or None."""
    charset = encoding or "utf-8"
    try:
        raw = body.decode(charset, errors="replace")
    except LookupError:
        raw = body.decode("utf-8", errors="replace")
    if content_type in _TEXT_TYPES:
        return raw
    trafilatura = _extractor()

    main = trafilatura.extract(raw, include_tables=True, include_comments=False, favor_recall=True)
    # The main-content extractor can drop boxes and tables that hold a rule; the whole
    # page's visible text is kept beside it so a quote outside the main body still counts.
    whole = trafilatura.html2txt(raw)
    parts = [p for p in (main, whole) if p]
    return "\n".join(parts) if parts else None


def _extractor():
    """Return the trafilatura module, or raise MissingDependencyError naming the package."""
    return require("trafilatura")


def _fetch(client, url: str, max_bytes: int) -> tuple[bytes | None, dict, str]:
    """Return (body or None, facts, reason) for one URL; never raises for network trouble."""
    import httpx

    facts: dict = {}
    try:
        with client.stream("GET", url) as response:
            facts["http_status"] = response.status_code
            facts["final_url"] = str(response.url)
            ctype = response.headers.get("content-type", "").split(";")[0].strip().lower()
            facts["content_type"] = ctype or None
            facts["encoding"] = response.charset_encoding
            if response.status_code >= 400:
                return None, facts, f"HTTP {response.status_code} {response.reason_phrase}".strip()
            declared = response.headers.get("content-length")
            if declared and declared.isdigit() and int(declared) > max_bytes:
                return (
                    None,
                    facts,
                    f"page is {int(declared)} bytes, over the {max_bytes}-byte limit",
                )
            if ctype and ctype not in _HTML_TYPES + _TEXT_TYPES:
                return None, facts, f"not an HTML or text page ({ctype}): quote not checked"
            chunks, size = [], 0
            for chunk in response.iter_bytes():
                size += len(chunk)
                if size > max_bytes:
                    return None, facts, f"page exceeds the {max_bytes}-byte limit"
                chunks.append(chunk)
            return b"".join(chunks), facts, ""
    except httpx.TooManyRedirects:
        return None, facts, "too many redirects (redirect loop or chain over the limit)"
    except httpx.TimeoutException as err:
        return None, facts, f"timed out ({type(err).__name__})"
    except httpx.InvalidURL as err:
        return None, facts, f"invalid URL: {err}"
    except httpx.UnsupportedProtocol as err:
        return None, facts, f"unsupported protocol: {err}"
    except httpx.HTTPError as err:
        return None, facts, f"{type(err).__name__}: {err}"
    except Exception as err:  # any other failure to read the page is reported, never raised
        return None, facts, f"could not fetch: {type(err).__name__}: {err}"


def check_source(
    item_id: str,
    url: str,
    quote: str,
    *,
    client=None,
    timeout: float = DEFAULT_TIMEOUT,
    max_redirects: int = DEFAULT_MAX_REDIRECTS,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> FreshnessResult:
    """Return the freshness of one source: fetch the URL and look for the quote."""
    own = client is None
    if own:
        client = _client(timeout, max_redirects)
    try:
        body, facts, reason = _fetch(client, url, max_bytes)
    finally:
        if own:
            client.close()
    encoding = facts.pop("encoding", None)
    if body is None:
        return FreshnessResult(item_id, url, UNREACHABLE, reason, **facts)
    try:
        text = page_text(body, facts.get("content_type") or "text/html", encoding)
    except MissingDependencyError:
        raise
    except Exception as err:  # a page the extractor cannot parse is unreadable, not a crash
        return FreshnessResult(
            item_id, url, UNREACHABLE, f"text extraction failed: {type(err).__name__}", **facts
        )
    if not text or not text.strip():
        return FreshnessResult(item_id, url, UNREACHABLE, "no readable text on the page", **facts)
    if quote_in_text(quote, text):
        return FreshnessResult(item_id, url, FRESH, "quote found on the page", **facts)
    return FreshnessResult(
        item_id, url, CHANGED, "quote not found on the page: review the item's key", **facts
    )


def _client(timeout: float, max_redirects: int):
    import httpx

    return httpx.Client(
        timeout=httpx.Timeout(timeout),
        follow_redirects=True,
        max_redirects=max_redirects,
        headers={"User-Agent": USER_AGENT},
    )


def check_freshness(
    items: Sequence,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_redirects: int = DEFAULT_MAX_REDIRECTS,
    max_bytes: int = DEFAULT_MAX_BYTES,
    workers: int = 4,
) -> pd.DataFrame:
    """Return one row per item: item_id, url, status, reason, http_status, final_url, content_type.

    Items without a provenance URL or quote get status ``unreachable`` with that reason.
    Raises MissingDependencyError before fetching anything when the text extractor cannot
    be imported.
    """
    import pandas as pd

    _extractor()

    jobs, rows = [], []
    for item in items:
        prov = getattr(item, "provenance", None)
        url = (prov.url or "").strip() if prov else ""
        quote = (prov.quote or "").strip() if prov else ""
        if not url or not quote:
            missing = "URL" if not url else "quote"
            rows.append(FreshnessResult(item.id, url, UNREACHABLE, f"item has no source {missing}"))
            continue
        jobs.append((item.id, url, quote))
    with _client(timeout, max_redirects) as client:
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            rows += list(
                pool.map(lambda job: check_source(*job, client=client, max_bytes=max_bytes), jobs)
            )
    order = {item.id: n for n, item in enumerate(items)}
    rows.sort(key=lambda r: order.get(r.item_id, 0))
    columns = list(FreshnessResult.__dataclass_fields__)
    return pd.DataFrame([asdict(r) for r in rows], columns=columns)
