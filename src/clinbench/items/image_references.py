"""Whether a case text points the reader to an image, and the text without those sentences.

A case written for image input says where the images are ("the audiogram is shown in the
image"). Where the images are left out, so are the sentences pointing to them, so that no
reader is sent to a picture that is not there: the audit's text-only mode (``--text-only``)
for reviewers, and a text-only case run (``audiology_cases -T images=false``) for the
model. Hand-written (no library marks deictic references to figures): a sentence points to
an image when it names one (image, figure, photo, an otoscopic picture, but not "the
clinical picture" or a picture-naming task) or says its content is attached or shown
below/above.
"""

from __future__ import annotations

import re

_NOUN = re.compile(
    r"\b(?:images?|figures?|fig\.|photos?|photographs?|"
    r"(?<!clinical )pictures?(?![ -]?(?:naming|description|card|book|board)))(?=\W|$)",
    re.IGNORECASE,
)
_POINTER = re.compile(
    r"\b(?:attached|(?:shown|plotted|displayed|given|presented|provided)\s+(?:below|above))\b",
    re.IGNORECASE,
)


def refers_to_image(text: str) -> bool:
    """Return True when ``text`` points the reader to an image (see the module docstring)."""
    return bool(_NOUN.search(text) or _POINTER.search(text))


def _sentences(line: str) -> list[str]:
    """Return the sentences of one line, each with its trailing space kept."""
    out, start = [], 0
    for match in re.finditer(r"(?<!\bfig)(?<!\bFig)[.!?]\s+", line):
        out.append(line[start : match.end()])
        start = match.end()
    if start < len(line):
        out.append(line[start:])
    return out


def without_image_references(text: str) -> str:
    """Return ``text`` without the sentences that point to an image (lines left empty go too)."""
    lines = []
    for line in text.split("\n"):
        kept = "".join(s for s in _sentences(line) if not refers_to_image(s)).rstrip()
        if kept or not line.strip():
            lines.append(kept if kept else line)
    return "\n".join(lines).strip("\n")
