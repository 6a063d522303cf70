"""Corpus statistics (SLPHelm's Table 1): children, samples and age range per corpus.

Read from manifests (``corpora.read_manifest``): a child is a distinct ``speaker_id`` within
its corpus; items with no speaker id are counted as samples but not as children, and the
table says how many such items there are; ages missing from the manifest are left out of
the range and counted.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import pandas as pd


def corpus_stats(manifests: Sequence[str | Path], check_audio: bool = True) -> pd.DataFrame:
    """Return per corpus: children, samples, age range, and samples lacking a speaker or age."""
    from clinbench.suites.slp.corpora import read_manifest

    rows = []
    for manifest in manifests:
        for item in read_manifest(manifest, check_audio=check_audio):
            meta = item.metadata or {}
            age = meta.get("age")
            rows.append({
                "corpus": meta.get("corpus") or "(none)",
                "speaker": meta.get("speaker_id"),
                "age": float(age) if age is not None and not
                (isinstance(age, float) and math.isnan(age)) else math.nan,
            })  # fmt: skip
    columns = ["corpus", "children", "samples", "age min", "age max", "no speaker id", "no age"]
    if not rows:
        return pd.DataFrame(columns=columns)
    frame = pd.DataFrame(rows)
    out = []
    for corpus, group in frame.groupby("corpus", sort=True):
        ages = group["age"].dropna()
        out.append({
            "corpus": corpus, "children": int(group["speaker"].dropna().nunique()),
            "samples": len(group),
            "age min": float(ages.min()) if len(ages) else math.nan,
            "age max": float(ages.max()) if len(ages) else math.nan,
            "no speaker id": int(group["speaker"].isna().sum()),
            "no age": int(group["age"].isna().sum()),
        })  # fmt: skip
    return pd.DataFrame(out, columns=columns)
