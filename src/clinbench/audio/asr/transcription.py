"""What an ASR back-end returns (kept apart from the back-end registry so back-ends import it
without importing the package that loads them)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


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
