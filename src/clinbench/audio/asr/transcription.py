"""What an ASR back-end is and returns (kept apart from the back-end registry, so back-ends
and the cache import them without importing the package that loads them)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable


@dataclass
class Transcription:
    """What an ASR back-end heard: text, how it decoded, timing, and any error."""

    text: str
    backend: str
    mode: str  # "constrained" (grammar from expected words), "free", "remote", "local"
    audio_seconds: float = 0.0
    decode_seconds: float = 0.0
    error: str | None = None  # set when recognition failed; text is then ""
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def real_time_factor(self) -> float:
        """Return decode time divided by audio duration (below 1 is faster than real time)."""
        return self.decode_seconds / self.audio_seconds if self.audio_seconds else float("nan")

    def as_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict of this transcription."""
        return asdict(self)


@runtime_checkable
class ASRBackend(Protocol):
    """A speech recogniser: turns one audio file into a :class:`Transcription`."""

    name: str

    def transcribe(
        self, path: str | Path, *, expected: str | None = None, language: str = "en"
    ) -> Transcription:
        """Return the transcription of ``path`` (``expected``: words the speaker attempts)."""
        ...
