"""Speech metrics: WER, MER, WIP (jiwer) and micro/macro F1 and exact match (scikit-learn).

Each comes with a seeded bootstrap standard deviation (items resampled with replacement), as
SLPHelm reports "mean +- bootstrap SD". An empty or refused transcription counts as every
reference word deleted (WER 1 for that item), never as a perfect or skipped item.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

_FRAGMENTS = re.compile(r"\b(\w+)-(?=\w)")  # "b-b-ball" -> "b- b- ball"
_PUNCT = re.compile(r"[^\w\s'\-]")


def normalise_transcript(text: str | None) -> str:
    """Return a transcript lower-cased, punctuation removed, part-word fragments split off."""
    if not text:
        return ""
    text = _FRAGMENTS.sub(r"\1- ", text.lower())
    text = _PUNCT.sub(" ", text)
    words = [w for w in text.split() if w.strip("-'")]
    return " ".join(words)


def word_counts(reference: str, hypothesis: str | None) -> dict[str, int]:
    """Return hits, substitutions, deletions, insertions and word totals for one pair (jiwer)."""
    import jiwer

    ref = normalise_transcript(reference)
    hyp = normalise_transcript(hypothesis)
    if not ref:
        raise ValueError("the reference transcript is empty: WER is undefined")
    n_ref = len(ref.split())
    if not hyp:  # empty or refused: every reference word deleted
        return {"hits": 0, "substitutions": 0, "deletions": n_ref, "insertions": 0,
                "ref_words": n_ref, "hyp_words": 0}  # fmt: skip
    out = jiwer.process_words(ref, hyp)
    return {
        "hits": out.hits,
        "substitutions": out.substitutions,
        "deletions": out.deletions,
        "insertions": out.insertions,
        "ref_words": n_ref,
        "hyp_words": len(hyp.split()),
    }


def measures_from_counts(h: float, s: float, d: float, i: float) -> dict[str, float]:
    """Return WER, MER and WIP from summed counts (the formulas jiwer uses)."""
    n_ref, n_hyp = h + s + d, h + s + i
    wer = (s + d + i) / n_ref if n_ref else float("nan")
    mer = (s + d + i) / (h + s + d + i) if (h + s + d + i) else float("nan")
    wip = (h / n_ref) * (h / n_hyp) if n_ref and n_hyp else 0.0
    return {"WER": wer, "MER": mer, "WIP": wip}


def transcription_measures(
    references: Sequence[str], hypotheses: Sequence[str | None]
) -> dict[str, float]:
    """Return corpus-level WER, MER and WIP of hypotheses against references."""
    if len(references) != len(hypotheses):
        raise ValueError("references and hypotheses differ in length")
    counts = np.array(
        [
            [c["hits"], c["substitutions"], c["deletions"], c["insertions"]]
            for c in (word_counts(r, h) for r, h in zip(references, hypotheses, strict=True))
        ],
        dtype=float,
    ).reshape(-1, 4)
    return measures_from_counts(*counts.sum(axis=0))


def classification_measures(
    gold: Sequence[str], predicted: Sequence[str], labels: Sequence[str] | None = None
) -> dict[str, float]:
    """Return micro F1, macro F1 and exact match (scikit-learn) of predictions against gold."""
    from sklearn.metrics import accuracy_score, f1_score

    if not len(gold):
        return {"Micro F1": float("nan"), "Macro F1": float("nan"), "Exact Match": float("nan")}
    label_list = list(labels) if labels is not None else sorted(set(gold) | set(predicted))

    def f1(average: str) -> float:
        return float(f1_score(gold, predicted, labels=label_list, average=average, zero_division=0))

    return {
        "Micro F1": f1("micro"),
        "Macro F1": f1("macro"),
        "Exact Match": float(accuracy_score(gold, predicted)),
    }


def bootstrap_sd(
    statistic: Callable[[np.ndarray], dict[str, float]],
    n: int,
    *,
    resamples: int = 1000,
    seed: int = 0,
) -> dict[str, float]:
    """Return the bootstrap SD of each value ``statistic(indices)`` returns (items resampled)."""
    if n == 0 or resamples <= 0:
        return {}
    rng = np.random.default_rng(seed)
    draws: dict[str, list[float]] = {}
    for _ in range(resamples):
        for key, value in statistic(rng.integers(0, n, size=n)).items():
            draws.setdefault(key, []).append(value)
    return {key: float(np.nanstd(values, ddof=1)) for key, values in draws.items()}


def confusion_table(
    gold: Sequence[str], predicted: Sequence[str], labels: Sequence[str]
) -> pd.DataFrame:
    """Return the confusion matrix (rows: gold label, columns: predicted label) as a DataFrame."""
    from sklearn.metrics import confusion_matrix

    matrix = confusion_matrix(list(gold), list(predicted), labels=list(labels))
    frame = pd.DataFrame(matrix, index=list(labels), columns=list(labels))
    frame.index.name, frame.columns.name = "gold", "predicted"
    return frame


def _fast_measures(gold: np.ndarray, pred: np.ndarray, n_labels: int, n_codes: int) -> dict:
    # The bootstrap calls this thousands of times; scikit-learn's f1_score costs milliseconds
    # per call, so the same formulas are computed here from a confusion matrix with numpy
    # (tests check it against scikit-learn). Labels are codes 0..n_labels-1.
    matrix = np.bincount(gold * n_codes + pred, minlength=n_codes * n_codes).reshape(n_codes, -1)
    tp = np.diag(matrix)[:n_labels].astype(float)
    fp = matrix[:, :n_labels].sum(axis=0) - tp
    fn = matrix[:n_labels, :].sum(axis=1) - tp
    with np.errstate(invalid="ignore", divide="ignore"):
        per_class = np.where(2 * tp + fp + fn > 0, 2 * tp / (2 * tp + fp + fn), 0.0)
        micro = 2 * tp.sum() / (2 * tp.sum() + fp.sum() + fn.sum()) if len(gold) else np.nan
    return {
        "Micro F1": float(micro),
        "Macro F1": float(per_class.mean()),
        "Exact Match": float(np.mean(gold == pred)),
    }


def classification_report(
    gold: Sequence[str],
    predicted: Sequence[str],
    labels: Sequence[str],
    *,
    resamples: int = 1000,
    seed: int = 0,
) -> dict[str, float]:
    """Return micro/macro F1 and exact match with their bootstrap SDs (``<name> SD`` keys)."""
    point = classification_measures(list(gold), list(predicted), labels)
    index = {label: i for i, label in enumerate(dict.fromkeys([*labels, *gold, *predicted]))}
    g = np.array([index[x] for x in gold], dtype=int)
    p = np.array([index[x] for x in predicted], dtype=int)
    spread = bootstrap_sd(
        lambda idx: _fast_measures(g[idx], p[idx], len(labels), len(index)),
        len(g),
        resamples=resamples,
        seed=seed,
    )
    return {**point, **{f"{k} SD": v for k, v in spread.items()}}


def transcription_report(
    references: Sequence[str],
    hypotheses: Sequence[str | None],
    *,
    resamples: int = 1000,
    seed: int = 0,
) -> dict[str, float]:
    """Return corpus WER, MER and WIP with bootstrap SDs (``<name> SD`` keys)."""
    counts = np.array(
        [
            [c["hits"], c["substitutions"], c["deletions"], c["insertions"]]
            for c in (word_counts(r, h) for r, h in zip(references, hypotheses, strict=True))
        ],
        dtype=float,
    ).reshape(-1, 4)
    point = measures_from_counts(*counts.sum(axis=0))
    spread = bootstrap_sd(
        lambda idx: measures_from_counts(*counts[idx].sum(axis=0)),
        len(counts),
        resamples=resamples,
        seed=seed,
    )
    return {**point, **{f"{k} SD": v for k, v in spread.items()}}
