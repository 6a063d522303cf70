"""Speech-language pathology suite (SLPHelm design): corpora, noise, ASR, ensembles, export."""

from __future__ import annotations

from pathlib import Path

import typer

from clinbench.cli.console import echo_error, echo_message, format_option
from clinbench.cli.helpers import fail
from clinbench.io import read_own_csv

app = typer.Typer(
    help="Speech-language pathology suite (SLPHelm design): corpora, noise, ASR, export.",
    no_args_is_help=True,
)

LAYOUTS = ("manifest", "ultrasuite", "enni", "lenormand", "percept-gfta")


def _load(paths: list[Path]):
    from clinbench.items.loader import ItemFileError
    from clinbench.suites.slp.corpora import CorpusError, read_manifest

    items = []
    try:
        for path in paths:
            items += read_manifest(path)
    except (CorpusError, ItemFileError) as err:
        fail(str(err))
    return items


@app.command("export-finetune")
def export_finetune_command(
    manifests: list[Path] = typer.Argument(..., help="Item manifests (CSV/JSONL) to train on."),
    out: Path = typer.Option(..., "--out", "-o", help="Folder for the LLaMA-Factory files."),
    eval_manifest: list[Path] = typer.Option(
        None, "--eval-manifest", help="Evaluation items: their speakers are left out."
    ),
    test_size: float = typer.Option(0.5, help="Without --eval-manifest: held-out speaker share."),
    seed: int = typer.Option(0, help="Seed of the speaker split."),
    model: str = typer.Option("Qwen/Qwen2-Audio-7B-Instruct", help="Base model in the config."),
    template: str = typer.Option("qwen2_audio", help="LLaMA-Factory chat template."),
) -> None:
    """Write an ASR training set (plain and asterisk-marked) in LLaMA-Factory's format.

    Writes slp_asr_plain.json, slp_asr_asterisk.json, dataset_info.json, lora_plain.yaml,
    lora_asterisk.yaml (SLPHelm's LoRA settings) and eval_speakers.txt. No evaluation
    speaker's clip is exported.
    """
    from clinbench.suites.slp.finetune import export_finetune

    items = _load(manifests)
    eval_items = _load(eval_manifest) if eval_manifest else None
    try:
        summary = export_finetune(
            items, out, eval_items=eval_items, test_size=test_size, seed=seed, model=model,
            template=template,
        )  # fmt: skip
    except ValueError as err:
        fail(str(err))
    echo_message(
        f"wrote {out}: {summary['train_items']} training clips, "
        f"{summary['held_out_speakers']} evaluation speakers left out"
    )


@app.command("corpus")
def corpus_command(
    layout: str = typer.Argument(..., help=f"One of: {', '.join(LAYOUTS)}."),
    root: Path = typer.Argument(..., help="Corpus root folder (or manifest file)."),
    out: Path = typer.Option(..., "--out", "-o", help="Manifest to write (.csv or .jsonl)."),
    segments_dir: Path = typer.Option(
        None, help="CHAT corpora: folder for the cut utterance clips (default: beside --out)."
    ),
    annotations: Path = typer.Option(
        None, help="CSV (id, disorder_type, symptom, transcript) joined onto the items."
    ),
    limit_per_corpus: int = typer.Option(None, help="Keep up to N items per corpus."),
    seed: int = typer.Option(0, help="Seed of the sampling."),
) -> None:
    """Read a corpus in its own layout and write a clinbench slp manifest for it."""
    import pandas as pd

    from clinbench.items.loader import ItemFileError
    from clinbench.suites.slp import corpora

    if layout not in LAYOUTS:
        fail(f"unknown layout {layout!r}; choose one of {', '.join(LAYOUTS)}")
    if out.suffix.lower() not in (".csv", ".jsonl"):
        fail(f"{out}: the manifest must end in .csv or .jsonl")
    try:
        if layout == "manifest":
            items = corpora.read_manifest(root)
        elif layout == "ultrasuite":
            items = corpora.load_ultrasuite(root, annotations=annotations)
        else:
            segs = segments_dir or out.parent / "segments"
            items = corpora.LOADERS[layout](root, segments_dir=segs, annotations=annotations)
    except (corpora.CorpusError, ItemFileError, FileNotFoundError) as err:
        fail(str(err))
    if limit_per_corpus:
        items = corpora.sample_per_corpus(items, limit_per_corpus, seed=seed)
    rows = [
        {
            "id": i.id, "audio": str(i.resolve(i.audio).resolve()), "prompt_words": i.prompt_words,
            "label": i.labels.get("disorder"), "disorder_type": i.labels.get("disorder_type"),
            "symptom": i.labels.get("symptom"), "transcript": i.transcript,
            "speaker_id": i.metadata.get("speaker_id"), "gender": i.metadata.get("gender"),
            "age": i.metadata.get("age"), "language": i.metadata.get("language"),
            "corpus": i.metadata.get("corpus"),
        }
        for i in items
    ]  # fmt: skip
    frame = pd.DataFrame(rows, columns=list(corpora.MANIFEST_COLUMNS))
    from clinbench.io import atomic_write, write_csv

    with atomic_write(out) as handle:
        if out.suffix.lower() == ".csv":
            write_csv(frame, handle)
        else:
            frame.to_json(handle, orient="records", lines=True, force_ascii=False)
    echo_message(f"wrote {len(rows)} items to {out}")


@app.command("add-noise")
def add_noise_command(
    src: Path = typer.Argument(..., help="Speech clip (any soundfile-readable format)."),
    dst: Path = typer.Argument(..., help="Output WAV (16 kHz mono)."),
    noise: str = typer.Option(
        "synthetic_babble", help="A noise file, or a shipped SYNTHETIC stand-in name."
    ),
    snr_db: float = typer.Option(20.0, help="Target signal-to-noise ratio in dB."),
    seed: int = typer.Option(0, help="Seed of the noise offset."),
) -> None:
    """Mix background noise into a clip at a target SNR and print the achieved SNR."""
    from clinbench.audio.clips import AudioFileError
    from clinbench.audio.noise import add_noise_to_file

    try:
        clip = add_noise_to_file(src, dst, noise, snr_db, seed=seed)
    except (AudioFileError, FileNotFoundError, ValueError) as err:
        fail(str(err))
    echo_message(f"wrote {dst}: target {snr_db:g} dB, achieved {clip.achieved_snr_db:.3f} dB")


@app.command("transcribe")
def transcribe_command(
    clips: list[Path] = typer.Argument(..., help="Clips to transcribe."),
    asr: str = typer.Option("pocketsphinx", help="ASR spec, e.g. openai:base_url=...,model=..."),
    expected: str = typer.Option(None, help="Expected words (prompt-constrained pocketsphinx)."),
    fmt: str = format_option(),
) -> None:
    """Print each clip's transcription, decoding mode and real-time factor (a clip that fails
    is reported on stderr with its error and left out of the table)."""
    import pandas as pd

    from clinbench.audio.asr import get_asr, parse_asr_spec
    from clinbench.cli.console import TableOutput

    try:
        name, options = parse_asr_spec(asr)
        backend = get_asr(name, **options)
    except (ValueError, ImportError) as err:
        fail(str(err))
    rows = []
    for clip in clips:
        result = backend.transcribe(clip, expected=expected)
        if result.error:
            typer.secho(f"{clip}: error: {result.error}", err=True, fg="red")
            continue
        rows.append({"clip": str(clip), "mode": result.mode,
                     "real-time factor": result.real_time_factor,
                     "transcription": result.text})  # fmt: skip
    output = TableOutput(fmt)
    columns = ["clip", "mode", "real-time factor", "transcription"]
    output.table(pd.DataFrame(rows, columns=columns), f"Transcriptions ({name})")
    output.close()


@app.command("ensemble")
def ensemble_command(
    results: Path = typer.Argument(
        ..., help="Results table (.parquet or .csv), or Inspect logs (.eval file or folder)."
    ),
    models: list[str] = typer.Option(..., "--model", "-m", help="Ensemble member (give three)."),
    out: Path = typer.Option(..., "--out", "-o", help="Where to write the ensemble's rows."),
    name: str = typer.Option(None, help="Model name for the ensemble rows."),
) -> None:
    """Add a majority-vote ensemble's rows computed from existing results (no model calls).

    Ties go to the label of the earliest --model given among the tied labels; members whose
    reply failed to parse, failed, or declined abstain. If all decline the ensemble declines;
    if all abstain otherwise its row is a parse failure (disclosed, not scored).
    """
    import pandas as pd

    from clinbench.results import write_results
    from clinbench.results.export import results_table
    from clinbench.suites.slp.scenario_tables import ensemble_results

    if not results.exists():
        fail(f"{results}: not found")
    if results.is_dir() or results.suffix == ".eval":
        frame = results_table(results)
    elif results.suffix == ".parquet":
        frame = pd.read_parquet(results)
    elif results.suffix == ".csv":
        frame = read_own_csv(results)
    else:
        fail(f"{results}: give a .parquet/.csv results table or Inspect logs")
    missing = sorted(set(models) - set(frame["model"]))
    if missing:
        fail(f"{results}: model(s) not in the table: {', '.join(missing)}")
    rows = ensemble_results(frame, models, name=name)
    write_results(rows, out)
    echo_message(f"wrote {len(rows)} ensemble rows to {out}")


@app.command("summary")
def summary_command(
    results: list[Path] = typer.Argument(..., help="Results tables or Inspect logs; combined."),
    bar: str | None = typer.Option(
        None,
        "--bar",
        metavar="LOW-HIGH",
        help="Also judge each model x task against this F1 range, e.g. 0.80-0.85 (SLPHelm's "
        "clinical bar): reached, missed or undecided by its interval.",
    ),
    metric: str = typer.Option("Micro F1", "--metric", help="Micro F1, Macro F1 or Exact Match."),
    resamples: int | None = typer.Option(
        None,
        "--resamples",
        help="Item bootstrap resamples (default: those of the table `clinbench run` prints "
        "and of the report, so the SDs are the same).",
    ),
    seed: int | None = typer.Option(None, "--seed", help="Bootstrap seed (default: the report's)."),
    fmt: str = format_option(),
) -> None:
    """Print the scenario metrics (F1s, exact match, WER) and, with --bar, the clinical bar."""
    from clinbench.suites.slp import report

    resamples = report.RESAMPLES if resamples is None else resamples
    seed = report.SEED if seed is None else seed
    from clinbench.cli.console import TableOutput
    from clinbench.cli.helpers import read_results_or_logs
    from clinbench.suites.slp.bar import bar_note, clinical_bar, parse_bar
    from clinbench.suites.slp.scenario_tables import scenario_table

    if metric not in ("Micro F1", "Macro F1", "Exact Match"):
        fail(f"--metric: one of Micro F1, Macro F1, Exact Match; got {metric!r}")
    try:
        range_ = parse_bar(bar) if bar is not None else None
    except ValueError as err:
        fail(str(err))
    frame = read_results_or_logs(results)
    if "task" not in frame.columns or "score_metadata" not in frame.columns:
        fail(f"{results[0]}:1: task, score_metadata: required column(s) missing")
    output = TableOutput(fmt)
    table = scenario_table(frame, resamples=resamples, seed=seed)
    if table.empty:
        fail("no slp rows in the given results")
    output.table(table, "SLP scenario metrics by model and condition")
    if range_ is not None:
        judged = clinical_bar(frame, range_, metric=metric, resamples=resamples, seed=seed)
        output.table(judged, f"Clinical bar: {metric} {range_[0]:.2f}-{range_[1]:.2f}")
        output.note(bar_note(judged, range_, metric))
    output.close()


@app.command("corpus-stats")
def corpus_stats_command(
    manifests: list[Path] = typer.Argument(..., help="Manifests (CSV/JSONL) from `slp corpus`."),
    fmt: str = format_option(),
) -> None:
    """Children (distinct speakers), samples and age range per corpus, from manifests."""
    from clinbench.cli.console import TableOutput
    from clinbench.items.loader import ItemFileError
    from clinbench.suites.slp.corpora import CorpusError
    from clinbench.suites.slp.corpus_stats import corpus_stats

    try:
        table = corpus_stats(manifests)
    except (CorpusError, ItemFileError) as err:
        fail(str(err))
    output = TableOutput(fmt)
    output.table(table, "Corpus statistics")
    output.close()


@app.command("cot")
def cot_command(
    traces: Path = typer.Argument(
        ..., help="Results table (.parquet/.csv) with chain-of-thought replies, or a traces file."
    ),
    judge: str = typer.Option(
        None, "--judge", help="Judge model (grader role) coding the traces; default: keyword rules."
    ),
    judge_arg: list[str] = typer.Option(
        None, "-G", help="Judge model argument KEY=VALUE (e.g. -G responses=judge.csv)."
    ),
    log_dir: Path = typer.Option(None, "--log-dir", help="Folder for the judge's Inspect log."),
    fmt: str = format_option(),
) -> None:
    """Reasoning behaviours in chain-of-thought traces per model (SLPHelm Figure 7).

    Codes subgoal setting, rule following and error detection (suites/slp/cot_rubric.yaml)
    by keyword rules, or by --judge; rates with 95% Wilson intervals, and agreement with hand
    labels where the file has them. Exits 3 when judge calls failed (counted apart in the
    table, never coded). Example:
    clinbench slp cot src/clinbench/suites/slp/data/cot_traces_labelled.csv
    """
    from clinbench.cli.console import TableOutput
    from clinbench.cli.run import _key_values
    from clinbench.suites.slp.cot_coding import TraceCodingError, cot_tables

    try:
        coded = cot_tables(traces, judge, _key_values(judge_arg, "-G"), log_dir)
    except TraceCodingError as err:
        fail(str(err))
    output = TableOutput(fmt)
    for title, table, notes in coded.tables:
        output.table(table, title, notes)
    output.close()
    for line in coded.failures:  # the tables are printed; failed judge calls still fail it
        echo_error(f"{line}")
    if coded.failures:
        raise typer.Exit(3)


@app.command("self-evolve")
def self_evolve_command(
    out: Path = typer.Option(..., "--out", "-o", help="Folder for every iteration's files."),
    generator: str = typer.Option(..., help="Model spec that writes the training texts."),
    eval_model: str = typer.Option(..., help="Model spec re-evaluated each iteration."),
    train_command: str = typer.Option(
        ...,
        help="Training command; placeholders {dataset_dir} {dataset} {model_dir} "
        "{output_dir} {iteration}. Run without a shell; must write {output_dir}.",
    ),
    iterations: int = typer.Option(1, help="Generate-train-evaluate rounds after iteration 0."),
    base_model_dir: str = typer.Option(
        "", help="Starting checkpoint: {model_dir} before training."
    ),
    generator_arg: list[str] = typer.Option(None, "-G", help="Generator model arg KEY=VALUE."),
    eval_model_arg: list[str] = typer.Option(None, "-M", help="Eval model arg KEY=VALUE."),
    eval_manifest: list[str] = typer.Option(None, help="Evaluation items (default: samples)."),
    sentences: Path = typer.Option(None, help="Source sentences, one a line (default: shipped)."),
    scenario: list[str] = typer.Option(["slp_transcription"], help="Scenario(s) re-evaluated."),
    dataset: str = typer.Option("slp_self_evolve_text", help="Dataset named to {dataset}."),
    asr: str = typer.Option("pocketsphinx", help="ASR that checks clips and feeds the pipeline."),
    max_wer: float = typer.Option(0.5, help="Keep a clip when its ASR WER is at most this."),
    resamples: int = typer.Option(200, help="Bootstrap resamples of the SDs."),
    fmt: str = format_option(),
) -> None:
    """Self-evolving fine-tuning (SLPHelm D.2): generate, synthesise, check, export, train
    with your command, re-evaluate; prints one row per iteration and scenario."""
    from clinbench.cli.console import TableOutput
    from clinbench.suites.slp import self_evolve as se

    try:
        settings = se.Settings(
            out_dir=out, generator=generator, eval_model=eval_model, train_command=train_command,
            iterations=iterations, base_model_dir=base_model_dir,
            generator_args=se.parse_model_args(generator_arg or []),
            eval_model_args=se.parse_model_args(eval_model_arg or []),
            eval_manifest=eval_manifest or None, scenarios=tuple(scenario), dataset=dataset,
            asr=asr, max_wer=max_wer, resamples=resamples,
            **({"sentences": se.read_sentences(sentences)} if sentences else {}),
        )  # fmt: skip
        table = se.self_evolve(settings, progress=lambda m: echo_message(m, err=True))
    except se.SelfEvolveError as err:
        fail(str(err))
    output = TableOutput(fmt)
    output.table(table, "Self-evolving fine-tuning by iteration")
    output.close()


@app.command("finetune-gain")
def finetune_gain_command(
    results: Path = typer.Argument(..., help="Results table (.parquet or .csv) or Inspect logs."),
    base: str = typer.Option(..., "--base", help="The base model, as named in the table."),
    tuned: list[str] = typer.Option(..., "--tuned", help="A fine-tuned model (repeatable)."),
    resamples: int = typer.Option(1000, "--resamples", help="Paired bootstrap resamples."),
    seed: int = typer.Option(0, "--seed", help="Bootstrap seed."),
    fmt: str = format_option(),
) -> None:
    """Print per scenario the base's metric (Micro F1, or WER), each tuned model's, the change."""
    from clinbench.cli.console import TableOutput
    from clinbench.cli.helpers import read_results_or_logs
    from clinbench.suites.slp.finetune_gain import UnknownModelError, finetune_gain

    frame = read_results_or_logs([results])
    try:
        table = finetune_gain(frame, base, tuned, resamples=resamples, seed=seed)
    except UnknownModelError as err:
        fail(f"{results}: {err}")
    if table.empty:
        fail(f"{results}: no slp scenario has samples scored for both --base and a --tuned model")
    output = TableOutput(fmt)
    output.table(table, f"SLP change after fine-tuning (base: {base})")
    output.note(
        "change = tuned - base on the samples both have; 95% paired bootstrap interval. "
        "Micro F1: higher is better; WER: lower is better."
    )
    output.close()
