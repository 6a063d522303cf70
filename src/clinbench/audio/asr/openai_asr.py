"""Any OpenAI-compatible transcription endpoint: ``POST {base_url}/audio/transcriptions``."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import httpx

from clinbench.audio.asr.transcription import Transcription
from clinbench.audio.clips import AudioFileError, duration_s, read_audio

# What the back-end reads from the environment when it is built (see get_asr's cache key).
ENVIRONMENT = ("OPENAI_BASE_URL", "OPENAI_API_KEY")


class OpenAITranscriptionASR:
    """Transcribe through an OpenAI-compatible server (OpenAI, vLLM, whisper.cpp server ...)."""

    name = "openai"

    def __init__(
        self,
        base_url: str | None = None,
        model: str = "whisper-1",
        api_key: str | None = None,
        timeout: float = 60.0,
        prompt_with_expected: bool = False,
    ):
        self.base_url = (
            base_url or os.environ.get("OPENAI_BASE_URL") or "https://api.openai.com/v1"
        ).rstrip("/")
        self.model = model
        self.api_key = api_key or os.environ.get("OPENAI_API_KEY", "")
        self.timeout = float(timeout)
        self.prompt_with_expected = prompt_with_expected in (True, "true", "1")

    @property
    def model_identity(self) -> str:
        """Return the model the endpoint is asked for (the server names its weights, if any)."""
        return self.model

    def transcribe(
        self, path: str | Path, *, expected: str | None = None, language: str = "en"
    ) -> Transcription:
        """Return the endpoint's transcription; errors are recorded, never turned into text."""
        start = time.perf_counter()
        path = Path(path)
        try:
            audio_s = duration_s(read_audio(path)[0])
        except AudioFileError as exc:
            return Transcription("", self.name, "remote", error=str(exc))
        data = {"model": self.model, "response_format": "json"}
        if language:
            data["language"] = language.split("-")[0]
        if self.prompt_with_expected and expected:
            data["prompt"] = expected
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        from clinbench.model_errors import unreadable_json

        try:
            with path.open("rb") as handle:
                response = httpx.post(
                    f"{self.base_url}/audio/transcriptions",
                    data=data,
                    files={"file": (path.name, handle, "audio/wav")},
                    headers=headers,
                    timeout=self.timeout,
                )
            response.raise_for_status()
            payload = response.json()
            text = payload["text"] if isinstance(payload, dict) else str(payload)
            error = None
        except json.JSONDecodeError as exc:  # said in plain words: where, what came back
            text, error = "", unreadable_json(exc, "a JSON transcription ({'text': ...})")
        except (httpx.HTTPError, ValueError, KeyError) as exc:
            text, error = "", f"{type(exc).__name__}: {exc}"
        return Transcription(
            text=(text or "").strip(),
            backend=self.name,
            mode="remote",
            audio_seconds=audio_s,
            decode_seconds=time.perf_counter() - start,
            error=error,
            details={"model": self.model, "base_url": self.base_url},
        )
