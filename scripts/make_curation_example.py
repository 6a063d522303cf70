"""Run clinbench's curation pipeline offline on illustrative passages; keep every step's file.

Usage: PYTHONPATH=src python scripts/make_curation_example.py

ILLUSTRATIVE ONLY: eight short passages written for clinbench and frozen "model" replies
(screening and MCQ adaptation) replayed through `clinbench curate screen` and `adapt`, then
`normalise`, `dedup`, `apply`, `tag --levels rule` and a filled review sheet through
`review-import`. The files each command writes land in
src/clinbench/suites/audiology/data/curation_example/ and feed `clinbench curate flow`
(AudiologyBench Figure 1) in the paper map and its tests. Inspect logs go to a temporary
folder and their paths are blanked, so the files do not name this machine.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pandas as pd
from typer.testing import CliRunner

from clinbench.cli.curate_commands import app

OUT = Path("src/clinbench/suites/audiology/data/curation_example")
MODEL = "clinbench/replay/illustrative-curator"
CITE = "Illustrative passage written for clinbench (not from a real source)"
TEXTS = {
    "tymp-01": "A flat tympanogram with a normal ear-canal volume, classed as type B, commonly "
    "accompanies fluid in the middle ear.",
    "tymp-02": "A type B tympanogram with a normal canal volume most often goes with fluid "
    "behind the eardrum.",
    "noise-01": "Noise-induced hearing loss usually shows first as a dip in thresholds centred "
    "near 4000 Hz, with recovery at 8000 Hz.",
    "oae-01": "Otoacoustic emissions are sounds produced by the outer hair cells of the "
    "cochlea and recorded in the ear canal.",
    "who-01": "Under the WHO 2021 grades, an adult whose better-ear four-frequency average is "
    "from 20 up to 34 dB HL has mild hearing loss.",
    "ack-01": "The authors thank the clinic staff for their help with recruitment.",
    "fund-01": "This work was funded by a university research grant.",
    "ssd-01": "Sudden sensorineural hearing loss is a drop of at least 30 dB over three "
    "contiguous frequencies within 72 hours.",
}
SCREEN = {k: {"suitable": True, "reason": "It states one testable clinical fact."} for k in TEXTS}
SCREEN |= {
    "ack-01": {"suitable": False, "reason": "Acknowledgements state no clinical fact."},
    "fund-01": {"suitable": False, "reason": "A funding statement states no clinical fact."},
    "ssd-01": "This passage looks usable to me.",  # not JSON: recorded as parse_failed
}
TYMP = {
    "stem": "A flat tympanogram with a normal ear-canal volume most often indicates what?",
    "options": [
        "Fluid in the middle ear ",
        "A perforated eardrum",
        "Ossicular discontinuity",
        "Normal middle-ear function",
    ],
    "answer": "A",
    "rationale": "A type B trace with normal volume points to middle-ear effusion.",
}
ADAPT = {
    "tymp-01": TYMP | {"quote": "classed as type B, commonly accompanies fluid in the middle ear"},
    "tymp-02": TYMP | {"quote": "most often goes with fluid behind the eardrum"},
    "noise-01": {
        "stem": "Near which frequency does noise-induced hearing loss usually first appear?",
        "options": ["500 Hz", "1000 Hz", "4000 Hz", "8000 Hz"],
        "answer": "C",
        "rationale": "The noise notch is centred near 4000 Hz.",
        "quote": "a dip in thresholds centred near 4000 Hz",
    },
    "oae-01": {
        "stem": "Which cells produce otoacoustic emissions?",
        "options": [
            "Inner hair cells",
            "Outer hair cells",
            "Spiral ganglion cells",
            "Supporting cells",
        ],
        "answer": "B",
        "rationale": "Emissions come from the outer hair cells.",
        "quote": "produced by the outer hair cells of the cochlea",
    },
    "who-01": {
        "stem": "Which WHO 2021 grade fits a better-ear average of 30 dB HL in an adult?",
        "options": ["Mild", "Moderate", "Moderately severe", "Severe"],
        "answer": "E",  # not among the options: an invalid item, recorded as such
        "rationale": "20 to 34 dB HL is mild.",
        "quote": "from 20 up to 34 dB HL has mild hearing loss",
    },
}


def replies(path: Path, table: dict) -> Path:
    rows = [
        {
            "item_id": k,
            "model": "illustrative-curator",
            "response": v if isinstance(v, str) else json.dumps(v),
        }
        for k, v in table.items()
    ]
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


def step(*args: object) -> None:
    done = CliRunner().invoke(app, [str(a) for a in args])
    if done.exit_code != 0:
        raise SystemExit(f"curate {args[0]} failed:\n{done.output}")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    passages = OUT / "passages.jsonl"
    passages.write_text(
        "".join(
            json.dumps({"id": k, "text": t, "citation": CITE}) + "\n" for k, t in TEXTS.items()
        ),
        encoding="utf-8",
    )
    with tempfile.TemporaryDirectory() as logs:
        screen = replies(OUT / "screen_replies.csv", SCREEN)
        adapt = replies(OUT / "adapt_replies.csv", ADAPT)
        step(
            "screen",
            passages,
            "--model",
            MODEL,
            "-M",
            f"responses={screen}",
            "--out",
            OUT / "screening.csv",
            "--log-dir",
            logs,
        )
        step(
            "adapt",
            passages,
            "--format",
            "mcq",
            "--model",
            MODEL,
            "-M",
            f"responses={adapt}",
            "--screened",
            OUT / "screening.csv",
            "--out",
            OUT / "drafts.jsonl",
            "--log-dir",
            logs,
            "--suite",
            "audiology",
        )
    step("normalise", OUT / "drafts.jsonl", "--out", OUT / "normalised.jsonl")
    step("dedup", OUT / "normalised.jsonl", "--threshold", "0.5", "--out", OUT / "dedup")
    step(
        "apply",
        OUT / "normalised.jsonl",
        "--decisions",
        OUT / "dedup" / "decisions.csv",
        "--out",
        OUT / "unique.jsonl",
    )
    step("tag", OUT / "unique.jsonl", "--levels", "rule", "--out", OUT / "tagged.jsonl")
    step("review-export", OUT / "tagged.jsonl", "--out", OUT / "review")
    sheet = pd.read_csv(OUT / "review" / "review.csv", dtype=str, keep_default_na=False)
    sheet["reviewer"] = "illustrative reviewer"
    sheet["decision"] = "keep"
    sheet.loc[sheet["item_id"] == "oae-01-mcq", ["decision", "note"]] = [
        "remove",
        "illustrative: the passage is too thin to support four options",
    ]
    sheet.to_csv(OUT / "review" / "review.csv", index=False)
    step(
        "review-import",
        OUT / "tagged.jsonl",
        "--sheet",
        OUT / "review" / "review.csv",
        "--out",
        OUT / "final.jsonl",
    )
    for path in [*OUT.glob("*.jsonl"), *OUT.glob("dedup/*.jsonl")]:
        if path.name == "passages.jsonl":
            continue
        items = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x]
        for item in items:
            if "curation_log" in item.get("metadata", {}):
                item["metadata"]["curation_log"] = ""
        path.write_text("".join(json.dumps(i) + "\n" for i in items), encoding="utf-8")
    for name in ("screening.csv", "drafts.decisions.csv"):
        table = pd.read_csv(OUT / name, dtype=str, keep_default_na=False)
        if "log_file" in table.columns:
            table["log_file"] = ""
        table.to_csv(OUT / name, index=False)


if __name__ == "__main__":
    main()
