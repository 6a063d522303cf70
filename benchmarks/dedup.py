"""Near-duplicate search at scale: MinHash LSH time on 100,000 items and its recall.

Generates a synthetic bank of clinical-style MCQs (audiology vignettes and knowledge
questions) with planted near duplicates (reworded copies, shuffled options, casing and
punctuation changes, inserted or swapped words), then

1. times ``clinbench.curate.dedup.find_duplicates`` (MinHash LSH + exact verification) on
   the whole bank, and
2. on a 5,000-item subset (whole families, so planted pairs are inside it) computes every
   pair with shingle Jaccard >= threshold exactly (sparse all-pairs) and reports the share
   of those pairs that the LSH run found (recall; the goal is >= 95%).

Usage: python benchmarks/dedup.py [--items 100000] [--subset 5000] [--threshold 0.8] [--seed 0]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from clinbench.curate.dedup import exact_jaccard_pairs, find_duplicates, near_duplicate_pairs
from clinbench.curate.textnorm import comparison_text, word_shingles
from clinbench.items.model import MCQItem

AGES = list(range(4, 91))
SEXES = ["man", "woman", "boy", "girl", "retired teacher", "factory worker", "musician"]
EARS = ["left", "right", "both"]
COMPLAINTS = [
    "gradual difficulty following conversation in noise",
    "sudden hearing loss noticed on waking",
    "constant high-pitched tinnitus",
    "episodes of rotatory vertigo lasting hours",
    "aural fullness after a flight",
    "recurrent ear discharge",
    "trouble hearing the television",
    "pulsatile tinnitus",
    "intermittent muffled hearing after swimming",
    "poor speech understanding despite hearing aids",
]
FINDINGS = [
    "a {db} dB air-bone gap at {freq} Hz",
    "thresholds of {db} dB HL sloping to {db2} dB HL at {freq} Hz",
    "a notch of {db} dB HL at {freq} Hz that recovers at 8000 Hz",
    "word recognition of {pct}% at {db} dB SL",
    "a type {tymp} tympanogram with {db} daPa peak pressure",
    "absent acoustic reflexes ipsilaterally at {freq} Hz",
    "an interaural asymmetry of {db} dB at {freq} Hz",
    "otoacoustic emissions absent from {freq} Hz upward",
]
QUESTIONS = [
    "What is the most likely diagnosis?",
    "Which test should be done next?",
    "What is the best management step?",
    "Which finding most strongly supports a retrocochlear cause?",
    "How should the degree of loss be classified?",
    "Which referral is most appropriate?",
]
OPTION_POOL = [
    "otosclerosis", "noise-induced hearing loss", "presbycusis", "Meniere disease",
    "vestibular schwannoma", "otitis media with effusion", "auditory neuropathy",
    "sudden sensorineural hearing loss", "cholesteatoma", "ototoxicity",
    "MRI of the internal auditory canals", "repeat audiometry in six weeks",
    "urgent referral to ENT", "bilateral hearing aid fitting", "tympanometry with reflexes",
    "speech-in-noise testing", "steroid treatment within two weeks",
    "cochlear implant candidacy review",
    "mild", "moderate", "moderately severe", "severe", "profound",
    "conductive", "sensorineural", "mixed", "type A", "type B", "type C", "type As", "type Ad",
]  # fmt: skip
FACT_TEMPLATES = [
    "Which structure {verb} the {thing} in the {place}?",
    "At which frequency is the {thing} most often {verb} in {place}?",
    "Which measure best describes {thing} when {place} is {verb}?",
]
FACT_VERBS = ["transmits", "amplifies", "affected", "measured", "tested", "damaged", "impaired"]
FACT_THINGS = [
    "stapedius reflex", "basilar membrane response", "outer hair cell gain", "ossicular chain",
    "round window", "cochlear amplifier", "middle ear pressure", "eighth nerve response",
    "speech recognition threshold", "uncomfortable loudness level", "masking level difference",
]  # fmt: skip
FACT_PLACES = [
    "a child", "an older adult", "the inner ear", "the middle ear", "the cochlea",
    "a noisy workplace", "the clinic booth", "the brainstem", "the neonatal unit",
]  # fmt: skip
SWAPS = {
    "most": "more",
    "likely": "probable",
    "best": "most suitable",
    "shows": "reveals",
    "presents": "comes in",
    "Which": "What",
    "next": "first",
    "appropriate": "suitable",
}


def base_item(rng: np.random.Generator, index: int) -> tuple[str, list[str]]:
    """Return (stem, options) of one synthetic clinical-style MCQ."""
    options = list(rng.choice(OPTION_POOL, size=4, replace=False))
    if rng.random() < 0.75:
        finding = FINDINGS[rng.integers(len(FINDINGS))].format(
            db=int(rng.integers(1, 19)) * 5,
            db2=int(rng.integers(8, 23)) * 5,
            freq=int(rng.choice([250, 500, 1000, 2000, 3000, 4000, 6000, 8000])),
            pct=int(rng.integers(10, 101)),
            tymp=str(rng.choice(["A", "B", "C", "As", "Ad"])),
        )
        stem = (
            f"A {rng.choice(AGES)}-year-old {rng.choice(SEXES)} reports "
            f"{rng.choice(COMPLAINTS)} in the {rng.choice(EARS)} ear "
            f"for {rng.integers(1, 30)} {rng.choice(['days', 'weeks', 'months', 'years'])}. "
            f"Testing shows {finding}. {rng.choice(QUESTIONS)}"
        )
    else:
        stem = FACT_TEMPLATES[rng.integers(len(FACT_TEMPLATES))].format(
            verb=rng.choice(FACT_VERBS),
            thing=rng.choice(FACT_THINGS),
            place=rng.choice(FACT_PLACES),
        )
        stem += f" (item {index})"  # knowledge questions are short; keep each one distinct
    return stem, options


def variant(rng: np.random.Generator, stem: str, options: list[str]) -> tuple[str, list[str]]:
    """Return a planted near duplicate of (stem, options)."""
    kind = rng.integers(5)
    options = list(options)
    words = stem.split()
    if kind == 0:  # casing, quotes, punctuation: an exact duplicate after normalisation
        stem = stem.upper().replace("?", " ?").replace("-", "\u2011")
    elif kind == 1:  # options shuffled
        rng.shuffle(options)
    elif kind == 2:  # one word swapped for a synonym
        spots = [i for i, w in enumerate(words) if w in SWAPS]
        if spots:
            i = spots[rng.integers(len(spots))]
            words[i] = SWAPS[words[i]]
        stem = " ".join(words)
    elif kind == 3:  # one word inserted
        i = int(rng.integers(1, len(words)))
        words.insert(i, str(rng.choice(["also", "now", "clearly", "still"])))
        stem = " ".join(words)
    else:  # two words swapped and one option reworded
        spots = [i for i, w in enumerate(words) if w in SWAPS][:2]
        for i in spots:
            words[i] = SWAPS[words[i]]
        stem = " ".join(words)
        options[0] = options[0] + " (suspected)"
    return stem, options


def generate(n: int, seed: int, dup_share: float = 0.15) -> tuple[list[MCQItem], np.ndarray]:
    """Return n synthetic items and the family number of each (copies share their original's)."""
    rng = np.random.default_rng(seed)
    items: list[MCQItem] = []
    family: list[int] = []
    letters = "ABCD"
    while len(items) < n:
        fam = family[-1] + 1 if family else 0
        stem, options = base_item(rng, len(items))
        versions = [(stem, options)]
        if rng.random() < dup_share:
            for _ in range(int(rng.integers(1, 4))):
                versions.append(variant(rng, stem, options))
        for stem_v, options_v in versions[: n - len(items)]:
            items.append(
                MCQItem(
                    id=f"syn-{len(items):06d}",
                    stem=stem_v,
                    options=dict(zip(letters, options_v, strict=True)),
                    answer="A",
                )
            )
            family.append(fam)
    return items, np.array(family)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--subset", type=int, default=5_000)
    parser.add_argument("--threshold", type=float, default=0.8)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    t0 = time.perf_counter()
    items, family = generate(args.items, args.seed)
    print(
        f"generated {len(items):,} items ({family.max() + 1:,} families) "
        f"in {time.perf_counter() - t0:.1f} s"
    )

    t0 = time.perf_counter()
    decisions = find_duplicates(items, threshold=args.threshold)
    full_seconds = time.perf_counter() - t0
    print(
        f"find_duplicates (MinHash LSH + exact verification) on {len(items):,} items: "
        f"{full_seconds:.1f} s; {decisions['cluster'].nunique():,} clusters, "
        f"{(decisions['decision'] == 'drop').sum():,} items proposed for dropping"
    )

    shingles = [word_shingles(comparison_text(item)) for item in items]
    t0 = time.perf_counter()
    lsh_pairs = near_duplicate_pairs(shingles, threshold=args.threshold)
    lsh_seconds = time.perf_counter() - t0
    print(
        f"LSH near-duplicate search alone on {len(items):,} items: {lsh_seconds:.1f} s, "
        f"{len(lsh_pairs):,} pairs"
    )

    # Subset of whole families, chosen at random, up to the subset size.
    rng = np.random.default_rng(args.seed + 1)
    chosen: list[int] = []
    members: dict[int, list[int]] = {}
    for index, fam in enumerate(family.tolist()):
        members.setdefault(fam, []).append(index)
    for fam in rng.permutation(list(members)):
        if len(chosen) + len(members[fam]) > args.subset:
            continue
        chosen.extend(members[fam])
        if len(chosen) == args.subset:
            break
    chosen_sorted = np.sort(np.array(chosen))
    position = {int(g): k for k, g in enumerate(chosen_sorted.tolist())}

    t0 = time.perf_counter()
    exact = exact_jaccard_pairs([shingles[g] for g in chosen_sorted], threshold=args.threshold)
    exact_seconds = time.perf_counter() - t0
    truth = {(int(a), int(b)) for a, b in zip(exact["i"], exact["j"], strict=True)}
    found = {
        (position[i], position[j])
        for i, j in zip(lsh_pairs["i"].tolist(), lsh_pairs["j"].tolist(), strict=True)
        if i in position and j in position
    }
    hit = len(truth & found)
    recall = hit / len(truth) if truth else float("nan")
    print(
        f"exact all-pairs Jaccard >= {args.threshold} on a {len(chosen_sorted):,}-item subset: "
        f"{len(truth):,} pairs in {exact_seconds:.1f} s"
    )
    print(f"LSH recall on the subset: {hit:,}/{len(truth):,} = {recall:.1%} (goal >= 95%)")
    close = {
        (int(a), int(b))
        for a, b, j in zip(exact["i"], exact["j"], exact["jaccard"], strict=True)
        if j < args.threshold + 0.05
    }
    print(
        f"  of which pairs with Jaccard in [{args.threshold}, {args.threshold + 0.05:.2f}): "
        f"{len(close & found):,}/{len(close):,} found"
    )
    print(f"LSH pairs on the subset not in the exact set: {len(found - truth)} (should be 0)")


if __name__ == "__main__":
    main()
