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


def align_words(reference: str, hypothesis: str) -> dict[str, int]:
    """Return hits, substitutions, deletions and insertions of aligning two word strings.

    The alignment is jiwer's (Levenshtein over words); both strings must hold words. This is
    clinbench's one call into jiwer: WER and every other word-alignment count go through it.
    """
    import jiwer

    out = jiwer.process_words(reference, hypothesis)
    return {
        "hits": out.hits,
        "substitutions": out.substitutions,
        "deletions": out.deletions,
        "insertions": out.insertions,
    }


def word_counts(reference: str, hypothesis: str | None) -> dict[str, int]:
    """Return hits, substitutions, deletions, insertions and word totals for one pair (jiwer)."""
    ref = normalise_transcript(reference)
    hyp = normalise_transcript(hypothesis)
    if not ref:
        raise ValueError("the reference transcript is empty: WER is undefined")
    n_ref = len(ref.split())
    if not hyp:  # empty or refused: every reference word deleted
        return {"hits": 0, "substitutions": 0, "deletions": n_ref, "insertions": 0,
                "ref_words": n_ref, "hyp_words": 0}  # fmt: skip
    return {**align_words(ref, hyp), "ref_words": n_ref, "hyp_words": len(hyp.split())}


def measures_from_counts(h: float, s: float, d: float, i: float) -> dict[str, float]:
    """Return WER, MER and WIP from summed counts (the formulas jiwer uses).

    With no reference word (nothing transcribed was scored: every decode failed, every reply
    unreadable) each is NaN, never a measured 0; an empty transcript of a reference has WIP 0.
    """
    n_ref, n_hyp = h + s + d, h + s + i
    if np.ndim(h):  # arrays of counts (a bootstrap): the same formulas, element-wise
        h, s, d, i, n_ref, n_hyp = (np.asarray(x, dtype=float) for x in (h, s, d, i, n_ref, n_hyp))
        with np.errstate(invalid="ignore", divide="ignore"):
            wer = np.where(n_ref > 0, (s + d + i) / n_ref, np.nan)
            mer = np.where(h + s + d + i > 0, (s + d + i) / (h + s + d + i), np.nan)
            wip = np.where(n_ref > 0, np.where(n_hyp > 0, (h / n_ref) * (h / n_hyp), 0.0), np.nan)
        return {"WER": wer, "MER": mer, "WIP": wip}
    wer = (s + d + i) / n_ref if n_ref else float("nan")
    mer = (s + d + i) / (h + s + d + i) if (h + s + d + i) else float("nan")
    wip = ((h / n_ref) * (h / n_hyp) if n_hyp else 0.0) if n_ref else float("nan")
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


# Memory bound of one chunk of bootstrap resamples: ~2 million cells (16 MB of float64).
_CHUNK_CELLS = 2_000_000


def bootstrap_sd(
    statistic: Callable[[np.ndarray], dict[str, np.ndarray]],
    n: int,
    *,
    resamples: int = 1000,
    seed: int = 0,
) -> dict[str, float]:
    """Return the bootstrap SD of each value ``statistic`` returns (items resampled).

    ``statistic`` takes a (chunk, n) matrix of resampled item indices and returns, per name,
    one value per row. Resamples are drawn from ``numpy.random.default_rng(seed)`` in chunks
    of at most ~2 million indices, so memory stays bounded whatever n and ``resamples``.
    """
    if n == 0 or resamples <= 0:
        return {}
    rng = np.random.default_rng(seed)
    chunk = max(1, _CHUNK_CELLS // n)
    draws: dict[str, list[np.ndarray]] = {}
    for start in range(0, resamples, chunk):
        size = min(chunk, resamples - start)
        for key, values in statistic(rng.integers(0, n, size=(size, n))).items():
            draws.setdefault(key, []).append(np.asarray(values, dtype=float))
    return {key: _sd(np.concatenate(parts)) for key, parts in draws.items()}


def _sd(values: np.ndarray) -> float:
    finite = values[~np.isnan(values)]
    return float(np.std(finite, ddof=1)) if finite.size > 1 else float("nan")


def confusion_table(
    gold: Sequence[str], predicted: Sequence[str], labels: Sequence[str]
) -> pd.DataFrame:
    """Return the confusion matrix (rows: gold label, columns: predicted label) as a DataFrame."""
    from sklearn.metrics import confusion_matrix

    matrix = confusion_matrix(list(gold), list(predicted), labels=list(labels))
    frame = pd.DataFrame(matrix, index=list(labels), columns=list(labels))
    frame.index.name, frame.columns.name = "gold", "predicted"
    return frame


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
        lambda idx: measures_from_counts(*np.moveaxis(counts[idx].sum(axis=1), -1, 0)),
        len(counts),
        resamples=resamples,
        seed=seed,
    )
    return {**point, **{f"{k} SD": v for k, v in spread.items()}}
