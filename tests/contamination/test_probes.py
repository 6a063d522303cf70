"""Contamination probes (issue 18 item 2): verbatim contrast, canary recall, dated accuracy."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pandas as pd
import pytest
from inspect_ai import eval as inspect_eval

from clinbench.contamination.overlap import overlap
from clinbench.contamination.probe_results import canary_recall, dated_accuracy, verbatim_contrast
from clinbench.contamination.probe_task import clinbench_contamination, split_text
from clinbench.report.contamination import contamination_section
from clinbench.results.export import results_table

ROOT = Path(__file__).resolve().parents[2] / "src" / "clinbench"
AUSCLIN = ROOT / "suites/ausclin/data/sample.jsonl"
OBJECTIVE = ROOT / "suites/audiology/data/objective.jsonl"
CASES = ROOT / "suites/audiology/data/cases.jsonl"


def _replay_file(task, path: Path, reply, model: str = "memorised") -> Path:
    """Write frozen replies for every sample of a task: reply(sample) -> text."""
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "model", "response"])
        for sample in task.dataset:
            writer.writerow([sample.id, model, reply(sample)])
    return path


def _run(task, model, folder, **model_args):
    log = inspect_eval(task, model=model, model_args=model_args, log_dir=str(folder),
                       display="none")[0]  # fmt: skip
    assert log.status == "success", log.error
    return results_table(log.location)


def test_overlap_measures():
    same = overlap("the cat sat on the mat", "The  cat sat on the MAT")
    assert same["rougeL"] == pytest.approx(1.0) and same["lcs_ratio"] == pytest.approx(1.0)
    none = overlap("zzz qqq", "the cat sat on the mat")
    assert none["rougeL"] == 0.0 and none["lcs_ratio"] < 0.2
    long_reply = overlap("x " * 100_000 + "the cat sat", "the cat sat")  # cut, not searched
    assert long_reply["lcs_ratio"] < 1.0


def test_split_keeps_words_whole_and_skips_short_text():
    prefix, rest = split_text("one two three four five six seven eight nine ten eleven twelve")
    assert prefix == "one two three four five six" and rest == "seven eight nine ten eleven twelve"
    assert split_text("too short to split", min_words=12) is None


@pytest.mark.parametrize("bank", [AUSCLIN, OBJECTIVE], ids=["exact", "mcq"])
def test_verbatim_replay_gives_a_large_contrast_and_chance_none(bank, tmp_path):
    task = clinbench_contamination(items=str(bank))
    replies = _replay_file(task, tmp_path / "r.csv", lambda s: s.target)
    memorised = verbatim_contrast(_run(task, "clinbench/replay/memorised", tmp_path,
                                       responses=str(replies)))  # fmt: skip
    row = memorised.iloc[0]
    assert row["bank overlap"] == pytest.approx(1.0)
    assert row["contrast"] > 0.5 and row["CI95% low"] > 0.4
    chance = verbatim_contrast(_run(clinbench_contamination(items=str(bank)),
                                    "clinbench/chance", tmp_path)).iloc[0]  # fmt: skip
    assert abs(chance["contrast"]) < 0.05
    assert chance["CI95% low"] <= 0.0 <= chance["CI95% high"] or abs(chance["contrast"]) < 0.02


def test_generated_controls_for_the_case_tier(tmp_path):
    task = clinbench_contamination(items=str(CASES), control="generated", n_controls=6)
    arms = [s.metadata["arm"] for s in task.dataset]
    assert arms.count("control") == 6 and arms.count("bank") >= 5
    bank_texts = [s.target for s in task.dataset if s.metadata["arm"] == "bank"]
    # a memorising model recites the bank's cases; faced with a fresh case it recites one too
    replies = _replay_file(
        task, tmp_path / "r.csv",
        lambda s: s.target if s.metadata["arm"] == "bank" else bank_texts[0],
    )  # fmt: skip
    table = verbatim_contrast(_run(task, "clinbench/replay/memorised", tmp_path,
                                   responses=str(replies)))  # fmt: skip
    generated = table[table["control"].str.startswith("generated")].iloc[0]
    assert generated["control texts"] == 6 and generated["contrast"] > 0.3
    assert generated["CI95% low"] > 0


def test_generated_control_refuses_formats_it_cannot_make():
    with pytest.raises(ValueError, match="case items only"):
        clinbench_contamination(items=str(OBJECTIVE), control="generated")


def test_empty_continuation_is_excluded_not_scored_zero(tmp_path):
    task = clinbench_contamination(items=str(AUSCLIN))
    replies = _replay_file(task, tmp_path / "r.csv", lambda s: "")
    frame = _run(task, "clinbench/replay/memorised", tmp_path, responses=str(replies))
    assert set(frame["outcome"]) == {"parse_failed"} and frame["score"].isna().all()
    assert verbatim_contrast(frame).empty


def _stamped(tmp_path) -> tuple[Path, str]:
    from clinbench.curate.canary import stamp_canary, write_public_items
    from clinbench.items.loader import load_items

    items, guid = stamp_canary(load_items(AUSCLIN))
    return write_public_items(items, tmp_path / "policy-bank.jsonl", guid, "policy-bank"), guid


def test_canary_recall_counts_only_the_exact_guid(tmp_path):
    bank, guid = _stamped(tmp_path)
    task = clinbench_contamination(items=str(bank), probe="canary")
    assert "policy-bank" in task.dataset[0].input and guid not in task.dataset[0].input
    knows = _replay_file(task, tmp_path / "k.csv", lambda s: f"It is {guid.upper()}.")
    guesses = _replay_file(task, tmp_path / "g.csv",
                           lambda s: "12345678-1234-5678-1234-567812345678", "guesser")  # fmt: skip
    frame = pd.concat([
        _run(task, "clinbench/replay/memorised", tmp_path / "a", responses=str(knows)),
        _run(task, "clinbench/chance", tmp_path / "b"),
        _run(clinbench_contamination(items=str(bank), probe="canary"),
             "clinbench/replay/guesser", tmp_path / "c", responses=str(guesses)),
    ])  # fmt: skip
    table = canary_recall(frame)
    recalled = dict(zip(table["model"], table["recalled"], strict=True))
    assert recalled == {"clinbench/chance": 0, "clinbench/replay/guesser": 0,
                        "clinbench/replay/memorised": 1}  # fmt: skip
    with pytest.raises(ValueError, match="no canary"):
        clinbench_contamination(items=str(AUSCLIN), probe="canary")


def _dated_bank(tmp_path) -> Path:
    """Twenty TF items, ten published before 2024-01-01 and ten after (fixture dates)."""
    rows = []
    for i in range(20):
        published = f"{2022 if i < 10 else 2025}-0{1 + i % 9}-15"
        rows.append({"format": "tf", "id": f"d{i:02d}", "stem": f"Statement number {i}.",
                     "answer": True, "metadata": {"published": published}})  # fmt: skip
    path = tmp_path / "dated.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path


def test_dated_accuracy_before_and_after_the_cutoff(tmp_path):
    bank = _dated_bank(tmp_path)
    task = clinbench_contamination(items=str(bank), probe="dated", cutoff="2024-01-01")
    # a model that knows the old items and guesses wrong on the new ones
    replies = _replay_file(task, tmp_path / "r.csv", lambda s: "ANSWER: true"
                           if s.metadata["source_date"] < "2024" else "ANSWER: false")  # fmt: skip
    frame = _run(task, "clinbench/replay/memorised", tmp_path, responses=str(replies))
    row = dated_accuracy(frame).iloc[0]  # cut-off read from the run's protocol
    assert (row["before n"], row["before correct"], row["after n"], row["after correct"]) == (
        10, 10, 10, 0)  # fmt: skip
    from scipy.stats import fisher_exact

    assert row["Fisher p"] == pytest.approx(fisher_exact([[10, 0], [0, 10]])[1])
    assert row["CI95% low"] > 0.5 and row["difference (before - after)"] == 1.0
    other = dated_accuracy(frame, cutoff={"clinbench/replay/memorised": "2030-01-01"}).iloc[0]
    assert other["after n"] == 0 and pd.isna(other["Fisher p"])


def test_report_section_shows_the_contrast_and_its_limits(tmp_path):
    task = clinbench_contamination(items=str(AUSCLIN))
    replies = _replay_file(task, tmp_path / "r.csv", lambda s: s.target)
    frame = _run(task, "clinbench/replay/memorised", tmp_path, responses=str(replies))
    section = contamination_section(frame)
    assert section is not None and "cannot show" in section.intro
    assert any("evidence of contamination" in n for n in section.notes)
    assert contamination_section(frame.iloc[0:0]) is None
