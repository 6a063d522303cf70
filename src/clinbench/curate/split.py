"""Public/private split of an item bank, with a manifest of hashes to verify a sample.

The public sample is stratified (by default on format and domain): each stratum gives the
public sample a share of its items proportional to its size (largest remainders decide the
rounding, ties broken by the seeded draw), and the items within a stratum are drawn with a
seeded generator, so the same bank, N and seed always give the same split. Hand-written:
scikit-learn's stratified splitters refuse strata of one item, which real banks have.

The manifest lists each public item's hash by id and the private items' hashes without
ids, plus the hash of the whole set (``clinbench.items.digest``). Anyone holding the public
file can recompute its hashes, find them in the manifest, and recompute the set hash from
the manifest's hashes; the bank's owner can show the full bank hashes to the same value.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from clinbench.curate.canary import bank_canary, canary_notice, write_public_items
from clinbench.io import atomic_write_text
from clinbench.items.digest import hash_set, item_hash, item_set_hash
from clinbench.items.model import Item

MANIFEST_VERSION = 1
DEFAULT_STRATA = ("format", "domain")


@dataclass
class Split:
    """A public/private split: the two item lists and the manifest describing them."""

    public: list[Item]
    private: list[Item]
    manifest: dict[str, Any]


def _stratum(item: Item, by: Sequence[str]) -> str:
    values = []
    for key in by:
        value = getattr(item, key, None)
        if value is None:
            value = item.metadata.get(key)
        values.append("" if value is None else str(value))
    return "|".join(values)


def _allocate(sizes: dict[str, int], n_public: int, rng: np.random.Generator) -> dict[str, int]:
    """Return how many public items each stratum gives (proportional, largest remainders)."""
    total = sum(sizes.values())
    quotas = {s: n_public * size / total for s, size in sizes.items()}
    counts = {s: int(np.floor(q)) for s, q in quotas.items()}
    left = n_public - sum(counts.values())
    order = sorted(sizes, key=lambda s: (-(quotas[s] - counts[s]), rng.random()))
    for stratum in order[:left]:
        counts[stratum] += 1
    return counts


def split_bank(
    items: Sequence[Item],
    n_public: int,
    seed: int,
    by: Sequence[str] = DEFAULT_STRATA,
    bank: str = "bank",
) -> Split:
    """Return a stratified, seeded public/private split of a bank with its hash manifest."""
    if not items:
        raise ValueError("no items to split")
    if not 0 < n_public < len(items):
        raise ValueError(f"--public must be between 1 and {len(items) - 1}, got {n_public}")
    guid = bank_canary(items)
    if guid is None:
        raise ValueError("the bank carries no canary: run `clinbench items canary` first")
    rng = np.random.default_rng(seed)
    ordered = sorted(items, key=lambda i: i.id)  # file order must not change the split
    strata: dict[str, list[Item]] = {}
    for item in ordered:
        strata.setdefault(_stratum(item, by), []).append(item)
    counts = _allocate({s: len(v) for s, v in sorted(strata.items())}, n_public, rng)
    public_ids: set[str] = set()
    for stratum in sorted(strata):
        members = strata[stratum]
        chosen = rng.choice(len(members), size=counts[stratum], replace=False)
        public_ids.update(members[int(i)].id for i in chosen)
    public = [i for i in ordered if i.id in public_ids]
    private = [i for i in ordered if i.id not in public_ids]
    manifest = {
        "manifest_version": MANIFEST_VERSION,
        "bank": bank,
        "canary": guid,
        "notice": canary_notice(guid),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "seed": seed,
        "stratified_by": list(by),
        "n_items": len(items),
        "n_public": len(public),
        "n_private": len(private),
        "strata": {s: {"items": len(strata[s]), "public": counts[s]} for s in sorted(strata)},
        "item_set_sha256": item_set_hash(items),
        "hash": "sha256 of each item's canonical JSON (clinbench.items.digest)",
        "public_sha256": {i.id: item_hash(i) for i in public},
        "private_sha256": sorted(item_hash(i) for i in private),
    }
    return Split(public=public, private=private, manifest=manifest)


def write_split(split: Split, out_dir: str | Path) -> dict[str, Path]:
    """Write public.jsonl, private.jsonl and manifest.json into a folder; return their paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    guid, bank = split.manifest["canary"], split.manifest["bank"]
    paths = {
        "public": write_public_items(split.public, out / "public.jsonl", guid, bank),
        "private": write_public_items(split.private, out / "private.jsonl", guid, bank),
    }
    manifest = out / "manifest.json"
    atomic_write_text(manifest, json.dumps(split.manifest, indent=2, ensure_ascii=False) + "\n")
    paths["manifest"] = manifest
    return paths


def verify_sample(items: Sequence[Item], manifest: dict[str, Any]) -> list[str]:
    """Return the problems found checking a published sample against a manifest (empty: OK).

    Each item's hash must be the one the manifest lists for its id, every listed public
    item must be present, and the manifest's hashes must recompute its item-set hash.
    """
    problems = []
    listed = manifest.get("public_sha256") or {}
    seen = set()
    for item in items:
        seen.add(item.id)
        if item.id not in listed:
            problems.append(f"{item.id}: not in the manifest's public sample")
        elif listed[item.id] != item_hash(item):
            problems.append(f"{item.id}: content differs from the manifest (hash mismatch)")
    problems += [f"{i}: listed in the manifest but missing" for i in sorted(set(listed) - seen)]
    every = [*listed.values(), *(manifest.get("private_sha256") or [])]
    if hash_set(every) != manifest.get("item_set_sha256"):
        problems.append("the manifest's hashes do not recompute its item_set_sha256")
    return problems
