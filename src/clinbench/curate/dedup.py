"""Exact and near-duplicate items: MinHash LSH candidates, verified by exact shingle Jaccard.

AudiologyBench removed duplicates by exact match and by shingled overlap on item stems and
option sets before expert review. Here two items are *exact* duplicates when their canonical
stem + option text (``textnorm.comparison_text``) is identical, and *near* duplicates when the
Jaccard similarity of their word-shingle sets is at least ``threshold``. Near-duplicate
candidates come from MinHash LSH (datasketch), so the search is not quadratic; every candidate
pair is then checked with the exact Jaccard of its shingle sets, so no reported pair rests on
a MinHash estimate.

Nothing is dropped silently: :func:`find_duplicates` returns one decision row per clustered
item (kept or dropped, and why), which the reviewer may edit and :func:`apply_decisions`
re-applies.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from clinbench.curate.textnorm import answer_key_text, comparison_text, csv_rows, word_shingles
from clinbench.items.loader import ItemFileError, ItemProblem
from clinbench.items.model import Item

DECISION_COLUMNS = [
    "cluster", "item_id", "decision", "match", "jaccard_to_kept", "kept_id", "reason",
    "source", "stem",
]  # fmt: skip
DECISIONS = ("keep", "drop")


def lsh_bands(threshold: float, num_perm: int, target_recall: float = 0.99) -> tuple[int, int]:
    """Return (bands, rows) so that a pair at ``threshold`` becomes a candidate with
    probability >= ``target_recall``, using as many rows per band as allows it.

    The banding probability 1 - (1 - J**r)**b is the standard LSH S-curve. datasketch picks
    bands by balancing false positives against false negatives; here candidates are verified
    exactly, so false positives only cost time and recall is what must be held. This small
    search over (b, r) is hand-written because datasketch exposes no recall-targeted choice.
    """
    best = (num_perm, 1)
    for rows in range(1, num_perm + 1):
        bands = num_perm // rows
        if bands < 1:
            break
        if 1.0 - (1.0 - threshold**rows) ** bands >= target_recall:
            best = (bands, rows)
    return best


def minhashes(shingle_sets: Sequence[set[str]], *, num_perm: int = 128, seed: int = 1) -> list:
    """Return one datasketch LeanMinHash per shingle set."""
    from datasketch import LeanMinHash, MinHash

    encoded = [[s.encode("utf-8") for s in shingles] for shingles in shingle_sets]
    return [LeanMinHash(m) for m in MinHash.bulk(encoded, num_perm=num_perm, seed=seed)]


def near_duplicate_pairs(
    shingle_sets: Sequence[set[str]],
    *,
    threshold: float = 0.8,
    num_perm: int = 128,
    seed: int = 1,
    target_recall: float = 0.99,
) -> pd.DataFrame:
    """Return the pairs (``i``, ``j``, ``jaccard``; i < j) with exact Jaccard >= threshold
    among the candidates MinHash LSH proposes."""
    from datasketch import MinHashLSH

    hashes = minhashes(shingle_sets, num_perm=num_perm, seed=seed)
    lsh = MinHashLSH(num_perm=num_perm, params=lsh_bands(threshold, num_perm, target_recall))
    rows: list[tuple[int, int, float]] = []
    with lsh.insertion_session() as session:
        for index, minhash in enumerate(hashes):
            if shingle_sets[index]:
                session.insert(index, minhash, check_duplication=False)
    for index, minhash in enumerate(hashes):
        mine = shingle_sets[index]
        if not mine:
            continue
        for other in lsh.query(minhash):
            if other <= index:
                continue
            theirs = shingle_sets[other]
            jaccard = len(mine & theirs) / len(mine | theirs)
            if jaccard >= threshold:
                rows.append((index, other, jaccard))
    return pd.DataFrame(rows, columns=["i", "j", "jaccard"]).astype(
        {"i": "int64", "j": "int64", "jaccard": "float64"}
    )


def exact_jaccard_pairs(
    shingle_sets: Sequence[set[str]], *, threshold: float = 0.8
) -> pd.DataFrame:
    """Return every pair (``i``, ``j``, ``jaccard``; i < j) with Jaccard >= threshold, computed
    exactly over all pairs with a sparse shingle-incidence matrix (quadratic: small banks and
    checks only)."""
    from scipy import sparse
    from sklearn.feature_extraction.text import CountVectorizer

    vectorizer = CountVectorizer(analyzer=lambda shingles: list(shingles), binary=True)
    incidence = vectorizer.fit_transform(shingle_sets).astype(np.int32).tocsr()
    sizes = np.asarray(incidence.sum(axis=1)).ravel()
    overlap = sparse.triu(incidence @ incidence.T, k=1).tocoo()
    union = sizes[overlap.row] + sizes[overlap.col] - overlap.data
    jaccard = overlap.data / union
    keep = jaccard >= threshold
    frame = pd.DataFrame({"i": overlap.row[keep], "j": overlap.col[keep], "jaccard": jaccard[keep]})
    return frame.astype({"i": "int64", "j": "int64"}).sort_values(["i", "j"], ignore_index=True)


def _has_source(item: Item) -> bool:
    prov = item.provenance
    return bool(prov and (prov.citation or prov.url or prov.quote))


def find_duplicates(
    items: Sequence[Item],
    *,
    threshold: float = 0.8,
    shingle_size: int = 3,
    num_perm: int = 128,
    seed: int = 1,
    method: str = "lsh",
) -> pd.DataFrame:
    """Return one decision row per item in a duplicate cluster (columns ``DECISION_COLUMNS``).

    Clusters are the connected components of the exact- and near-duplicate pairs. In each,
    one item is kept: the earliest in input order among the members with a cited source
    (provenance citation, URL or quote), else the earliest overall. The others are proposed
    for dropping; ``reason`` says why, and flags clusters whose answer keys disagree.
    ``method`` is ``"lsh"`` (MinHash LSH, for large banks) or ``"exact"`` (all pairs).
    """
    if not 0.0 < threshold <= 1.0:
        raise ValueError(f"threshold must be in (0, 1], got {threshold}")
    if method not in ("lsh", "exact"):
        raise ValueError(f"method must be 'lsh' or 'exact', got {method!r}")
    texts = [comparison_text(item) for item in items]
    shingles = [word_shingles(text, shingle_size) for text in texts]
    exact_edges = _identical_text_pairs(texts)
    if method == "lsh":
        near = near_duplicate_pairs(shingles, threshold=threshold, num_perm=num_perm, seed=seed)
    else:
        near = exact_jaccard_pairs(shingles, threshold=threshold)
    edges = exact_edges + list(zip(near["i"].tolist(), near["j"].tolist(), strict=True))
    if not edges:
        return pd.DataFrame(columns=DECISION_COLUMNS)
    weighted = [(a, b, 1.0) for a, b in exact_edges] + list(
        zip(near["i"].tolist(), near["j"].tolist(), near["jaccard"].tolist(), strict=True)
    )
    best_link = _closest_partners(weighted)
    rows = []
    for cluster_number, members in enumerate(_clusters(edges, len(items)), start=1):
        rows += _cluster_rows(cluster_number, members, items, texts, shingles, best_link, threshold)
    return pd.DataFrame(rows, columns=DECISION_COLUMNS)


def _identical_text_pairs(texts: Sequence[str]) -> list[tuple[int, int]]:
    """Return (first index, index) for each text identical to an earlier one (exact duplicates)."""
    first_with_text: dict[str, int] = {}
    pairs: list[tuple[int, int]] = []
    for index, text in enumerate(texts):
        if text in first_with_text:
            pairs.append((first_with_text[text], index))
        else:
            first_with_text[text] = index
    return pairs


def _closest_partners(weighted: list[tuple[int, int, float]]) -> dict[int, tuple[float, int]]:
    """Return each paired item's closest partner as (Jaccard, index), first found on a tie.

    A member joined to its cluster through a chain names this link.
    """
    best_link: dict[int, tuple[float, int]] = {}
    for a, b, jaccard in weighted:
        for one, other in ((a, b), (b, a)):
            if jaccard > best_link.get(one, (-1.0, -1))[0]:
                best_link[one] = (jaccard, other)
    return best_link


def _clusters(edges: list[tuple[int, int]], n: int) -> list[list[int]]:
    """Return the connected components of two items or more, in input order of first members."""
    from scipy import sparse
    from scipy.sparse.csgraph import connected_components

    src, dst = np.array(edges).T
    graph = sparse.coo_matrix((np.ones(len(edges)), (src, dst)), shape=(n, n))
    _, labels = connected_components(graph, directed=False)
    sizes = np.bincount(labels)
    clusters: dict[int, list[int]] = {}
    for index in np.flatnonzero(sizes[labels] > 1).tolist():
        clusters.setdefault(int(labels[index]), []).append(index)
    return list(clusters.values())


def _cluster_rows(
    cluster_number: int,
    members: list[int],
    items: Sequence[Item],
    texts: Sequence[str],
    shingles: Sequence[set],
    best_link: dict[int, tuple[float, int]],
    threshold: float,
) -> list[dict]:
    """Return the decision rows of one cluster: the member kept, and why each other is dropped.

    Kept: the earliest member with a cited source, else the earliest; a cluster whose answer
    keys differ is flagged for review on every row.
    """
    sourced = [m for m in members if _has_source(items[m])]
    kept = sourced[0] if sourced else members[0]
    if sourced and len(sourced) < len(members):
        why_kept = "has a cited source (not all members do); earliest such in input order"
    else:
        why_kept = "earliest in input order"
    keys = {answer_key_text(items[m]) for m in members}
    conflict = "; answer keys differ within the cluster: review" if len(keys) > 1 else ""
    rows = []
    for member in members:
        a, b = shingles[kept], shingles[member]
        jaccard = len(a & b) / len(a | b) if (a or b) else 1.0
        is_exact = texts[member] == texts[kept]
        if member == kept:
            decision, reason = "keep", f"kept: {why_kept}{conflict}"
        else:
            decision = "drop"
            kind = "exact duplicate" if is_exact else "near duplicate"
            reason = f"{kind} of {items[kept].id}{conflict}"
            if not is_exact and jaccard < threshold:
                link_j, link = best_link[member]
                reason = (
                    f"near duplicate of {items[link].id} (Jaccard {link_j:.2f}), "
                    f"in the cluster kept as {items[kept].id}{conflict}"
                )
        rows.append(
            {
                "cluster": cluster_number,
                "item_id": items[member].id,
                "decision": decision,
                "match": "kept" if member == kept else ("exact" if is_exact else "near"),
                "jaccard_to_kept": round(jaccard, 4),
                "kept_id": items[kept].id,
                "reason": reason,
                "source": items[member].source,
                "stem": items[member].stem[:200],
            }
        )
    return rows


def read_decisions(path: str | Path, items: Sequence[Item]) -> dict[str, str]:
    """Return {item_id: "keep" | "drop"} from a decisions CSV; raise ItemFileError on bad rows."""
    path = Path(path)
    if not path.exists():
        raise ItemFileError([ItemProblem(str(path), 0, "-", "file not found")])
    known = {item.id for item in items}
    problems: list[ItemProblem] = []
    decisions: dict[str, str] = {}
    seen_at: dict[str, int] = {}
    header_checked = False
    for line, row in csv_rows(path):
        if not header_checked:
            header_checked = True
            missing = [c for c in ("item_id", "decision") if c not in row]
            if missing:
                raise ItemFileError(
                    [
                        ItemProblem(str(path), 1, c, "column missing from the header")
                        for c in missing
                    ]
                )
        item_id = row["item_id"].strip()
        decision = row["decision"].strip().lower()
        if not item_id:
            problems.append(ItemProblem(str(path), line, "item_id", "empty"))
            continue
        if item_id not in known:
            problems.append(
                ItemProblem(str(path), line, "item_id", f"{item_id!r} is not in the item files")
            )
        if decision not in DECISIONS:
            problems.append(
                ItemProblem(
                    str(path), line, "decision", f"{row['decision']!r} is not one of {DECISIONS}"
                )
            )
        if item_id in seen_at:
            problems.append(
                ItemProblem(
                    str(path),
                    line,
                    "item_id",
                    f"{item_id!r} listed twice (first at line {seen_at[item_id]})",
                )
            )
        seen_at.setdefault(item_id, line)
        decisions[item_id] = decision
    if problems:
        raise ItemFileError(problems)
    return decisions


def apply_decisions(
    items: Sequence[Item], decisions: dict[str, str]
) -> tuple[list[Item], list[str]]:
    """Return (items kept, ids dropped): items marked ``drop`` are removed; all others stay."""
    kept = [item for item in items if decisions.get(item.id, "keep") != "drop"]
    dropped = [item.id for item in items if decisions.get(item.id) == "drop"]
    return kept, dropped
