#!/usr/bin/env python
"""Make the slp suite's sample clips: synthetic child-like speech with simulated disorders.

Everything here is SYNTHETIC and ILLUSTRATIVE: espeak-ng voices with raised pitch say short
phrases a child might be asked to repeat, some said as typically developing speech and some
with a simulated substitution, omission, addition or stutter. The clips show the format and
exercise the pipeline; they are not clinical data and measure nothing about real children.

Also copied: four real recordings from Debian's ``pocketsphinx-testdata`` (BSD-2, CMU; the
LibriVox excerpts are public-domain readings) to test ASR and WER on real speech, and the
three SYNTHETIC noise stand-ins of :mod:`clinbench.audio.noise`.

Needs Debian packages: ``apt-get install -y espeak-ng pocketsphinx-testdata``.
Run from the repository root: ``python scripts/make_slp_samples.py``.
"""

from __future__ import annotations

import csv
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from clinbench.audio.clips import read_audio, write_audio
from clinbench.audio.noise import synthetic_noise

ROOT = Path(__file__).resolve().parents[1]
SLP_DATA = ROOT / "src" / "clinbench" / "suites" / "slp" / "data"
NOISE_DATA = ROOT / "src" / "clinbench" / "audio" / "data"
TESTDATA = Path("/usr/share/pocketsphinx/test/data")

# Synthetic speakers: espeak-ng voice+variant, pitch (0-99), speed (wpm), stated gender, age.
SPEAKERS = {
    "synth-01": ("en-us+f3", 85, 140, "female", 6),
    "synth-02": ("en-gb+m3", 75, 135, "male", 7),
    "synth-03": ("en-us+f2", 80, 150, "female", 9),
    "synth-04": ("en-us+m4", 70, 145, "male", 9),
    "synth-05": ("en-gb-scotland+f4", 80, 140, "female", 11),
    "synth-06": ("en-us+m2", 65, 150, "male", 12),
    "synth-07": ("fr+f2", 80, 140, "female", 6),
}

# id, speaker, target phrase, what is said (espeak text; [[..]] = espeak phonemes),
# transcript of what is said, disorder, disorder type, symptom
CLIPS = [
    ("slp-s01", "synth-01", "red ball", "red ball", "red ball", "typically_developing",
     "typically_developing", "typically_developing"),
    ("slp-s02", "synth-02", "red ball", "wed ball", "wed ball", "speech_disorder",
     "articulation", "substitution"),
    ("slp-s03", "synth-03", "the rabbit is sleeping", "the rabbit is sleeping",
     "the rabbit is sleeping", "typically_developing", "typically_developing",
     "typically_developing"),
    ("slp-s04", "synth-04", "the rabbit is sleeping", "the wabbit is sleeping",
     "the wabbit is sleeping", "speech_disorder", "articulation", "substitution"),
    ("slp-s05", "synth-05", "big green frog", "big green frog", "big green frog",
     "typically_developing", "typically_developing", "typically_developing"),
    ("slp-s06", "synth-06", "big green frog", "bi gree fro", "bi gree fro", "speech_disorder",
     "phonological", "omission"),
    ("slp-s07", "synth-01", "look at the car", "look at the car", "look at the car",
     "typically_developing", "typically_developing", "typically_developing"),
    ("slp-s08", "synth-02", "look at the car", "look the car", "look the car",
     "speech_disorder", "articulation", "omission"),
    ("slp-s09", "synth-03", "my cat can go", "my tat tan do", "my tat tan do",
     "speech_disorder", "phonological", "substitution"),
    ("slp-s10", "synth-04", "my cat can go", "my cat can go", "my cat can go",
     "typically_developing", "typically_developing", "typically_developing"),
    ("slp-s11", "synth-05", "blue boat", "blue and boat", "blue and boat", "speech_disorder",
     "articulation", "addition"),
    ("slp-s12", "synth-06", "yellow sun", "yellow sun", "yellow sun", "typically_developing",
     "typically_developing", "typically_developing"),
    ("slp-s13", "synth-01", "bird in the tree", "[[b@]] [[b@]] bird in the tree",
     "b- b- bird in the tree", "speech_disorder", "", "stuttering"),
    ("slp-s14", "synth-02", "fish in the water", "fish in the water", "fish in the water",
     "typically_developing", "typically_developing", "typically_developing"),
    ("slp-s15", "synth-03", "dog on the bed", "[[d@]] [[d@]] dog on the bed",
     "d- d- dog on the bed", "speech_disorder", "", "stuttering"),
    ("slp-s16", "synth-07", "le chat est noir", "le chat est noir", "le chat est noir",
     "typically_developing", "typically_developing", "typically_developing"),
]  # fmt: skip

LIBRIVOX = "librivox/sense_and_sensibility_01_austen_64kb"
REAL = [  # (file under the testdata folder, transcript)
    (f"{LIBRIVOX}-0880.wav", "he was not an ill disposed young man"),
    (f"{LIBRIVOX}-0930.wav", "he might even have been made amiable himself"),
    ("cards/001.wav", "ten of clubs"),
    ("cards/003.wav", "seven of clubs"),
]  # fmt: skip

LICENCE = """Real speech recordings in this folder
=====================================

Copied unchanged from Debian's package pocketsphinx-testdata
(0.8+5prealpha+1-15; /usr/share/pocketsphinx/test/data/). Debian's copyright file for the
package states: Copyright 1995-2014 Carnegie Mellon University, 2014-2015 Alpha Cephei Inc.,
licence BSD-2-Clause (text below). The librivox/ excerpts are readings of Jane Austen's
"Sense and Sensibility" from LibriVox, whose recordings are released into the public domain.

These are adult voices (not children); clinbench uses them only to test speech recognition
and word error rate on real speech.

BSD-2-Clause: Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:
1. Redistributions of source code must retain the above copyright notice, this list of
   conditions and the following disclaimer.
2. Redistributions in binary form must reproduce the above copyright notice, this list of
   conditions and the following disclaimer in the documentation and/or other materials
   provided with the distribution.
THIS SOFTWARE IS PROVIDED BY CARNEGIE MELLON UNIVERSITY ``AS IS'' AND ANY EXPRESSED OR
IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY
AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL CARNEGIE MELLON
UNIVERSITY NOR ITS EMPLOYEES BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE
GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND
ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING
NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF
THE POSSIBILITY OF SUCH DAMAGE.
"""


def speak(text: str, voice: str, pitch: int, speed: int, out: Path) -> None:
    """Write espeak-ng's rendering of ``text`` as a 16 kHz mono clip with 0.2 s of silence."""
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "raw.wav"
        subprocess.run(
            ["espeak-ng", "-v", voice, "-p", str(pitch), "-s", str(speed), "-w", str(raw), text],
            check=True,
        )
        samples, rate = read_audio(raw)  # resampled to 16 kHz mono
    pad = np.zeros(int(0.2 * rate), dtype=np.float32)
    samples = np.concatenate([pad, 0.8 * samples / max(1e-6, np.max(np.abs(samples))), pad])
    write_audio(out, samples, rate)


# Frozen replies of three ILLUSTRATIVE audio-native models (no real model was run): each gives
# the key with its own probability, otherwise another label, and now and then a malformed
# reply, so the demo shows scoring, strict extraction, parse failures and ensembles offline.
REPLAY_MODELS = {
    "illustrative-audio-a": 0.8,
    "illustrative-audio-b": 0.6,
    "illustrative-audio-c": 0.5,
}
LETTERS = {
    "slp_disorder": {"typically_developing": "A", "speech_disorder": "B"},
    "slp_disorder_type": {"typically_developing": "A", "articulation": "B", "phonological": "C"},
    "slp_symptom": {"substitution": "A", "omission": "B", "addition": "C",
                    "typically_developing": "D", "stuttering": "E"},
}  # fmt: skip
LABEL_KEY = {
    "slp_disorder": "label",
    "slp_disorder_type": "disorder_type",
    "slp_symptom": "symptom",
}


def write_replays(rows: list[dict]) -> None:
    """Write data/replay_<scenario>.csv: frozen replies of the illustrative models."""
    rng = np.random.default_rng(7)
    for scenario in (*LETTERS, "slp_transcript_diagnosis", "slp_transcription"):
        out = []
        for model, p_right in REPLAY_MODELS.items():
            for row in rows:
                right = rng.random() < p_right
                if scenario in LETTERS:
                    gold = row[LABEL_KEY[scenario]]
                    if not gold:
                        continue
                    letters = sorted(LETTERS[scenario].values())
                    key = LETTERS[scenario][gold]
                    reply = key if right else str(rng.choice([x for x in letters if x != key]))
                    if rng.random() < 0.08:
                        reply = f"I would say {reply}, since the child's speech is unclear."
                else:
                    words = row["transcript"].split()
                    if not right and len(words) > 1:
                        words.pop(int(rng.integers(0, len(words))))
                    reply = " ".join(words) if rng.random() > 0.05 else ""
                out.append({"item_id": row["id"], "model": model, "response": reply})
        with (SLP_DATA / f"replay_{scenario}.csv").open("w", encoding="utf-8", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=["item_id", "model", "response"])
            writer.writeheader()
            writer.writerows(out)


def main() -> None:
    if shutil.which("espeak-ng") is None:
        raise SystemExit("espeak-ng is missing: apt-get install -y espeak-ng")
    clips = SLP_DATA / "clips"
    real = SLP_DATA / "real"
    clips.mkdir(parents=True, exist_ok=True)
    real.mkdir(parents=True, exist_ok=True)
    rows = []
    for item_id, speaker, target, said, transcript, disorder, dtype, symptom in CLIPS:
        voice, pitch, speed, gender, age = SPEAKERS[speaker]
        speak(said, voice, pitch, speed, clips / f"{item_id}.wav")
        rows.append(
            {
                "id": item_id,
                "audio": f"clips/{item_id}.wav",
                "prompt_words": target,
                "label": disorder,
                "disorder_type": dtype,
                "symptom": symptom,
                "transcript": transcript,
                "speaker_id": speaker,
                "gender": gender,
                "age": age,
                "language": "fr" if voice.startswith("fr") else "en",
                "corpus": "synthetic-espeak",
                "illustrative": "true",
            }
        )
    if not TESTDATA.is_dir():
        raise SystemExit(
            "pocketsphinx-testdata is missing: apt-get install -y pocketsphinx-testdata"
        )
    for index, (name, transcript) in enumerate(REAL, start=1):
        target = real / Path(name).name.replace("sense_and_sensibility_01_austen_64kb", "librivox")
        shutil.copyfile(TESTDATA / name, target)
        rows.append(
            {
                "id": f"slp-r{index:02d}",
                "audio": f"real/{target.name}",
                "prompt_words": transcript,
                "label": "typically_developing",
                "disorder_type": "typically_developing",
                "symptom": "typically_developing",
                "transcript": transcript,
                "speaker_id": "librivox" if "librivox" in name else "cmu-cards",
                "gender": "",
                "age": "",
                "language": "en",
                "corpus": "pocketsphinx-testdata",
                "illustrative": "false",
            }
        )
    (real / "LICENSE.txt").write_text(LICENCE, encoding="utf-8")
    with (SLP_DATA / "samples.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    write_replays(rows)
    NOISE_DATA.mkdir(parents=True, exist_ok=True)
    for seed, kind in enumerate(("babble", "road_hum", "office_hvac")):
        write_audio(NOISE_DATA / f"synthetic_{kind}.wav", synthetic_noise(kind, 3.0, seed=seed))
    total = sum(p.stat().st_size for p in SLP_DATA.rglob("*") if p.is_file())
    total += sum(p.stat().st_size for p in NOISE_DATA.glob("*.wav"))
    print(f"wrote {len(rows)} manifest rows; sample data {total / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
