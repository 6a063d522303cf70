"""Transcripts kept on disk: each clip is decoded once per key, then read back.

The key is everything that can change what a back-end hears: the clip's content (SHA-256 of
the file's bytes, so a noisy copy is its own clip and a moved file is the same clip), the
back-end's name, version and settings, the words the speaker attempts (a constrained decoder's
grammar is built from them), the language, and the noise type and SNR of the condition. One
JSON file per key under the cache folder, written atomically, so scenarios and concurrent
evaluations of one run share transcripts safely. Failed recognitions are never kept: the
next call tries again. The key scheme and the folder layout are the user cache's one
(:func:`clinbench.io.content_key`, :class:`clinbench.io.ContentCache`).
"""

from __future__ import annotations

import threading
from dataclasses import fields
from importlib import metadata
from pathlib import Path
from typing import Any

from clinbench.audio.asr.transcription import ASRBackend, Transcription
from clinbench.io import ContentCache, content_key, file_sha256, user_cache_dir

CACHE_FORMAT = 2  # 2: PocketSphinx transcripts record their settings (1 lacked them)
KIND = "speech transcripts"  # what clinbench.io.cache_use calls a kept transcript
REMAKE = "decoding the clip again"
# The package whose version is part of each back-end's key (a new decoder may hear differently).
_PACKAGES = {"pocketsphinx": "pocketsphinx", "whisper": "faster-whisper", "openai": None}


def transcript_cache_dir() -> Path:
    """Return the shared transcript cache in the user cache folder (``asr-transcripts``).

    Keyed on content, so every run that names it (the demo does) reuses any decode made
    before, whatever its output folder.
    """
    return user_cache_dir("asr-transcripts")


def clear_transcript_cache(folder: str | Path | None = None) -> int:
    """Return how many kept transcripts were removed from ``folder`` (default: the shared one)."""
    return ContentCache(folder or transcript_cache_dir(), KIND, REMAKE).clear()


def _version(backend: str) -> str | None:
    package = _PACKAGES.get(backend)
    if package is None:
        return None
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def _plain(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, str | int | float | bool)


def effective_settings(backend: ASRBackend) -> dict[str, str]:
    """Return the back-end's own settings (plain attributes, defaults included, no secrets).

    Attributes a back-end names in ``runtime_attributes`` (a loaded model, its kind) are
    state, not settings: left out, so a key does not change once the model is loaded.
    """
    secret = ("key", "token", "secret", "password")
    runtime = set(getattr(backend, "runtime_attributes", ()))
    return {
        name: repr(value)
        for name, value in sorted(vars(backend).items())
        if _plain(value)
        and name not in runtime
        and not any(word in name.lower() for word in secret)
    }


class CachedASR:
    """An ASR back-end whose transcripts are kept in ``folder`` (see the module docstring)."""

    def __init__(self, backend: ASRBackend, folder: str | Path, settings: dict[str, Any]):
        self.backend = backend
        self.name = backend.name
        self.folder = Path(folder)
        self.kept = ContentCache(self.folder, KIND, REMAKE)
        self.settings = {
            "options": {k: repr(v) for k, v in sorted(settings.items())},
            "effective": effective_settings(backend),
        }
        self.version = _version(backend.name)
        self.hits = 0
        self.misses = 0
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._digests: dict[tuple[str, int, int], str] = {}

    @property
    def model_identity(self) -> str | None:
        """Return the identity of the back-end's model (None: it names none)."""
        return getattr(self.backend, "model_identity", None)

    def _digest(self, path: Path) -> str:
        stat = path.stat()
        memo = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
        if memo not in self._digests:
            self._digests[memo] = file_sha256(path)
        return self._digests[memo]

    def key(
        self,
        path: str | Path,
        *,
        expected: str | None = None,
        language: str = "en",
        noise: str | None = None,
        snr_db: float | None = None,
    ) -> str:
        """Return the cache key of one transcription request (a SHA-256 hex digest)."""
        parts = {
            "format": CACHE_FORMAT,
            "clip_sha256": self._digest(Path(path)),
            "backend": self.name,
            "version": self.version,
            "settings": self.settings,
            "expected": (expected or "").strip(),
            "language": language,
            "noise": noise or None,
            "snr_db": None if snr_db is None or not noise else float(snr_db),
        }
        return content_key(parts)

    def _lock(self, key: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(key, threading.Lock())

    def transcribe(
        self,
        path: str | Path,
        *,
        expected: str | None = None,
        language: str = "en",
        noise: str | None = None,
        snr_db: float | None = None,
    ) -> Transcription:
        """Return the kept transcription of this request, decoding (and keeping) it if new."""
        path = Path(path)
        if not path.is_file():  # nothing to hash: the back-end reports the problem
            return self.backend.transcribe(path, expected=expected, language=language)
        key = self.key(path, expected=expected, language=language, noise=noise, snr_db=snr_db)
        with self._lock(key):  # one decode per key, even across concurrent evaluations
            kept = self.kept.read(key, _transcription)
            if kept is not None:
                self.hits += 1
                kept.details = {**kept.details, "cache": "hit"}
                return kept
            self.misses += 1
            result = self.backend.transcribe(path, expected=expected, language=language)
            if result.error is None:
                record = {"key": key, "clip": str(path), "transcription": result.as_dict()}
                self.kept.write(key, record)
            return result


def _transcription(record: dict[str, Any]) -> Transcription:
    """Return the transcription a kept record holds (fields it does not know are left out)."""
    known = {f.name for f in fields(Transcription)}
    return Transcription(**{k: v for k, v in record["transcription"].items() if k in known})
