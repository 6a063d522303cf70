"""Audio input/output: read any soundfile-readable clip as 16 kHz mono float32, write WAV."""

from __future__ import annotations

from math import gcd
from pathlib import Path

import numpy as np
import soundfile as sf

from clinbench.errors import InputFileError
from clinbench.io import atomic_path

TARGET_RATE = 16_000


class AudioFileError(InputFileError, ValueError):
    """An audio file that cannot be read (missing, unreadable, empty)."""


def to_mono(samples: np.ndarray) -> np.ndarray:
    """Return a 1-D signal: the mean of the channels of a (frames, channels) array."""
    if samples.ndim == 1:
        return samples
    return samples.mean(axis=1)


def resample(samples: np.ndarray, rate: int, target_rate: int = TARGET_RATE) -> np.ndarray:
    """Return the signal resampled from ``rate`` to ``target_rate`` (polyphase filter)."""
    if rate == target_rate:
        return samples
    from scipy.signal import resample_poly  # imported here: slow to import

    divisor = gcd(int(rate), int(target_rate))
    return resample_poly(samples, target_rate // divisor, rate // divisor).astype(np.float32)


def read_audio(path: str | Path, target_rate: int = TARGET_RATE) -> tuple[np.ndarray, int]:
    """Return ``(samples, rate)``: a float32 mono signal in [-1, 1] at ``target_rate``."""
    path = Path(path)
    if not path.is_file():
        raise AudioFileError(f"{path}: audio file not found")
    try:
        samples, rate = sf.read(str(path), dtype="float32", always_2d=False)
    except (RuntimeError, sf.LibsndfileError) as exc:
        raise AudioFileError(f"{path}: cannot read audio ({exc})") from exc
    samples = to_mono(np.asarray(samples, dtype=np.float32))
    if samples.size == 0:
        raise AudioFileError(f"{path}: audio file has no samples")
    return resample(samples, int(rate), target_rate).astype(np.float32), target_rate


def write_audio(path: str | Path, samples: np.ndarray, rate: int = TARGET_RATE) -> Path:
    """Write a 16-bit PCM WAV atomically (temp file + rename) and return its path."""
    path = Path(path)
    clipped = np.clip(np.asarray(samples, dtype=np.float32), -1.0, 1.0)
    with atomic_path(path) as tmp:
        sf.write(tmp, clipped, rate, subtype="PCM_16", format="WAV")
    return path


def to_pcm16(samples: np.ndarray) -> bytes:
    """Return the signal as little-endian signed 16-bit PCM bytes (what pocketsphinx reads)."""
    clipped = np.clip(np.asarray(samples, dtype=np.float32), -1.0, 1.0)
    return (clipped * 32767.0).astype("<i2").tobytes()


def duration_s(samples: np.ndarray, rate: int = TARGET_RATE) -> float:
    """Return the duration of a signal in seconds."""
    return float(len(samples)) / float(rate)
