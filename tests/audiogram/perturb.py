"""Rewrites of a reply that a clinician reads as meaning the same (issue #26, metamorphic tests).

Each transform is a pure function ``transform(text, seed) -> text``: the same text and seed
give the same result, and a text the transform has nothing to change in comes back as it
was. Each changes only what it is sure of (an ear word only where it names an ear, a
frequency only where its number stands alone, not as the last item of a list whose unit it
also gives) and says in its docstring why the meaning is kept.

:func:`invariance` applies a transform to labelled replies and counts how often the
reader's reply-level verdict (the sorted critical errors it finds) stays the same:
a reader that understood the reply should not care how it was written.

    PYTHONPATH=src:. python -m tests.audiogram.perturb      # the rate of every transform
"""

from __future__ import annotations

import random
import re
import textwrap
from collections.abc import Callable, Iterable
from typing import Any

Transform = Callable[[str, int], str]

# ---------------------------------------------------------------- ears


_EAR_PHRASE = re.compile(r"\b(?:the\s+)?(right|left)\s+ear\b(?![-'’]?s\b|-)", re.I)


def _ears_as(tags: tuple[str, str]) -> Transform:
    def transform(text: str, seed: int = 0) -> str:
        return _EAR_PHRASE.sub(lambda m: tags[m.group(1).lower() == "left"], text)

    return transform


_EAR_LABEL = re.compile(
    r"(?im)^([ \t]*(?:[-*•][ \t]*)?(?:\*\*)?)(?:the[ \t]+)?(right|left)[ \t]+ear"
    r"(?=(?:\*\*)?[ \t]*:|:)"
)
_EAR_WORD = re.compile(r"\b(right|left)\s+ear\b(?![-'’]?s\b|-)", re.I)


def ears_as_letters(text: str, seed: int = 0) -> str:
    """Write "Right ear:" as a label at a line's start as "R:", and "right ear" elsewhere
    as "R ear" (left alike), the chart letters of audiology notes.

    R and L are the audiogram's own ear labels; a clinician reads "R: moderate" or
    "moderate in the R ear" as the right ear. Only "right ear"/"left ear" as a phrase naming
    one ear is changed ("ears", "right-ear advantage", "the right ear's canal" are left).
    """
    text = _EAR_LABEL.sub(
        lambda m: m.group(1) + ("L" if m.group(2).lower() == "left" else "R"), text
    )
    return _EAR_WORD.sub(lambda m: ("L" if m.group(1).lower() == "left" else "R") + " ear", text)


def ears_as_re_le(text: str, seed: int = 0) -> str:
    """Write "the right ear" / "left ear" as RE / LE, the usual clinic-note abbreviations."""
    return _ears_as(("RE", "LE"))(text, seed)


def ears_as_latin(text: str, seed: int = 0) -> str:
    """Write "the right ear" / "left ear" as AD / AS (auris dextra / sinistra), as audiology
    forms and ENT letters do."""
    return _ears_as(("AD", "AS"))(text, seed)


_AS_A_TAG = r"(?=\s*[:,;.=)]|\s+[-–]\s|\s+(?:is|has|shows|was|thresholds?|air|bone|PTA)\b)"
_LETTER_EARS = (
    (re.compile(r"\bRE\b" + _AS_A_TAG), "right ear"),
    (re.compile(r"\bLE\b" + _AS_A_TAG), "left ear"),
    (re.compile(r"\bRt\b\.?(?=\s)"), "right"),
    (re.compile(r"\bLt\b\.?(?=\s)"), "left"),
    (re.compile(r"(?m)^(\s*(?:[-*•]\s*)?)R(?=\s*[:=]\s)"), r"\1Right ear"),
    (re.compile(r"(?m)^(\s*(?:[-*•]\s*)?)L(?=\s*[:=]\s)"), r"\1Left ear"),
)  # fmt: skip
_LATIN_PAIR = re.compile(r"\bA([DS])\b" + _AS_A_TAG)


def letters_as_ears(text: str, seed: int = 0) -> str:
    """Write the ear abbreviations out as words: RE/LE, Rt/Lt, a line's leading "R:"/"L:",
    and AD/AS where the text uses both (so "AS" is the Latin tag, not the word "as").

    RE/LE are changed only where they stand as an ear tag (before a colon, a spaced dash or a
    verb such as "is"), so "RE-test" is left ("RE: your letter" in a subject line is at risk
    in the rare reply that writes it so); R/L only at a line's start before a colon.
    """
    out = text
    for pattern, words in _LETTER_EARS:
        out = pattern.sub(lambda m, words=words: _opening(m, m.expand(words)), out)
    if re.search(r"\bAD\b", out) and re.search(r"\bAS\b", out):
        out = _LATIN_PAIR.sub(
            lambda m: _opening(m, "right ear" if m.group(1) == "D" else "left ear"), out
        )
    return out


def _opening(m: re.Match, words: str) -> str:
    """Return ``words`` with a capital when they open a line or a sentence, as the tag did."""
    before = m.string[max(0, m.start() - 2) : m.start()]
    if m.start() == 0 or before.endswith("\n") or re.search(r"[.!?]\s$", before):
        return words[0].upper() + words[1:]
    return words


_EAR_SIDE = re.compile(
    r"\b(in|on)\s+the\s+(right|left)\s+ear\b(?![-'’]?s\b|-)"
    r"|\bthe\s+(right|left)\s+ear\b(?![-'’]?s\b|-)",
    re.I,
)


def ear_word_dropped(text: str, seed: int = 0) -> str:
    """Write "in the right ear" as "on the right" and "the right ear" as "the right".

    In a report about hearing "the right" can only mean the right ear; the loss is the
    same. "ears" and "right-ear" are left alone.
    """

    def side(m: re.Match) -> str:
        if m.group(1):
            return f"on the {m.group(2)}"
        return m.group(0)[: m.group(0).lower().index(m.group(3).lower()) + len(m.group(3))]

    return _EAR_SIDE.sub(side, text)


# ---------------------------------------------------------------- degree and type words

_DEGREE_SHORT = (
    (re.compile(r"\bmoderately[- ]severe\b", re.I), "mod-sev"),
    (re.compile(r"\bmoderate\b", re.I), "mod"),
    (re.compile(r"\bsevere\b", re.I), "sev"),
    (re.compile(r"\bprofound\b", re.I), "prof"),
    (re.compile(r"\bwithin normal limits\b", re.I), "WNL"),
)
_DEGREE_LONG = (
    (re.compile(r"\bmod[- ]sev(?:ere)?\b", re.I), "moderately severe"),
    (re.compile(r"\bmod\b", re.I), "moderate"),
    (re.compile(r"\bsev\b", re.I), "severe"),
    (re.compile(r"\bprof\b(?!\.?\s*[A-Z])", re.I), "profound"),
    (re.compile(r"\bWNL\b"), "within normal limits"),
)


def degree_shorthand(text: str, seed: int = 0) -> str:
    """Write degree words in clinic shorthand: moderately severe -> mod-sev, moderate -> mod,
    severe -> sev, profound -> prof, within normal limits -> WNL.

    These abbreviations are standard in audiology notes and mean the same grade. Only the
    whole words change ("moderately" alone, "severely" and "profoundly" are left).
    """
    for pattern, short in _DEGREE_SHORT:
        text = pattern.sub(lambda m, short=short: _same_case(m.group(0), short), text)
    return text


def _same_case(word: str, short: str) -> str:
    """Return ``short`` in the case of ``word`` (capitals, a capital first, or as given)."""
    if word.isupper() and len(word) > 1:
        return short.upper()
    return short[0].upper() + short[1:] if word[0].isupper() and short.islower() else short


def degree_written_out(text: str, seed: int = 0) -> str:
    """Write the degree shorthand out (mod-sev, mod, sev, prof, WNL), the reverse of
    :func:`degree_shorthand`. "Prof" before a capitalised name (a title) is left."""
    for pattern, long in _DEGREE_LONG:
        text = pattern.sub(long, text)
    return text


_TYPE_SHORT = (
    (re.compile(r"\bsensorineural hearing loss\b", re.I), "SNHL"),
    (re.compile(r"\bconductive hearing loss\b", re.I), "CHL"),
    (re.compile(r"\bmixed hearing loss\b", re.I), "MHL"),
)
_TYPE_LONG = (
    (re.compile(r"\bSNHL\b"), "sensorineural hearing loss"),
    (re.compile(r"\bCHL\b"), "conductive hearing loss"),
    (re.compile(r"\bMHL\b"), "mixed hearing loss"),
)


def type_abbreviated(text: str, seed: int = 0) -> str:
    """Write "sensorineural/conductive/mixed hearing loss" as SNHL/CHL/MHL.

    The abbreviations name exactly these phrases. Only the full phrase changes, so
    "sensorineural component" or "conductive loss" (no "hearing") stay as written.
    """
    for pattern, short in _TYPE_SHORT:
        text = pattern.sub(short, text)
    return text


def type_written_out(text: str, seed: int = 0) -> str:
    """Write SNHL/CHL/MHL out as the phrases they abbreviate (capitals only, as written)."""
    for pattern, long in _TYPE_LONG:
        text = pattern.sub(long, text)
    return text


# ---------------------------------------------------------------- frequencies and units

# a number directly after another number and a list separator shares that list's unit:
# "500, 1000 and 2000 Hz" must not become "500, 1000 and 2 kHz"
_IN_A_LIST = re.compile(r"\d\s*(?:,|/|-|–|—|&|\+|and|or|to|through|x)\s*$", re.I)
_HZ = re.compile(r"(?<![\d.,])(\d{3,5})\s?Hz\b")
_KHZ = re.compile(r"(?<![\d.,])(\d{1,2}(?:\.\d{1,2})?)\s?kHz\b")


def _alone(text: str, m: re.Match) -> bool:
    return not _IN_A_LIST.search(text[max(0, m.start() - 16) : m.start()])


def _khz_number(hz: int) -> str:
    return f"{hz / 1000:g}"


def _hz_as(form: str) -> Transform:
    def transform(text: str, seed: int = 0) -> str:
        def one(m: re.Match) -> str:
            hz = int(m.group(1))
            if not _alone(text, m) or hz % 250 or not 125 <= hz <= 16000:
                return m.group(0)
            if form != "kHz" and hz < 1000:
                return m.group(0)
            return _khz_number(hz) + (" kHz" if form == "kHz" else form)

        return _HZ.sub(one, text)

    return transform


def hz_as_khz(text: str, seed: int = 0) -> str:
    """Write "2000 Hz" as "2 kHz" (and "500 Hz" as "0.5 kHz"): the same frequency in the
    other unit. A number ending a list ("500, 1000 and 2000 Hz") is left, because the unit
    belongs to the whole list there."""
    return _hz_as("kHz")(text, seed)


def hz_as_k(text: str, seed: int = 0) -> str:
    """Write "2000 Hz" as "2k", the chart shorthand; frequencies under 1 kHz are left."""
    return _hz_as("k")(text, seed)


def hz_as_capital_k(text: str, seed: int = 0) -> str:
    """Write "2000 Hz" as "2K", as handwritten notes do; frequencies under 1 kHz are left."""
    return _hz_as("K")(text, seed)


def khz_as_hz(text: str, seed: int = 0) -> str:
    """Write "2 kHz" as "2000 Hz" (and "0.5 kHz" as "500 Hz"); a number ending a list keeps
    its unit, as in :func:`hz_as_khz`."""

    def one(m: re.Match) -> str:
        hz = round(float(m.group(1)) * 1000)
        if not _alone(text, m) or hz % 250 or not 125 <= hz <= 16000:
            return m.group(0)
        return f"{hz} Hz"

    return _KHZ.sub(one, text)


_DB_HL = re.compile(r"\bdB\s?HL\b")


def db_hl_as_db(text: str, seed: int = 0) -> str:
    """Write "dB HL" as "dB": in an audiogram report every level is in dB HL unless another
    scale is named, so the unit says nothing new. dB SPL, dB nHL and dB SL are left."""
    return _DB_HL.sub("dB", text)


# ---------------------------------------------------------------- layout

_ABBREVIATIONS = {"dr", "mr", "mrs", "ms", "approx", "e.g", "i.e", "eg", "ie", "vs", "etc", "cf",
                  "fig", "no", "st", "prof", "mod", "sev", "ca", "al"}  # fmt: skip
_SENTENCE_END = re.compile(r"(?<=[A-Za-z0-9)%])\.\s+(?=[A-Z])")
_STRUCTURED = re.compile(r"^\s*(?:[-*•>#|]|\d+[.)]\s|[A-Za-z ]{1,24}:\s*$)")


def _sentences(line: str) -> list[str]:
    out, start = [], 0
    for m in _SENTENCE_END.finditer(line):
        word = re.search(r"([A-Za-z.]+)$", line[start : m.start()])
        if word and word.group(1).lower().rstrip(".") in _ABBREVIATIONS:
            continue
        out.append(line[start : m.start() + 1].strip())
        start = m.end()
    out.append(line[start:].strip())
    return [s for s in out if s]


def as_bullets(text: str, seed: int = 0) -> str:
    """Write each sentence of a prose line as its own bullet line ("- ...").

    Splitting prose into bullet points keeps every sentence and its order. Only plain
    prose lines of two or more sentences change; list items, tables, quoted lines,
    headings and numbered paragraphs stay. A full stop after an abbreviation
    ("Dr.", "e.g.", "approx.") or inside a number does not end a sentence.
    """
    lines = []
    for line in text.split("\n"):
        parts = [] if _STRUCTURED.match(line) else _sentences(line)
        if len(parts) < 2:
            lines.append(line)
        else:
            lines.extend(f"- {p}" for p in parts)
    return "\n".join(lines)


def hard_wrapped(text: str, seed: int = 0) -> str:
    """Break long lines at a space before a width of 60-72 characters (drawn from the seed),
    as a mail client does, so sentences run on over the line breaks.

    A reader of mail reads a wrapped sentence as one sentence. Table rows (with "|") and
    quoted lines are left, since a mail client that wraps them marks the continuation.
    """
    width = random.Random(seed).randint(60, 72)
    lines = []
    for line in text.split("\n"):
        if len(line) <= width or "|" in line or line.lstrip().startswith(">"):
            lines.append(line)
            continue
        lines.extend(
            textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False) or [line]
        )
    return "\n".join(lines)


_GREETINGS = ("Hi,", "Hello,", "Dear colleague,", "Hi all,", "Good morning,")
_SIGN_OFFS = ("Best wishes,\nSam", "Kind regards,\nDr Morgan", "Thanks,\nJo", "Cheers,\nAlex",
              "Many thanks,\nThe audiology team")  # fmt: skip


def greeting_and_sign_off(text: str, seed: int = 0) -> str:
    """Put a greeting line before the reply and a sign-off after it (drawn from the seed).

    Neither names an ear, a number or a finding, so the clinical content is unchanged.
    """
    rng = random.Random(seed)
    return f"{rng.choice(_GREETINGS)}\n\n{text.strip()}\n\n{rng.choice(_SIGN_OFFS)}"


_HEADING = re.compile(
    r"(?m)^(?P<lead>\s*(?:#{1,6}\s+|\*\*))(?P<head>[^*\n]{1,60}?)(?P<tail>:?\*\*|$)"
    r"|^(?P<bare>[A-Z][A-Za-z /&()-]{1,40}:)[ \t]*$"
)


def _headings(text: str, case: Callable[[str], str]) -> str:
    def one(m: re.Match) -> str:
        if m.group("bare"):
            return case(m.group("bare")) + m.group(0)[len(m.group("bare")) :]
        return m.group("lead") + case(m.group("head")) + m.group("tail")

    return _HEADING.sub(one, text)


def headings_upper(text: str, seed: int = 0) -> str:
    """Write headings in capitals: markdown "#" and "**bold**" heads, and a line that is a
    few words and a colon. Case carries no clinical meaning in a heading."""
    return _headings(text, str.upper)


def _lower_words(head: str) -> str:
    # acronyms (PTA, Q1, WRS) stay: only Capitalised words are lowered
    return re.sub(r"\b[A-Z][a-z]+\b", lambda m: m.group(0).lower(), head)


def headings_lower(text: str, seed: int = 0) -> str:
    """Write headings' Capitalised words in lower case; acronyms (PTA, Q1) are kept."""
    return _headings(text, _lower_words)


_SPELLINGS = (
    ("behaviour", "behavior"), ("centre", "center"), ("colour", "color"),
    ("paediatric", "pediatric"), ("tumour", "tumor"), ("oedema", "edema"),
    ("haemotympanum", "hemotympanum"), ("anaesthe", "anesthe"), ("programme", "program"),
    ("labelled", "labeled"), ("modelling", "modeling"), ("favour", "favor"),
    ("analyse", "analyze"), ("characteris", "characteriz"), ("summaris", "summariz"),
    ("recognis", "recogniz"), ("organis", "organiz"), ("localis", "localiz"),
    ("prioritis", "prioritiz"), ("emphasis", "emphasiz"), ("grey", "gray"),
    ("fibre", "fiber"), ("litre", "liter"), ("metre", "meter"), ("ageing", "aging"),
    ("counselling", "counseling"), ("travelled", "traveled"), ("judgement", "judgment"),
)  # fmt: skip


def _respelt(text: str, pairs: Iterable[tuple[str, str]]) -> str:
    for old, new in pairs:
        text = re.sub(
            rf"\b{old}",
            lambda m, new=new: new.capitalize() if m.group(0)[0].isupper() else new,
            text,
            flags=re.I,
        )
    return text


def american_spelling(text: str, seed: int = 0) -> str:
    """Respell British words the American way (behaviour -> behavior, paediatric ->
    pediatric, characterised -> characterized): the same word in the other spelling."""
    return _respelt(text, _SPELLINGS)


def british_spelling(text: str, seed: int = 0) -> str:
    """Respell American words the British way (the reverse of :func:`american_spelling`);
    "emphasiz" only, since "emphasis" is both."""
    return _respelt(text, ((new, old) for old, new in _SPELLINGS))


_EAR_FIRST = re.compile(
    r"(?im)^(?P<lead>[ \t]*(?:[-*•][ \t]*)?)(?:\*\*)?(?P<ear>right|left) ear(?::\*\*|\*\*:|:)[ \t]*"
    r"(?P<finding>(?:normal|mild|moderate|moderately[ -]severe|severe|profound)\b[a-z -]{0,60}?"
    r"\b(?:hearing loss|loss|hearing|SNHL|CHL|MHL))\.?[ \t]*$"
)


def degree_after_ear(text: str, seed: int = 0) -> str:
    """Write a line "Right ear: moderate sensorineural hearing loss." as "Moderate
    sensorineural hearing loss in the right ear."

    The ear, grade and type are the same; only the clause order changes. Only a line that
    holds nothing but the ear label, a grade (or "normal"), a few words without commas or
    numbers and "loss"/"hearing" changes, so no other finding can attach to the moved ear.
    """

    def one(m: re.Match) -> str:
        finding, ear = m.group("finding"), m.group("ear").lower()
        return f"{m.group('lead')}{finding[0].upper()}{finding[1:]} in the {ear} ear."

    return _EAR_FIRST.sub(one, text)


TRANSFORMS: dict[str, Transform] = {
    "ears_as_letters": ears_as_letters,
    "ears_as_re_le": ears_as_re_le,
    "ears_as_latin": ears_as_latin,
    "letters_as_ears": letters_as_ears,
    "ear_word_dropped": ear_word_dropped,
    "degree_shorthand": degree_shorthand,
    "degree_written_out": degree_written_out,
    "type_abbreviated": type_abbreviated,
    "type_written_out": type_written_out,
    "hz_as_khz": hz_as_khz,
    "hz_as_k": hz_as_k,
    "hz_as_capital_k": hz_as_capital_k,
    "khz_as_hz": khz_as_hz,
    "db_hl_as_db": db_hl_as_db,
    "as_bullets": as_bullets,
    "hard_wrapped": hard_wrapped,
    "greeting_and_sign_off": greeting_and_sign_off,
    "headings_upper": headings_upper,
    "headings_lower": headings_lower,
    "american_spelling": american_spelling,
    "british_spelling": british_spelling,
    "degree_after_ear": degree_after_ear,
}


# ---------------------------------------------------------------- measuring invariance


def verdict(reply: str, case: Any) -> tuple[str, ...]:
    """Return the reply-level verdict of the reader: the sorted critical errors it finds."""
    from clinbench.audiogram.check import check_reply

    return tuple(check_reply(reply, case).critical_errors)


def invariance(
    rows: Iterable[dict[str, Any]],
    cases: dict[str, Any],
    transform: Transform,
    *,
    seed: int = 0,
    reader: Callable[[str, Any], tuple[str, ...]] = verdict,
) -> dict[str, Any]:
    """Return how often ``reader``'s verdict survives ``transform``: ``changed`` (replies the
    transform rewrote), ``kept`` (of those, the verdict unchanged), ``rate`` (kept/changed,
    None when nothing changed) and ``broken`` (ids, first verdict, verdict after)."""
    changed, kept, broken = 0, 0, []
    for i, row in enumerate(rows):
        after_text = transform(row["reply"], seed + i)
        if after_text == row["reply"]:
            continue
        changed += 1
        case = cases[row["case"]]
        before, after = reader(row["reply"], case), reader(after_text, case)
        if before == after:
            kept += 1
        else:
            broken.append((row.get("id"), before, after))
    return {"changed": changed, "kept": kept, "rate": kept / changed if changed else None,
            "broken": broken}  # fmt: skip


def labelled_replies() -> list[dict[str, Any]]:
    """Return every labelled reply of validation batches 1-38 (the tuning data)."""
    from tests.audiogram.validation import replies

    names = ["replies.jsonl"] + [f"replies_batch{n}.jsonl" for n in range(2, 39)]
    return [row for name in names for row in replies(name)]


def main() -> None:  # pragma: no cover - a report for people, run by hand
    import sys

    from tests.audiogram.validation import cases

    rows, known = labelled_replies(), cases()
    show = "--broken" in sys.argv
    names = [a for a in sys.argv[1:] if not a.startswith("-")] or list(TRANSFORMS)
    for name in names:
        transform = TRANSFORMS[name]
        r = invariance(rows, known, transform)
        rate = "-" if r["rate"] is None else f"{r['rate']:.3f}"
        print(f"{name:24} changed {r['changed']:5}  kept {r['kept']:5}  rate {rate}")
        if show:
            for b in r["broken"]:
                print("   ", *b)


if __name__ == "__main__":
    main()
