"""The audio-native path through a real Inspect provider: `openai-api` against a local server.

The server (127.0.0.1, started by the test) answers like an audio-capable chat model: it
checks that the user turn carries the clip as an ``input_audio`` part and replies with a
single letter, or with a sentence when no audio arrived (which must then fail to parse).
"""

from __future__ import annotations

import base64

import pytest
from inspect_ai import eval as inspect_eval

from clinbench.results.export import results_table
from clinbench.suites.slp.tasks import SAMPLE_MANIFEST, slp_disorder
from tests.local_openai import OpenAIHandler, serve


class AudioChat(OpenAIHandler):
    usage = {"prompt_tokens": 50, "completion_tokens": 1, "total_tokens": 51}

    def do_POST(self):  # noqa: N802
        if self.path.endswith("/audio/transcriptions"):  # an OpenAI-compatible ASR endpoint
            self.rfile.read(int(self.headers["Content-Length"]))
            AudioChat.requests.append({"path": self.path})
            self.send_json({"text": "Wed ball."})
            return
        super().do_POST()

    def reply(self, body: dict) -> str:
        parts = body["messages"][-1]["content"]
        audio = [p for p in parts if isinstance(p, dict) and p.get("type") == "input_audio"]
        wav = base64.b64decode(audio[0]["input_audio"]["data"]) if audio else b""
        return "B" if wav.startswith(b"RIFF") else "I did not receive any audio."


@pytest.fixture
def audio_server(monkeypatch):
    with serve(AudioChat, monkeypatch) as server:
        yield server


def test_audio_clip_reaches_an_openai_compatible_audio_model(audio_server, tmp_path):
    task = slp_disorder(manifest=str(SAMPLE_MANIFEST), pipeline="audio")
    (log,) = inspect_eval(
        task, model="openai-api/local/audio-model", sample_id=["slp-s01", "slp-s02"],
        log_dir=str(tmp_path), display="none", max_retries=0,
    )  # fmt: skip
    assert log.status == "success", log.error
    table = results_table(tmp_path).set_index("item_id")
    assert table.loc["slp-s02", "outcome"] == "correct"  # disordered clip, reply B
    assert table.loc["slp-s01", "outcome"] == "incorrect"  # typical clip, reply B
    request = AudioChat.requests[0]
    texts = [p["text"] for p in request["messages"][-1]["content"] if p.get("type") == "text"]
    assert "red ball" in texts[0] and "single letter" in texts[0]
    assert all(r.get("temperature") == 0.0 for r in AudioChat.requests)


def test_asr_pipeline_with_an_openai_compatible_transcription_endpoint(audio_server, tmp_path):
    from clinbench.suites.slp.tasks import slp_symptom

    url = f"http://127.0.0.1:{audio_server.server_port}/v1"
    task = slp_symptom(manifest=str(SAMPLE_MANIFEST), pipeline="asr",
                       asr=f"openai:base_url={url},model=local-asr")  # fmt: skip
    (log,) = inspect_eval(task, model="clinbench/rules", sample_id=["slp-s02", "slp-s01"],
                          log_dir=str(tmp_path), display="none")  # fmt: skip
    outcomes = {s.id: s.scores["slp_label_scorer"].metadata["outcome"] for s in log.samples}
    # both clips "heard" as "Wed ball.": a substitution for "red ball"
    assert outcomes == {"slp-s02": "correct", "slp-s01": "incorrect"}
    assert log.samples[0].metadata["asr"]["backend"] == "openai"
    assert AudioChat.requests[0]["path"] == "/v1/audio/transcriptions"


def test_failed_recognition_is_a_sample_error_not_an_empty_transcript(tmp_path):
    import socket

    from clinbench.results.export import results_table
    from clinbench.suites.slp.tasks import slp_disorder

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    task = slp_disorder(manifest=str(SAMPLE_MANIFEST), pipeline="asr",
                        asr=f"openai:base_url=http://127.0.0.1:{port}/v1,timeout=2")  # fmt: skip
    (log,) = inspect_eval(task, model="clinbench/rules", sample_id=["slp-s01"],
                          log_dir=str(tmp_path), display="none", fail_on_error=False)  # fmt: skip
    sample = log.samples[0]
    assert sample.error is not None and "recognition failed" in sample.error.message
    assert results_table(tmp_path)["outcome"].tolist() == ["error"]
