"""Your own case and audio banks, written in the README's own format, run with their format's
scoring or are refused before any model call; a mixed bank runs each format its own way."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from tests.media_files import wav_bytes

runner = CliRunner()
_mount()
README = Path(__file__).resolve().parents[2] / "README.md"


def readme_lines() -> dict[str, dict]:
    """Return the README's own item lines ("Bring your own bank"), by format."""
    block = re.search(r"<!-- item-lines:start -->(.*?)<!-- item-lines:end -->",
                      README.read_text(), re.S).group(1)  # fmt: skip
    rows = [json.loads(line) for line in block.splitlines() if line.startswith("{")]
    return {row["format"]: row for row in rows}


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


REPLY = (
    "Q1: Bilateral moderate high-frequency sensorineural hearing loss, no air-bone gap.\n"
    "Q2: Age-related hearing loss (presbycusis).\nQ3: Hearing aid assessment."
)


def _replies(tmp_path: Path, ids: list[str]) -> Path:
    path = tmp_path / "replies.csv"
    pd.DataFrame({"item_id": ids, "model": "m", "response": REPLY}).to_csv(path, index=False)
    return path


def test_a_case_bank_runs_with_the_case_rubric_and_gives_grades(tmp_path):
    case = readme_lines()["case"]
    bank = _write(tmp_path / "my_cases.jsonl", [case, {**case, "id": "q7b"}])
    replies = _replies(tmp_path, ["q7", "q7b"])
    out = tmp_path / "results.csv"
    result = runner.invoke(app, ["run", str(bank), "--model", "clinbench/replay/m", "-M",
                                 f"responses={replies}", "--log-dir", str(tmp_path / "logs"),
                                 "--display", "none", "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "TypeError" not in result.output
    frame = pd.read_csv(out, dtype=str, keep_default_na=False)
    assert "error" not in set(frame["outcome"]), frame[["scorer", "outcome"]]
    graded = frame[frame["question"] != ""]
    assert set(graded["item_id"]) == {"q7", "q7b"}
    assert set(graded["question"]) >= {"Q1", "Q2"}
    assert (graded["grade"] != "").all()  # each question graded by the case rubric


def test_an_audio_bank_is_refused_before_any_model_call_naming_what_scores_it(tmp_path):
    audio = readme_lines()["audio"]
    (tmp_path / "clips").mkdir()
    (tmp_path / "clips" / "q8.wav").write_bytes(wav_bytes(0.3, level=0.1))
    bank = _write(tmp_path / "my_audio.jsonl", [audio])
    log_dir = tmp_path / "logs"
    result = runner.invoke(app, ["run", str(bank), "--model", "clinbench/chance", "--log-dir",
                                 str(log_dir), "--display", "none"])  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "1 audio item" in result.output and "slp" in result.output
    assert not log_dir.exists() or not any(log_dir.iterdir())  # nothing ran


def test_a_mixed_bank_runs_each_format_with_its_own_scorer(tmp_path):
    lines = readme_lines()
    bank = _write(tmp_path / "mixed.jsonl", [lines["mcq"], lines["tf"], lines["case"]])
    replies = tmp_path / "replies.csv"
    ids = [lines["mcq"]["id"], lines["tf"]["id"], "q7"]
    answers = ["ANSWER: B", "ANSWER: true", REPLY]
    pd.DataFrame({"item_id": ids, "model": "m", "response": answers}).to_csv(replies, index=False)
    out = tmp_path / "results.csv"
    result = runner.invoke(app, ["run", str(bank), "--model", "clinbench/replay/m", "-M",
                                 f"responses={replies}", "--log-dir", str(tmp_path / "logs"),
                                 "--display", "none", "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    frame = pd.read_csv(out, dtype=str, keep_default_na=False)
    by_task = frame.groupby("task")["item_id"].agg(set).to_dict()
    assert by_task["audiology_cases"] == {"q7"}
    assert by_task["clinbench_items"] == {lines["mcq"]["id"], lines["tf"]["id"]}
    assert "TypeError" not in " ".join(frame["score_metadata"])
    closed = frame[frame["task"] == "clinbench_items"]
    assert set(closed["outcome"]) == {"correct"}  # exact match on the closed formats
    cases = frame[(frame["task"] == "audiology_cases") & (frame["question"] != "")]
    assert len(cases) and (cases["grade"] != "").all()  # the case rubric on the case
