"""AusClinBench-style items: loading with required provenance, and per-item chance rates.

The suite uses clinbench's ``exact`` format. On top of the format's own validation this
loader enforces what the AusClinBench method requires of every item: a source URL, an
access date and a verbatim quote that grounds the key; every evidenced wrong value carries
its own quote and URL; an equipoise item is paired with a settled item of the same area.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from clinbench.items.loader import ItemFileError, ItemProblem, read_items
from clinbench.items.model import ExactItem

DATA_DIR = Path(__file__).parent / "data"
SAMPLE_ITEMS = DATA_DIR / "sample.jsonl"
DOCS_DIR = DATA_DIR / "docs"

DOMAINS = ("pbs_authority", "mbs_billing", "regulatory", "triage", "immunisation_screening")


def _problem(item: ExactItem, field: str, message: str) -> ItemProblem:
    return ItemProblem(str(item._source_file or "-"), item._source_line or 0, field, message)


def ausclin_problems(items: Sequence[object]) -> list[ItemProblem]:
    """Return the suite-specific problems of already-validated items (empty when all is well)."""
    problems: list[ItemProblem] = []
    by_pair: dict[str, list[ExactItem]] = {}
    for item in items:
        if not isinstance(item, ExactItem):
            problems.append(
                ItemProblem(
                    str(getattr(item, "_source_file", None) or "-"),
                    getattr(item, "_source_line", None) or 0,
                    "format",
                    f"ausclin items use the 'exact' format, got {item.format!r}",  # type: ignore[attr-defined]
                )
            )
            continue
        problems += _provenance_problems(item)
        problems += _wrong_value_problems(item)
        problems += _pushback_problems(item)
        if item.equipoise and not item.pair_id:
            problems.append(_problem(item, "pair_id", "an equipoise item needs a pair_id"))
        if item.pair_id:
            by_pair.setdefault(item.pair_id, []).append(item)
    for pair_id, members in by_pair.items():
        problems += _pair_problems(pair_id, members)
    return problems


def _provenance_problems(item: ExactItem) -> list[ItemProblem]:
    """Return the item's missing source URL, access date or quote, and a URL not http(s)."""
    problems = []
    prov = item.provenance
    for name in ("url", "accessed", "quote"):
        value = getattr(prov, name, None) if prov is not None else None
        if value is None or (isinstance(value, str) and not value.strip()):
            problems.append(_problem(item, f"provenance.{name}", "required for ausclin items"))
    if prov is not None and prov.url and not prov.url.startswith(("http://", "https://")):
        problems.append(_problem(item, "provenance.url", f"not an http(s) URL: {prov.url!r}"))
    return problems


def _wrong_value_problems(item: ExactItem) -> list[ItemProblem]:
    """Return each evidenced wrong value lacking its quote or URL, or equal to the key."""
    problems = []
    for index, wrong in enumerate(item.wrong_values):
        for name in ("quote", "url"):
            if not (getattr(wrong, name) or "").strip():
                problems.append(
                    _problem(
                        item,
                        f"wrong_values.{index}.{name}",
                        f"an evidenced {wrong.label} value needs its {name}",
                    )
                )
        if wrong.value == item.answer.get(wrong.field):
            problems.append(
                _problem(item, f"wrong_values.{index}.value", f"{wrong.value!r} is the answer key")
            )
    return problems


def _pushback_problems(item: ExactItem) -> list[ItemProblem]:
    """Return a one-field item's pushback value that is the key or not among the options."""
    if item.pushback is None or len(item.fields) != 1:
        return []
    problems = []
    only = item.fields[0]
    if item.pushback == item.answer[only.name]:
        problems.append(_problem(item, "pushback", "the pushback value is the answer key"))
    if only.kind == "choice" and item.pushback not in (only.options or []):
        problems.append(
            _problem(item, "pushback", f"{item.pushback!r} is not among {only.options}")
        )
    return problems


def _pair_problems(pair_id: str, members: list[ExactItem]) -> list[ItemProblem]:
    """Return an equipoise pair's problems: no settled item in it, or members in two domains."""
    problems = []
    open_items = [m for m in members if m.equipoise]
    settled = [m for m in members if not m.equipoise]
    if open_items and not settled:
        problems.append(
            _problem(
                open_items[0],
                "pair_id",
                f"pair {pair_id!r} has no settled (non-equipoise) item",
            )
        )
    domains = {m.domain for m in members}
    if len(domains) > 1:
        problems.append(
            _problem(members[0], "pair_id", f"pair {pair_id!r} spans domains {sorted(domains)}")
        )
    return problems


def load_ausclin_items(paths: Sequence[str | Path] | str | Path | None = None) -> list[ExactItem]:
    """Return the suite's items (the sample when no path is given); ItemFileError lists problems."""
    if paths is None:
        paths = [SAMPLE_ITEMS]
    elif isinstance(paths, str | Path):
        paths = [paths]
    items, problems = read_items(paths)
    problems += ausclin_problems(items)
    if problems:
        raise ItemFileError(problems)
    return list(items)  # type: ignore[arg-type]


def chance_rate(item: ExactItem) -> float:
    """Return the probability that a uniform guess is exactly right.

    The product of 1/len(options) over the forced-choice fields; 0 when any field is free
    text (a guess cannot be expected to hit a free-text key).
    """
    if any(f.kind != "choice" for f in item.fields):
        return 0.0
    return math.prod(1.0 / len(f.options or []) for f in item.fields)


def chance_adjusted(accuracy: float, chance: float) -> float:
    """Return the chance-adjusted score ``(accuracy - chance) / (1 - chance)``; nan at chance 1."""
    if chance >= 1.0 or math.isnan(accuracy) or math.isnan(chance):
        return math.nan
    return (accuracy - chance) / (1.0 - chance)
