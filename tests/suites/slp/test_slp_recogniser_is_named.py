"""Every surface names the recogniser and its model (surf28 item 1).

SmolLM2 with the bundled Whisper on slp_transcription and slp_disorder: the run, ``analyze``
and the report named the back-end spec ("whisper", in the condition ``asr=whisper``) but
not which weights transcribed; the log alone had them. Each row now records ``asr_model``
(the bundled model's pinned SHA-256, the pocketsphinx wheel's model), and the table of
back-ends (report, ``analyze``) and the run summary show it.
"""

from __future__ import annotations

import json
from pathlib import Path

from inspect_ai import eval as inspect_eval

from clinbench.audio.asr.bundled_whisper import MODEL_NAME, MODEL_SHA256
from clinbench.results.export import results_from_logs
from clinbench.suites.slp import tasks
from clinbench.suites.slp.asr_fidelity import asr_settings_table
from clinbench.suites.slp.report import summary_tables
from tests.suites.slp.runs import one_clip_manifest

WHISPER = "whisper:time_limit=300"  # the bundled model; a loaded machine may take a while


def test_the_rows_the_backend_table_and_the_run_summary_name_the_model(tmp_path: Path):
    clip = str(one_clip_manifest(tmp_path))
    runs = [tasks.slp_transcription(manifest=clip, pipeline="asr", asr=spec)
            for spec in (WHISPER, "pocketsphinx")]  # fmt: skip
    logs = inspect_eval(runs, model="clinbench/rules", log_dir=str(tmp_path), display="none")
    results = results_from_logs(logs)
    spec = [json.loads(m)["slp_asr"] for m in results["item_metadata"]]
    meta = [json.loads(m) for m in results["score_metadata"]]
    assert all(m.get("asr_transcript") for m in meta), meta  # both recognised the clip
    recorded = {s: m["asr_model"] for s, m in zip(spec, meta, strict=True)}
    whisper = f"{MODEL_NAME} sha256:{MODEL_SHA256}"
    assert recorded[WHISPER] == whisper
    assert recorded["pocketsphinx"].startswith("en-us (pocketsphinx ")
    table = asr_settings_table(results).set_index("asr")
    assert table.loc[WHISPER, "asr model"] == whisper
    assert table.loc["pocketsphinx", "asr model"] == recorded["pocketsphinx"]
    printed = {title: frame for title, frame, _ in summary_tables(results)}
    shown = printed["speech recogniser and its model"].set_index("asr")
    assert shown["asr model"].to_dict() == table["asr model"].to_dict()
