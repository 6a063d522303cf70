"""Fixtures for the curation tests: audiology source passages and frozen model replies."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

CITATION = "Illustrative passage written for clinbench tests"

# Passages written for these tests in the register of audiology teaching material.
PASSAGES = [
    {
        "id": "tymp-01",
        "text": (
            "Tympanometry records how the admittance of the middle ear changes while the air "
            "pressure in the sealed ear canal is swept. A flat trace with a normal ear-canal "
            "volume, classed as type B, commonly accompanies fluid in the middle ear."
        ),
        "citation": CITATION,
        "url": "https://example.org/teaching/tympanometry",
        "accessed": "2025-03-01",
    },
    {
        "id": "noise-01",
        "text": (
            "Hearing loss from noise exposure usually shows first as a dip in thresholds "
            "centred near 4000 Hz, with recovery at 8000 Hz. Clinicians call this "
            "configuration a noise notch."
        ),
        "citation": CITATION,
    },
    {
        "id": "who-01",
        "text": (
            "Under the WHO 2021 grades, an adult whose better-ear four-frequency average is "
            "from 20 up to 34 dB HL has mild hearing loss."
        ),
        "citation": CITATION,
    },
    {
        "id": "oae-01",
        "text": (
            "Otoacoustic emissions are produced by the outer hair cells. They are usually "
            "absent once the hearing loss at the tested frequencies exceeds roughly 30 to "
            "40 dB HL."
        ),
        "citation": CITATION,
    },
    {
        "id": "ack-01",
        "text": "The authors thank the clinic staff for their help with recruitment.",
        "citation": CITATION,
    },
    {
        "id": "ssd-01",
        "text": (
            "In this illustrative cohort of adults with single-sided deafness, speech "
            "reception in noise improved by a median of 2.5 dB twelve months after "
            "cochlear implantation."
        ),
        "citation": CITATION,
    },
]

SCREEN_REPLIES = {
    "tymp-01": {"suitable": True, "reason": "It names the tympanogram type seen with effusion."},
    "noise-01": {"suitable": True, "reason": "It gives the frequency of the noise notch."},
    "who-01": {"suitable": True, "reason": "It states a grade boundary."},
    "oae-01": {"suitable": True, "reason": "It links emissions to outer hair cells."},
    "ack-01": {"suitable": False, "reason": "Acknowledgements state no clinical fact."},
    "ssd-01": "This passage looks usable to me.",  # not JSON: must be recorded as parse_failed
}

MCQ_REPLIES = {
    "tymp-01": {
        "stem": "A child has a flat tympanogram with a normal ear-canal volume. What does "
        "this pattern most often indicate?",
        "options": [
            "Fluid in the middle ear",
            "A perforated eardrum",
            "Ossicular discontinuity",
            "Normal middle-ear function",
        ],  # fmt: skip
        "answer": "A",
        "rationale": "A type B trace with normal volume points to middle-ear effusion.",
        "quote": "A flat trace with a normal ear-canal volume, classed as type B, commonly "
        "accompanies fluid in the middle ear.",
    },
    "noise-01": {
        "stem": "Near which frequency does noise-induced hearing loss usually first appear?",
        "options": ["500 Hz", "1000 Hz", "4000 Hz", "8000 Hz"],
        "answer": "C",
        "rationale": "The noise notch is centred near 4000 Hz.",
        "quote": "Hearing loss from noise exposure usually shows first as a dip in "
        "thresholds centred near 4000 Hz",
    },
    # answer letter beyond the four options: parses, but is not a valid item
    "who-01": {
        "stem": "Which WHO 2021 grade fits a better-ear average of 30 dB HL in an adult?",
        "options": ["Mild", "Moderate", "Moderately severe", "Severe"],
        "answer": "E",
        "rationale": "20 to 34 dB HL is mild.",
        "quote": "from 20 up to 34 dB HL has mild hearing loss",
    },
    "oae-01": "Here is a question: which cells produce otoacoustic emissions?",
}


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    """Write rows as JSONL and return the path."""
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _write_replies(path: Path, replies: dict[str, object], model: str = "gemini-frozen") -> Path:
    """Write a replay file (item_id, model, response) from {sample id: reply object or text}."""
    rows = [
        {"item_id": sid, "model": model, "response": r if isinstance(r, str) else json.dumps(r)}
        for sid, r in replies.items()
    ]
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


@pytest.fixture
def passages_file(tmp_path: Path) -> Path:
    """A JSONL passage file with six audiology passages."""
    return write_jsonl(tmp_path / "passages.jsonl", PASSAGES)


@pytest.fixture
def write_replies():
    """Return a function writing a replay file from {sample id: reply object or text}."""
    return _write_replies


@pytest.fixture
def screen_replies() -> dict[str, object]:
    """Frozen screening replies, one per passage (one of them not JSON)."""
    return dict(SCREEN_REPLIES)


@pytest.fixture
def mcq_replies() -> dict[str, object]:
    """Frozen MCQ adaptation replies: two valid, one invalid item, one unparseable."""
    return dict(MCQ_REPLIES)
