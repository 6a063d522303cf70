"""Speech recognition back-ends behind one interface: ``get_asr(name).transcribe(path, ...)``.

Back-ends:

- ``pocketsphinx`` (offline default): CMU PocketSphinx with the English model its PyPI wheel
  carries. When the words the speaker attempts are known it decodes against a JSGF grammar built
  from those words plus plausible child-speech variants (prompt-constrained recognition, see
  :mod:`clinbench.audio.asr.grammar`); otherwise, or with ``constrained=False``, it runs free
  recognition with the wheel's language model. Constrained output can only contain the grammar's
  words: it measures *which* of the expected forms was said, not open transcription.
- ``openai``: any OpenAI-compatible ``POST {base_url}/audio/transcriptions`` endpoint.
- ``whisper``: a local Whisper model through ``faster-whisper`` (the ``whisper`` extra, which
  also installs the bundled Whisper base model: :mod:`.bundled_whisper`); decoding settings
  and the per-clip time limit in :mod:`.whisper_asr`.
"""

from __future__ import annotations

import os
from typing import Any

from clinbench.audio.asr.transcription import ASRBackend, Transcription

__all__ = [
    "ASR_BACKENDS",
    "ASRBackend",
    "Transcription",
    "asr_model",
    "get_asr",
    "parse_asr_spec",
    "recorded_spec",
]

ASR_BACKENDS = ("pocketsphinx", "openai", "whisper")


_CACHE: dict[tuple[str, tuple[tuple[str, Any], ...]], ASRBackend] = {}


def get_asr(name: str = "pocketsphinx", **options: Any) -> ASRBackend:
    """Return the ASR back-end called ``name`` (cached per option set); ValueError if unknown.

    The openai back-end is cached per option set and per the endpoint and key the environment
    names now (OPENAI_BASE_URL, OPENAI_API_KEY), so a run after the variables changed in the
    same process reaches the new endpoint.

    ``cache=FOLDER`` keeps its transcripts on disk in FOLDER (see :mod:`.cache`): a clip is
    decoded once per (content, back-end, settings, expected words, language, noise, SNR).
    """
    key = (name, tuple(sorted((k, repr(v)) for k, v in options.items())))
    if name == "openai":  # built from the environment as it is now, like a run's models
        from clinbench.audio.asr.openai_asr import ENVIRONMENT

        key += (tuple(os.environ.get(variable) for variable in ENVIRONMENT),)
    if key in _CACHE:
        return _CACHE[key]
    if options.get("cache"):
        from clinbench.audio.asr.cache import CachedASR

        settings = {k: v for k, v in options.items() if k != "cache"}
        cached: ASRBackend = CachedASR(get_asr(name, **settings), options["cache"], settings)
        _CACHE[key] = cached
        return cached
    options.pop("cache", None)
    if name == "pocketsphinx":
        from clinbench.audio.asr.pocketsphinx_asr import PocketSphinxASR

        backend: ASRBackend = PocketSphinxASR(**options)
    elif name == "openai":
        from clinbench.audio.asr.openai_asr import OpenAITranscriptionASR

        backend = OpenAITranscriptionASR(**options)
    elif name == "whisper":
        from clinbench.audio.asr.whisper_asr import WhisperASR

        backend = WhisperASR(**options)
    else:
        raise ValueError(f"unknown ASR back-end {name!r}; choose one of {list(ASR_BACKENDS)}")
    _CACHE[key] = backend
    return backend


def parse_asr_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Return ``(name, options)`` from a spec such as ``openai:base_url=http://h/v1,model=m``."""
    name, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"ASR option {part!r} in {spec!r} is not key=value")
        options[key.strip()] = {"true": True, "false": False}.get(value.strip(), value.strip())
    return name.strip(), options


def asr_model(spec: str) -> str | None:
    """Return the model the ASR spec recognises with, known before any clip is decoded.

    The back-end's ``model_identity``: the bundled Whisper's pinned SHA-256, another Whisper
    folder's path, size and time, PocketSphinx's acoustic model, the model an endpoint is
    asked for. Building the back-end loads no weights. None when the back-end names no model,
    or the spec names no back-end that can be built (the decode then says why).
    """
    name, options = parse_asr_spec(spec)
    try:
        backend = get_asr(name, **options)
    except (ValueError, TypeError):  # an unknown back-end or setting: the decode reports it
        return None
    return getattr(backend, "model_identity", None)


def recorded_spec(spec: str) -> str:
    """Return the ASR spec as results record it: without ``cache=``, which changes no output."""
    name, _, rest = spec.partition(":")
    kept = [p for p in filter(None, rest.split(",")) if p.partition("=")[0].strip() != "cache"]
    return name.strip() if not kept else f"{name.strip()}:{','.join(kept)}"
