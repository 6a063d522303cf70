"""Audio for clinbench: I/O at 16 kHz mono, noise at a verified SNR, ASR back-ends.

- :mod:`clinbench.audio.clips`: ``read_audio`` (any soundfile format -> float32 16 kHz mono,
  resampled with ``scipy.signal.resample_poly``), ``write_audio`` (atomic 16-bit WAV);
- :mod:`clinbench.audio.noise`: ``mix_at_snr`` / ``add_noise_to_file`` with the achieved SNR
  measured, user noise files or the shipped ``synthetic_*`` stand-ins;
- :mod:`clinbench.audio.asr`: ``get_asr("pocketsphinx" | "openai" | "whisper")``;
"""
