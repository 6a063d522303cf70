"""Background noise mixed into speech at a target signal-to-noise ratio, with the SNR verified.

The user supplies real noise recordings (road, classroom, office ...). clinbench ships three
SYNTHETIC stand-ins, generated from seeded random numbers by :func:`synthetic_noise` and named
``synthetic_*`` so nobody mistakes them for recordings:

- ``synthetic_babble``: many overlapping amplitude-modulated speech-band noises (classroom-like);
- ``synthetic_road_hum``: low-passed brown noise plus engine hum harmonics (road-like);
- ``synthetic_office_hvac``: pink noise with a fan tone and sparse keyboard clicks (office-like).

SLPHelm adds road, classroom and office noise at 20 dB SNR; 20 dB is the default here.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from clinbench.audio.clips import TARGET_RATE, read_audio

DEFAULT_SNR_DB = 20.0
SHIPPED_NOISES = ("synthetic_babble", "synthetic_road_hum", "synthetic_office_hvac")


@dataclass(frozen=True)
class NoisyClip:
    """A mixed clip: the samples, the SNR asked for and the SNR measured on the result."""

    samples: np.ndarray
    target_snr_db: float
    achieved_snr_db: float
    noise_offset: int  # first noise sample used (the noise is looped from there)


def power(samples: np.ndarray) -> float:
    """Return the mean power (mean square) of a signal, computed in float64."""
    x = np.asarray(samples, dtype=np.float64)
    return float(np.mean(x * x)) if x.size else 0.0


def snr_db(clean: np.ndarray, noisy: np.ndarray) -> float:
    """Return the SNR (dB) of ``noisy`` against ``clean``: 10 log10 P(clean) / P(noisy - clean)."""
    clean64 = np.asarray(clean, dtype=np.float64)
    residual = np.asarray(noisy, dtype=np.float64) - clean64
    p_noise = power(residual)
    if p_noise == 0.0:
        return float("inf")
    return 10.0 * np.log10(power(clean64) / p_noise)


def _loop_to_length(noise: np.ndarray, length: int, offset: int) -> np.ndarray:
    reps = int(np.ceil((offset + length) / len(noise))) + 1
    return np.tile(noise, reps)[offset : offset + length]


def mix_at_snr(
    speech: np.ndarray,
    noise: np.ndarray,
    snr_db_target: float = DEFAULT_SNR_DB,
    *,
    seed: int = 0,
    headroom: float = 0.99,
) -> NoisyClip:
    """Return speech plus noise scaled to ``snr_db_target`` dB, with the achieved SNR measured.

    The noise is looped from a seeded random offset to the speech's length and scaled so that
    10 log10(P(speech) / P(noise)) equals the target, power taken over the whole clip. If the
    mix would clip, speech and noise are scaled down together (the SNR is unchanged). The
    achieved SNR is measured on the returned samples against the equally scaled speech.
    """
    speech = np.asarray(speech, dtype=np.float64)
    noise = np.asarray(noise, dtype=np.float64)
    if speech.size == 0:
        raise ValueError("speech signal is empty")
    if noise.size == 0 or power(noise) == 0.0:
        raise ValueError("noise signal is empty or silent")
    if power(speech) == 0.0:
        raise ValueError("speech signal is silent: an SNR is undefined")
    rng = np.random.default_rng(seed)
    offset = int(rng.integers(0, len(noise)))
    looped = _loop_to_length(noise, len(speech), offset)
    gain = np.sqrt(power(speech) / (power(looped) * 10.0 ** (snr_db_target / 10.0)))
    mixed = speech + gain * looped
    peak = float(np.max(np.abs(mixed)))
    scale = headroom / peak if peak > headroom else 1.0
    mixed *= scale
    achieved = snr_db(speech * scale, mixed)
    return NoisyClip(mixed.astype(np.float32), float(snr_db_target), achieved, offset)


def noise_file(name_or_path: str | Path) -> Path:
    """Return the noise file for a shipped stand-in name (e.g. ``synthetic_babble``) or a path."""
    text = str(name_or_path)
    if text in SHIPPED_NOISES:
        return Path(str(resources.files("clinbench.audio") / "data" / f"{text}.wav"))
    path = Path(text)
    if not path.is_file():
        raise FileNotFoundError(
            f"noise {text!r}: neither a shipped stand-in {list(SHIPPED_NOISES)} nor a file"
        )
    return path


def load_noise(name_or_path: str | Path, rate: int = TARGET_RATE) -> np.ndarray:
    """Return a noise signal (16 kHz mono) from a shipped stand-in name or a user file."""
    samples, _ = read_audio(noise_file(name_or_path), target_rate=rate)
    return samples


def add_noise_to_file(
    src: str | Path,
    dst: str | Path,
    noise: str | Path,
    snr_db_target: float = DEFAULT_SNR_DB,
    *,
    seed: int = 0,
) -> NoisyClip:
    """Write ``src`` mixed with ``noise`` at the target SNR to ``dst``; return the mix record."""
    from clinbench.audio.clips import write_audio

    speech, rate = read_audio(src)
    clip = mix_at_snr(speech, load_noise(noise, rate), snr_db_target, seed=seed)
    write_audio(dst, clip.samples, rate)
    return clip


def _band(x: np.ndarray, low: float | None, high: float | None, rate: int) -> np.ndarray:
    from scipy.signal import butter, sosfilt  # imported here: slow to import, rarely needed

    if low and high:
        sos = butter(4, [low, high], btype="bandpass", fs=rate, output="sos")
    elif high:
        sos = butter(4, high, btype="lowpass", fs=rate, output="sos")
    else:
        sos = butter(4, low, btype="highpass", fs=rate, output="sos")
    return sosfilt(sos, x)


def _pink(n: int, rng: np.random.Generator) -> np.ndarray:
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.arange(spectrum.size, dtype=np.float64)
    freqs[0] = 1.0
    return np.fft.irfft(spectrum / np.sqrt(freqs), n)


def synthetic_noise(
    kind: str, seconds: float = 3.0, *, seed: int = 0, rate: int = TARGET_RATE
) -> np.ndarray:
    """Return a SYNTHETIC noise stand-in (``babble``, ``road_hum`` or ``office_hvac``), peak 0.5."""
    rng = np.random.default_rng(seed)
    n = int(seconds * rate)
    t = np.arange(n) / rate
    if kind == "babble":
        out = np.zeros(n)
        for _ in range(8):  # eight "talkers": speech-band noise gated at syllable rates
            rate_hz = rng.uniform(3.0, 6.0)
            envelope = np.clip(np.sin(2 * np.pi * rate_hz * t + rng.uniform(0, 2 * np.pi)), 0, None)
            formant = rng.uniform(400, 1800)
            out += envelope * _band(rng.standard_normal(n), formant * 0.6, formant * 1.4, rate)
    elif kind == "road_hum":
        brown = np.cumsum(rng.standard_normal(n))
        brown -= np.linspace(brown[0], brown[-1], n)
        out = _band(brown, None, 400.0, rate)
        out /= np.max(np.abs(out))
        engine = rng.uniform(35.0, 45.0)
        for harmonic, amp in ((1, 0.5), (2, 0.3), (3, 0.15)):
            out += amp * np.sin(2 * np.pi * engine * harmonic * t)
    elif kind == "office_hvac":
        out = _pink(n, rng)
        out /= np.max(np.abs(out))
        out += 0.2 * np.sin(2 * np.pi * 120.0 * t)
        for start in rng.integers(0, n - 400, size=int(seconds * 3)):
            out[start : start + 400] += (
                0.8 * rng.standard_normal(400) * np.exp(-np.arange(400) / 60)
            )
    else:
        raise ValueError(f"unknown synthetic noise {kind!r}: use babble, road_hum, office_hvac")
    return (0.5 * out / np.max(np.abs(out))).astype(np.float32)
