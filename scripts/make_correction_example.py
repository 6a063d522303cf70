"""Write the ausclin suite's illustrative "before the v1.2 correction" results table.

Usage: PYTHONPATH=src python scripts/make_correction_example.py DEMO_RESULTS.parquet

ILLUSTRATIVE ONLY. It takes the offline demo's ausclin rows (replay models, blind and rule)
and makes the version an item bank had before its free-text keys were made forced-choice:
three items (CONVERTED) become free-text fields with the same key, and each reply to them is
re-worded the way a person would write it (underscores as spaces, "authority required"
for ``authority_required``), then scored again by clinbench's own exact-match rule against
the free-text key. So the outcomes are computed, not written by hand; the re-wording is the
made-up part, standing for how models answered before the option set was published. The
table feeds `clinbench ausclin correction` in the paper map and its tests.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from clinbench.items.model import ExactItem
from clinbench.results import read_results, write_results
from clinbench.scoring import outcomes
from clinbench.scoring.exact import is_correct

CONVERTED = ("pbs-002", "reg-004", "imm-008")
OUT = Path("src/clinbench/suites/ausclin/data/correction_before_example.csv")
KEEP = [
    "suite",
    "task",
    "model",
    "item_id",
    "format",
    "condition",
    "epoch",
    "response",
    "extracted_answer",
    "outcome",
    "score",
    "item_metadata",
    "score_metadata",
    "task_version",
]


def reworded(value: str) -> str:
    return value.replace("_", " ")


def main(demo: Path) -> None:
    table = read_results(demo)
    rows = table[
        (table["suite"] == "ausclin")
        & table["condition"].isin(["blind", "rule"])
        & table["model"].str.startswith("clinbench/replay/")
    ].copy()
    rows = rows[KEEP].reset_index(drop=True)
    for i, row in rows.iterrows():
        metadata = json.loads(row["item_metadata"])
        facts = metadata["ausclin"]
        facts.pop("wrong_values", None)  # not needed here; keeps the file small
        if row["item_id"] in CONVERTED:
            for field in facts["fields"]:
                field["kind"], field["options"] = "text", None
            if row["outcome"] in (outcomes.CORRECT, outcomes.INCORRECT):
                answer = {k: reworded(v) for k, v in json.loads(row["extracted_answer"]).items()}
                item = ExactItem(
                    id=row["item_id"], stem="-", fields=facts["fields"], answer=facts["answer"]
                )
                good = is_correct(item, answer)
                rows.loc[i, "extracted_answer"] = json.dumps(answer, sort_keys=True)
                rows.loc[i, "response"] = json.dumps({**answer, "decline": False})
                rows.loc[i, "outcome"] = outcomes.CORRECT if good else outcomes.INCORRECT
                rows.loc[i, "score"] = 1.0 if good else 0.0
        rows.loc[i, "item_metadata"] = json.dumps(metadata, sort_keys=True)
        rows.loc[i, "task_version"] = "v1.1 (illustrative, before the correction)"
    write_results(rows, OUT)
    print(f"wrote {OUT}: {len(rows)} rows")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
