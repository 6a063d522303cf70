"""Test support for the audit area: synthetic results (case items with Q1/Q2/Q3, three models,
grades), a live server and an audit-folder builder."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import numpy as np
import pandas as pd

from clinbench.results.schema import RESULT_COLUMNS

MODELS = ("vendor-a/zephyr-omega-7", "vendor-b/quokka-large-3", "vendor-c/marlin-pro-2")
QUESTIONS = {
    "Q1": "Describe the audiometric results for each ear.",
    "Q2": "Give your diagnostic impression with reasoning.",
    "Q3": "Recommend the next clinical steps.",
}
# Score band midpoints used to give each synthetic grade a plausible 0-100 score.
_SCORES = {"A": 94.125, "B": 82.375, "C": 67.625, "D": 50.875, "F": 20.125}
_ERRORS = ("severity_misclassification", "laterality_confusion", "fabricated_result")


def _png(path: Path, shade: int) -> None:
    """Write a tiny valid grey PNG (stands in for an audiogram image)."""
    width = height = 4
    raw = b"".join(b"\x00" + bytes([shade, shade, shade]) * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def make_results(folder: Path, n_cases: int = 12, seed: int = 7) -> pd.DataFrame:
    """Return a results table of graded case replies; write the cases and images under folder.

    The case items go to ``folder/items/cases.jsonl`` (images beside them), as a suite's item
    files would be; the table carries only what the results exporter writes.
    """
    rng = np.random.default_rng(seed)
    images = folder / "items" / "images"
    images.mkdir(parents=True, exist_ok=True)
    rows, cases = [], []
    for c in range(n_cases):
        case_id = f"case-{c:03d}"
        image = f"images/{case_id}_audiogram.png"
        _png(folder / "items" / image, 40 + c)
        item = {
            "id": case_id,
            "suite": "audiology",
            "format": "case",
            "stem": f"A {30 + c}-year-old reports gradual hearing difficulty in the left ear "
            f"(case narrative {c}).\nThe pure-tone audiogram is shown in the image.",
            "images": [image],
            "metadata": {"standard": "who2021"},
            "questions": [
                {
                    "id": q,
                    "prompt": p,
                    "reference": f"Reference for {case_id} {q}: mild "
                    f"sensorineural loss, left ear, thresholds 30-40 dB HL.",
                }
                for q, p in QUESTIONS.items()
            ],
        }
        cases.append(item)
        meta = json.dumps(item["metadata"])  # as the exporter writes it: the item's metadata
        # Cases 0-2 are failed by every model on Q1 (all-models-fail enrichment).
        for model in MODELS:
            for q in QUESTIONS:
                if q == "Q1" and c < 3:
                    grade = "D" if rng.random() < 0.8 else "F"
                else:
                    grade = str(rng.choice(list("ABCD"), p=[0.3, 0.35, 0.25, 0.1]))
                errors = [str(rng.choice(_ERRORS))] if grade in "DF" and rng.random() < 0.6 else []
                rows.append(
                    {
                        "suite": "audiology", "task": "audiology_cases", "model": model,
                        "item_id": case_id, "format": "case", "condition": "default",
                        "epoch": 1, "scorer": "case_rubric", "question": q,
                        "response": f"Reply to {case_id}: section {q} says the "
                        f"loss is mild and sensorineural (variant {int(rng.integers(1e6))}).",
                        "extracted_answer": f"Section {q} of the reply to {case_id}.",
                        "outcome": "graded",
                        "score": _SCORES[grade] - float(rng.integers(0, 4)),
                        "grade": grade, "critical_errors": ";".join(errors),
                        "input_tokens": 100, "output_tokens": 50, "domain": "hearing",
                        "source_pool": "casebook", "difficulty": None, "tags": "[]",
                        "item_metadata": meta, "score_metadata": "{}", "run_id": "run-1",
                        "log_file": "logs/run.eval",
                    }
                )  # fmt: skip
    with (folder / "items" / "cases.jsonl").open("w", encoding="utf-8") as handle:
        for case in cases:
            handle.write(json.dumps(case) + "\n")
    return pd.DataFrame(rows).reindex(columns=RESULT_COLUMNS)


def free_port() -> int:
    """Return a free TCP port on the loopback interface."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LiveServer:
    """The review app served by uvicorn in a background thread on 127.0.0.1."""

    def __init__(self, audit_dir: Path):
        import threading

        import uvicorn

        from clinbench.audit.app import create_app

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(audit_dir)
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning",
            lifespan="off",
        )  # fmt: skip
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        import time

        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the review app did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def make_audit(
    tmp_path: Path, results: Path, *, n: int, calibration: int, name: str = "audit", **options
) -> Path:
    """Sample an audit folder from ``results`` with the CLI's own functions."""
    from clinbench.audit.sampling import (
        audit_results as read_results,
    )
    from clinbench.audit.sampling import (
        eligible_units,
        item_lookup,
        stratified_sample,
        write_audit,
    )
    from clinbench.items.loader import load_items

    mode = options.pop("mode", "review")
    text_only = options.pop("text_only", False)
    strata = options.pop("strata", ("question", "model", "grade") if mode == "review" else ())
    table = read_results(results)
    units = eligible_units(table, mode=mode, strata=strata)
    drawn = stratified_sample(
        units, n, strata=strata, seed=options.pop("seed", 11), calibration=calibration,
        mode=mode, results=table, **options,
    )  # fmt: skip
    out = tmp_path / name
    items = item_lookup(load_items([results.parent / "items" / "cases.jsonl"]))
    write_audit(
        drawn, out, mode=mode, settings={"n": n}, source=results, items=items,
        text_only=text_only,
    )  # fmt: skip
    return out


def make_sa_results(folder: Path) -> tuple[Path, Path]:
    """Write 10 SA items and a results table of 3 models' judged replies (and a FIB row)."""
    rng = np.random.default_rng(4)
    items, rows = [], []
    for i in range(10):
        item = {
            "id": f"sa-{i:02d}", "suite": "audiology", "format": "sa",
            "stem": f"What did study {i} find about hearing aids and cognition?",
            "answer": f"Finding {i}: slower decline", "accept": [f"finding {i}"],
            "provenance": {"citation": f"Author {i}. Journal. 2021.",
                           "quote": f"Abstract {i}: users showed slower cognitive decline."},
        }  # fmt: skip
        items.append(item)
        for model in MODELS:
            outcome = "incorrect" if i < 3 else str(rng.choice(["correct", "incorrect"]))
            rows.append({
                "suite": "audiology", "task": "audiology_literature", "model": model,
                "item_id": item["id"], "format": "sa", "condition": "default", "epoch": 1,
                "scorer": "answer_adjudicator", "question": None, "outcome": outcome,
                "response": f"The study found finding {i} ({rng.integers(1e6)})",
                "score": float(outcome == "correct"),
                "item_metadata": "{}", "run_id": "r", "log_file": "l.eval",
            })  # fmt: skip
    rows.append({**rows[0], "format": "mcq", "item_id": "mcq-1"})  # not a short answer: left out
    bank = folder / "items" / "sa.jsonl"
    bank.parent.mkdir(parents=True)
    bank.write_text("".join(json.dumps(i) + "\n" for i in items))
    results = folder / "results.csv"
    pd.DataFrame(rows).reindex(columns=RESULT_COLUMNS).to_csv(results, index=False)
    return results, bank
