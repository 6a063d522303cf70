"""Small real media files for tests: a WAV clip and a PNG image that validation can open."""

from __future__ import annotations

import io

import numpy as np
import soundfile
from PIL import Image


def wav_bytes(seconds: float = 0.1, rate: int = 16000, level: float = 0.0) -> bytes:
    """Return a mono 16-bit WAV file of ``seconds`` at ``level`` (a constant sample value)."""
    buffer = io.BytesIO()
    soundfile.write(buffer, np.full(int(seconds * rate), level), rate, format="WAV")
    return buffer.getvalue()


def png_bytes(color: str = "white", size: int = 4) -> bytes:
    """Return a ``size`` x ``size`` PNG image of one colour."""
    buffer = io.BytesIO()
    Image.new("RGB", (size, size), color).save(buffer, format="PNG")
    return buffer.getvalue()
