"""The slp ASR pipeline with the bundled Whisper model: settings in the results, a clip past
the time limit an error row (never a transcript), and the normalised-away table over both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval

from clinbench.results.export import results_from_logs
from clinbench.scoring import outcomes
from clinbench.suites.slp import tasks
from clinbench.suites.slp.asr_fidelity import normalised_away_table
from tests.suites.slp.runs import one_clip_manifest


@pytest.fixture
def child_error_clip(tmp_path: Path) -> Path:
    """A manifest of one clip whose child said 'look the car' for 'look at the car'."""
    return one_clip_manifest(tmp_path)


def test_whisper_in_the_pipeline_records_settings_and_discloses_a_timeout(
    child_error_clip: Path, tmp_path: Path
):
    runs = [
        tasks.slp_transcription(manifest=str(child_error_clip), pipeline="asr", asr="whisper"),
        tasks.slp_transcription(
            manifest=str(child_error_clip), pipeline="asr", asr="whisper:time_limit=0.001"
        ),
    ]
    logs = inspect_eval(runs, model="clinbench/rules", log_dir=str(tmp_path), display="none")
    results = results_from_logs(logs)
    spec = [json.loads(m)["slp_asr"] for m in results["item_metadata"]]
    by_asr = dict(zip(spec, results.itertuples(), strict=True))
    decoded = by_asr["whisper"]
    meta = json.loads(decoded.score_metadata)
    assert decoded.outcome == outcomes.GRADED and meta["asr"] == "whisper"
    assert meta["asr_settings"]["temperature"] == 0.0 and meta["asr_settings"]["fallback"] is False
    assert meta["asr_settings"]["time_limit"] == 30.0 and meta["asr_transcript"]
    timed_out = by_asr["whisper:time_limit=0.001"]
    assert timed_out.outcome == outcomes.ERROR and timed_out.response == ""
    assert "time limit: decoding exceeded 0.001 s" in json.loads(timed_out.score_metadata)["error"]
    table = normalised_away_table(results).set_index("asr")
    assert table.loc["whisper:time_limit=0.001", "no_transcript"] == 1
    assert table.loc["whisper", "child_error_clips"] == 1
    row = table.loc["whisper"]
    assert row["normalised_away"] + row["kept_error"] + row["other"] == 1
