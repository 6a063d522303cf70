"""`clinbench_contamination`: Inspect tasks that probe whether a model has seen a bank.

Three probes, chosen with ``probe``:

- ``verbatim``: the model gets the first part of each item's text (``fraction`` of its
  words: the stem, with the options of a multiple-choice item) and is asked to continue it
  word for word; the continuation is compared with the true remainder
  (:mod:`clinbench.contamination.overlap`). The same measure on control text gives the
  contrast (:mod:`clinbench.contamination.probe_results`). Controls:

  * ``mismatched`` (any format): each continuation is also compared with the remainders
    of ``n_null`` other items of the same format. This baseline removes the overlap that
    comes from a format's stock phrases; it does not remove what a model can infer from
    the prefix about the rest of the item, so a model that reasons well from the prefix
    shows a modest contrast without having seen the item.
  * ``generated`` (case items): ``n_controls`` fresh cases from clinbench's audiogram
    generator, written now and so never in any training corpus, are continued the same
    way. Their overlap is what prefix-driven inference alone achieves on this format.

- ``canary``: the model is asked for the bank's canary GUID (``clinbench items canary``)
  by the bank's name; only the exact GUID counts as recalled.
- ``dated``: the items are asked as usual, each carrying its source date (``published``
  in its metadata, or ``provenance.accessed`` with ``date_field=accessed``); the analysis
  compares accuracy before and after a training cut-off.

Rows go to the results table under suite ``contamination``, condition = the probe.
"""

from __future__ import annotations

import math
import re
import tempfile
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from statistics import fmean
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import GenerateConfig
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr
from inspect_ai.solver import TaskState, generate

from clinbench.contamination.overlap import overlap
from clinbench.items.model import CaseItem, Item, MCQItem, SAItem
from clinbench.scoring import outcomes as oc
from clinbench.scoring.metrics import answer_metrics

TASK_NAME = "clinbench_contamination"
SUITE = "contamination"
PROBES = ("verbatim", "canary", "dated")
CONTROLS = ("mismatched", "generated")
TASK_VERSION = 1

CONTINUE_PROMPT = (
    "Below is the opening of a passage. Carry on writing it word for word, exactly as it "
    "continues in its original source, for about as long again. Give only the continuation: "
    "no preamble, no quotation marks, no comment.\n\n{prefix}"
)
CANARY_PROMPT = (
    "Benchmark files from clinbench carry a canary GUID so that their presence in training "
    "data can be detected. The item bank named {bank!r} has one. If you know that GUID, "
    "reply with it and nothing else; if you do not, reply UNKNOWN."
)
_GUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def item_text(item: Item) -> str:
    """Return the text of an item that the verbatim probe splits (stem, then MCQ options)."""
    if isinstance(item, MCQItem):
        options = "\n".join(f"{k}. {v}" for k, v in sorted(item.options.items()))
        return f"{item.stem}\n{options}"
    return item.stem


def split_text(text: str, fraction: float = 0.5, min_words: int = 12) -> tuple[str, str] | None:
    """Return (prefix, remainder) cut at a word boundary; None below min_words words."""
    if not 0 < fraction < 1:
        raise ValueError(f"fraction must be strictly between 0 and 1, got {fraction}")
    starts = [m.start() for m in re.finditer(r"\S+", text)]
    if len(starts) < max(min_words, 2):
        return None
    cut = min(max(1, round(len(starts) * fraction)), len(starts) - 1)
    return text[: starts[cut]].rstrip(), text[starts[cut] :]


def _metadata(item: Item, probe: str, bank: str, **extra: Any) -> dict[str, Any]:
    return {
        "item": item.model_dump(mode="json"),
        "suite": SUITE,
        "format": "continuation" if probe == "verbatim" else item.format,
        "condition": probe,
        "domain": item.domain,
        "source_pool": item.source_pool,
        "difficulty": item.difficulty,
        "answer_set": item.answer_set,
        "bank": bank,
        **extra,
    }


def _asked(item: Item, prefix: str, remainder: str) -> SAItem:
    """Return the item a continuation sample carries: the prefix as a free-text question.

    Offline providers answer from the item in a sample's metadata; they must see what the
    model sees (the prefix), not the bank item's options or key, or a baseline's reply
    would carry the item's own words.
    """
    return SAItem(id=item.id, suite=SUITE, stem=prefix, answer=remainder, domain=item.domain,
                  metadata={"bank_format": item.format})  # fmt: skip


def generated_controls(n: int, seed: int) -> list[CaseItem]:
    """Return n fresh case items from the audiogram generator (written to a temporary folder)."""
    from clinbench.audiogram.generate import generate_cases

    with tempfile.TemporaryDirectory(prefix="clinbench-controls-") as folder:
        return generate_cases(n, seed, folder)


def verbatim_samples(
    items: Sequence[Item],
    bank: str,
    control: str = "mismatched",
    fraction: float = 0.5,
    min_words: int = 12,
    n_null: int = 5,
    n_controls: int = 20,
    seed: int = 0,
) -> tuple[list[Sample], dict[str, Any]]:
    """Return the verbatim-completion samples (bank, then controls) and what was left out."""
    if control not in CONTROLS:
        raise ValueError(f"unknown control {control!r}; use one of {CONTROLS}")
    import numpy as np  # here, not at import: Inspect's registry loads this module on every run

    rng = np.random.default_rng(seed)
    parts = {i.id: split_text(item_text(i), fraction, min_words) for i in items}
    kept = [i for i in items if parts[i.id] is not None]
    short = [i.id for i in items if parts[i.id] is None]
    if not kept:
        raise ValueError(f"no item has at least {min_words} words to split")

    def nulls(item: Item, pool: list[Item]) -> list[str]:
        others = [o for o in pool if o.format == item.format and o.id != item.id]
        if not others:
            return []
        chosen = rng.choice(len(others), size=min(n_null, len(others)), replace=False)
        return [parts_all[others[int(k)].id][1] for k in sorted(chosen)]

    parts_all = dict(parts)
    samples = []
    for item in kept:
        prefix, remainder = parts[item.id]
        meta = _metadata(_asked(item, prefix, remainder), "verbatim", bank, arm="bank",
                         control=control, null_remainders=nulls(item, kept))  # fmt: skip
        samples.append(Sample(id=item.id, input=CONTINUE_PROMPT.format(prefix=prefix),
                              target=remainder, metadata=meta))  # fmt: skip
    n_generated = 0
    if control == "generated":
        odd = sorted({i.format for i in kept} - {"case"})
        if odd:
            raise ValueError(
                f"control=generated makes case items only; this bank also has {odd} "
                "(use control=mismatched, or select the case items)"
            )
        fresh = generated_controls(n_controls, seed)
        for case in fresh:
            parts_all[case.id] = split_text(item_text(case), fraction, min_words)
        fresh = [c for c in fresh if parts_all[c.id] is not None]
        for case in fresh:
            prefix, remainder = parts_all[case.id]
            meta = _metadata(_asked(case, prefix, remainder), "verbatim", bank, arm="control",
                             control=control, null_remainders=nulls(case, fresh))  # fmt: skip
            samples.append(Sample(id=f"control-{case.id}", target=remainder, metadata=meta,
                                  input=CONTINUE_PROMPT.format(prefix=prefix)))  # fmt: skip
        n_generated = len(fresh)
    left_out = {"too_short": short, "min_words": min_words, "controls_generated": n_generated}
    return samples, left_out


# a mean ROUGE-L F1, another kind of number than an accuracy: Inspect's mean and its stderr
@scorer(metrics=[mean(), stderr()], name="verbatim_overlap")
def verbatim_scorer() -> Scorer:
    """Score a continuation by ROUGE-L F1 with the true remainder (and with the null texts)."""

    async def score(state: TaskState, target: Target) -> Score:
        reply = state.output.completion if state.output else ""
        meta = state.metadata
        base = {"probe": "verbatim", "arm": meta.get("arm"), "control": meta.get("control"),
                "bank": meta.get("bank")}  # fmt: skip
        if not reply.strip():
            return Score(value=math.nan, answer="", explanation="empty continuation",
                         metadata={**base, "outcome": oc.PARSE_FAILED})  # fmt: skip
        measured = overlap(reply, target.text)
        nulls = [overlap(reply, text) for text in meta.get("null_remainders") or []]
        null = {
            f"null_{k}": fmean(n[k] for n in nulls) if nulls else None
            for k in ("rougeL", "lcs_ratio")
        }
        return Score(
            value=measured["rougeL"],
            answer=reply[:500],
            metadata={**base, "outcome": oc.GRADED, **measured, **null, "n_null": len(nulls)},
        )

    return score


@scorer(metrics=answer_metrics(), name="canary_recall")
def canary_scorer() -> Scorer:
    """Score a reply as correct only when it contains the bank's exact canary GUID."""

    async def score(state: TaskState, target: Target) -> Score:
        reply = state.output.completion if state.output else ""
        found = [g.lower() for g in _GUID.findall(reply or "")]
        recalled = target.text.lower() in found
        return Score(
            value=1.0 if recalled else 0.0,
            answer=", ".join(found) or (reply or "")[:100],
            metadata={
                "probe": "canary",
                "outcome": oc.CORRECT if recalled else oc.INCORRECT,
                "recalled": recalled,
                "guids_in_reply": len(found),
                "bank": state.metadata.get("bank"),
            },  # fmt: skip
        )

    return score


def item_date(item: Item, date_field: str = "published") -> date | None:
    """Return an item's source date: ``metadata.published`` or ``provenance.accessed``."""
    if date_field == "accessed":
        return item.provenance.accessed if item.provenance else None
    if date_field != "published":
        raise ValueError(f"date_field must be 'published' or 'accessed', got {date_field!r}")
    value = item.metadata.get("published")
    if value in (None, ""):
        return None
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError as err:
        raise ValueError(f"{item.id}: metadata.published {value!r} is not a date") from err


@scorer(metrics=answer_metrics(), name="dated_exact")
def dated_scorer() -> Scorer:
    """Score by exact match (as clinbench_items does), recording the item's source date."""
    from clinbench.items.sample import from_state
    from clinbench.scoring.exact import exact_match_score

    async def score(state: TaskState, target: Target) -> Score:
        result = exact_match_score(from_state(state), state)
        result.metadata = {**(result.metadata or {}), "probe": "dated",
                           "source_date": state.metadata.get("source_date")}  # fmt: skip
        return result

    return score


@task
def clinbench_contamination(
    items: str | list[str],
    probe: str = "verbatim",
    bank: str | None = None,
    control: str = "mismatched",
    fraction: float = 0.5,
    min_words: int = 12,
    n_null: int = 5,
    n_controls: int = 20,
    cutoff: str | None = None,
    date_field: str = "published",
    seed: int = 0,
    temperature: float = 0.0,
    max_tokens: int = 512,
) -> Task:
    """Return a contamination probe over an item bank (verbatim, canary or dated).

    Args:
        items: Item file(s) (comma-separated or a list).
        probe: ``verbatim`` (completion vs controls), ``canary`` (recall the bank's GUID)
            or ``dated`` (accuracy before/after a cut-off).
        bank: The bank's name (default: the first file's stem); asked for by ``canary``.
        control: ``mismatched`` (other items' remainders) or ``generated`` (fresh cases).
        fraction: Share of an item's words given as the prefix.
        min_words: Items with fewer words are left out of ``verbatim`` (and counted).
        n_null: Other items' remainders each continuation is compared with.
        n_controls: Fresh cases made for ``control=generated``.
        cutoff: Training cut-off (YYYY-MM-DD) recorded for the ``dated`` analysis.
        date_field: ``published`` (item metadata) or ``accessed`` (provenance).
        seed: Seed of the null-text draw, the control cases and the model.
        temperature: Sampling temperature. max_tokens: Reply limit.
    """
    from clinbench.item_tasks import item_sample
    from clinbench.items.digest import item_set_hash
    from clinbench.items.loader import load_items

    if probe not in PROBES:
        raise ValueError(f"unknown probe {probe!r}; use one of {PROBES}")
    paths = items.split(",") if isinstance(items, str) else list(items)
    loaded = load_items(paths)
    if not loaded:
        raise ValueError("no items in the bank")
    bank = bank or Path(paths[0]).stem
    protocol: dict[str, Any] = {"probe": probe, "bank": bank, "seed": seed}
    solver = generate()
    if probe == "verbatim":
        samples, left_out = verbatim_samples(
            loaded, bank, control, fraction, min_words, n_null, n_controls, seed
        )
        protocol |= {"control": control, "fraction": fraction, "n_null": n_null, **left_out}
        task_scorer = verbatim_scorer()
    elif probe == "canary":
        from clinbench.curate.canary import bank_canary

        guid = bank_canary(loaded)
        if guid is None:
            raise ValueError("the bank carries no canary: stamp it with `clinbench items canary`")
        meta = _metadata(loaded[0], "canary", bank)
        samples = [Sample(id=f"canary-{bank}", input=CANARY_PROMPT.format(bank=bank),
                          target=guid, metadata=meta)]  # fmt: skip
        task_scorer = canary_scorer()
    else:
        from clinbench.solvers.answer import answer_item

        dated = [(i, item_date(i, date_field)) for i in loaded]
        samples = [
            item_sample(i, "default", extra_metadata={**_metadata(i, "dated", bank),
                                                      "source_date": d.isoformat()})
            for i, d in dated
            if d is not None
        ]  # fmt: skip
        if not samples:
            raise ValueError(f"no item has a {date_field} date")
        if cutoff is not None:
            date.fromisoformat(cutoff)  # ValueError for a malformed cut-off
        protocol |= {"cutoff": cutoff, "date_field": date_field,
                     "undated": sum(d is None for _, d in dated)}  # fmt: skip
        solver = answer_item()
        task_scorer = dated_scorer()
    from clinbench.solvers.provider_errors import plain_provider_errors

    return Task(
        dataset=MemoryDataset(samples, name=f"{bank}-{probe}"),
        setup=plain_provider_errors(),
        solver=solver,
        scorer=task_scorer,
        config=GenerateConfig(temperature=temperature, seed=seed, max_tokens=max_tokens),
        name=TASK_NAME,
        version=TASK_VERSION,
        metadata={
            "condition": probe,
            "suite": SUITE,
            "protocol": protocol,
            "item_set_sha256": item_set_hash(loaded),
            "n_items": len(loaded),
        },  # fmt: skip
    )
