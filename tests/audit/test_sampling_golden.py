"""The same seed draws the same sample: pinned against samples drawn before the refactor.

``data/stratified_golden.json`` was written by the monolithic ``stratified_sample`` (before it
was split into allocation and drawing steps) over the synthetic results of
``audit_support.make_results``; any change to the draw order, allocation or weights shows here.
Regenerate only for a deliberate change of the sampling design:
``python -m tests.audit.test_sampling_golden``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pandas as pd

from clinbench.audit.sampling import audit_results as read_results
from clinbench.audit.sampling import eligible_units, stratified_sample
from tests.audit.audit_support import make_results

GOLDEN = Path(__file__).parent / "data" / "stratified_golden.json"

CONFIGS = {
    "three_strata": dict(n=20, strata=("question", "model", "grade"), seed=3, calibration=5),
    "remainder": dict(n=7, strata=("question",), seed=1, calibration=2),
    "no_strata": dict(n=30, strata=(), seed=9, calibration=0),
    "all_cells_small": dict(n=50, strata=("model", "grade"), seed=12, calibration=50),
    "enriched": dict(
        n=20,
        strata=("question", "model"),
        seed=4,
        calibration=6,
        enrich="all_models_fail",
        enrich_share=0.4,
    ),
    "baseline_enriched": dict(
        n=5, strata=(), seed=0, calibration=1, enrich="all_models_fail", mode="baseline"
    ),
}


def _draw(folder: Path) -> dict:
    path = folder / "results.csv"
    make_results(folder).to_csv(path, index=False)
    table = read_results(path)
    out = {}
    for name, config in CONFIGS.items():
        config = dict(config)
        mode = config.get("mode", "review")
        units = eligible_units(table, mode=mode, strata=config["strata"])
        drawn = stratified_sample(units, results=table, **config)
        sample = drawn.sample
        out[name] = {
            "population_index": [int(i) for i in sample["population_index"]],
            "audit_id": list(sample["audit_id"]),
            "segment": list(sample["segment"]),
            "cell": list(sample["cell"]),
            "weight": [float(w) for w in sample["weight"]],
            "cells": json.loads(drawn.cells.to_json(orient="records")),
        }
    return out


def test_same_seed_draws_the_sample_it_drew_before_the_refactor(tmp_path: Path):
    expected = json.loads(GOLDEN.read_text())
    got = json.loads(json.dumps(_draw(tmp_path)))
    assert set(got) == set(expected)
    for name in CONFIGS:
        for field in ("population_index", "audit_id", "segment", "cell", "weight"):
            assert got[name][field] == expected[name][field], (name, field)
        pd.testing.assert_frame_equal(
            pd.DataFrame(got[name]["cells"]), pd.DataFrame(expected[name]["cells"])
        )


if __name__ == "__main__":  # regenerate the pinned samples (deliberate design changes only)
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        GOLDEN.write_text(json.dumps(_draw(Path(folder)), indent=1) + "\n")
    sys.stdout.write(f"wrote {GOLDEN}\n")
