"""Self-evolving fine-tuning (SLPHelm appendix D.2) as a loop: returns a per-iteration table.

Each iteration:

1. **generate**: a generator model (any Inspect model spec, reached through Inspect's providers)
   is asked, for every source sentence, to repeat it (a typical sample) and to rewrite it as a
   child with one speech disorder would say it (addition, substitution, omission, stuttering,
   taking turns). A reply that is empty, a refusal or a failed call is recorded and not used.
2. **synthesise**: espeak-ng speaks the text and sox makes it child-like (pitch raised, low
   frequencies cut, high frequencies boosted, slightly faster), as SLPHelm's child pipeline did;
   read and written with :mod:`clinbench.audio.clips` (16 kHz mono).
3. **filter**: the clip is kept when an ASR back-end recognises it as the intended text: its
   word error rate (jiwer, through :func:`clinbench.scoring.speech.word_counts`, the transcription
   scorer's counting) is at most ``max_wer``. This differs from SLPHelm, which asked the model
   itself whether the sample sounded disordered; an ASR check needs no audio-capable model.
4. **export**: the kept clips as LLaMA-Factory ``sharegpt`` datasets: ``slp_self_evolve_audio``
   (clip + "transcribe" prompt, as :func:`clinbench.suites.slp.finetune.finetune_records`
   writes them, for audio models) and ``slp_self_evolve_text`` (the ASR pipeline's
   transcription prompt with the clip's ASR transcript, for text models), plus
   ``dataset_info.json`` and a manifest of the kept clips (``kept.csv``).
5. **train**: the user's command template is run (no shell) with the placeholders filled; the
   loop checks it exited 0 and wrote the output folder, and never trains by itself.
6. **re-evaluate**: the chosen SLP scenarios are run on the evaluation manifest with the eval
   model spec (placeholders filled, so it names the new checkpoint); WER or F1 with their
   bootstrap SDs come from :func:`clinbench.suites.slp.scenario_tables.scenario_table`.

Iteration 0 evaluates the starting model with nothing generated or trained.

Placeholders in the training command, eval/generator model spec and model args:
``{iteration}``, ``{dataset_dir}`` (this iteration's export folder), ``{dataset}``
(``slp_self_evolve_text`` or ``slp_self_evolve_audio``), ``{model_dir}`` (the current
checkpoint: ``base_model_dir`` before the first training, then the last output), and
``{output_dir}`` (where this iteration's training must write).
"""

from __future__ import annotations

import asyncio
import json
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from clinbench.errors import SetupError
from clinbench.io import atomic_write_text

SENTENCES = Path(__file__).parent / "data" / "self_evolve_sentences.txt"
DISORDERS = {
    "addition": "The child adds an extra sound or syllable to some words.",
    "substitution": "The child replaces one sound with another (for example w for r).",
    "omission": "The child leaves out a sound or a syllable of some words.",
    "stuttering": "The child repeats the first sound of a word or the word itself.",
}
TEXT_DATASET = "slp_self_evolve_text"
AUDIO_DATASET = "slp_self_evolve_audio"
# sox effects that make an adult synthetic voice sound more like a child's: pitch up 2
# semitones, cut below 100 Hz, boost the highs by 3 dB, 5% faster. Milder than it could be:
# with 4 semitones and +6 dB PocketSphinx (adult acoustic model) recognised almost nothing.
CHILD_EFFECTS = ("pitch", "200", "highpass", "100", "treble", "3", "tempo", "1.05")


class SelfEvolveError(SetupError, RuntimeError):
    """A step of the loop could not run (tool missing, training command failed, bad setting)."""


def default_sentences() -> list[str]:
    """Return the shipped simple source sentences (one per line, # comments skipped)."""
    return read_sentences(SENTENCES)


def read_sentences(path: str | Path) -> list[str]:
    """Return the sentences of a text file (one a line, # comments and blank lines skipped)."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise SelfEvolveError(f"{path}: cannot read ({err})") from err
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def parse_model_args(pairs: Sequence[str]) -> dict[str, str]:
    """Return KEY=VALUE pairs as a dict (values may hold placeholders)."""
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SelfEvolveError(f"model arg {pair!r}: expected KEY=VALUE")
        out[key.strip()] = value
    return out


def generation_prompt(sentence: str, disorder: str | None) -> str:
    """Return the prompt asking for the sentence as said typically, or with one disorder."""
    if disorder is None:
        return (
            "Say back the following sentence word for word, changing nothing. Reply with the "
            f"sentence only.\nSentence: {sentence}"
        )
    return (
        f"Imagine a young child with a speech disorder of the {disorder} kind. "
        f"{DISORDERS[disorder]} Write how this child would say the sentence below, spelling "
        "the words as they sound. Reply with that text only.\n"
        f"Sentence: {sentence}"
    )


def read_generated_text(reply: str) -> str | None:
    """Return the generated text (first non-empty line, quotes stripped), or None if none.

    Bounded: only the first 500 characters are read.
    """
    for line in reply[:500].splitlines():
        text = line.strip().strip("\"'`").strip()
        if text:
            return text
    return None


@dataclass
class Settings:
    """What one self-evolving run uses (see the module docstring for the placeholders)."""

    out_dir: Path
    generator: str
    eval_model: str
    train_command: str
    iterations: int = 1
    eval_manifest: list[str] | None = None
    sentences: list[str] = field(default_factory=default_sentences)
    generator_args: dict[str, str] = field(default_factory=dict)
    eval_model_args: dict[str, str] = field(default_factory=dict)
    base_model_dir: str = ""
    dataset: str = TEXT_DATASET
    scenarios: tuple[str, ...] = ("slp_transcription",)
    pipeline: str = "asr"
    asr: str = "pocketsphinx"
    max_wer: float = 0.5
    voice: str = "en-us"
    max_tokens: int = 64
    resamples: int = 200
    seed: int = 0

    def __post_init__(self) -> None:
        from clinbench.suites.slp.scenarios import SCENARIOS

        if self.iterations < 1:
            raise SelfEvolveError(f"iterations must be at least 1, got {self.iterations}")
        if not 0 <= self.max_wer:
            raise SelfEvolveError(f"max_wer must be 0 or more, got {self.max_wer}")
        if self.dataset not in (TEXT_DATASET, AUDIO_DATASET):
            raise SelfEvolveError(f"dataset must be {TEXT_DATASET} or {AUDIO_DATASET}")
        unknown = [s for s in self.scenarios if s not in SCENARIOS]
        if unknown:
            raise SelfEvolveError(f"unknown scenario(s): {', '.join(unknown)}")
        if not self.sentences:
            raise SelfEvolveError("no source sentences")
        if "{output_dir}" not in self.train_command:
            raise SelfEvolveError("the training command must contain {output_dir}")


def _fill(template: str, values: dict[str, Any]) -> str:
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError) as err:
        raise SelfEvolveError(f"{template!r}: unknown or malformed placeholder ({err})") from err


# ------------------------------------------------------------------ 1. generate


def generate_texts(
    generator: str, model_args: dict[str, Any], sentences: Sequence[str], max_tokens: int
) -> list[dict]:
    """Return one row per request: sentence, disorder (None = typical), text or error."""
    from inspect_ai.model import GenerateConfig, get_model

    config = GenerateConfig(max_tokens=max_tokens, max_retries=1, attempt_timeout=120, timeout=300)
    # memoize=False: Inspect would otherwise hand back a model built earlier in the process
    # for the same spec, bound to the base URL it read then (a server that has since gone).
    model = get_model(generator, config=config, memoize=False, **model_args)
    disorders = list(DISORDERS)
    jobs = []
    for n, sentence in enumerate(sentences):
        jobs.append((sentence, None))
        jobs.append((sentence, disorders[n % len(disorders)]))

    async def one(sentence: str, disorder: str | None) -> dict:
        row = {"sentence": sentence, "disorder": disorder, "text": None, "error": None}
        try:
            output = await model.generate(generation_prompt(sentence, disorder))
        except Exception as err:  # a failed call is recorded, never turned into a sample
            row["error"] = f"{type(err).__name__}: {err}"
            return row
        if output.error:
            row["error"] = str(output.error)
            return row
        row["text"] = read_generated_text(output.completion or "")
        if row["text"] is None:
            row["error"] = "empty reply"
        return row

    async def run_all() -> list[dict]:
        return list(await asyncio.gather(*(one(s, d) for s, d in jobs)))

    return asyncio.run(run_all())


# ------------------------------------------------------------------ 2. synthesise


def child_speech(text: str, out: Path, voice: str = "en-us") -> Path:
    """Write ``text`` spoken by espeak-ng and made child-like by sox, as a 16 kHz mono WAV."""
    from clinbench.audio.clips import read_audio, write_audio

    for tool in ("espeak-ng", "sox"):
        if shutil.which(tool) is None:
            raise SelfEvolveError(f"{tool} is not installed (Debian: apt-get install {tool})")
    with tempfile.TemporaryDirectory() as tmp:
        raw, child = Path(tmp) / "raw.wav", Path(tmp) / "child.wav"
        subprocess.run(
            ["espeak-ng", "-v", voice, "-w", str(raw), "--", text], check=True, timeout=60
        )
        subprocess.run(["sox", str(raw), str(child), *CHILD_EFFECTS], check=True, timeout=60)
        samples, rate = read_audio(child)
    return write_audio(out, samples, rate)


# ------------------------------------------------------------------ 3. filter


def asr_check(rows: list[dict], clips_dir: Path, asr: str, voice: str, max_wer: float) -> None:
    """Synthesise each generated text, transcribe it, and set ``wer`` and ``kept`` in place."""
    from clinbench.audio.asr import get_asr, parse_asr_spec
    from clinbench.scoring.speech import measures_from_counts, word_counts

    name, options = parse_asr_spec(asr)
    backend = get_asr(name, **options)
    clips_dir.mkdir(parents=True, exist_ok=True)
    for n, row in enumerate(rows):
        row.update(clip=None, asr_text=None, wer=None, kept=False)
        if row["text"] is None:
            continue
        clip = child_speech(row["text"], clips_dir / f"gen-{n:04d}.wav", voice=voice)
        result = backend.transcribe(clip, expected=row["text"])
        row["clip"] = str(clip.resolve())
        if result.error:
            row["error"] = f"ASR: {result.error}"
            continue
        try:
            counts = word_counts(row["text"], result.text)
        except ValueError as err:  # a text with no words left after normalisation
            row["error"] = str(err)
            continue
        wer = measures_from_counts(
            counts["hits"], counts["substitutions"], counts["deletions"], counts["insertions"]
        )["WER"]
        row.update(asr_text=result.text, wer=wer, kept=bool(wer <= max_wer))


# ------------------------------------------------------------------ 4. export


def kept_items(rows: list[dict], iteration: int) -> list[Any]:
    """Return the kept rows as slp AudioItems (prompt words = sentence, transcript = text)."""
    from clinbench.items.model import AudioItem

    items = []
    for n, row in enumerate(rows):
        if not row["kept"]:
            continue
        disorder = row["disorder"]
        items.append(
            AudioItem(
                id=f"selfevo-{iteration}-{n:04d}",
                suite="slp",
                stem=f"Synthetic child-like speech of: {row['sentence']}",
                illustrative=True,
                audio=row["clip"],
                prompt_words=row["sentence"],
                transcript=row["text"],
                labels={
                    "disorder": "speech_disorder" if disorder else "typically_developing",
                    "symptom": disorder or "typically_developing",
                },
                metadata={
                    "speaker_id": "espeak-child",
                    "corpus": "self-evolve",
                    "language": "en",
                    "asr_text": row["asr_text"],
                },  # fmt: skip
            )
        )
    return items


def export_kept(items: Sequence[Any], out: Path) -> dict[str, int]:
    """Write both datasets, dataset_info.json and kept.csv to ``out``; return record counts."""
    from clinbench.io import write_csv
    from clinbench.suites.slp.corpora import MANIFEST_COLUMNS
    from clinbench.suites.slp.finetune import dataset_info, finetune_records
    from clinbench.suites.slp.scenarios import SCENARIOS, scenario_prompt

    out.mkdir(parents=True, exist_ok=True)
    audio = finetune_records(items, "plain", target="transcript")
    spec = SCENARIOS["slp_transcription"]
    text = [
        {
            "messages": [
                {"role": "user", "content": scenario_prompt(
                    spec, None, pipeline="asr", transcript=i.metadata["asr_text"])},
                {"role": "assistant", "content": i.transcript},
            ]
        }
        for i in items
    ]  # fmt: skip
    atomic_write_text(out / f"{AUDIO_DATASET}.json", json.dumps(audio, indent=1))
    atomic_write_text(out / f"{TEXT_DATASET}.json", json.dumps(text, indent=1))
    info = dataset_info([AUDIO_DATASET, TEXT_DATASET])
    del info[TEXT_DATASET]["columns"]["audios"]  # text only
    atomic_write_text(out / "dataset_info.json", json.dumps(info, indent=2))
    manifest = pd.DataFrame(
        [
            {"id": i.id, "audio": i.audio, "prompt_words": i.prompt_words,
             "label": i.labels["disorder"], "symptom": i.labels["symptom"],
             "transcript": i.transcript, "speaker_id": i.metadata["speaker_id"],
             "language": "en", "corpus": "self-evolve"}
            for i in items
        ],
        columns=list(MANIFEST_COLUMNS),
    )  # fmt: skip
    write_csv(manifest, out / "kept.csv")
    return {AUDIO_DATASET: len(audio), TEXT_DATASET: len(text)}


# ------------------------------------------------------------------ 5. train


def run_training(command: str, log_path: Path, output_dir: Path) -> None:
    """Run the filled-in training command (no shell); raise if it fails or writes nothing."""
    argv = shlex.split(command)
    if not argv:
        raise SelfEvolveError("the training command is empty")
    with log_path.open("w", encoding="utf-8") as log:
        try:
            done = subprocess.run(argv, stdout=log, stderr=subprocess.STDOUT, check=False)
        except OSError as err:
            raise SelfEvolveError(f"training command {argv[0]!r} could not start: {err}") from err
    if done.returncode != 0:
        tail = log_path.read_text(encoding="utf-8", errors="replace")[-1500:]
        raise SelfEvolveError(
            f"training command exited {done.returncode} (log {log_path}):\n{tail}"
        )
    if not output_dir.is_dir() or not any(output_dir.iterdir()):
        raise SelfEvolveError(
            f"training command exited 0 but wrote nothing to {output_dir} (log {log_path})"
        )


# ------------------------------------------------------------------ 6. re-evaluate


def evaluate(
    settings: Settings, model: str, model_args: dict[str, str], log_dir: Path
) -> pd.DataFrame:
    """Return scenario_table rows (WER or F1 with bootstrap SDs) of the model on the suite."""
    from inspect_ai import eval as inspect_eval

    from clinbench.results.export import results_table
    from clinbench.suites.slp.scenario_tables import scenario_table
    from clinbench.suites.slp.tasks import slp_task

    manifest = ",".join(settings.eval_manifest) if settings.eval_manifest else None
    tasks = [
        slp_task(name, manifest=manifest, pipeline=settings.pipeline, asr=settings.asr)
        for name in settings.scenarios
    ]
    # Inspect's eval directly (not clinbench.runner, which suites do not import): a failed
    # sample stays an error row, which scenario_table leaves out and counts as excluded.
    inspect_eval(
        tasks,
        model=model,
        model_args=model_args,
        log_dir=str(log_dir),
        display="none",
        max_retries=1,
        max_connections=1,
        attempt_timeout=120,  # a server that stops answering fails the sample, never hangs
        timeout=300,
        max_tokens=settings.max_tokens,
        temperature=0.0,
    )
    frame = results_table(log_dir)
    return scenario_table(frame, by=("task",), resamples=settings.resamples, seed=settings.seed)


# ------------------------------------------------------------------ the loop


def _summary_rows(
    iteration: int, generated: list[dict], kept: int, scores: pd.DataFrame
) -> list[dict]:
    out = []
    for _, score in scores.iterrows():
        row = {
            "iteration": iteration,
            "generated": sum(r["text"] is not None for r in generated),
            "failed": sum(r["text"] is None for r in generated),
            "kept": kept,
            "scenario": score["task"],
            "n": int(score["n"]),
            "excluded": int(score["excluded"]),  # error rows: no reply scored
        }
        for metric in ("WER", "Micro F1", "Macro F1"):
            if metric in score and pd.notna(score.get(metric)):
                row[metric] = float(score[metric])
                sd = score.get(f"{metric} SD")
                row[f"{metric} SD"] = float(sd) if sd is not None and pd.notna(sd) else None
        out.append(row)
    return out


def self_evolve(settings: Settings, progress: Callable[[str], None] | None = None) -> pd.DataFrame:
    """Run the loop; return one row per iteration and scenario (generated, kept, WER/F1, SDs).

    Writes into ``settings.out_dir``: ``iter-K/`` (clips, export, train.log, logs,
    ``generated.jsonl`` with every request and why it was dropped, ``model`` = the
    training output) and ``self_evolve.csv`` (the returned table, rewritten after each
    iteration so a stopped run keeps what it finished).
    """
    say = progress or (lambda _message: None)
    out = Path(settings.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    model_dir = settings.base_model_dir
    rows: list[dict] = []

    def values(iteration: int, iter_dir: Path) -> dict[str, Any]:
        return {
            "iteration": iteration,
            "dataset_dir": str((iter_dir / "export").resolve()),
            "dataset": settings.dataset,
            "model_dir": model_dir,
            "output_dir": str((iter_dir / "model").resolve()),
        }

    def filled(template_args: dict[str, str], vals: dict[str, Any]) -> dict[str, str]:
        return {k: _fill(v, vals) for k, v in template_args.items()}

    for iteration in range(settings.iterations + 1):
        iter_dir = out / f"iter-{iteration}"
        iter_dir.mkdir(parents=True, exist_ok=True)
        generated: list[dict] = []
        kept = 0
        if iteration > 0:
            vals = values(iteration, iter_dir)
            say(f"iteration {iteration}: generating with {_fill(settings.generator, vals)}")
            generated = generate_texts(
                _fill(settings.generator, vals),
                filled(settings.generator_args, vals),
                settings.sentences,
                settings.max_tokens,
            )
            say(f"iteration {iteration}: synthesising and checking {len(generated)} samples")
            asr_check(generated, iter_dir / "clips", settings.asr, settings.voice,
                      settings.max_wer)  # fmt: skip
            atomic_write_text(
                iter_dir / "generated.jsonl",
                "".join(json.dumps(r) + "\n" for r in generated),
            )
            items = kept_items(generated, iteration)
            kept = len(items)
            if not items:
                raise SelfEvolveError(
                    f"iteration {iteration}: no generated sample passed the check "
                    f"(see {iter_dir / 'generated.jsonl'})"
                )
            export_kept(items, iter_dir / "export")
            command = _fill(settings.train_command, vals)
            say(f"iteration {iteration}: training ({kept} samples): {command}")
            run_training(command, iter_dir / "train.log", iter_dir / "model")
            model_dir = vals["output_dir"]
        vals = values(iteration, iter_dir)
        eval_model = _fill(settings.eval_model, vals)
        say(f"iteration {iteration}: evaluating {eval_model}")
        scores = evaluate(
            settings, eval_model, filled(settings.eval_model_args, vals), iter_dir / "logs"
        )
        rows += _summary_rows(iteration, generated, kept, scores)
        table = pd.DataFrame(rows)
        from clinbench.io import write_csv

        write_csv(table, out / "self_evolve.csv")
    return pd.DataFrame(rows)
