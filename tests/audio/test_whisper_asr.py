"""Whisper as an ASR back-end: the bundled model assembled once and checked, decoding settings
passed through and recorded, a per-clip time limit that yields a failure (issue 25, item 7).

The bundled model is real (CI installs the ``whisper`` extra): nothing here is skipped."""

from __future__ import annotations

import csv
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from clinbench.audio.asr import bundled_whisper as bw
from clinbench.audio.asr import get_asr, parse_asr_spec
from clinbench.audio.asr.cache import CachedASR, clear_transcript_cache
from clinbench.audio.asr.whisper_asr import WhisperASR
from clinbench.scoring.speech import word_counts
from clinbench.suites.slp.tasks import SAMPLE_MANIFEST

DATA = SAMPLE_MANIFEST.parent
ROWS = {r["id"]: r for r in csv.DictReader(SAMPLE_MANIFEST.open())}


def _clip(item_id: str) -> Path:
    return DATA / ROWS[item_id]["audio"]


@pytest.fixture(scope="module")
def whisper() -> WhisperASR:
    return get_asr("whisper")


def test_the_bundled_model_is_assembled_once_checked_and_rebuilt_when_damaged(tmp_path: Path):
    folder = bw.bundled_whisper_model(tmp_path)
    model = folder / "model.bin"
    assert folder.name == bw.MODEL_NAME and model.stat().st_size == bw.MODEL_SIZE
    assert {p.name for p in folder.iterdir()} == {"model.bin", bw.MARKER, *bw.MODEL_FILES}
    assert json.loads((folder / bw.MARKER).read_text())["sha256"] == bw.MODEL_SHA256
    assert [p.name for p in tmp_path.iterdir()] == [bw.MODEL_NAME]  # no temporary folder left
    built = model.stat().st_mtime_ns
    assert bw.bundled_whisper_model(tmp_path) == folder and model.stat().st_mtime_ns == built
    with model.open("r+b") as handle:  # a truncated copy is never loaded: it is rebuilt
        handle.truncate(1000)
    assert bw.bundled_whisper_model(tmp_path) == folder
    assert model.stat().st_size == bw.MODEL_SIZE


def test_a_joined_model_that_fails_its_hash_is_refused(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(bw, "MODEL_SHA256", "0" * 64)
    with pytest.raises(bw.BundledWhisperCorrupt, match="SHA-256"):
        bw.bundled_whisper_model(tmp_path)
    assert not list(tmp_path.iterdir())  # nothing half-built left behind


def test_missing_packages_say_how_to_install_them(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(bw, "PACKAGES", ("clinbench-no-such-package",))
    with pytest.raises(bw.BundledWhisperMissing, match=r"clinbench\[whisper\]"):
        bw.bundled_whisper_model(tmp_path)


def test_whisper_with_no_path_transcribes_real_and_child_clips(whisper: WhisperASR):
    """The bundled model on two short clips: a real adult recording and a synthetic child one."""
    real = whisper.transcribe(_clip("slp-r04"), expected=ROWS["slp-r04"]["prompt_words"])
    assert real.error is None and real.mode == "local" and real.audio_seconds > 0.5
    counts = word_counts(ROWS["slp-r04"]["transcript"], real.text)
    assert counts["hits"] >= 2, real.text  # "seven of clubs": most words heard
    child = whisper.transcribe(_clip("slp-s08"))
    assert child.error is None and child.text
    details = child.details
    assert details["model"] == "bundled" and bw.MODEL_SHA256 in details["model_identity"]
    assert details["implementation"] == "faster" and details["decoded_language"] == "en"
    assert details["settings"] == {
        "beam_size": 5,
        "temperature": 0.0,
        "fallback": False,
        "condition_on_previous_text": False,
        "no_speech_threshold": 0.6,
        "language": "en",
        "max_new_tokens": "auto",
        "compression_ratio_threshold": 2.4,
        "reject_loops": True,
        "time_limit": 30.0,
    }
    assert details["max_new_tokens_used"] == whisper.token_cap(child.audio_seconds) < 448


def test_a_model_path_keeps_working(whisper: WhisperASR):
    folder = bw.bundled_whisper_model()
    by_path = get_asr("whisper", model=str(folder))
    result = by_path.transcribe(_clip("slp-s08"))
    assert result.error is None and result.details["model"] == str(folder)
    assert result.text == whisper.transcribe(_clip("slp-s08")).text


def test_a_clip_past_the_time_limit_is_a_failure_not_a_transcript():
    limited = get_asr("whisper", time_limit="0.001")
    result = limited.transcribe(_clip("slp-s13"))
    assert result.text == "" and result.error.startswith("time limit: decoding exceeded 0.001 s")
    assert result.details["timed_out"] is True
    # back-ends that differ only in decoding settings share one loaded model
    assert limited._model is get_asr("whisper")._model is not None
    with pytest.raises(ValueError, match="time_limit"):
        WhisperASR(time_limit=0)


class RecordingModel:
    """Stands in for faster-whisper's model: records the keyword arguments it is given."""

    def __init__(self, text: str = " heard ", compression_ratio: float = 0.8):
        self.calls: list[dict] = []
        self.segment = type("Segment", (), {"text": text, "compression_ratio": compression_ratio})

    def transcribe(self, samples, **kwargs):
        self.calls.append(kwargs)
        return iter([self.segment()]), type("Info", (), {"language": kwargs["language"] or "de"})()


def _recording(spec: str, **model) -> tuple[WhisperASR, RecordingModel]:
    name, options = parse_asr_spec(spec)
    asr = WhisperASR(**options)
    asr._model, asr._kind = RecordingModel(**model), "faster"
    return asr, asr._model


def test_the_token_cap_follows_the_clip_length():
    asr = WhisperASR()
    assert (asr.token_cap(2.0), asr.token_cap(10.0), asr.token_cap(600.0)) == (32, 96, 256)
    assert WhisperASR(max_new_tokens="none").token_cap(2.0) is None
    assert WhisperASR(max_new_tokens="40").token_cap(2.0) == 40


def test_a_repetition_loop_is_a_failure_unless_asked_to_keep_it():
    loop = {"text": " Da da da da da da da da da da da da da", "compression_ratio": 3.6}
    asr, _ = _recording("whisper", **loop)
    result = asr.transcribe(_clip("slp-s15"))
    assert result.text == "" and result.error.startswith("repetition loop: compression ratio 3.6")
    assert result.details["compression_ratio"] == 3.6
    kept, _ = _recording("whisper:reject_loops=false", **loop)
    assert kept.transcribe(_clip("slp-s15")).text.startswith("Da da da")


def test_decoding_settings_reach_the_model():
    asr, model = _recording("whisper")
    result = asr.transcribe(_clip("slp-s01"), language="fr")
    assert model.calls[-1] == {
        "language": "fr",  # the clip's own language when none is set
        "beam_size": 5,
        "temperature": [0.0],  # one pass: no fallback
        "condition_on_previous_text": False,
        "no_speech_threshold": 0.6,
        "compression_ratio_threshold": 2.4,
        "max_new_tokens": asr.token_cap(result.audio_seconds),
    }
    spec = ("whisper:beam_size=2,fallback=true,condition_on_previous_text=true,"
            "no_speech_threshold=0.3,language=auto,max_new_tokens=40,"
            "compression_ratio_threshold=3")  # fmt: skip
    asr, model = _recording(spec)
    result = asr.transcribe(_clip("slp-s01"), language="en")
    assert model.calls[-1] == {
        "language": None,  # auto: Whisper detects it
        "beam_size": 2,
        "temperature": [0.0, 0.2, 0.4, 0.6, 0.8, 1.0],
        "condition_on_previous_text": True,
        "no_speech_threshold": 0.3,
        "compression_ratio_threshold": 3.0,
        "max_new_tokens": 40,
    }
    assert result.text == "heard" and result.details["decoded_language"] == "de"
    assert result.details["settings"]["language"] == "auto"
    asr, model = _recording("whisper:language=en")
    asr.transcribe(_clip("slp-s16"), language="fr")
    assert model.calls[-1]["language"] == "en"  # a set language wins over the clip's


def test_whisper_transcripts_are_cached_per_content_and_settings(tmp_path: Path, whisper):
    cache = tmp_path / "transcripts"
    cached = get_asr("whisper", cache=str(cache))
    assert isinstance(cached, CachedASR) and cached.backend is whisper
    first = cached.transcribe(_clip("slp-s02"), expected="red ball")
    again = cached.transcribe(_clip("slp-s02"), expected="red ball")
    assert (cached.misses, cached.hits) == (1, 1) and again.details["cache"] == "hit"
    assert again.text == first.text and again.details["settings"] == first.details["settings"]
    other = get_asr("whisper", cache=str(cache), beam_size="1")
    assert other.key(_clip("slp-s02"), expected="red ball") != cached.key(
        _clip("slp-s02"), expected="red ball"
    )
    failed = get_asr("whisper", cache=str(cache), time_limit="0.001")
    assert failed.transcribe(_clip("slp-s03")).error  # a failure is not kept
    assert len(list(cache.rglob("*.json"))) == 1
    assert clear_transcript_cache(cache) == 1 and not list(cache.rglob("*.json"))
    cached.transcribe(_clip("slp-s02"), expected="red ball")
    assert cached.misses == 2  # decoded again after the clear


class OneAtATimeModel(RecordingModel):
    """Like CTranslate2 with one worker: concurrent calls wait for each other (0.3 s each)."""

    def __init__(self):
        super().__init__()
        self.lock = threading.Lock()

    def transcribe(self, samples, **kwargs):
        with self.lock:
            time.sleep(0.3)
            return super().transcribe(samples, **kwargs)


def test_the_time_limit_counts_decoding_not_waiting_for_the_model():
    """Four clips at once against a model that decodes one at a time, 0.3 s each, limit 0.6 s:
    the last waits 0.9 s for its turn, which is queueing, not decoding."""
    asr = WhisperASR(time_limit="0.6")
    asr._model, asr._kind = OneAtATimeModel(), "faster"
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: asr.transcribe(_clip("slp-s01")), range(4)))
    assert [r.error for r in results] == [None] * 4
    assert all(r.decode_seconds < 0.6 for r in results)
    assert max(r.details["queued_seconds"] for r in results) >= 0.8
