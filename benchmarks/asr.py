"""Speech pipeline speed: ASR real-time factor and noise-mixing throughput.

1. PocketSphinx real-time factor (decode seconds / audio seconds) on the slp sample clips
   (synthetic child-like speech and the real recordings), prompt-constrained and free, after
   one warm-up decode (the decoder's model load is reported apart).
2. Noise mixing: clips mixed per second at a target SNR (in memory, and file to file), and
   the worst achieved-SNR error over all mixes.

Usage: python benchmarks/asr.py [--repeats 1] [--mix-clips 500] [--snr 20]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--mix-clips", type=int, default=500)
    parser.add_argument("--snr", type=float, default=20.0)
    args = parser.parse_args()

    from clinbench.audio.asr.pocketsphinx_asr import PocketSphinxASR
    from clinbench.audio.io import read_audio
    from clinbench.audio.noise import (
        SHIPPED_NOISES,
        add_noise_to_file,
        load_noise,
        mix_at_snr,
        snr_db,
    )
    from clinbench.suites.slp.tasks import load_slp_items

    items = load_slp_items()
    print(f"clips: {len(items)} from the slp sample manifest")
    for constrained in (True, False):
        asr = PocketSphinxASR(constrained=constrained)
        start = time.perf_counter()
        asr.transcribe(items[0].resolve(items[0].audio), expected=items[0].prompt_words)
        load_s = time.perf_counter() - start
        audio_s = decode_s = 0.0
        cpu_start = time.process_time()
        for _ in range(args.repeats):
            for item in items:
                result = asr.transcribe(item.resolve(item.audio), expected=item.prompt_words)
                audio_s += result.audio_seconds
                decode_s += result.decode_seconds
        cpu_s = time.process_time() - cpu_start
        mode = "prompt-constrained (JSGF)" if constrained else "free (language model)"
        print(
            f"pocketsphinx {mode}: real-time factor {decode_s / audio_s:.3f} wall, "
            f"{cpu_s / audio_s:.3f} CPU "
            f"({audio_s:.1f} s of audio in {decode_s:.1f} s; first call incl. model load "
            f"{load_s:.2f} s)"
        )

    clips = [read_audio(item.resolve(item.audio))[0] for item in items]
    noises = [load_noise(name) for name in SHIPPED_NOISES]
    errors = []
    start = time.perf_counter()
    total_audio = 0.0
    for index in range(args.mix_clips):
        clip = clips[index % len(clips)]
        mixed = mix_at_snr(clip, noises[index % len(noises)], args.snr, seed=index)
        errors.append(abs(mixed.achieved_snr_db - args.snr))
        total_audio += len(clip) / 16000
    elapsed = time.perf_counter() - start
    print(
        f"noise mixing in memory: {args.mix_clips / elapsed:.0f} clips/s "
        f"({total_audio / elapsed:.0f}x real time); worst SNR error {max(errors):.2e} dB"
    )
    with tempfile.TemporaryDirectory() as tmp:
        n = min(100, args.mix_clips)
        start = time.perf_counter()
        file_errors = []
        for index in range(n):
            item = items[index % len(items)]
            out = Path(tmp) / f"{index}.wav"
            mixed = add_noise_to_file(
                item.resolve(item.audio), out, SHIPPED_NOISES[index % 3], args.snr, seed=index
            )
            clean, _ = read_audio(item.resolve(item.audio))
            noisy, _ = read_audio(out)
            file_errors.append(abs(snr_db(clean, noisy) - args.snr))
            del mixed
        elapsed = time.perf_counter() - start
        print(
            f"noise mixing file to file (read, mix, write 16-bit WAV, re-read to verify): "
            f"{n / elapsed:.0f} clips/s; worst SNR error after 16-bit quantisation "
            f"{max(file_errors):.3f} dB"
        )
    print(
        f"(numpy {np.__version__}; wall-clock figures depend on machine load; CPU is per process)"
    )


if __name__ == "__main__":
    main()
