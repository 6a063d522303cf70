"""Rebuild the suite's sample case media: audiogram images and the generated case set.

The hand-written cases (``data/cases.jsonl``) keep their audiograms as data; their images are
rendered from that data, so a changed audiogram is re-rendered rather than redrawn by hand.
The generated set is ``generate_cases(GENERATED_N, GENERATED_SEED, data/generated)``.
"""

from __future__ import annotations

from pathlib import Path

from clinbench.items.loader import ItemFileError, read_items
from clinbench.items.model import CaseItem
from clinbench.suites.audiology.tasks import CASE_ITEMS, GENERATED_CASES

GENERATED_N = 11
GENERATED_SEED = 2026


def render_case_images(cases_file: str | Path = CASE_ITEMS) -> list[Path]:
    """Return the image paths written: one rendered audiogram per case with audiogram data."""
    from clinbench.audiogram.audiogram_model import Audiogram
    from clinbench.audiogram.render import render_audiogram

    items, problems = read_items([cases_file])
    # images about to be rendered may be missing; any other problem stops the run
    problems = [p for p in problems if not p.message.startswith("media file not found")]
    if problems:
        raise ItemFileError(problems)
    written = []
    for item in items:
        if not isinstance(item, CaseItem) or "audiogram" not in item.data or not item.images:
            continue
        path = item.resolve(item.images[0])
        path.parent.mkdir(parents=True, exist_ok=True)
        audiogram = Audiogram.model_validate(item.data["audiogram"])
        render_audiogram(audiogram, path, title=f"Pure-tone audiogram ({item.id})")
        written.append(path)
    return written


def regenerate_cases(out_dir: str | Path = GENERATED_CASES.parent) -> list[CaseItem]:
    """Return the generated sample cases, rewritten to ``out_dir`` (cases.jsonl and images)."""
    from clinbench.audiogram.generate import generate_cases

    return generate_cases(GENERATED_N, GENERATED_SEED, out_dir)
