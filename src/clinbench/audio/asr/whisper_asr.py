"""Optional local Whisper-family recognition (``faster-whisper`` or ``openai-whisper``).

Neither package is a clinbench dependency: install one yourself
(``pip install faster-whisper`` or ``pip install openai-whisper``); model weights are fetched by
that package or read from a local path you give as ``model``.
"""

from __future__ import annotations

import time
from pathlib import Path

from clinbench.audio.asr.transcription import Transcription
from clinbench.audio.io import AudioFileError, duration_s, read_audio


class WhisperNotInstalled(ImportError):
    """Neither faster-whisper nor openai-whisper is installed."""


class WhisperASR:
    """A local Whisper model; ``model`` is a size name (``tiny``, ``base`` ...) or a local path."""

    name = "whisper"

    def __init__(self, model: str = "base", device: str = "cpu"):
        self.model_name = model
        self.device = device
        self._model = None
        self._kind = None

    def _load(self):
        if self._model is not None:
            return
        try:
            from faster_whisper import WhisperModel  # type: ignore[import-not-found]

            self._model, self._kind = WhisperModel(self.model_name, device=self.device), "faster"
            return
        except ImportError:
            pass
        try:
            import whisper  # type: ignore[import-not-found]

            self._model = whisper.load_model(self.model_name, device=self.device)
            self._kind = "openai"
        except ImportError as exc:
            raise WhisperNotInstalled(
                "the whisper ASR back-end needs faster-whisper or openai-whisper: "
                "pip install faster-whisper"
            ) from exc

    def transcribe(
        self, path: str | Path, *, expected: str | None = None, language: str = "en"
    ) -> Transcription:
        """Return the local model's transcription of ``path``."""
        self._load()
        start = time.perf_counter()
        try:
            samples, _ = read_audio(path)
        except AudioFileError as exc:
            return Transcription("", self.name, "local", error=str(exc))
        lang = language.split("-")[0] if language else None
        if self._kind == "faster":
            segments, _info = self._model.transcribe(samples, language=lang)
            text = " ".join(segment.text.strip() for segment in segments)
        else:
            text = self._model.transcribe(samples, language=lang, fp16=False)["text"]
        return Transcription(
            text=text.strip(),
            backend=self.name,
            mode="local",
            audio_seconds=duration_s(samples),
            decode_seconds=time.perf_counter() - start,
            details={"model": self.model_name, "implementation": self._kind},
        )
