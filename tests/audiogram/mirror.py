"""The mirror test of the reader (issue #26, a metamorphic test of laterality).

Swap right and left in the audiogram and in the reply: every ear-tagged result of the case
goes to the other ear, and every way a reply names an ear (right/left, Right/RIGHT, R/L,
RE/LE, AD/AS, OD/OS (OG, OI), Rt/Lt, German re./li., right_ear keys, R>L, table columns
headed R and L) names the other one. The mirrored reply says of the mirrored audiogram
exactly what the reply said of the audiogram, so a reader with no preference for one ear
gives the same kinds of finding, reply by reply: a correct reply stays clean, an error
reply keeps its error.

Only what is sure to name a side is swapped: "right" as "correct" ("sensorineural is
right", "all right", "right away"), "left" as a verb ("was left at home", "left
untreated"), the initials of a title ("Mrs L.", "Dr R. Khan"), the ranks "Flt Lt" / "Lt
Col", "RE" as "regarding" (only swapped where the reply also writes "LE") and the
tympanogram types As/Ad ("type AS") stay as written.

    PYTHONPATH=src:. python -m tests.audiogram.mirror [--broken] [--findings] [--last N]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from clinbench.audiogram.audiogram_model import Audiogram

_SWAP = {"right": "left", "left": "right", "r": "l", "l": "r", "re": "le", "le": "re",
         "ad": "as", "as": "ad", "rt": "lt", "lt": "rt", "dextra": "sinistra",
         "sinistra": "dextra"}  # fmt: skip

# words: any case, not inside a longer word ("right_ear" and "right-sided" are swapped,
# "rightly", "leftover", "bright" are not)
_SIDE_WORD = re.compile(r"(?<![A-Za-z])(?:right|left|dextra|sinistra)(?![a-z])", re.I)
# "right" meaning correct, "left" as a verb: kept
_NOT_A_SIDE = re.compile(
    r"(?i)\b(?:is|are|was|were|be|'s|looks|seems|sounds|all|exactly|quite|not)\s+right"
    r"(?=\s*(?:[.,:;!?()]|$|\s(?:but|and|too|here|there|to)\b))"
    r"|\bright\s+(?:away|now|enough|answer|choice|call)\b|\ball\s+right\b"
    r"|\b(?:was|were|is|are|be|been|has|have|had|HAs)\s+left\s+(?:at|untreated|alone|in\s+place|"
    r"over|unaided|behind|unchanged|out|with\s+(?:a|an|the|no|some))\b"
)
# letters: capitals standing alone, not a title's initial or a rank
_SIDE_LETTERS = re.compile(r"(?<![A-Za-z0-9])(?:R|L|Rt|Lt|RT|LT|rt|lt)(?![A-Za-z0-9])")
_INITIAL = re.compile(r"(?:\b(?:Mrs?|Ms|Miss|Dr|Prof|Mx)\.?\s+$)")
_RANK = re.compile(r"(?:Flt|Sqn|Wg)\s+$")
_RANK_AFTER = re.compile(r"\s+(?:Col|Cdr|Gen|Cmdr)\b")
_PAIR_TAGS = (("RE", "LE"), ("OD", "OS"), ("OD", "OG"), ("OD", "OI"))
_TYMP_TYPE = re.compile(r"(?i)(?:type|tymp\w*|tympanogram)\s*[:=]?\s*$")


def _same_case(word: str, new: str) -> str:
    if word.isupper() and len(word) > 1:
        return new.upper()
    if word[0].isupper():
        return new[0].upper() + new[1:]
    return new


def mirror_text(text: str) -> str:
    """Return ``text`` with every ear it names swapped for the other (see the module
    docstring for what is sure to name an ear and what is left)."""
    kept = [(m.start(), m.end()) for m in _NOT_A_SIDE.finditer(text)]

    def inside_kept(at: int) -> bool:
        return any(a <= at < b for a, b in kept)

    def word(m: re.Match) -> str:
        if inside_kept(m.start()):
            return m.group(0)
        return _same_case(m.group(0), _SWAP[m.group(0).lower()])

    def letters(m: re.Match) -> str:
        before = text[max(0, m.start() - 8) : m.start()]
        if _INITIAL.search(before) or _RANK.search(before) or _RANK_AFTER.match(text, m.end()):
            return m.group(0)
        return _same_case(m.group(0), _SWAP[m.group(0).lower()])

    out = []
    last = 0
    for m in _merged(text):
        out.append(text[last : m.start()])
        out.append(word(m) if m.re is _SIDE_WORD else letters(m))
        last = m.end()
    out.append(text[last:])
    return _german_tags(_paired_tags("".join(out), text))


_GERMAN_TAG = re.compile(r"(?<![A-Za-z])(re|li)\.")


def _german_tags(text: str) -> str:
    """Swap the German reports' "re." and "li." (rechts, links) where the reply writes both."""
    if not ("re." in text and "li." in text):
        return text
    return _GERMAN_TAG.sub(lambda m: "li." if m.group(1) == "re" else "re.", text)


def _merged(text: str) -> list[re.Match]:
    found = list(_SIDE_WORD.finditer(text)) + list(_SIDE_LETTERS.finditer(text))
    return sorted(found, key=lambda m: m.start())


def _paired_tags(text: str, original: str) -> str:
    """Swap RE/LE where the reply writes both (alone, "RE" is "regarding": "RE: audiogram",
    "RE CI REFERRAL"), OD with the left ear's OS, OG or OI where the reply writes both
    (alone, "OD" is a drug's "once daily"), and AD/AS wherever they stand alone, except as a
    tympanogram type ("type AS")."""
    for one, other in (*_PAIR_TAGS, ("AD", "AS")):
        if (one, other) in _PAIR_TAGS and not (_alone(one, original) and _alone(other, original)):
            continue
        tag = re.compile(rf"(?<![A-Za-z0-9])({one}|{other})(?![A-Za-z0-9])")

        def swap(m: re.Match, one=one, other=other) -> str:
            if _TYMP_TYPE.search(m.string[max(0, m.start() - 16) : m.start()]):
                return m.group(0)
            return other if m.group(0) == one else one

        text = tag.sub(swap, text)
    return text


def _alone(tag: str, text: str) -> bool:
    return bool(re.search(rf"(?<![A-Za-z0-9]){tag}(?![A-Za-z0-9])", text))


def mirror_case(case: Audiogram) -> Audiogram:
    """Return the audiogram with its ears swapped: thresholds and every per-ear test."""
    raw = case.to_json_dict()
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key in ("right", "left"):
            out[_SWAP[key]] = value
        elif isinstance(value, dict) and set(value) <= {"right", "left"}:
            out[key] = {_SWAP[ear]: v for ear, v in value.items()}
        else:
            out[key] = value
    return Audiogram.model_validate(out)


# ---------------------------------------------------------------- measuring


def verdict(reply: str, case: Any) -> tuple[str, ...]:
    """Return the reply-level verdict: the sorted critical errors found."""
    from tests.audiogram.perturb import verdict as critical

    return critical(reply, case)


def finding_kinds(reply: str, case: Any, *, mirrored: bool = False) -> tuple:
    """Return the sorted (kind, ear, verdict, critical error) of every finding, the ear
    swapped back when ``mirrored`` (so a reply and its mirror compare equal)."""
    from clinbench.audiogram.check import check_reply

    out = []
    for f in check_reply(reply, case).findings:
        ear = _SWAP.get(f.ear, f.ear) if mirrored and f.ear else f.ear
        out.append((str(f.kind), str(ear), str(f.verdict), str(f.critical_error or "")))
    return tuple(sorted(out))


def mirror_invariance(
    rows: Iterable[dict[str, Any]],
    cases: dict[str, Any],
    *,
    reader: Callable[..., tuple] | None = None,
    findings: bool = False,
) -> dict[str, Any]:
    """Return how often the verdict of a reply survives the mirror: ``tried``, ``kept``,
    ``rate`` and ``broken`` (id, verdict, verdict of the mirror); ``correct`` and ``error``
    split (kept, tried) by the reply's label. ``findings`` compares every finding
    (kind, ear swapped back, verdict) instead of the critical errors."""
    from tests.audiogram.insertions import kept_tally

    mirrored_cases: dict[str, Audiogram] = {}
    pairs = []
    for row in rows:
        case = cases[row["case"]]
        if row["case"] not in mirrored_cases:
            mirrored_cases[row["case"]] = mirror_case(case)
        twin = mirrored_cases[row["case"]]
        if findings:
            before = finding_kinds(row["reply"], case)
            after = finding_kinds(mirror_text(row["reply"]), twin, mirrored=True)
        else:
            read = reader or verdict
            before, after = read(row["reply"], case), read(mirror_text(row["reply"]), twin)
        pairs.append((row, before, after))
    return kept_tally(pairs, "tried")


def main() -> None:  # pragma: no cover - a report for people, run by hand
    import sys

    from tests.audiogram.insertions import labelled_replies
    from tests.audiogram.validation import cases

    last = int(sys.argv[sys.argv.index("--last") + 1]) if "--last" in sys.argv else 50
    rows = labelled_replies(last)
    r = mirror_invariance(rows, cases(), findings="--findings" in sys.argv)
    c, e = r["correct"], r["error"]
    print(f"mirror kept {r['kept']}/{r['tried']} rate {r['rate']:.4f}  correct {c[0]}/{c[1]}  "
          f"error {e[0]}/{e[1]}")  # fmt: skip
    if "--broken" in sys.argv:
        for b in r["broken"]:
            print("   ", *b)


if __name__ == "__main__":
    main()
