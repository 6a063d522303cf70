"""Laboratory-interface result messages (HL7 v2) written out as the statements they carry.

An HL7 v2 message is lines of segments ("OBX|1|NM|AC^Air conduction^L|R.500|40|dB HL|...") whose
fields are split by ``|`` and whose components by ``^`` (HL7 v2.5.1, chapter 2.5: message
delimiters). Only an observation segment (OBX) states a result, in its value field (OBX-5), of
the observation its identifier names (OBX-3), for the sub-ID (OBX-4) and body site (OBX-20)
that carry the ear and frequency, in its units (OBX-6); a note segment (NTE-3) is the
sender's comment. Everything else (header, patient, visit, order and acknowledgement
segments; the parts of codes, identifiers, timestamps, reference ranges and flags) states
no result. A message the receiver rejects (MSA-1 ``AE`` / ``AR``, a NACK) is not a result
either: the accepted resend is. Seen in interface messages and their logs (issue #26,
batch 89).
"""

from __future__ import annotations

import re

SEGMENT = re.compile(
    r"^([ \t>]*)(?:<VT>|\x0b)?(MSH|PID|PD1|PV1|PV2|NK1|ORC|OBR|OBX|NTE|EVN|TXA|MSA|ERR|FHS|FTS|"
    r"BHS|BTS|IPC|SPM|AL1|DG1|TQ1|ROL|CTD|SFT|PRT|IN1|GT1|MRG|QAK|UAC|TCD|Z[A-Z0-9]{2})"
    r"\|([^\n]*)$",
    re.MULTILINE,
)
"""A segment on its own line (indented, quoted with '>' or opened by an MLLP frame mark)."""

_REJECTED = re.compile(
    r"MSA\|A[ER]\||\bNACK\b|\bREJECT(?:ED)?\b|\bACK[ \t]+A[ER]\b|->[ \t]*A[ER]\b|\bERR\|", re.I
)
"""What marks a line of a log as a rejection (HL7 table 0008: AE error, AR reject)."""

_EARS = {"right": "right", "rt": "right", "re": "right", "r": "right", "ad": "right",
         "left": "left", "lt": "left", "le": "left", "l": "left", "as": "left",
         "be": "both", "both": "both"}  # fmt: skip
_CODED = ("CE", "CWE", "CNE", "CF", "CX")
_NO_VALUE = ("ED", "RP", "")
_ESCAPES = ((r"\.br\ ", "\n"), (r"\.br\\", "\n"), ("\\T\\", "&"), ("\\S\\", "^"),
            ("\\F\\", "|"), ("\\R\\", "~"), ("\\E\\", "\\"))  # fmt: skip
_FREQUENCY = re.compile(r"^(\d{3,4}(?:-\d{3,4})?)$|^(\d(?:\.\d)?)k$", re.I)


def _unescaped(value: str) -> str:
    for escape, plain in _ESCAPES:
        value = value.replace(escape, plain)
    return value


def _text_of(code: str) -> str:
    """The words of a coded field ("44057004^Conductive hearing loss^SCT" -> its text)."""
    parts = code.split("^")
    if len(parts) > 1 and parts[1].strip():
        return parts[1].strip()
    return re.sub(r"[._]", " ", parts[0]).strip()


def _named(code: str) -> str:
    """The observation's name: its text, after its identifier where that is a word
    ("GRADE^WHO 2021" -> "GRADE (WHO 2021)"): a mnemonic identifier names it too."""
    text, ident = _text_of(code), code.split("^")[0].strip()
    if text == ident or not re.fullmatch(r"[A-Za-z]{4,}", ident) or ident.lower() in text.lower():
        return text
    return f"{ident} ({text})"


def _ear_of(field: str) -> tuple[str, str]:
    """The ear a sub-ID or body site names, and what is left of it (a frequency)."""
    parts = [p.strip() for p in re.split(r"[\^~./ \t]", field) if p.strip()]
    ears = {_EARS[p.lower()] for p in parts if p.lower() in _EARS}
    rest = [p for p in parts if p.lower() not in _EARS]
    ear = ears.pop() if len(ears) == 1 else ("both" if len(ears) > 1 else "")
    if not ear and field.strip():
        words = _text_of(field)
        found = {_EARS[w.lower()] for w in re.findall(r"[A-Za-z]+", words) if w.lower() in _EARS}
        ear = found.pop() if len(found) == 1 else ""
        rest = []
    return ear, " ".join(rest)


def _value_of(kind: str, value: str) -> str:
    if kind in _CODED and "^" in value:
        return _text_of(value)
    if kind == "SN":
        parts = value.split("^")
        comparator, number = parts[0], "".join(parts[1:2])
        if comparator in (">", ">="):
            return f"no response at {number}"
        return f"{comparator.strip('=')}{number}"
    return _unescaped(value.replace("~", ", "))


def _frequency(rest: str) -> str:
    m = _FREQUENCY.match(rest.strip())
    if not m:
        return ""
    return f" {m.group(1)} Hz" if m.group(1) else f" {m.group(2)} kHz"


def _site(fields: list[str]) -> tuple[str, str]:
    """The ear a body-site field (OBX-20 or a later site field) names, and a later field that
    is only a frequency ("250 Hz")."""
    ear, frequency = "", ""
    for field in fields[19:]:
        words = _text_of(field).lower()
        if "ear" in words.split() or words.endswith("ear structure"):
            ear = ear or _ear_of(field)[0]
        elif _HZ_FIELD.match(field.strip()):
            frequency = frequency or field.strip()
    return ear, frequency


_HZ_FIELD = re.compile(r"^\d{3,4}(?:-\d{3,4})?[ \t]*(?:Hz)?$|^\d(?:\.\d)?[ \t]*kHz$", re.I)
_LABEL_EAR = re.compile(r"(?<![A-Za-z])(RIGHT|LEFT|RT|LT)(?![A-Za-z])", re.I)
_LABEL_FREQUENCY = re.compile(
    r"(?<![\w.])(\d{3,4}|(?:\.\d{1,3}|\d{1,2}(?:\.\d{1,3})?)k)(?![\w.])", re.I
)
_KHZ = r"(?:\.\d{1,3}|\d{1,2}(?:\.\d{1,3})?)"
_K_RUN = re.compile(rf"(?<![\w.])((?:{_KHZ}[ \t]*[/, ][ \t]*)+{_KHZ})[ \t]?k(?:Hz)?\b", re.I)
"""Frequencies in kHz listed with one "k" after the last (".5/1/2/4k")."""
_NUMBER = re.compile(r"^(?:\d{1,3}(?:\.\d+)?|NR(?:[ \t]*\(\d{2,3}\))?)$", re.I)


def _label_ear(label: str) -> tuple[str, str]:
    """An ear the observation's name holds ("AC 250 RIGHT"), and the name without it."""
    ears = {_EARS[m.group(1).lower()] for m in _LABEL_EAR.finditer(label)}
    if len(ears) != 1:
        return "", label
    return ears.pop(), " ".join(_LABEL_EAR.sub(" ", label).split())


def _paired(label: str, said: str, unit: str) -> str:
    """A name listing frequencies ("Right air 250 500 1k") beside a value listing as many
    levels ("20 20 30") as "250 Hz 20, 500 Hz 20, 1k 30"; else "<name>: <value>"."""
    label = _K_RUN.sub(lambda m: " ".join(f"{f}k" for f in re.split(r"[ /,]+", m.group(1))), label)
    freqs = _LABEL_FREQUENCY.findall(label)
    levels = re.split(r"[ \t]*[/,][ \t]*|[ \t]+(?!\()", said.strip())
    if len(freqs) > 1 and len(freqs) == len(levels) and all(map(_NUMBER.match, levels)):
        name = _LABEL_FREQUENCY.sub(" ", label)
        name = " ".join(re.sub(r"[/,]", " ", name).split())
        pairs = ", ".join(
            f"{_hz(f)} {level} {unit}".rstrip() for f, level in zip(freqs, levels, strict=True)
        )
        return f"{name}: {pairs}"
    if len(freqs) == 1 and (_NUMBER.match(said.strip()) or said.startswith("no response")):
        label = " ".join(_LABEL_FREQUENCY.sub(" ", label).split()) + f" {_hz(freqs[0])}"
    return f"{label}: {said} {unit}".rstrip()


def _hz(frequency: str) -> str:
    if frequency.lower().endswith("k"):
        return f"{'0' if frequency.startswith('.') else ''}{frequency[:-1]} kHz"
    return f"{frequency} Hz"


def _observation(fields: list[str]) -> str:
    """One OBX as "<ear> ear: <observation> <frequency>: <value> <units>."."""
    fields = fields + [""] * (21 - len(fields))
    kind, code, sub_id, value, units, status = (fields[i].strip() for i in (1, 2, 3, 4, 5, 10))
    if kind in _NO_VALUE or status in ("D", "W"):
        return ""
    ear, rest = _ear_of(sub_id)
    site, frequency = _site(fields)
    ear = ear or site
    label = _named(code)
    if not ear:
        parts = code.split("^")  # (the third and sixth components name coding systems)
        coded = [p for i, p in enumerate(parts) if i not in (2, 5) and p.lower() in _EARS]
        ear = _EARS[coded[0].lower()] if len(coded) == 1 else ""
    if not ear:
        ear, label = _label_ear(label)
    said = _value_of(kind, value) if value.strip() else ""
    if not said:
        if status not in ("X", "N"):
            return ""
        said, units = "not obtained", ""
    unit = units.split("^")[0].replace("DB", "dB")
    where = f"{ear} ear: " if ear in ("right", "left") else ("both ears: " if ear else "")
    at = _frequency(rest) or (f" {frequency}" if frequency else "")
    if at:
        return f"{where}{label}{at}: {said} {unit}".rstrip() + "."
    return f"{where}{_paired(label, said, unit)}."


def _segment(m: re.Match) -> str:
    indent, name, body = m.groups()
    fields = [""] + body.split("|")  # fields[1] is the segment's first field
    if name == "OBX":
        return indent + _observation(fields[1:] if len(fields) > 1 else [])
    if name == "NTE":
        return indent + _unescaped(fields[3] if len(fields) > 3 else "")
    if name == "OBR" and len(fields) > 4 and fields[4].strip():
        return indent + _text_of(fields[4]) + ":"
    return indent


def _messages(text: str) -> list[tuple[int, int, str]]:
    """Each message's span (from its MSH to the next) and control id (MSH-10)."""
    starts = [m for m in SEGMENT.finditer(text) if m.group(2) == "MSH"]
    spans = []
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        fields = m.group(3).split("|")
        spans.append((m.start(), end, fields[8].strip() if len(fields) > 8 else ""))
    return spans


def _rejected_dropped(text: str) -> str:
    """``text`` less the lines marking a rejection and the messages they reject."""
    rejections = [line for line in text.split("\n") if _REJECTED.search(line)]
    if not rejections:
        return text
    named = {word for line in rejections for word in re.split(r"[^\w-]+", line)}
    pieces, at = [], 0
    for start, end, ident in _messages(text):
        if len(ident) >= 3 and ident in named:
            pieces.append(text[at:start])
            at = end
    text = "".join(pieces) + text[at:]
    return "\n".join("" if _REJECTED.search(line) else line for line in text.split("\n"))


def interface_messages_written_out(text: str) -> str:
    """Return ``text`` with each HL7 v2 segment written as what it states: an observation as
    "<ear> ear: <observation> <frequency>: <value> <units>.", a note as its comment, an
    order as its test's name, any other segment as nothing; a rejected message (and the
    log lines that reject it) dropped. Any other text unchanged. Linear."""
    if "OBX|" not in text and "MSH|" not in text:
        return text
    if "\r" in text:  # segments ended by carriage returns alone (HL7 v2.5.1, 2.5.1)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not SEGMENT.search(text):
        return text
    text = _rejected_dropped(text)
    return SEGMENT.sub(_segment, text)
