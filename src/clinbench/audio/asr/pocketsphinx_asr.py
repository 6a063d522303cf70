"""Offline recognition with CMU PocketSphinx (the English model shipped in its PyPI wheel)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from clinbench.audio.asr.grammar import build_grammar
from clinbench.audio.asr.transcription import Transcription
from clinbench.audio.clips import TARGET_RATE, AudioFileError, duration_s, read_audio, to_pcm16


def _wheel_model() -> str:
    """Return the name of the English acoustic model in the pocketsphinx wheel (its version)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"en-us (pocketsphinx {version('pocketsphinx')})"
    except PackageNotFoundError:
        return "en-us (pocketsphinx)"


class PocketSphinxASR:
    """PocketSphinx: prompt-constrained (JSGF) when the expected words are known, else free."""

    name = "pocketsphinx"
    runtime_attributes = ("_decoder", "_base_search")  # state, not settings (transcript cache)

    def __init__(
        self,
        constrained: bool = True,
        wip: float = 0.01,
        hmm: str | None = None,
        dict: str | None = None,
    ):
        # wip: word insertion penalty. PocketSphinx's default (0.65) let the permissive prompt
        # grammar insert fillers and fragments on the sample clips; 0.01 halved those errors.
        self.constrained = constrained in (True, "true", "1")
        self._options = {"wip": float(wip)}
        self._options.update({k: v for k, v in (("hmm", hmm), ("dict", dict)) if v})
        self._decoder = None
        self._base_search = None
        self._lock = threading.Lock()  # a decoder is not thread-safe

    @property
    def model_identity(self) -> str:
        """Return the acoustic model it recognises with: the ``hmm`` given, or the wheel's."""
        return self._options.get("hmm") or _wheel_model()

    def _get_decoder(self):
        if self._decoder is None:
            from pocketsphinx import Decoder

            self._decoder = Decoder(samprate=TARGET_RATE, loglevel="FATAL", **self._options)
            self._base_search = self._decoder.current_search()
        return self._decoder

    def _decode(self, decoder, pcm: bytes) -> str:
        # Start every clip from the same feature state: live cepstral mean normalisation
        # otherwise carries over from the clips decoded before, so a clip's transcript would
        # depend on decoding order (and a transcript cache would keep whichever came first).
        decoder.reinit_feat()
        decoder.start_utt()
        decoder.process_raw(pcm, full_utt=True)
        decoder.end_utt()
        hyp = decoder.hyp()
        return hyp.hypstr.strip() if hyp is not None else ""

    def transcribe(
        self, path: str | Path, *, expected: str | None = None, language: str = "en"
    ) -> Transcription:
        """Return the transcription of ``path``; constrained to ``expected`` when given."""
        start = time.perf_counter()
        try:
            samples, _ = read_audio(path)
        except AudioFileError as exc:
            return Transcription("", self.name, "none", error=str(exc))
        audio_s = duration_s(samples)
        # the decoding settings, recorded with every transcript as the other back-ends do
        # (free vs prompt-constrained recognition changes WER most: see the slp README)
        details: dict = {"settings": {"constrained": self.constrained, **self._options},
                         "model": self.model_identity}  # fmt: skip
        if not language.lower().startswith("en"):
            details["warning"] = f"English acoustic model used on language {language!r}"
        with self._lock:
            decoder = self._get_decoder()
            mode = "free"
            grammar = None
            if self.constrained and expected and expected.strip():
                grammar = build_grammar(expected, decoder.lookup_word)
                if grammar.missing:
                    details["not_in_dictionary"] = grammar.missing
                    grammar = None  # cannot constrain to words the model cannot pronounce
            if grammar is not None:
                for spelling, phones in grammar.new_words.items():
                    if decoder.lookup_word(spelling) is None:
                        decoder.add_word(spelling, phones, False)
                try:
                    decoder.add_jsgf_string("slp_prompt", grammar.jsgf)
                    decoder.activate_search("slp_prompt")
                    mode = "constrained"
                    text = self._decode(decoder, to_pcm16(samples))
                finally:
                    decoder.activate_search(self._base_search)
                    decoder.remove_search("slp_prompt")
            else:
                text = self._decode(decoder, to_pcm16(samples))
        return Transcription(
            text=text,
            backend=self.name,
            mode=mode,
            audio_seconds=audio_s,
            decode_seconds=time.perf_counter() - start,
            details=details,
        )
