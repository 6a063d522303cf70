"""The self-evolving loop end to end, with a real (tiny) training step on the CPU.

What runs: a local OpenAI-style server (127.0.0.1) stands in for the generator model and
answers the generation prompts by rule (it repeats the sentence, or stutters/substitutes/...);
espeak-ng + sox make the clips; PocketSphinx checks them; the kept set is exported; the
training command is ``python -m clinbench.suites.slp.tiny_lm train``, which really fine-tunes
a 2-layer model for a few AdamW steps and writes a checkpoint; re-evaluation runs the SLP
transcription task through Inspect's ``openai-api`` provider against tiny_lm's server, which
loads the checkpoint folder named in the model spec.
"""

from __future__ import annotations

import json
import re
import sys
import threading

import pandas as pd
import pytest

from clinbench.suites.slp.self_evolve import (
    SelfEvolveError,
    Settings,
    default_sentences,
    read_generated_text,
    self_evolve,
)
from clinbench.suites.slp.tasks import SAMPLE_MANIFEST
from clinbench.suites.slp.tiny_lm import init_model, make_server
from tests.local_openai import OpenAIHandler, serve


class RuleGenerator(OpenAIHandler):
    """Answers the loop's generation prompts by rule (a stand-in for a generator model)."""

    def reply(self, body: dict) -> str:
        prompt = body["messages"][-1]["content"]
        sentence = re.search(r"Sentence: (.*)$", prompt).group(1).strip()
        words = sentence.split()
        if "Say back" in prompt:
            return sentence
        if "stuttering" in prompt:
            return " ".join([words[0]] + words)
        if "substitution" in prompt:
            return sentence.replace("r", "w")
        if "addition" in prompt:
            return sentence + " uh"
        return " ".join(words[:-1])  # omission


@pytest.fixture
def tiny_server(monkeypatch):
    server = make_server()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("TINY_BASE_URL", f"http://127.0.0.1:{server.server_port}/v1")
    monkeypatch.setenv("TINY_API_KEY", "test-key")
    yield server
    server.shutdown()
    server.server_close()


TRAIN = (
    f"{sys.executable} -m clinbench.suites.slp.tiny_lm train --dataset-dir {{dataset_dir}} "
    "--dataset {dataset} --base {model_dir} --out {output_dir} --steps 30"
)


def _eval_manifest(tmp_path) -> str:
    """Six of the bundled samples (audio paths made absolute), to keep the test short."""
    frame = pd.read_csv(SAMPLE_MANIFEST).head(6)
    frame["audio"] = [str((SAMPLE_MANIFEST.parent / a).resolve()) for a in frame["audio"]]
    path = tmp_path / "eval.csv"
    frame.to_csv(path, index=False)
    return str(path)


def _settings(tmp_path, base, **kw):
    kw.setdefault("train_command", TRAIN)
    return Settings(
        eval_manifest=[_eval_manifest(tmp_path)],
        max_tokens=24,
        out_dir=tmp_path / "run",
        generator="openai-api/local/rule-generator",
        eval_model="openai-api/tiny/{model_dir}",
        base_model_dir=str(base),
        sentences=default_sentences()[:8],
        resamples=50,
        **kw,
    )


def test_loop_trains_a_real_model_and_reevaluates_that_checkpoint(
    tmp_path, monkeypatch, tiny_server
):
    base = init_model(tmp_path / "base")
    with serve(RuleGenerator, monkeypatch):
        table = self_evolve(_settings(tmp_path, base))
    run = tmp_path / "run"
    trained = (run / "iter-1" / "model").resolve()
    assert list(table["iteration"]) == [0, 1]
    first, second = table.iloc[0], table.iloc[1]
    assert (first["generated"], first["kept"]) == (0, 0)
    assert second["generated"] == 16 and 0 < second["kept"] <= 16
    # the kept count is what was exported, and every kept clip passed the WER check
    rows = [json.loads(line) for line in (run / "iter-1" / "generated.jsonl").open()]
    assert sum(r["kept"] for r in rows) == second["kept"]
    assert all(r["wer"] <= 0.5 for r in rows if r["kept"])
    exported = json.loads((run / "iter-1" / "export" / "slp_self_evolve_text.json").read_text())
    assert len(exported) == second["kept"]
    # training really ran: the loss fell and the weights changed
    log = json.loads((trained / "train_log.json").read_text())
    assert log["steps"] == 30 and log["last_loss"] < log["first_loss"]
    assert (trained / "model.safetensors").read_bytes() != (base / "model.safetensors").read_bytes()
    # re-evaluation read the trained checkpoint, and iteration 0 the base one
    assert str(trained) in tiny_server.models.loaded
    assert str(base) in tiny_server.models.loaded
    for row in (first, second):
        assert row["scenario"] == "slp_transcription" and row["n"] == 6
        assert row["WER"] >= 0 and row["WER SD"] >= 0
    # the random base answers with up to 24 tokens of noise; 30 steps teach short replies
    assert second["WER"] < first["WER"]
    assert (run / "self_evolve.csv").is_file()


def test_a_failing_training_command_stops_the_loop_with_its_log(tmp_path, monkeypatch, tiny_server):
    base = init_model(tmp_path / "base")
    command = (
        f"{sys.executable} -c \"import sys; print('out of memory'); sys.exit(3)\" {{output_dir}}"
    )
    with serve(RuleGenerator, monkeypatch):
        with pytest.raises(SelfEvolveError, match="(?s)exited 3.*out of memory"):
            self_evolve(_settings(tmp_path, base, train_command=command))


def test_a_training_command_that_writes_nothing_is_not_training(tmp_path, monkeypatch, tiny_server):
    base = init_model(tmp_path / "base")
    command = f"{sys.executable} -c pass {{output_dir}}"
    with serve(RuleGenerator, monkeypatch):
        with pytest.raises(SelfEvolveError, match="wrote nothing"):
            self_evolve(_settings(tmp_path, base, train_command=command))


def test_settings_refuse_a_command_without_output_dir(tmp_path):
    with pytest.raises(SelfEvolveError, match="output_dir"):
        Settings(out_dir=tmp_path, generator="x", eval_model="y", train_command="train")


def test_generated_text_is_read_from_the_first_line_only():
    assert read_generated_text('\n "the the dog" \nmore') == "the the dog"
    assert read_generated_text("   \n  ") is None


def test_cli_refuses_a_malformed_model_arg(tmp_path):
    from typer.testing import CliRunner

    from clinbench.cli.slp_commands import app

    result = CliRunner().invoke(
        app,
        ["self-evolve", "-o", str(tmp_path), "--generator", "g", "--eval-model", "e",
         "--train-command", "train {output_dir}", "-M", "model_path"],
    )  # fmt: skip
    assert result.exit_code != 0
    assert "model arg 'model_path': expected KEY=VALUE" in result.output
    assert not list(tmp_path.iterdir())  # nothing written
