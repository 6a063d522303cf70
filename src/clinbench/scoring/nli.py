"""Natural language inference of a reply against its reference, and multipass label stability.

A judge-independent check beside the rubric adjudicator (AudiologyBench reran its case
questions ten times and labelled each new reply against the fixed reference answer with an
NLI model that has no sampling). The classifier is any Hugging Face sequence-classification
model the user names whose labels map to entailment / neutral / contradiction (e.g. an MNLI
model); it needs the optional extra ``clinbench[nli]`` (transformers + torch), imported only
when a model loads.

The premise is the reference answer and the hypothesis the reply (both truncated to the
model's maximum length); the label is the class with the highest probability. The model
runs in eval mode without sampling, so the same pair always gets the same label and any
pass-to-pass variation comes from the evaluated model's replies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from clinbench.errors import SetupError

NLI_LABELS = ("entailment", "neutral", "contradiction")
_PREFIXES = {"entail": "entailment", "neutral": "neutral", "contradict": "contradiction"}


class NLIError(SetupError, ValueError):
    """Raised when an NLI model cannot be loaded or its labels cannot be mapped."""


def label_mapping(
    id2label: Mapping[int | str, str], label_map: Mapping[str, str] | None = None
) -> dict[int, str]:
    """Return class index -> entailment/neutral/contradiction for a model's ``id2label``.

    Labels are matched case-insensitively by their start ("ENTAILMENT", "contradiction",
    "Neutral"); ``label_map`` names the meaning of any other label (e.g. {"LABEL_0":
    "entailment"}). Every one of the three meanings must be covered exactly once.
    """
    explicit = {k.lower(): v for k, v in (label_map or {}).items()}
    mapping: dict[int, str] = {}
    unknown = []
    for raw_index, raw_label in id2label.items():
        index = int(raw_index)
        name = str(raw_label).strip().lower()
        meaning = explicit.get(name)
        if meaning is None:
            meaning = next((v for k, v in _PREFIXES.items() if name.startswith(k)), None)
        if meaning is None:
            unknown.append(raw_label)
            continue
        if meaning not in NLI_LABELS:
            raise NLIError(
                f"label_map gives {raw_label!r} the meaning {meaning!r}; use {NLI_LABELS}"
            )
        mapping[index] = meaning
    if unknown:
        raise NLIError(
            f"model labels {unknown} do not say entailment/neutral/contradiction; "
            "pass label_map naming each one"
        )
    meanings = sorted(mapping.values())
    if meanings != sorted(NLI_LABELS):
        raise NLIError(
            f"an NLI model needs exactly one class each for {NLI_LABELS}; "
            f"its labels map to {meanings}"
        )
    return mapping


@dataclass
class NLIResult:
    """The label of one premise/hypothesis pair and the probability of each label."""

    label: str
    probabilities: dict[str, float] = field(default_factory=dict)


@dataclass
class NLIClassifier:
    """A loaded NLI model: classify (premise, hypothesis) pairs deterministically."""

    name: str
    model: Any
    tokenizer: Any
    labels: dict[int, str]
    max_length: int = 512

    def classify(self, premise: str, hypothesis: str) -> NLIResult:
        """Return the NLI label of ``hypothesis`` given ``premise``."""
        return self.classify_pairs([(premise, hypothesis)])[0]

    def classify_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[NLIResult]:
        """Return the NLI label of each (premise, hypothesis) pair."""
        import torch

        if not pairs:
            return []
        encoded = self.tokenizer(
            [p for p, _ in pairs],
            [h for _, h in pairs],
            truncation=True,
            max_length=self.max_length,
            padding=True,
            return_tensors="pt",
        )
        with torch.no_grad():
            logits = self.model(**encoded).logits
        probabilities = torch.softmax(logits.float(), dim=-1).tolist()
        results = []
        for row in probabilities:
            by_label = {self.labels[i]: round(float(p), 6) for i, p in enumerate(row)}
            best = max(range(len(row)), key=lambda i: row[i])
            results.append(NLIResult(self.labels[best], by_label))
        return results


_LOADED: dict[tuple[str, tuple[tuple[str, str], ...]], NLIClassifier] = {}


def load_nli(model: str | Path, *, label_map: Mapping[str, str] | None = None) -> NLIClassifier:
    """Return an NLI classifier loaded from a local folder or a model name transformers knows.

    Needs the ``nli`` extra (transformers and torch). Loaded models are cached per process.
    """
    key = (str(model), tuple(sorted((label_map or {}).items())))
    if key in _LOADED:
        return _LOADED[key]
    try:
        import torch
        from transformers import AutoModelForSequenceClassification, AutoTokenizer
    except ImportError as err:  # pragma: no cover - depends on the environment
        raise NLIError(
            "NLI scoring needs the optional extra: pip install 'clinbench[nli]' "
            f"(transformers and torch); import failed: {err}"
        ) from err
    try:
        tokenizer = AutoTokenizer.from_pretrained(str(model))
        network = AutoModelForSequenceClassification.from_pretrained(str(model))
    except (OSError, ValueError) as err:
        raise NLIError(f"cannot load NLI model {str(model)!r}: {err}") from err
    network.eval()
    torch.manual_seed(0)
    labels = label_mapping(network.config.id2label, label_map)
    limit = getattr(tokenizer, "model_max_length", 512) or 512
    max_positions = getattr(network.config, "max_position_embeddings", 512) or 512
    classifier = NLIClassifier(
        str(model), network, tokenizer, labels, int(min(limit, max_positions, 512))
    )
    _LOADED[key] = classifier
    return classifier


# -- multipass stability ------------------------------------------------------------------


def contradiction_by_pass(
    data: pd.DataFrame,
    *,
    label: str = "nli_label",
    pass_column: str = "epoch",
    by: Sequence[str] = ("model", "question"),
) -> pd.DataFrame:
    """Return the contradiction rate of each pass: columns ``by`` + pass, n, contradictions, rate.

    Rows whose label is missing (an unscored reply) are left out of ``n`` and disclosed
    through the ``unlabelled`` column.
    """
    keys = [*by, pass_column]
    rows = []
    for values, group in data.groupby(keys, dropna=False, sort=True):
        labelled = group[label].dropna()
        n = len(labelled)
        contradictions = int((labelled == "contradiction").sum())
        rows.append(
            dict(zip(keys, values if isinstance(values, tuple) else (values,), strict=True))
            | {
                "n": n,
                "contradictions": contradictions,
                "rate": contradictions / n if n else float("nan"),
                "unlabelled": int(len(group) - n),
            }
        )
    return pd.DataFrame(rows, columns=[*keys, "n", "contradictions", "rate", "unlabelled"])


def multipass_stability(
    data: pd.DataFrame,
    *,
    label: str = "nli_label",
    item: str = "item_id",
    pass_column: str = "epoch",
    by: Sequence[str] = ("model", "question"),
    min_agree: int = 8,
) -> pd.DataFrame:
    """Return per group the pass-to-pass stability of NLI labels over repeated passes.

    Columns: ``by``, ``passes``, ``items``, ``contradictions``, ``n``, ``contradiction rate``
    (pooled over passes), ``rate SD`` (standard deviation of the per-pass rates, in
    percentage points), ``rate min``/``rate max`` (per-pass extremes), ``stable items``
    (items whose most frequent label occurs in at least ``min_agree`` passes) and
    ``stable share`` — the figures AudiologyBench reports for its 10-pass rerun.
    """
    by = list(by)
    per_pass = contradiction_by_pass(data, label=label, pass_column=pass_column, by=by)
    rows = []
    for values, group in data.groupby(by, dropna=False, sort=True):
        values = values if isinstance(values, tuple) else (values,)
        passes = per_pass
        for column, value in zip(by, values, strict=True):
            passes = (
                passes[passes[column] == value]
                if pd.notna(value)
                else passes[passes[column].isna()]
            )
        rates = passes["rate"].dropna()
        modal = (
            group.dropna(subset=[label])
            .groupby(item)[label]
            .agg(lambda labels: labels.value_counts().iloc[0])
        )
        items = int(group[item].nunique())
        stable = int((modal >= min_agree).sum())
        n = int(passes["n"].sum())
        contradictions = int(passes["contradictions"].sum())
        rows.append(
            dict(zip(by, values, strict=True))
            | {
                "passes": int(group[pass_column].nunique()),
                "items": items,
                "contradictions": contradictions,
                "n": n,
                "contradiction rate": contradictions / n if n else float("nan"),
                "rate SD": float(rates.std(ddof=1) * 100) if len(rates) > 1 else float("nan"),
                "rate min": float(rates.min()) if len(rates) else float("nan"),
                "rate max": float(rates.max()) if len(rates) else float("nan"),
                "stable items": stable,
                "stable share": stable / items if items else float("nan"),
            }
        )
    columns = [*by, "passes", "items", "contradictions", "n", "contradiction rate", "rate SD",
               "rate min", "rate max", "stable items", "stable share"]  # fmt: skip
    return pd.DataFrame(rows, columns=columns)
