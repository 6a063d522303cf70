"""ASR back-ends: pocketsphinx (constrained, free) on real speech; an OpenAI-compatible server."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

from clinbench.audio.asr import get_asr, parse_asr_spec
from clinbench.audio.asr.grammar import build_grammar, word_variants
from clinbench.scoring.speech import transcription_measures

DATA = Path(__file__).resolve().parents[2] / "src" / "clinbench" / "suites" / "slp" / "data"
REAL = DATA / "real"


def test_constrained_recognition_on_real_recordings():
    asr = get_asr("pocketsphinx")
    result = asr.transcribe(REAL / "001.wav", expected="ten of clubs")
    assert result.mode == "constrained" and result.text == "ten of clubs"
    sentence = "he was not an ill disposed young man"
    result = asr.transcribe(REAL / "librivox-0880.wav", expected=sentence)
    assert transcription_measures([sentence], [result.text])["WER"] <= 0.15
    assert 0 < result.real_time_factor < 5


def test_free_recognition_runs_without_expected_words():
    result = get_asr("pocketsphinx").transcribe(REAL / "librivox-0930.wav")
    assert result.mode == "free" and result.text and result.error is None


def test_grammar_offers_child_speech_variants():
    lookup = {"rabbit": "R AE B AH T", "the": "DH AH", "uh": "AH", "um": "AH M"}.get
    assert word_variants("rabbit", "R AE B AH T")["wabbit"] == "W AE B AH T"
    grammar = build_grammar("the rabbit", lookup)
    assert "wabbit" in grammar.jsgf and "r-" in grammar.new_words and not grammar.missing
    assert "<NULL>" in grammar.jsgf  # omission allowed
    assert build_grammar("the zorblax", lookup).missing == ["zorblax"]


def test_missing_audio_is_an_error_not_text(tmp_path):
    result = get_asr("pocketsphinx").transcribe(tmp_path / "none.wav", expected="ten")
    assert result.error and result.text == ""


class _Handler(BaseHTTPRequestHandler):
    seen: list[dict] = []
    fail = False

    def do_POST(self):  # noqa: N802
        body = self.rfile.read(int(self.headers["Content-Length"]))
        _Handler.seen.append(
            {"path": self.path, "auth": self.headers.get("Authorization"), "body": body}
        )
        if _Handler.fail:
            self.send_response(500)
            self.end_headers()
            return
        payload = json.dumps({"text": " ten of clubs "}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    httpd = HTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    _Handler.seen, _Handler.fail = [], False
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()


def test_openai_compatible_endpoint(server):
    name, options = parse_asr_spec(f"openai:base_url={server},model=tiny-asr,api_key=k1")
    result = get_asr(name, **options).transcribe(REAL / "001.wav", expected="ten of clubs")
    assert result.text == "ten of clubs" and result.error is None and result.mode == "remote"
    request = _Handler.seen[0]
    assert request["path"] == "/v1/audio/transcriptions" and request["auth"] == "Bearer k1"
    assert b'name="model"' in request["body"] and b"tiny-asr" in request["body"]
    assert b'filename="001.wav"' in request["body"] and b"RIFF" in request["body"]


def test_openai_endpoint_failure_is_recorded(server):
    _Handler.fail = True
    result = get_asr("openai", base_url=server, model="m2").transcribe(REAL / "001.wav")
    assert result.text == "" and "500" in result.error


def test_whisper_backend_is_import_guarded():
    from clinbench.audio.asr.whisper_asr import WhisperASR, WhisperNotInstalled

    try:
        import faster_whisper  # noqa: F401

        installed = True
    except ImportError:
        try:
            import whisper  # noqa: F401

            installed = True
        except ImportError:
            installed = False
    if not installed:
        with pytest.raises(WhisperNotInstalled, match="pip install"):
            WhisperASR("tiny").transcribe(REAL / "001.wav")
    else:
        assert WhisperASR("tiny").name == "whisper"


def test_unknown_backend_and_bad_spec():
    with pytest.raises(ValueError, match="unknown ASR back-end"):
        get_asr("kaldi")
    with pytest.raises(ValueError, match="key=value"):
        parse_asr_spec("openai:model")
