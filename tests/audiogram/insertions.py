"""Sentences that are not claims about this audiogram, inserted into a reply (issue #26,
metamorphic tests of scope).

A reply often mentions figures that belong to something else: an earlier test, a relative's
hearing, a plan for what would happen if hearing changed, a referral criterion, a hearing-aid
target, a loudness discomfort level, a tinnitus match, a drug dose, or a textbook norm. Each
kind here writes such a sentence for one audiogram, with sides, levels, grades and types
computed from the audiogram's own facts so that they would be FALSE if read as this
audiogram's (a level at least 25 dB from both ears' threshold at that frequency, a grade
neither ear has, a type neither ear has). A reader that keeps to what the reply says of
today's audiogram gives the same verdict with the sentence as without it.

Each insertion is a pure function ``insert(text, case, seed) -> text``: the phrasing (4+ per
kind) and the place (own sentence at a paragraph end, a parenthesis before a sentence's stop,
a clause after a semicolon, a list line, a heading line with the sentence under it) come from
the seed. :data:`CLAIMS_BESIDE` is the reverse check: sentences that ARE false claims about
this audiogram and only mention one of those words; a reader must still find an error there.

    PYTHONPATH=src:. python -m tests.audiogram.insertions [kinds] [--held-out|--asides] [--broken]
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

Insertion = Callable[[str, Any, int], str]

_FREQS = (4000, 2000, 1000, 3000, 500, 6000, 8000, 250)
_GRADES = ("normal", "mild", "moderate", "moderately severe", "severe", "profound")
_TYPES = ("sensorineural", "conductive", "mixed")


@dataclass(frozen=True)
class Wrong:
    """Facts that are false of this audiogram: a side, a frequency written out, a level at
    it far from both ears' thresholds, a grade neither ear has, a type neither ear has."""

    side: str
    freq: str
    level: int
    grade: str
    type: str
    year: int
    loud: int
    better: str = "right"
    """The better-hearing ear (lower four-frequency average; drawn when equal): the ear an
    aside about something else names (OTHER_SIDES), so that a reader giving the claim beside
    it to that ear shows (a loss claimed of a normal ear, or 'unremarkable' read as normal
    hearing)."""


def _khz(freq: int, rng: random.Random) -> str:
    if rng.random() < 0.5:
        return f"{freq} Hz"
    khz = freq / 1000
    return f"{khz:g} kHz"


def _far_level(values: list[int], rng: random.Random) -> int:
    """Return a level 25+ dB from every value (the thresholds of both ears at a frequency)."""
    options = [v for v in range(0, 115, 5) if all(abs(v - t) >= 25 for t in values)]
    return rng.choice(options) if options else 120


def wrong_facts(case: Any, seed: int) -> Wrong:
    """Return facts false of ``case`` (an Audiogram), drawn by ``seed``."""
    from clinbench.audiogram.classify import classify

    rng = random.Random(seed)
    side = rng.choice(("right", "left"))
    ear, other = (case.right, case.left) if side == "right" else (case.left, case.right)
    freqs = [f for f in _FREQS if f in ear.air] or [1000]
    freq = rng.choice(freqs[:3])
    values = [e.air[freq].value for e in (ear, other) if freq in e.air]
    c = classify(case)
    grades = {c.right.degree, c.left.degree}
    near = {_GRADES[i] for g in grades if g in _GRADES for i in range(len(_GRADES))
            if abs(i - _GRADES.index(g)) <= 1}  # fmt: skip
    grade = rng.choice([g for g in _GRADES[1:] if g not in near] or ["profound"])
    types = {c.right.type, c.left.type}
    kind = rng.choice([t for t in _TYPES if t not in types] or ["conductive"])
    louds = [v for v in (95, 100, 105, 110) if all(abs(v - t) >= 25 for t in values)]
    written, level = _khz(freq, rng), _far_level(values, rng)  # drawn in this order
    year = rng.choice((2015, 2016, 2017, 2018, 2019))
    loud = rng.choice(louds or [110])
    return Wrong(side, written, level, grade, kind, year, loud, _better_ear(case, rng))


def _better_ear(case: Any, rng: random.Random) -> str:
    from clinbench.audiogram.classify import pure_tone_average

    four = (500, 1000, 2000, 4000)
    right, left = (pure_tone_average(case.ear(e).air, four) for e in ("right", "left"))
    if right is None or left is None or right == left:
        return rng.choice(("right", "left"))
    return "right" if right < left else "left"


# ------------------------------------------------------------------ the kinds of sentence
# Each template is filled with the Wrong facts: {side} {Side} {freq} {level} {grade} {type}
# {year} {loud} {gain}. Every sentence says something a clinician reads as NOT this
# audiogram's result, whatever its figures.

KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "earlier_test": (
        "Previous results",
        (
            "In {year} her {side} ear measured {level} dB HL at {freq}.",
            "An audiogram from {year} (another clinic) recorded a {grade} {type} loss on the "
            "{side}.",
            "Old results ({year}): {side} {level} dB HL at {freq}.",
            "At the {year} test the {side} threshold at {freq} was {level} dB HL.",
        ),
    ),
    "relative": (
        "Family history",
        (
            "Her mother has a {grade} {type} hearing loss in the {side} ear.",
            "His father wears a hearing aid for a {grade} loss on the {side}, about {level} dB HL "
            "at {freq}.",
            "Her brother's audiogram shows {level} dB HL at {freq} in the {side} ear.",
            "A sister was diagnosed with a {grade} {type} loss in her {side} ear as a child.",
        ),
    ),
    "hypothetical": (
        "Plan",
        (
            "If the {side} ear drops to {level} dB HL at {freq}, we would refer for an MRI.",
            "Should a {grade} {type} loss develop on the {side}, we would review sooner.",
            "Were the {side} threshold at {freq} to reach {level} dB HL, candidacy would change.",
            "If it were a {type} loss we would expect about {level} dB HL at {freq} on the {side}.",
        ),
    ),
    "referral_criterion": (
        "Referral criteria",
        (
            "Our referral criterion is a threshold of {level} dB HL or worse at {freq} in either "
            "ear.",
            "The local pathway refers any {grade} {type} loss in one ear to ENT.",
            "Guidance: refer when one ear is {level} dB HL or worse at {freq}.",
            "Criteria for an implant assessment: a {grade} loss with {level} dB HL at {freq} in "
            "the better ear.",
        ),
    ),
    "aid_target": (
        "Fitting",
        (
            "NAL-NL2 target for the {side} aid: {gain} dB insertion gain at {freq}.",
            "Prescribed gain for the {side} ear is {gain} dB at {freq}.",
            "Real-ear targets on the {side} were met within 5 dB ({gain} dB at {freq}).",
            "The fitting aims for aided thresholds of {level} dB HL at {freq} in the {side} ear.",
        ),
    ),
    "loudness_discomfort": (
        "Loudness",
        (
            "LDLs: {side} {loud} dB HL at {freq}.",
            "Uncomfortable loudness levels were {loud} dB HL at {freq} on the {side}.",
            "UCL ({side} ear): {loud} dB HL at {freq}.",
            "Loudness discomfort on the {side} at {freq}: {loud} dB HL.",
        ),
    ),
    "tinnitus_match": (
        "Tinnitus",
        (
            "Tinnitus pitch-matched to {freq} in the {side} ear, loudness match {level} dB HL.",
            "Tinnitus match: {freq}, {level} dB HL ({side}).",
            "The {side}-sided tinnitus was matched at {freq} and {level} dB HL.",
            "Minimum masking level for the {side} tinnitus: {level} dB HL at {freq}.",
        ),
    ),
    "drug_dose": (
        "Medication",
        (
            "Ciprofloxacin 0.3% drops, 4 drops into the {side} ear twice daily for 7 days.",
            "Amoxicillin 500 mg three times daily for the {side} ear infection.",
            "Prednisolone 60 mg once daily for 7 days, then down by 10 mg every 2 days.",
            "Gentamicin 5 mg/kg once daily, trough level under 1 mg/L; {side} ear symptoms noted.",
        ),
    ),
    "textbook_norm": (
        "For reference",
        (
            "As a rule, a {grade} loss is one whose average falls in the {grade} band.",
            "Noise damage typically gives a notch of about {level} dB HL at {freq}.",
            "Age norms put a 70-year-old at about {level} dB HL at {freq}.",
            "A {type} loss is typically {grade} by the time it is noticed.",
        ),
    ),
    # issue #26, ears that are not the claim's: an ear word beside a claim that belongs to
    # something else (an examination of the ear, another organ or measure with a side, the
    # ear used on the phone, the side of a device or an operation). The side is the better
    # ear ({bside}, {BSide}, {BS}), so giving a claim beside it to that ear shows.
    "otoscopy_aside": (
        "Otoscopy",
        (
            "{BSide} ear unremarkable on otoscopy.",
            "{BS}: wax removed.",
            "Otoscopy: {bside} canal clear, drum intact.",
            "The {bside} tympanic membrane looked healthy.",
        ),
    ),
    "sided_organ": (
        "Other findings",
        (
            "{BSide} eye: cataract, awaiting surgery.",
            "cVEMP present on the {bside}.",
            "She reports {bside}-sided tinnitus.",
            "{BSide} hip replacement last year.",
        ),
    ),
    "phone_ear": (
        "Communication",
        (
            "She uses the phone on her {bside} ear.",
            "Prefers the {bside} ear on the telephone.",
            "He sleeps on his {bside} side.",
            "Sits with her {bside} side towards the speaker at work.",
        ),
    ),
    "device_side": (
        "History",
        (
            "A hearing aid was fitted on the {bside} years ago and is rarely worn.",
            "Grommets in the {bside} ear as a child.",
            "{BSide} mastoidectomy in childhood.",
            "Wax removed from the {bside} by microsuction today.",
        ),
    ),
}
"""Per kind: (the heading it goes under when placed as a heading line, its phrasings)."""

CLAIMS_BESIDE: dict[str, tuple[str, tuple[str, ...]]] = {
    "claim_beside_measures": (
        "Summary",
        (
            "The loudness discomfort levels aside, the {side} ear has a {grade} hearing loss.",
            "Tinnitus apart, the {side} ear shows a {grade} loss.",
            "Unlike her mother's, her own {side} ear has a {grade} loss.",
            "Apart from the drops prescribed, note the {side} ear is {level} dB HL at {freq} "
            "today.",
        ),
    ),
    "claim_beside_other_sides": (
        "Summary",
        (
            "{Side} ear: {grade} loss (worse than the {other}).",
            "The {side} drum is intact, and the {side} ear has a {grade} hearing loss.",
            "Wax removed from the {other}; the {side} ear shows a {grade} hearing loss.",
            "She uses the phone on her {other} ear because the {side} ear has a {grade} loss.",
        ),
    ),
}
"""The reverse check: false claims about THIS audiogram that mention another measure or the
other ear's examination, device or use; a reader must still find a critical error in a
correct reply with one inserted."""


HELD_OUT: dict[str, tuple[str, tuple[str, ...]]] = {
    "earlier_test": (
        "History",
        (
            "Back in {year}, thresholds on the {side} were around {level} dB HL at {freq}.",
            "Her {year} hearing test elsewhere showed a {grade} {type} loss in the {side} ear.",
        ),
    ),
    "relative": (
        "Family history",
        (
            "Her twin sister uses a hearing aid for a {grade} loss, {level} dB HL at {freq} on the "
            "{side}.",
            "Dad is deaf on the {side} side ({grade} {type} loss).",
        ),
    ),
    "hypothetical": (
        "Safety-netting",
        (
            "Should thresholds on the {side} worsen to {level} dB HL at {freq}, an MRI would be "
            "requested.",
            "In case of a further drop to {level} dB HL at {freq} in the {side} ear, she should "
            "return at once.",
        ),
    ),
    "referral_criterion": (
        "Criteria",
        (
            "The NICE threshold for referral is {level} dB HL at {freq} in one ear.",
            "Candidacy guidelines require a {grade} loss ({level} dB HL or worse at {freq}) in "
            "both ears.",
        ),
    ),
    "aid_target": (
        "Hearing aids",
        (
            "DSL v5 targets for the {side} ear were {gain} dB at {freq}.",
            "Aided thresholds on the {side} should reach about {level} dB HL at {freq}.",
        ),
    ),
    "loudness_discomfort": (
        "Loudness",
        (
            "Her ULLs were {loud} dB HL at {freq} on the {side}.",
            "Discomfort was reported at {loud} dB HL ({freq}, {side} ear).",
        ),
    ),
    "tinnitus_match": (
        "Tinnitus",
        (
            "Tinnitus loudness was matched at {level} dB HL, pitch near {freq}, {side} side.",
            "She matched her {side} tinnitus to a {freq} tone at {level} dB HL.",
        ),
    ),
    "drug_dose": (
        "Medication",
        (
            "Cisplatin 100 mg/m2 every 21 days; the {side} ear is the one she worries about.",
            "Betahistine 16 mg three times a day for 3 months.",
        ),
    ),
    "otoscopy_aside": (
        "Examination",
        (
            "Examination: {bside} drum dull but intact.",
            "{BS} canal: mild otitis externa, treated.",
        ),
    ),
    "sided_organ": (
        "Examination",
        (
            "{BSide} facial nerve function normal.",
            "Carotid Doppler: {bside} ICA 40% stenosis.",
        ),
    ),
    "phone_ear": (
        "Social",
        (
            "Holds the phone to the {bside} ear by habit.",
            "{BSide} ear preferred for the telephone.",
        ),
    ),
    "device_side": (
        "History",
        (
            "Previous {bside} stapedotomy (2012).",
            "A bone-conduction device on a softband was tried on the {bside}.",
        ),
    ),
    "textbook_norm": (
        "Background",
        (
            "Presbycusis is usually a {grade} {type} loss at the high frequencies.",
            "In most adults, thresholds at {freq} are better than {level} dB HL.",
        ),
    ),
}
"""Two more phrasings per kind, written after the first reading rules and never tuned on: the
held-out check of whether those rules learnt the principle or the phrasings."""


def _filled(template: str, wrong: Wrong, rng: random.Random) -> str:
    gain = rng.choice((15, 20, 25, 30, 35))
    other = "left" if wrong.side == "right" else "right"
    return template.format(side=wrong.side, Side=wrong.side.capitalize(), freq=wrong.freq,
                           level=wrong.level, grade=wrong.grade, type=wrong.type,
                           year=wrong.year, loud=wrong.loud, gain=gain, other=other,
                           bside=wrong.better, BSide=wrong.better.capitalize(),
                           BS=wrong.better[0].upper())  # fmt: skip


def _inner(sentence: str) -> str:
    """Return the sentence as it reads inside another: first letter small, no stop."""
    body = sentence.rstrip(".")
    if len(body) > 1 and body[1].islower():
        body = body[0].lower() + body[1:]
    return body


_PROSE_STOP = re.compile(r"(?m)(?<=[a-z0-9)])\.(?=[ \t]*$)")


def _prose_stops(text: str) -> list[int]:
    """Return the places of a stop at the end of a prose line (not a table or JSON line)."""
    out = []
    for m in _PROSE_STOP.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        line = text[start : m.end()]
        if "|" not in line and "{" not in line and len(line) > 30:
            out.append(m.start())
    return out


def place(text: str, sentence: str, heading: str, where: str, rng: random.Random) -> str:
    """Return ``text`` with ``sentence`` placed ``where``: "sentence" (its own sentence at a
    paragraph end that has a stop, or a paragraph of its own), "parenthesis" (in brackets
    before a line-ending stop), "semicolon" (a clause after one), "list" (a list line) or
    "heading" (a heading line, the sentence under it). Without a prose stop the bracket and
    semicolon forms fall back to a list line."""
    stops = _prose_stops(text)
    if where in ("parenthesis", "semicolon") and stops:
        at = rng.choice(stops)
        inner = _inner(sentence)
        piece = f" ({inner})" if where == "parenthesis" else f"; {inner}"
        return text[:at] + piece + text[at:]
    paragraphs = text.split("\n\n")
    i = rng.randrange(len(paragraphs))
    if where == "sentence":
        ends = [k for k, p in enumerate(paragraphs) if p.rstrip().endswith((".", "!", ".)"))]
        if not ends:
            return text.rstrip() + "\n\n" + sentence
        k = ends[i % len(ends)]
        paragraphs[k] = paragraphs[k].rstrip() + " " + sentence
    elif where == "heading":
        paragraphs.insert(i + 1, f"{heading}:\n{sentence}")
    else:
        paragraphs[i] = paragraphs[i].rstrip() + "\n- " + sentence
    return "\n\n".join(paragraphs)


PLACES = ("sentence", "parenthesis", "semicolon", "list", "heading")


def _insertion(heading: str, phrasings: tuple[str, ...], where: str | None = None) -> Insertion:
    def insert(text: str, case: Any, seed: int = 0) -> str:
        rng = random.Random(seed * 7919 + len(text))
        sentence = _filled(phrasings[seed % len(phrasings)], wrong_facts(case, seed), rng)
        at = where or PLACES[(seed // len(phrasings)) % 5]
        return place(text, sentence, heading, at, rng)

    return insert


INSERTIONS: dict[str, Insertion] = {k: _insertion(*v) for k, v in KINDS.items()}
REVERSE: dict[str, Insertion] = {k: _insertion(*v) for k, v in CLAIMS_BESIDE.items()}
HELD_OUT_INSERTIONS: dict[str, Insertion] = {k: _insertion(*v) for k, v in HELD_OUT.items()}
EAR_KINDS = ("otoscopy_aside", "sided_organ", "phone_ear", "device_side")
"""The kinds whose sentence names an ear for something else (issue #26, ears that are not
the claim's)."""
ASIDES: dict[str, Insertion] = {
    k: _insertion(*KINDS[k], where="parenthesis") for k in EAR_KINDS
} | {f"{k} (held out)": _insertion(*HELD_OUT[k], where="parenthesis") for k in EAR_KINDS}
"""The ear kinds, main and held-out phrasings, always placed as a parenthesis before a
sentence's stop: right beside a claim, where a reader that takes the aside's ear for the
sentence's shows it."""


# ------------------------------------------------------------------ measuring


def invariance(
    rows: Iterable[dict[str, Any]],
    cases: dict[str, Any],
    insertion: Insertion,
    *,
    seed: int = 0,
    reader: Callable[[str, Any], tuple[str, ...]] | None = None,
) -> dict[str, Any]:
    """Return how often ``reader``'s verdict (sorted critical errors) survives the insertion:
    ``changed`` (replies), ``kept`` (verdict unchanged), ``rate``, and ``broken`` (ids,
    verdict before, after), split into ``correct`` and ``error`` replies by their labels."""
    from tests.audiogram.perturb import verdict

    reader = reader or verdict
    pairs = []
    for i, row in enumerate(rows):
        case = cases[row["case"]]
        after_text = insertion(row["reply"], case, seed + i)
        pairs.append((row, reader(row["reply"], case), reader(after_text, case)))
    return kept_tally(pairs, "changed")


def kept_tally(pairs: Iterable[tuple[dict, Any, Any]], count: str) -> dict[str, Any]:
    """Return how many (row, before, after) pairs kept their verdict: ``count`` (pairs),
    ``kept``, ``rate``, ``broken`` (id, before, after), and (kept, tried) split into
    ``correct`` and ``error`` replies by their labels."""
    out: dict[str, Any] = {count: 0, "kept": 0, "broken": [], "correct": [0, 0], "error": [0, 0]}
    for row, before, after in pairs:
        group = out["error" if row.get("critical_errors") else "correct"]
        out[count] += 1
        group[1] += 1
        if before == after:
            out["kept"] += 1
            group[0] += 1
        else:
            out["broken"].append((row.get("id"), before, after))
    out["rate"] = out["kept"] / out[count] if out[count] else None
    return out


def read_rate(rows, cases, insertion: Insertion, *, seed: int = 0, reader=None) -> dict:
    """Return, over correct replies the reader finds nothing in, how often an inserted false
    claim (CLAIMS_BESIDE) is found: ``found`` of ``tried``, and the ids missed."""
    from tests.audiogram.perturb import verdict

    reader = reader or verdict
    tried, found, missed = 0, 0, []
    for i, row in enumerate(rows):
        case = cases[row["case"]]
        if row.get("critical_errors") or reader(row["reply"], case):
            continue
        tried += 1
        if reader(insertion(row["reply"], case, seed + i), case):
            found += 1
        else:
            missed.append(row.get("id"))
    return {"tried": tried, "found": found, "missed": missed}


def caching(reader=None) -> Callable[[str, Any], tuple[str, ...]]:
    """Return ``reader`` (by default perturb.verdict) remembering each (text, case) verdict,
    so a reply's own verdict is computed once for all kinds."""
    from tests.audiogram.perturb import verdict

    reader = reader or verdict
    seen: dict[tuple[str, int], tuple[str, ...]] = {}

    def read(text: str, case: Any) -> tuple[str, ...]:
        key = (text, id(case))
        if key not in seen:
            seen[key] = reader(text, case)
        return seen[key]

    return read


def labelled_replies(last: int = 50) -> list[dict[str, Any]]:
    """Return every labelled reply of validation batches 1 to ``last`` (tuning data; the
    scope kinds were first measured on 1-44, the ear kinds on 1-50)."""
    from tests.audiogram.validation import replies

    names = ["replies.jsonl"] + [f"replies_batch{n}.jsonl" for n in range(2, last + 1)]
    return [row for name in names for row in replies(name)]


def main() -> None:  # pragma: no cover - a report for people, run by hand
    import sys

    from tests.audiogram.validation import cases

    rows, known = labelled_replies(), cases()
    reader = caching()
    show = "--broken" in sys.argv
    names = [a for a in sys.argv[1:] if not a.startswith("-")]
    table = HELD_OUT_INSERTIONS if "--held-out" in sys.argv else INSERTIONS
    table = ASIDES if "--asides" in sys.argv else table
    for name in [n for n in names if n in table] or ([] if names else list(table)):
        r = invariance(rows, known, table[name], reader=reader)
        c, e = r["correct"], r["error"]
        print(f"{name:22} kept {r['kept']:5}/{r['changed']:5} rate {r['rate']:.3f}  "
              f"correct {c[0]}/{c[1]}  error {e[0]}/{e[1]}")  # fmt: skip
        if show:
            for b in r["broken"]:
                print("   ", *b)
    for name in [n for n in names if n in REVERSE] or ([] if names else list(REVERSE)):
        r = read_rate(rows, known, REVERSE[name], reader=reader)
        print(f"{name:22} found {r['found']:5}/{r['tried']:5}")
        if show:
            print("    missed", *r["missed"][:40])


if __name__ == "__main__":
    main()
