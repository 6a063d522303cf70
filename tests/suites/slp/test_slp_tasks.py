"""The five scenarios end to end offline, the fine-tuning export, and the slp CLI."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
import yaml
from inspect_ai import eval as inspect_eval
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.suites.slp.tasks import SAMPLE_MANIFEST

KEEP = {"slp-s01", "slp-s02", "slp-s09", "slp-s13", "slp-r03"}


@pytest.fixture(scope="module")
def small_manifest(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("slp")
    rows = list(csv.DictReader(SAMPLE_MANIFEST.open()))
    out = folder / "small.csv"
    with out.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            if row["id"] in KEEP:
                row["audio"] = str((SAMPLE_MANIFEST.parent / row["audio"]).resolve())
                writer.writerow(row)
    return out


def _metrics(log):
    return {m: v.value for s in log.results.scores for m, v in s.metrics.items()}


def test_five_scenarios_asr_pipeline_with_rules(small_manifest, tmp_path):
    from clinbench.suites import task_function

    names = ["slp_disorder", "slp_transcript_diagnosis", "slp_transcription",
             "slp_disorder_type", "slp_symptom"]  # fmt: skip
    tasks = [task_function(n)(manifest=str(small_manifest), pipeline="asr") for n in names]
    logs = inspect_eval(tasks, model="clinbench/rules", log_dir=str(tmp_path), display="none")
    assert [log.status for log in logs] == ["success"] * 5
    by_task = {log.eval.task: log for log in logs}
    assert len(by_task["slp_disorder_type"].samples) == 4  # the stutter clip has no type label
    sample = by_task["slp_disorder"].samples[0]
    assert sample.metadata["asr_transcript"] is not None
    assert sample.scores["slp_label_scorer"].metadata["outcome"] in ("correct", "incorrect")
    m = _metrics(by_task["slp_transcription"])
    assert 0 <= m["wer"] <= 2 and 0 <= m["wip"] <= 1
    # the real recording "ten of clubs" is transcribed exactly under the prompt grammar
    real = [s for s in by_task["slp_transcription"].samples if s.id == "slp-r03"][0]
    assert real.scores["slp_transcription_scorer"].value == 0.0

    # the results table feeds the suite's report sections
    from clinbench.results.export import results_table
    from clinbench.suites.slp.report import sections

    frame = results_table(tmp_path)
    assert set(frame["task"]) == set(names) and set(frame["condition"]) == {"asr"}
    built = sections(frame)
    titles = [section.title for section in built]
    assert titles[:2] == ["SLP scenarios", "SLP slices"] and "SLP confusion matrices" in titles
    scenario = next(iter(built[0].tables.values()))
    assert set(scenario["task"]) == set(names)
    assert scenario.loc[scenario["task"] == "slp_disorder", "n"].iloc[0] == 5
    # corpus WER from the results table equals the task's own metric in the log
    wer_row = scenario[scenario["task"] == "slp_transcription"].iloc[0]
    assert wer_row["WER"] == pytest.approx(m["wer"]) and wer_row["WIP"] == pytest.approx(m["wip"])
    f1_row = scenario[scenario["task"] == "slp_symptom"].iloc[0]
    assert f1_row["Macro F1"] == pytest.approx(_metrics(by_task["slp_symptom"])["macro_f1"])


def test_audio_native_pipeline_with_replay_and_strict_labels(small_manifest, tmp_path):
    from clinbench.suites.slp.tasks import slp_symptom

    responses = tmp_path / "frozen.csv"
    responses.write_text(
        "item_id,model,response\n"
        "slp-s01,audio-model,D\nslp-s02,audio-model,A\nslp-s09,audio-model,A or E\n"
        "slp-s13,audio-model,E.\nslp-r03,audio-model,DECLINE\n"
    )
    task = slp_symptom(manifest=str(small_manifest), pipeline="audio", noise="synthetic_babble")
    first = task.dataset[0]
    content = first.input[0].content
    assert any(type(c).__name__ == "ContentAudio" for c in content)
    assert abs(first.metadata["achieved_snr_db"] - 20.0) < 0.1
    (log,) = inspect_eval(task, model="clinbench/replay/audio-model",
                          model_args={"responses": str(responses)}, log_dir=str(tmp_path),
                          display="none")  # fmt: skip
    outcomes = {s.id: s.scores["slp_label_scorer"].metadata["outcome"] for s in log.samples}
    assert outcomes == {"slp-s01": "correct", "slp-s02": "correct", "slp-s09": "parse_failed",
                        "slp-s13": "correct", "slp-r03": "declined"}  # fmt: skip
    # SLPHelm's rule, the default since issue 28: the invalid reply is a wrong answer (3 of 5)
    # in the F1s (micro-F1 is SLPHelm's exact match); the log's accuracy is the one
    # estimator's, over the answered replies as every clinbench surface prints it (3 of 4,
    # surf33), with its interval
    metrics = _metrics(log)
    assert metrics["micro_f1"] == pytest.approx(3 / 5)
    assert metrics["accuracy"] == pytest.approx(3 / 4)
    assert metrics["accuracy_answered_ci_low"] < 3 / 4 < metrics["accuracy_answered_ci_high"]


def test_few_shot_examples_come_from_other_speakers(small_manifest):
    from clinbench.suites.slp.tasks import slp_disorder

    task = slp_disorder(manifest=str(small_manifest), pipeline="asr", few_shot=2, seed=1)
    examples = task.metadata["few_shot_examples"]
    assert examples and not set(examples) & {s.id for s in task.dataset}


def test_export_finetune_matches_llama_factory_layout(tmp_path):
    from clinbench.suites.slp.corpora import read_manifest
    from clinbench.suites.slp.finetune import export_finetune

    items = read_manifest(SAMPLE_MANIFEST)
    evaluation = [i for i in items if i.metadata["speaker_id"] in ("synth-01", "synth-02")]
    summary = export_finetune(items, tmp_path / "ft", eval_items=evaluation)
    info = json.loads((tmp_path / "ft" / "dataset_info.json").read_text())
    assert set(info) == {"slp_asr_plain", "slp_asr_asterisk"}
    for name, spec in info.items():
        assert spec["formatting"] == "sharegpt" and spec["columns"] == {
            "messages": "messages",
            "audios": "audios",
        }
        records = json.loads((tmp_path / "ft" / spec["file_name"]).read_text())
        assert len(records) == summary[name] > 0
        for record in records:
            user, assistant = record["messages"]
            assert (user["role"], assistant["role"]) == ("user", "assistant")
            assert user["content"].count("<audio>") == len(record["audios"]) == 1
            assert Path(record["audios"][0]).is_file()
            assert not any(s in record["audios"][0] for s in ("slp-s01", "slp-s02", "slp-s07"))
    marked = json.loads((tmp_path / "ft" / "slp_asr_asterisk.json").read_text())
    answers = {r["messages"][1]["content"] for r in marked}
    assert "the* rabbit* is* sleeping*" in answers and "the rabbit is sleeping" in answers
    config = yaml.safe_load((tmp_path / "ft" / "lora_asterisk.yaml").read_text())
    assert (config["lora_rank"], config["lora_alpha"], config["lora_target"]) == (32, 64, "all")
    assert config["learning_rate"] == 1e-4 and config["lr_scheduler_type"] == "cosine"
    assert config["warmup_ratio"] == 0.1 and config["num_train_epochs"] == 3.0
    assert config["cutoff_len"] == 4096
    assert config["per_device_train_batch_size"] * config["gradient_accumulation_steps"] == 32
    assert config["dataset"] == "slp_asr_asterisk"


def test_cli_export_and_bad_manifest(tmp_path):
    _mount()
    runner = CliRunner()
    result = runner.invoke(
        app, ["slp", "export-finetune", str(SAMPLE_MANIFEST), "--out", str(tmp_path / "ft")]
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "ft" / "dataset_info.json").is_file()
    bad = tmp_path / "bad.csv"
    bad.write_text("audio,label\nnope.wav,typically_developing\n")
    result = runner.invoke(
        app, ["slp", "export-finetune", str(bad), "--out", str(tmp_path / "ft2")]
    )
    assert result.exit_code == 2 and "bad.csv:2: audio" in result.output
    assert not (tmp_path / "ft2").exists()


def test_demo_runs_cover_all_scenarios_and_conditions(tmp_path):
    from clinbench.suites.slp.demo import demo_runs

    runs = demo_runs(tmp_path)
    names = {run.task.name for run in runs}
    assert names == {"slp_disorder", "slp_transcript_diagnosis", "slp_transcription",
                     "slp_disorder_type", "slp_symptom"}  # fmt: skip
    conditions = {run.task.metadata["pipeline"] for run in runs}
    assert conditions == {"asr", "audio"}
    assert any(run.task.metadata["noise"] for run in runs)
    for run in runs:
        if any(m.startswith("clinbench/replay/") for m in run.models):
            assert Path(run.model_args["responses"]).is_file()


def test_cli_corpus_and_add_noise(tmp_path):
    import numpy as np
    import soundfile as sf

    from clinbench.suites.slp.corpora import read_manifest

    folder = tmp_path / "core-uxtd" / "core" / "05M"
    folder.mkdir(parents=True)
    sf.write(folder / "001A.wav", 0.2 * np.sin(np.arange(16000) / 5.0), 16000)
    (folder / "001A.txt").write_text("ship\n2012-01-01\n")
    _mount()
    runner = CliRunner()
    out = tmp_path / "uxtd.csv"
    result = runner.invoke(app, ["slp", "corpus", "ultrasuite", str(tmp_path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    (item,) = read_manifest(out)
    assert item.prompt_words == "ship" and item.labels["disorder"] == "typically_developing"
    result = runner.invoke(
        app, ["slp", "corpus", "enni", str(tmp_path), "--out", str(tmp_path / "e.csv")]
    )
    assert result.exit_code == 2 and "no CHAT" in result.output
    noisy = tmp_path / "noisy.wav"
    result = runner.invoke(app, ["slp", "add-noise", str(folder / "001A.wav"), str(noisy),
                                 "--noise", "synthetic_office_hvac", "--snr-db", "10"])  # fmt: skip
    assert result.exit_code == 0 and "achieved 10.0" in result.output and noisy.is_file()


def test_few_shot_examples_from_a_separate_manifest(small_manifest):
    from clinbench.suites.slp.tasks import slp_symptom

    task = slp_symptom(manifest=str(small_manifest), pipeline="audio", few_shot=3,
                       few_shot_manifest=str(SAMPLE_MANIFEST), seed=2)  # fmt: skip
    assert len(task.dataset) == 5  # nothing taken from the evaluated items
    examples = task.metadata["few_shot_examples"]
    assert len(examples) == 3
    tested = {"synth-01", "synth-02", "synth-03", "cmu-cards"}  # speakers of the small manifest
    rows = {r["id"]: r for r in csv.DictReader(SAMPLE_MANIFEST.open())}
    assert not {rows[e]["speaker_id"] for e in examples} & tested
    content = task.dataset[0].input[0].content
    assert sum(type(c).__name__ == "ContentAudio" for c in content) == 4  # 3 examples + target


def test_cli_transcribe_real_recording():
    _mount()
    clip = SAMPLE_MANIFEST.parent / "real" / "001.wav"
    result = CliRunner().invoke(app, ["slp", "transcribe", str(clip), "--expected", "ten of clubs",
                                      "--format", "json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.stdout)["tables"][0]["rows"]
    assert row["transcription"] == "ten of clubs" and "constrained" in row["mode"]
    result = CliRunner().invoke(app, ["slp", "transcribe", str(clip), "--asr", "kaldi"])
    assert result.exit_code == 2 and "unknown ASR back-end" in result.output


def test_label_rule_all_items_counts_an_invalid_reply_as_wrong(small_manifest, tmp_path):
    """Issue 28: SLPHelm's F1 is over every item; an invalid reply is a wrong prediction."""
    from clinbench.results.export import results_from_logs
    from clinbench.suites.slp.scenario_tables import scenario_table
    from clinbench.suites.slp.tasks import slp_symptom

    responses = tmp_path / "frozen.csv"
    responses.write_text(
        "item_id,model,response\n"
        "slp-s01,m,D - typically developing\nslp-s02,m,substitution\nslp-s09,m,A - omission\n"
        "slp-s13,m,E.\nslp-r03,m,\"I'm sorry, I can't assess audio recordings.\"\n"
    )
    logs = {}
    for rule in ("all_items", "answered_only"):
        task = slp_symptom(manifest=str(small_manifest), label_rule=rule)
        (logs[rule],) = inspect_eval(task, model="clinbench/replay/m", display="none",
                                     model_args={"responses": str(responses)},
                                     log_dir=str(tmp_path / rule))  # fmt: skip
    outcomes = {
        s.id: s.scores["slp_label_scorer"].metadata["outcome"] for s in logs["all_items"].samples
    }
    assert outcomes == {"slp-s01": "correct", "slp-s02": "correct", "slp-s09": "parse_failed",
                        "slp-s13": "correct", "slp-r03": "refused"}  # fmt: skip
    every, answered = _metrics(logs["all_items"]), _metrics(logs["answered_only"])
    assert every["micro_f1"] == pytest.approx(3 / 5)  # the ambiguous reply is a wrong prediction
    assert answered["micro_f1"] == pytest.approx(3 / 4)  # left out
    assert logs["all_items"].eval.task_args.get("label_rule", "all_items") == "all_items"
    frame = results_from_logs([logs["all_items"]])
    row = scenario_table(frame, resamples=0).iloc[0]
    assert (row["n"], row["answered"], row["excluded"]) == (5, 4, 1)
    assert row["Micro F1"] == pytest.approx(3 / 5)
    assert row["Micro F1 (answered only)"] == pytest.approx(3 / 4)
    other = scenario_table(frame, resamples=0, label_rule="answered_only").iloc[0]
    assert other["Micro F1"] == pytest.approx(3 / 4)
    assert other["Micro F1 (all items)"] == pytest.approx(3 / 5)
    with pytest.raises(ValueError, match="label_rule"):
        slp_symptom(manifest=str(small_manifest), label_rule="some")


def test_a_model_that_never_answers_cleanly_scores_zero_not_na():
    """Issue 28: under SLPHelm's rule no valid label anywhere is F1 0, not 'n/a'."""
    import pandas as pd

    from clinbench.results.schema import RESULT_COLUMNS
    from clinbench.suites.slp.scenario_tables import scenario_table

    rows = []
    for i in range(4):
        row = dict.fromkeys(RESULT_COLUMNS)
        row.update(suite="slp", task="slp_disorder", model="m", item_id=f"i{i}", epoch=1,
                   condition="audio", outcome="parse_failed", score=float("nan"),
                   score_metadata=json.dumps({"gold_label": "speech_disorder",
                                              "predicted_label": None}))  # fmt: skip
        rows.append(row)
    row = scenario_table(pd.DataFrame(rows, columns=RESULT_COLUMNS), resamples=0).iloc[0]
    assert row["Micro F1"] == 0.0 and row["Exact Match"] == 0.0
    assert row["Micro F1 (answered only)"] != row["Micro F1 (answered only)"]  # NaN: none


def test_transcription_reply_is_read_by_the_stated_rule(small_manifest, tmp_path):
    """Issue 25: the transcript is taken from the reply; the raw reply stays in the results."""
    from clinbench.results.export import results_from_logs
    from clinbench.suites.slp.tasks import slp_transcription

    loop = "red ball " * 60
    responses = tmp_path / "frozen.jsonl"
    lines = [
        {"item_id": "slp-s01", "model": "m", "response": "Sure! Here is the transcription:\n\nX"},
        {"item_id": "slp-s02", "model": "m", "response": 'The child says: "Y"'},
        {"item_id": "slp-s09", "model": "m", "response": loop},
        {"item_id": "slp-s13", "model": "m", "response": "I'm sorry, I can't transcribe audio."},
        {"item_id": "slp-r03", "model": "m", "response": "DECLINE"},
    ]
    responses.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    task = slp_transcription(manifest=str(small_manifest))
    args = {"responses": str(responses)}
    (log,) = inspect_eval(
        task, model="clinbench/replay/m", display="none", model_args=args, log_dir=str(tmp_path)
    )
    frame = results_from_logs([log]).set_index("item_id")
    assert frame.loc["slp-s01", "extracted_answer"] == "X"
    assert frame.loc["slp-s01", "response"].startswith("Sure! Here is")
    assert frame.loc["slp-s02", "extracted_answer"] == "Y"
    assert frame.loc["slp-s09", "extracted_answer"] == "red ball"
    assert frame.loc["slp-s09", "response"] == loop
    assert frame.loc["slp-s13", "outcome"] == "refused"
    assert frame.loc["slp-r03", "outcome"] == "declined"


SCENARIO_OPTIONS = {
    "manifest": None,
    "pipeline": "audio",
    "asr": "pocketsphinx",
    "cot": False,
    "few_shot": 0,
    "few_shot_manifest": None,
    "noise": None,
    "snr_db": 20.0,
    "limit_per_corpus": None,
    "seed": 0,
    "label_rule": "all_items",
}


def test_each_scenario_task_declares_every_option_to_inspect(small_manifest):
    """Inspect lists the five tasks from the file, knows each option and logs every default."""
    import inspect

    from inspect_ai._eval.list import parse_tasks
    from inspect_ai._eval.task.constants import TASK_ALL_PARAMS_ATTR
    from inspect_ai._util.registry import registry_info

    from clinbench.suites.slp import tasks as slp_tasks

    names = [
        "slp_disorder",
        "slp_transcript_diagnosis",
        "slp_transcription",
        "slp_disorder_type",
        "slp_symptom",
    ]
    listed = parse_tasks(Path(slp_tasks.__file__), Path(slp_tasks.__file__).parent, False)
    assert sorted(t.name for t in listed) == sorted(names)
    for name in names:
        function = getattr(slp_tasks, name)
        assert registry_info(function).metadata["params"] == list(SCENARIO_OPTIONS)
        defaults = {key: p.default for key, p in inspect.signature(function).parameters.items()}
        assert defaults == SCENARIO_OPTIONS
        built = function(manifest=str(small_manifest), few_shot=1)
        assert getattr(built, TASK_ALL_PARAMS_ATTR) == {
            **SCENARIO_OPTIONS,
            "manifest": str(small_manifest),
            "few_shot": 1,
        }
        assert built.metadata["scenario"] == name
        assert built.metadata["few_shot"] == 1


def test_two_asr_back_ends_on_the_same_clips_stay_apart_in_the_tables(small_manifest, tmp_path):
    """PocketSphinx and Whisper runs of slp_transcription both had condition 'asr', so
    `analyze` pooled them into one WER over twice the clips. The back-end is now part of the
    condition when it is not the default (default: 'asr', as before)."""
    from clinbench.results.export import results_table
    from clinbench.suites import task_function
    from clinbench.suites.slp.report import summary_tables

    make = task_function("slp_transcription")
    specs = {"pocketsphinx": "asr", "pocketsphinx:constrained=false,cache=false":
             "asr=pocketsphinx:constrained=false"}  # fmt: skip
    for spec, condition in specs.items():
        task = make(manifest=str(small_manifest), pipeline="asr", asr=spec)
        assert task.metadata["condition"] == condition
        logs = inspect_eval(task, model="clinbench/rules", log_dir=str(tmp_path / condition),
                            display="none", limit=2)  # fmt: skip
        assert logs[0].status == "success"
    frame = results_table(tmp_path)
    assert len(frame) == 4 and set(frame["condition"]) == set(specs.values())
    # each row says how its clip was recognised: the back-end's settings and the mode used
    for condition, raw in zip(frame["condition"], frame["score_metadata"], strict=True):
        details = json.loads(raw)
        constrained = condition == "asr"
        assert details["asr_settings"] == {"constrained": constrained, "wip": 0.01}, details
        assert details["asr_mode"] == ("constrained" if constrained else "free")
    title, table, _notes = summary_tables(frame)[0]
    assert title == "scenario metrics by model and condition"
    assert sorted(table["condition"]) == sorted(specs.values()) and set(table["n"]) == {2}


def test_the_report_names_each_asr_back_end_its_settings_and_where_the_transcripts_are(
    small_manifest, tmp_path
):
    """An SLP run through ASR: the report has a section with, per model, task and condition,
    the back-end, the settings and decoding mode the run recorded, the clips transcribed or
    failed, and the logs that hold the transcripts. A run with no ASR has no such section."""
    from clinbench.results.export import results_table
    from clinbench.suites import task_function
    from clinbench.suites.slp.report import sections

    make = task_function("slp_transcription")
    spec = {"asr": {"asr": "pocketsphinx:constrained=false"}, "audio": {}}
    for pipeline in ("asr", "audio"):
        task = make(manifest=str(small_manifest), pipeline=pipeline, **spec[pipeline])
        logs = inspect_eval(task, model="clinbench/rules", log_dir=str(tmp_path / pipeline),
                            display="none", limit=2)  # fmt: skip
        assert logs[0].status == "success"
    audio_only = results_table(tmp_path / "audio")
    assert not [s for s in sections(audio_only) if "ASR back-end" in s.title]
    frame = results_table(tmp_path / "asr")
    (section,) = [s for s in sections(frame) if "ASR back-end" in s.title]
    (table,) = section.tables.values()
    assert len(table) == 1
    row = table.iloc[0]
    recorded = [json.loads(m) for m in frame["score_metadata"]]
    assert row["model"] == "clinbench/rules" and row["task"] == "slp_transcription"
    assert row["condition"] == "asr=pocketsphinx:constrained=false"
    assert row["asr"] == "pocketsphinx:constrained=false"
    assert json.loads(row["settings"]) == recorded[0]["asr_settings"] == {
        "constrained": False, "wip": 0.01}  # fmt: skip
    assert row["mode"] == "free"
    assert row["clips"] == 2 and row["transcribed"] + row["recognition failed"] == 2
    assert row["transcribed"] == sum(isinstance(m.get("asr_transcript"), str) for m in recorded)
    (log,) = set(frame["log_file"])
    assert row["logs"] == log
    said = " ".join(section.notes)
    assert "asr_transcript" in said and "score_metadata" in said
