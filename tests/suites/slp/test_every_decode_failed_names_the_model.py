"""A run whose every Whisper decode failed still names the recogniser's model (surf29 item 1).

surf28's real use: when every decode of a condition failed, the run summary, the report and
``analyze`` read "asr model: not recorded" (and "mode: not recorded"), as if the run had not
said which weights it chose; the error rows carried only the error. The model is known
before any decode: the task records it in each item's metadata (``slp_asr_model``), so every
row names it, and the failed decodes are disclosed as such: "none: recognition failed" for
the mode, the commonest cause with its count, and no transcription measure over nothing
(WIP was shown as a measured 0.000 over no scored reply).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval

from clinbench.audio.asr.bundled_whisper import MODEL_NAME, MODEL_SHA256
from clinbench.report.analyze import all_sections
from clinbench.results.export import results_from_logs
from clinbench.scoring import outcomes
from clinbench.suites.slp import tasks
from clinbench.suites.slp.asr_fidelity import ASR_MODEL, NO_DECODE, asr_settings_table
from clinbench.suites.slp.report import summary_tables
from tests.suites.slp.runs import one_clip_manifest

FAILING = "whisper:time_limit=0.001"  # no clip decodes in a millisecond
WHISPER = f"{MODEL_NAME} sha256:{MODEL_SHA256}"


@pytest.fixture(scope="module")
def failed_run(tmp_path_factory) -> object:
    """The results of slp_transcription on one clip whose every Whisper decode failed."""
    folder = tmp_path_factory.mktemp("failed")
    clip = str(one_clip_manifest(folder))
    task = tasks.slp_transcription(manifest=clip, pipeline="asr", asr=FAILING)
    logs = inspect_eval(task, model="clinbench/rules", log_dir=str(folder), display="none")
    return results_from_logs(logs)


def test_every_row_names_the_model_chosen_before_any_decode(failed_run):
    assert set(failed_run["outcome"]) == {outcomes.ERROR}  # failed decodes, never an answer
    for item in failed_run["item_metadata"]:
        assert json.loads(item)[ASR_MODEL] == WHISPER


def test_the_surfaces_name_the_model_and_say_the_decodes_failed(failed_run):
    (row,) = asr_settings_table(failed_run).to_dict("records")
    assert row["asr model"] == WHISPER
    assert row["mode"] == row["settings"] == NO_DECODE
    assert (row["clips"], row["transcribed"], row["recognition failed"]) == (1, 0, 1)
    assert row["why it failed"].startswith("time limit: decoding exceeded 0.001 s per clip")
    assert row["why it failed"].endswith("(1 of 1)")
    printed = {title: table for title, table, _ in summary_tables(failed_run)}
    (shown,) = printed["speech recogniser and its model"].to_dict("records")
    assert shown["asr model"] == WHISPER and shown["mode"] == NO_DECODE
    (scenario,) = printed["scenario metrics by model and condition"].to_dict("records")
    assert scenario["n"] == 0 and all(math.isnan(scenario[m]) for m in ("WER", "MER", "WIP"))
    # the report's and analyze's part of the suite (its only model is excluded) shows the same
    (part,) = [s for s in all_sections(failed_run, figures=False) if s.part == "Suite: slp"]
    (reported,) = part.tables["Speech recogniser and its model"].to_dict("records")
    assert reported["asr model"] == WHISPER and reported["recognition failed"] == 1


def test_a_scored_row_names_the_model_it_decoded_with(tmp_path: Path):
    """The model the decode itself names is kept; the chosen one fills in only without it."""
    clip = str(one_clip_manifest(tmp_path))
    task = tasks.slp_transcription(manifest=clip, pipeline="asr", asr="pocketsphinx")
    (log,) = inspect_eval(task, model="clinbench/rules", log_dir=str(tmp_path), display="none")
    (row,) = results_from_logs([log]).to_dict("records")
    chosen = json.loads(row["item_metadata"])[ASR_MODEL]
    assert chosen.startswith("en-us (pocketsphinx ")
    assert json.loads(row["score_metadata"])["asr_model"] == chosen
