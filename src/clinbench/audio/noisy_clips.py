"""Noisy copies of speech clips kept on disk: each mix is made once per key, then read back.

The key (the user cache's one scheme, :func:`clinbench.io.content_key`) is everything that can
change the mix: the clip's bytes and the noise file's bytes (SHA-256), the SNR asked for, the
seed, the text of the mixing code (``noise.py`` and ``clips.py``) and the versions of numpy
(the random streams) and soundfile (the WAV writer). Per key, the WAV and a JSON record with
the SNR the mix achieved; the record is written after the WAV, so a record means a whole WAV.
A missing, damaged or mismatched record is a miss: the clip is mixed again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import metadata
from pathlib import Path

from clinbench.io import ContentCache, content_key, file_sha256, user_cache_dir

FORMAT = 1
KIND = "noisy clips"  # what clinbench.io.cache_use calls a kept mix
REMAKE = "mixing the clip again"


def noisy_clip_cache_dir() -> Path:
    """Return the shared noisy-clip cache in the user cache folder (``noisy-clips``)."""
    return user_cache_dir("noisy-clips")


def clear_noisy_clip_cache(folder: str | Path | None = None) -> int:
    """Return how many kept mixes were removed from ``folder`` (default: the shared one)."""
    return ContentCache(folder or noisy_clip_cache_dir(), KIND, REMAKE).clear()


@cache
def _mixing_code() -> dict[str, str | None]:
    """Return the SHA-256 of the mixing code's files and the versions of the packages it uses."""
    from clinbench.audio import clips, noise

    versions = {}
    for package in ("numpy", "soundfile"):
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = None
    return {"noise.py": file_sha256(noise.__file__), "clips.py": file_sha256(clips.__file__),
            **versions}  # fmt: skip


def mix_key(clip: str | Path, noise: str | Path, snr_db: float, seed: int) -> str:
    """Return the cache key of one mix of ``clip`` with ``noise`` (see the module docstring)."""
    from clinbench.audio.noise import noise_file

    return content_key({
        "kind": KIND,
        "format": FORMAT,
        "clip_sha256": file_sha256(clip),
        "noise_sha256": file_sha256(noise_file(noise)),
        "snr_db": float(snr_db),
        "seed": int(seed),
        "code": _mixing_code(),
    })  # fmt: skip


def _achieved_snr(key: str, wav: Path) -> Callable[[dict], float]:
    """Return the reader of a kept mix's record: its achieved SNR, once it matches the WAV."""

    def achieved(stored: dict) -> float:
        if stored["key"] != key or not wav.is_file():
            raise ValueError("record and WAV do not match the key")
        return float(stored["achieved_snr_db"])

    return achieved


def kept_noisy_clip(
    clip: str | Path,
    noise: str | Path,
    snr_db: float,
    *,
    seed: int = 0,
    folder: str | Path | None = None,
) -> tuple[Path, float]:
    """Return (the noisy WAV, its achieved SNR) of ``clip`` mixed with ``noise``: kept or made.

    ``folder`` defaults to the shared cache (:func:`noisy_clip_cache_dir`).
    """
    from clinbench.audio.noise import add_noise_to_file

    kept = ContentCache(folder or noisy_clip_cache_dir(), KIND, REMAKE)
    key = mix_key(clip, noise, snr_db, seed)
    wav = kept.entry(key, ".wav")
    achieved = kept.read(key, _achieved_snr(key, wav))
    if achieved is not None:
        return wav, achieved
    mixed = add_noise_to_file(clip, wav, noise, snr_db, seed=seed)
    kept.write(key, {"key": key, "clip": str(clip), "noise": str(noise),
                     "achieved_snr_db": mixed.achieved_snr_db})  # fmt: skip
    return wav, float(mixed.achieved_snr_db)
