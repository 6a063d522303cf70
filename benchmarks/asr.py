"""Speech pipeline accuracy and speed: ASR WER and real-time factor, noise-mixing throughput.

1. PocketSphinx real-time factor (decode seconds / audio seconds) on the slp sample clips
   (synthetic child-like speech and the real recordings), prompt-constrained and free, after
   one warm-up decode (the decoder's model load is reported apart).
2. ASR back-ends compared on the 20 bundled clips (``--compare``): corpus WER against the
   bundled transcripts (jiwer, through clinbench.scoring.speech: overall, synthetic child,
   real adult), real-time factor, the slowest clip, and how many child errors each
   normalised away (the slp rule, clinbench.suites.slp.asr_fidelity). Default back-ends:
   PocketSphinx constrained and free, Whisper base with clinbench's decoding defaults, and
   Whisper base as clinbench ran it before it passed any setting (faster-whisper's own
   defaults: temperature fallback 0.0-1.0, conditioning on previous text, no token cap, no
   loop rejection). A failed clip (time limit, repetition loop) counts as every reference
   word deleted in the WER, and in the "failed" column.
3. Noise mixing: clips mixed per second at a target SNR (in memory, and file to file), and
   the worst achieved-SNR error over all mixes.

Usage: python benchmarks/asr.py [--repeats 1] [--mix-clips 500] [--snr 20]
       [--compare] [--asr SPEC ...] [--skip-speed] [--skip-noise]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

# Whisper as clinbench ran it before it passed decoding settings: faster-whisper's defaults.
WHISPER_BEFORE = (
    "whisper:fallback=true,condition_on_previous_text=true,max_new_tokens=none,"
    "reject_loops=false,time_limit=3600"
)
COMPARED = ("pocketsphinx", "pocketsphinx:constrained=false", "whisper", WHISPER_BEFORE)


def compare_backends(items, specs) -> None:
    """Print WER (overall, synthetic child, real adult), RTF, slowest clip, errors normalised."""
    import pandas as pd

    from clinbench.audio.asr import get_asr, parse_asr_spec
    from clinbench.scoring.speech import measures_from_counts, word_counts
    from clinbench.suites.slp.asr_fidelity import normalised_away_table

    def wer(rows) -> float:
        counts = [word_counts(r["reference"], r["text"]) for r in rows]
        total = {k: sum(c[k] for c in counts) for k in ("hits", "substitutions", "deletions",
                                                       "insertions")}  # fmt: skip
        return measures_from_counts(**{k[0]: v for k, v in total.items()})["WER"]

    table = []
    for spec in specs:
        name, options = parse_asr_spec(spec)
        backend = get_asr(name, **options)
        start = time.perf_counter()
        first = items[0]
        backend.transcribe(first.resolve(first.audio), expected=first.prompt_words)
        load_s = time.perf_counter() - start
        rows = []
        cpu_start = time.process_time()
        for item in items:
            result = backend.transcribe(
                item.resolve(item.audio),
                expected=item.prompt_words,
                language=str(item.metadata.get("language") or "en"),
            )
            rows.append({"id": item.id, "reference": item.transcript, "text": result.text,
                         "error": result.error, "audio_s": result.audio_seconds,
                         "decode_s": result.decode_seconds,
                         "real": not str(item.metadata.get("corpus", "")).startswith("synthetic"),
                         "prompt": item.prompt_words})  # fmt: skip
        cpu_s = time.process_time() - cpu_start
        audio_s = sum(r["audio_s"] for r in rows)
        decode_s = sum(r["decode_s"] for r in rows)
        slowest = max(rows, key=lambda r: r["decode_s"])
        results = pd.DataFrame(
            {
                "item_id": [r["id"] for r in rows],
                "condition": "asr",
                "item_metadata": [
                    {
                        "slp_asr": spec,
                        "slp_prompt_words": r["prompt"],
                        "slp_reference_transcript": r["reference"],
                    }
                    for r in rows
                ],  # fmt: skip
                "score_metadata": [
                    {"asr_transcript": None if r["error"] else r["text"], "asr_error": r["error"]}
                    for r in rows
                ],  # fmt: skip
            }
        )
        fidelity = normalised_away_table(results).iloc[0]
        table.append(
            {
                "asr": spec,
                "WER": wer(rows),
                "WER child (synthetic)": wer([r for r in rows if not r["real"]]),
                "WER adult (real)": wer([r for r in rows if r["real"]]),
                "RTF wall": decode_s / audio_s,
                "RTF CPU": cpu_s / audio_s,
                "slowest clip s": f"{slowest['decode_s']:.2f} ({slowest['id']})",
                "failed": sum(bool(r["error"]) for r in rows),
                "normalised away": f"{fidelity['normalised_away']}/"
                f"{fidelity['child_error_clips'] - fidelity['no_transcript']}",
                "kept error": f"{fidelity['kept_error']}/"
                f"{fidelity['child_error_clips'] - fidelity['no_transcript']}",
                "load s": load_s,
            }
        )
        for r in rows:
            print(f"  {spec} | {r['id']} | {r['decode_s']:.2f} s | {r['text']!r}"
                  + (f" ERROR {r['error']}" if r["error"] else ""))  # fmt: skip
    frame = pd.DataFrame(table)
    print(f"ASR back-ends on {len(items)} bundled clips (WER vs the bundled transcripts):")
    print(frame.to_string(index=False, float_format=lambda v: f"{v:.3f}"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--mix-clips", type=int, default=500)
    parser.add_argument("--snr", type=float, default=20.0)
    parser.add_argument("--compare", action="store_true", help="compare ASR back-ends")
    parser.add_argument("--asr", action="append", help="back-end spec to compare (repeat)")
    parser.add_argument("--skip-speed", action="store_true", help="skip the PocketSphinx RTF")
    parser.add_argument("--skip-noise", action="store_true", help="skip noise mixing")
    args = parser.parse_args()

    from clinbench.audio.asr.pocketsphinx_asr import PocketSphinxASR
    from clinbench.audio.clips import read_audio
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
    if args.compare:
        compare_backends(items, args.asr or COMPARED)
    for constrained in () if args.skip_speed else (True, False):
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

    if args.skip_noise:
        return
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
