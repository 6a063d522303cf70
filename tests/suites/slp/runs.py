"""Small SLP runs the tests share: a one-clip manifest and a replayed chain-of-thought run."""

from __future__ import annotations

import csv
from pathlib import Path

import pandas as pd

from clinbench.suites.slp.tasks import SAMPLE_MANIFEST

CHILD_ERROR_CLIP = "slp-s08"
"""The sample clip whose child said 'look the car' for 'look at the car'."""

COT_REPLIES = {"slp-s01": "This indicates a speech disorder.",
               "slp-s02": "The child says wed.\nANSWER: B",
               "slp-s03": "This may be a speech disorder."}  # fmt: skip
"""Chain-of-thought replies: one answer read from the prose, one ANSWER line, one hedge."""


def one_clip_manifest(folder: Path, clip_id: str = CHILD_ERROR_CLIP) -> Path:
    """Return the path of a manifest written in ``folder`` holding the sample clip ``clip_id``
    alone, its audio path made absolute."""
    rows = [r for r in csv.DictReader(SAMPLE_MANIFEST.open()) if r["id"] == clip_id]
    out = folder / "one.csv"
    with out.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        rows[0]["audio"] = str((SAMPLE_MANIFEST.parent / rows[0]["audio"]).resolve())
        writer.writerow(rows[0])
    return out


def replayed_cot_run(folder: Path, replies: dict[str, str] = COT_REPLIES) -> pd.DataFrame:
    """Return the results table of slp_disorder with chain of thought, its replies
    (item id -> reply) replayed by clinbench's replay provider, logs written in ``folder``."""
    from inspect_ai import eval as inspect_eval

    from clinbench.results.export import results_table
    from clinbench.suites.slp.tasks import slp_disorder

    responses = folder / "replies.csv"
    with responses.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "model", "response"])
        writer.writerows([i, "m", r] for i, r in replies.items())
    task = slp_disorder(manifest=str(SAMPLE_MANIFEST), pipeline="audio", cot=True)
    (log,) = inspect_eval(
        task, model="clinbench/replay/m", model_args={"responses": str(responses)},
        sample_id=list(replies), log_dir=str(folder / "logs"), display="none",
    )  # fmt: skip
    assert log.status == "success", log.error
    return results_table(folder / "logs")
