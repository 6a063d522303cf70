"""The five SLPHelm scenarios as Inspect tasks, each with an audio-native and an ASR pipeline.

Every task takes the same options:

- ``manifest``: item manifest(s) (CSV/JSONL, comma-separated); default the shipped samples;
- ``pipeline``: ``audio`` (the clip goes to the model as ``ContentAudio``) or ``asr`` (an ASR
  back-end transcribes the clip in a solver step; the text model reads the transcript);
- ``asr``: ASR back-end spec for the ASR pipeline, e.g. ``pocketsphinx`` (default),
  ``pocketsphinx:constrained=false``, ``openai:base_url=http://host/v1,model=whisper-1``,
  ``whisper`` (the bundled Whisper base; ``whisper:model=PATH``, settings: see whisper_asr);
- ``cot``: ask for step-by-step reasoning; the label is then taken only from a final
  ``ANSWER: X`` line (how replies are read: ``clinbench.suites.slp.replies``);
- ``label_rule``: how the F1 metrics treat a label reply with no valid label (unreadable,
  ambiguous, contradictory): ``all_items`` (default, as SLPHelm: F1 over every item, such a
  reply counted as a wrong prediction) or ``answered_only`` (F1 over answered items only);
- ``few_shot``: k labelled examples drawn (seeded) from speakers outside the evaluated set:
  from ``few_shot_manifest`` if given, else from a seeded speaker-disjoint half of the items
  (the other half is evaluated);
- ``noise`` / ``snr_db``: mix a noise (shipped ``synthetic_*`` stand-in or a file) at an SNR;
- ``limit_per_corpus``: up to N items per corpus, drawn with ``seed``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import Sample
from inspect_ai.model import ChatMessageUser, ContentAudio, ContentText
from inspect_ai.scorer import (
    Metric,
    SampleScore,
    Score,
    Scorer,
    Target,
    metric,
    scorer,
)
from inspect_ai.solver import Generate, Solver, TaskState, solver

from clinbench.errors import ProviderError
from clinbench.item_tasks import item_sample, items_task, takes_options
from clinbench.items.model import AudioItem
from clinbench.items.sample import audio_format, from_state
from clinbench.scoring import outcomes
from clinbench.scoring.metrics import answer_metrics
from clinbench.suites.slp.replies import (
    LABEL_RULES,
    READ_FROM_PROSE,
    read_label_reply,
    read_transcription_reply,
)
from clinbench.suites.slp.scenarios import ASR_MODEL, SCENARIOS, Scenario, scenario_prompt

SAMPLE_MANIFEST = Path(__file__).parent / "data" / "samples.csv"
DEFAULT_ASR = "pocketsphinx"  # the offline back-end; its condition is plain "asr"


# ------------------------------------------------------------------ metrics over scores
# These metrics read score metadata, so they take every epoch's scores (``unreduced``):
# Inspect's epoch reducer keeps only the first epoch's metadata. Under the ``all_items`` rule
# they see every scored item (a reply with no valid label is a wrong prediction); under
# ``answered_only`` the answered ones (parse failures counted apart as ``excluded``).


def _pairs(scores: list[SampleScore]) -> tuple[list[str], list[str | None], list[str]]:
    """Return gold labels, predictions (None: no label) and the label set, by each score's rule.

    The rule is the task's ``label_rule``, recorded in every score's metadata.
    """
    gold, pred, labels = [], [], []
    for s in scores:
        meta = s.score.metadata or {}
        labels = meta.get("labels") or labels
        kept = outcomes.ANSWERED
        if meta.get("label_rule", LABEL_RULES[0]) == "all_items":
            kept = (*outcomes.ANSWERED, *outcomes.EXCLUDED)
        if meta.get("outcome") in kept and meta.get("gold_label"):
            gold.append(meta["gold_label"])
            answered = meta.get("outcome") in (outcomes.CORRECT, outcomes.INCORRECT)
            # None: no label (a decline, a refusal, an invalid reply), never a class
            pred.append((meta.get("predicted_label") or None) if answered else None)
    return gold, pred, labels


def _f1_metric(name: str) -> Metric:
    def compute(scores: list[SampleScore]) -> float:
        from clinbench.stats.classification import classification_measures

        gold, pred, labels = _pairs(scores)
        return classification_measures(gold, pred, labels)[name] if gold else float("nan")

    return compute


@metric(scores="unreduced")
def micro_f1() -> Metric:
    """Return micro-averaged F1 over every epoch's items (scikit-learn), by the label rule."""
    return _f1_metric("Micro F1")


@metric(scores="unreduced")
def macro_f1() -> Metric:
    """Return macro-averaged F1 over labels present, every epoch's items, by the label rule."""
    return _f1_metric("Macro F1")


def _corpus_measure(name: str) -> Metric:
    def compute(scores: list[SampleScore]) -> float:
        from clinbench.scoring.speech import measures_from_counts

        totals = [0.0, 0.0, 0.0, 0.0]
        for s in scores:
            counts = (s.score.metadata or {}).get("word_counts")
            if counts:
                for i, key in enumerate(("hits", "substitutions", "deletions", "insertions")):
                    totals[i] += counts[key]
        return measures_from_counts(*totals)[name]

    return compute


@metric(scores="unreduced")
def wer() -> Metric:
    """Return the corpus word error rate (jiwer counts summed over items)."""
    return _corpus_measure("WER")


@metric(scores="unreduced")
def mer() -> Metric:
    """Return the corpus match error rate."""
    return _corpus_measure("MER")


@metric(scores="unreduced")
def wip() -> Metric:
    """Return the corpus word information preserved."""
    return _corpus_measure("WIP")


# ------------------------------------------------------------------ scorers


def _context(state: TaskState) -> dict[str, Any]:
    keys = ("slp_scenario", "pipeline", "cot", "few_shot", "noise", "snr_db", "achieved_snr_db")
    item_meta = from_state(state).metadata or {}
    out = {k: state.metadata.get(k) for k in keys}
    out.update(
        {k: item_meta.get(k) for k in ("corpus", "speaker_id", "gender", "age_band", "language")}
    )
    out["asr_transcript"] = state.metadata.get("asr_transcript")
    out["asr_error"] = state.metadata.get("asr_error")
    if state.metadata.get("pipeline") == "asr":  # the back-end and its decoding settings
        out["asr"] = item_meta.get("slp_asr")
        recognised = state.metadata.get("asr") or {}
        details = recognised.get("details") or {}
        out["asr_settings"] = details.get("settings")
        # which model recognised: the weights' identity where the back-end gives one, else
        # the model the run chose (a decode that failed before naming it)
        out["asr_model"] = (
            details.get("model_identity") or details.get("model") or item_meta.get(ASR_MODEL)
        )
        out["asr_mode"] = recognised.get("mode")  # PocketSphinx: constrained, or free
    return out


def _label_rule(label_rule: str) -> str:
    if label_rule not in LABEL_RULES:
        raise ValueError(f"label_rule must be one of {', '.join(LABEL_RULES)}, got {label_rule!r}")
    return label_rule


def _not_an_answer(meta: dict[str, Any], found: Any) -> Score | None:
    """Return the Score of a reply that gives no label: declined, refused or unreadable."""
    meta["extraction_status"] = found.status
    meta["reason"] = found.reason
    if found.status == "declined":
        meta["outcome"] = outcomes.DECLINED
        return Score(value=0.0, answer="DECLINE", explanation=found.reason, metadata=meta)
    if found.status == "refused":
        meta["outcome"] = outcomes.REFUSED
        return Score(value=0.0, answer=None, explanation=found.reason, metadata=meta)
    if found.status != "ok":
        meta["outcome"] = outcomes.PARSE_FAILED
        # Inspect's metrics skip a NaN value: under SLPHelm's rule (all_items) the reply is a
        # wrong prediction, so the log's accuracy and F1s count it; the results table still
        # records it as parse_failed (excluded and disclosed in clinbench's own tables).
        value = 0.0 if meta.get("label_rule", LABEL_RULES[0]) == "all_items" else float("nan")
        return Score(value=value, answer=None, explanation=found.reason, metadata=meta)
    return None


# the one estimator's accuracy, stderr and interval (answered replies, as clinbench prints),
# then SLPHelm's F1s, which follow the task's label_rule (all_items counts an unreadable reply)
@scorer(metrics=[*answer_metrics(), micro_f1(), macro_f1()])
def slp_label_scorer(scenario: str, cot: bool = False) -> Scorer:
    """Score a lettered label reply as ``clinbench.suites.slp.replies`` reads it."""
    spec = SCENARIOS[scenario]

    async def score(state: TaskState, target: Target) -> Score:
        reply = state.output.completion if state.output else ""
        found = read_label_reply(reply, spec, cot=cot)
        gold = target.text
        meta = {
            **_context(state),
            "labels": list(spec.options.values()),
            "gold_label": spec.options[gold],
            "gold_letter": gold,
            "predicted_label": found.answer if found.status == "ok" else None,
            "label_rule": state.metadata.get("label_rule", LABEL_RULES[0]),
            # a chain-of-thought reply with no ANSWER: line, its label read from its reasoning
            READ_FROM_PROSE: found.read_from == "prose",
        }
        unanswered = _not_an_answer(meta, found)
        if unanswered is not None:
            return unanswered
        letter = spec.letter_for(found.answer)
        correct = letter == gold
        meta["outcome"] = outcomes.CORRECT if correct else outcomes.INCORRECT
        # the answer is the label (as `target` in the results table), the letter is kept
        meta["predicted_letter"] = letter
        return Score(value=1.0 if correct else 0.0, answer=found.answer, metadata=meta)

    return score


# the one estimator's accuracy, stderr and interval (answered replies, as clinbench prints),
# then SLPHelm's F1s, which follow the task's label_rule (all_items counts an unreadable reply)
@scorer(metrics=[*answer_metrics(), micro_f1(), macro_f1()])
def slp_transcript_diagnosis_scorer() -> Scorer:
    """Score transcript-based diagnosis: typical iff the transcript matches the expected words."""
    from clinbench.suites.slp.baseline import transcript_matches

    async def score(state: TaskState, target: Target) -> Score:
        item = from_state(state)
        reply = state.output.completion if state.output else ""
        found = read_transcription_reply(reply, item.prompt_words)
        meta = {**_context(state), "labels": list(SCENARIOS["slp_disorder"].options.values())}
        meta["gold_label"] = target.text
        meta["hypothesis"] = found.answer if found.status == "ok" else ""
        meta["predicted_label"] = None
        meta["label_rule"] = state.metadata.get("label_rule", LABEL_RULES[0])
        unanswered = _not_an_answer(meta, found)
        if unanswered is not None:
            return unanswered
        matched = transcript_matches(found.answer, item.prompt_words)
        predicted = "typically_developing" if matched else "speech_disorder"
        correct = predicted == target.text
        meta.update(
            outcome=outcomes.CORRECT if correct else outcomes.INCORRECT, predicted_label=predicted
        )
        return Score(value=1.0 if correct else 0.0, answer=predicted, metadata=meta)

    return score


# error rates of another kind (corpus WER/MER/WIP over word counts), no accuracy to estimate
@scorer(metrics=[wer(), mer(), wip()])
def slp_transcription_scorer() -> Scorer:
    """Score a transcription by word error rate; an empty, declined or refused reply deletes all,
    and a reply that gives no transcript (prose about the task, a question) is parse_failed."""
    from clinbench.scoring.speech import measures_from_counts, word_counts

    async def score(state: TaskState, target: Target) -> Score:
        reply = state.output.completion if state.output else ""
        found = read_transcription_reply(reply, target.text)
        if found.status == "none" and reply.strip():
            # not a transcript at all: recorded and disclosed as unreadable, never scored as
            # an empty transcript (no word counts, so the corpus WER in the log leaves it out
            # too, as the results tables do with every excluded row)
            meta = {
                **_context(state),
                "outcome": outcomes.PARSE_FAILED,
                "extraction_status": found.status,
                "reason": found.reason,
                "reference": target.text,
                "hypothesis": "",
                "empty_hypothesis": True,
            }
            return Score(value=float("nan"), answer=None, explanation=found.reason, metadata=meta)
        hypothesis = found.answer if found.status == "ok" else ""
        outcome = {"declined": outcomes.DECLINED, "refused": outcomes.REFUSED}.get(
            found.status, outcomes.GRADED
        )
        counts = word_counts(target.text, hypothesis)
        measures = measures_from_counts(
            counts["hits"], counts["substitutions"], counts["deletions"], counts["insertions"]
        )
        meta = {
            **_context(state),
            "outcome": outcome,
            "extraction_status": found.status,
            "reason": found.reason,
            "reference": target.text,
            "hypothesis": hypothesis,
            "empty_hypothesis": not hypothesis,
            "word_counts": counts,
            **measures,
        }
        return Score(value=measures["WER"], answer=hypothesis, metadata=meta)

    return score


# ------------------------------------------------------------------ ASR solver step


class ASRFailed(ProviderError, RuntimeError):
    """The ASR back-end could not transcribe a clip: the sample is recorded as an error."""


@solver
def asr_transcribe(asr: str = DEFAULT_ASR, cot: bool = False) -> Solver:
    """Return a solver that transcribes the clip and writes the transcript into the prompt."""
    from clinbench.audio.asr import get_asr, parse_asr_spec
    from clinbench.audio.asr.cache import CachedASR

    name, options = parse_asr_spec(asr)

    async def solve(state: TaskState, generate: Generate) -> TaskState:

        item = from_state(state)
        backend = get_asr(name, **options)
        condition = {}  # a transcript cache keys on the noise condition too
        if isinstance(backend, CachedASR):
            condition = {
                "noise": state.metadata.get("noise"),
                "snr_db": state.metadata.get("snr_db"),
            }
        result = await asyncio.to_thread(
            backend.transcribe,
            item.resolve(item.audio),
            expected=item.prompt_words,
            language=str(item.metadata.get("language") or "en"),
            **condition,
        )
        state.metadata["asr_transcript"] = result.text
        state.metadata["asr_error"] = result.error
        state.metadata["asr"] = result.as_dict()
        if result.error:  # never let the model reason over a transcript that does not exist
            raise ASRFailed(f"{item.id}: {result.backend} recognition failed: {result.error}")
        prompt = scenario_prompt(
            SCENARIOS[state.metadata["slp_scenario"]],
            item.prompt_words,
            pipeline="asr",
            cot=cot,
            transcript=result.text,
        )
        message = state.messages[-1]
        if isinstance(message.content, str):
            message.content = prompt
        else:
            texts = [c for c in message.content if isinstance(c, ContentText)]
            texts[-1].text = prompt
        return state

    return solve


# What a refused request means when the clip went as audio, and what to do (the shared
# solver adds it to the provider's refusal; the shared run code names no suite)
AUDIO_REFUSED = (
    "The clip went as audio; if the model takes no audio, run -T pipeline=asr (the model "
    "gets a transcript)."
)


@solver
def slp_generate(pipeline: str = "audio") -> Solver:
    """Return a solver that asks the model once (no resubmission: extraction is strict); a
    request the provider refuses as sent is not retried, and the error names the cause."""
    from clinbench.solvers.refused_request import generate_unless_refused

    return generate_unless_refused(AUDIO_REFUSED if pipeline == "audio" else "")


# ------------------------------------------------------------------ dataset


def load_slp_items(manifest: str | list[str] | None = None) -> list[AudioItem]:
    """Return the items of one or more manifests (comma-separated); default the samples."""
    from clinbench.suites.slp.corpora import read_manifest

    paths = manifest or str(SAMPLE_MANIFEST)
    paths = paths.split(",") if isinstance(paths, str) else list(paths)
    items: list[AudioItem] = []
    for path in paths:
        items += read_manifest(path.strip())
    return items


def eligible(items: list[AudioItem], spec: Scenario) -> tuple[list[AudioItem], dict[str, int]]:
    """Return the items a scenario can score and how many were left out for which reason."""
    keep, left_out = [], {}
    for item in items:
        if spec.label_key and spec.label_key not in item.labels:
            reason = f"no {spec.label_key} label"
        elif spec.needs_prompt_words and not item.prompt_words:
            reason = "no prompt words"
        elif spec.kind == "transcription" and not item.transcript:
            reason = "no reference transcript"
        else:
            keep.append(item)
            continue
        left_out[reason] = left_out.get(reason, 0) + 1
    return keep, left_out


def _noisy(
    items: list[AudioItem], noise: str, snr_db: float, seed: int, cache: Path | None
) -> tuple[list[AudioItem], dict[str, float]]:
    """Return the items with their clips mixed with ``noise`` (kept in ``cache``, keyed on
    content: see :mod:`clinbench.audio.noisy_clips`) and each item's achieved SNR."""
    from clinbench.audio.noisy_clips import kept_noisy_clip

    out, achieved = [], {}
    for index, item in enumerate(items):
        target, achieved[item.id] = kept_noisy_clip(
            item.resolve(item.audio), noise, snr_db, seed=seed + index, folder=cache
        )
        copy = item.model_copy(update={"audio": str(target.resolve())})
        copy._source_file = item._source_file
        out.append(copy)
    return out, achieved


def _example_parts(example: AudioItem, spec: Scenario, pipeline: str) -> list[Any]:

    answer = (
        spec.letter_for(example.labels[spec.label_key])
        if spec.kind == "label"
        else (example.transcript or "")
    )
    head = f"Example: the child is trying to say: {example.prompt_words}."
    if pipeline == "asr":
        return [
            ContentText(
                text=f'{head}\nExample transcript: "{example.transcript or ""}"\nAnswer: {answer}'
            )
        ]
    audio = example.resolve(example.audio)
    return [
        ContentText(text=head),
        ContentAudio(audio=str(audio), format=audio_format(audio)),
        ContentText(text=f"Answer: {answer}"),
    ]


def slp_task(
    scenario: str,
    *,
    manifest: str | list[str] | None = None,
    pipeline: str = "audio",
    asr: str = DEFAULT_ASR,
    cot: bool = False,
    few_shot: int = 0,
    few_shot_manifest: str | None = None,
    noise: str | None = None,
    snr_db: float = 20.0,
    limit_per_corpus: int | None = None,
    seed: int = 0,
    noise_cache: str | None = None,
    temperature: float = 0.0,
    max_tokens: int = 1024,
    label_rule: str = LABEL_RULES[0],
) -> Task:
    """Return the Inspect task of one SLPHelm scenario under the given pipeline and conditions."""
    from clinbench.audio.asr import asr_model, recorded_spec
    from clinbench.suites.slp.corpora import sample_per_corpus

    if pipeline not in ("audio", "asr"):
        raise ValueError(f"pipeline must be 'audio' or 'asr', got {pipeline!r}")
    spec = SCENARIOS[scenario]
    label_rule = _label_rule(label_rule)
    items, left_out = eligible(load_slp_items(manifest), spec)
    examples, items = _few_shot_examples(items, spec, few_shot, few_shot_manifest, seed)
    if limit_per_corpus:
        items = sample_per_corpus(items, limit_per_corpus, seed=seed)
    achieved: dict[str, float] = {}
    if noise:
        cache = Path(noise_cache) if noise_cache else None  # None: the user cache's folder
        items, achieved = _noisy(items, noise, float(snr_db), seed, cache)
    condition = _condition_name(pipeline, recorded_spec(asr), cot, few_shot, noise, snr_db)
    recogniser = asr_model(asr) if pipeline == "asr" else None
    samples = [
        _scenario_sample(item, spec, scenario, pipeline, cot, recorded_spec(asr), recogniser,
                         examples, {
            "slp_scenario": scenario,
            "pipeline": pipeline,
            "cot": cot,
            "few_shot": few_shot,
            "noise": noise,
            "snr_db": float(snr_db) if noise else None,
            "achieved_snr_db": achieved.get(item.id),
            "answer_set": list(spec.options) if spec.kind == "label" else None,
            "condition": condition,
            "label_rule": label_rule,
        })
        for item in items
    ]  # fmt: skip
    steps = ([asr_transcribe(asr, cot)] if pipeline == "asr" else []) + [slp_generate(pipeline)]
    return items_task(
        items,
        name=scenario,
        condition=condition,
        solver=steps,
        scorer=_scenario_scorer(spec, scenario, cot),
        temperature=temperature,
        seed=seed,
        max_tokens=max_tokens,
        samples=samples,
        metadata={
            "suite": "slp",
            "scenario": scenario,
            "pipeline": pipeline,
            "asr": recorded_spec(asr) if pipeline == "asr" else None,
            "cot": cot,
            "few_shot": few_shot,
            "few_shot_examples": [e.id for e in examples],
            "noise": noise,
            "snr_db": float(snr_db) if noise else None,
            "left_out": left_out,
            "label_rule": label_rule,
        },
    )


def _few_shot_examples(
    items: list[AudioItem],
    spec: Scenario,
    few_shot: int,
    few_shot_manifest: str | None,
    seed: int,
) -> tuple[list[AudioItem], list[AudioItem]]:
    """Return (the few-shot examples drawn with ``seed``, the items left to evaluate).

    Examples come from speakers outside the evaluated items: from ``few_shot_manifest`` when
    given, else from a seeded speaker-disjoint half of the items (the other half is evaluated).
    """
    from clinbench.suites.slp.corpora import speaker_split

    examples: list[AudioItem] = []
    if few_shot and few_shot_manifest:
        speakers = {i.metadata.get("speaker_id") for i in items}
        pool, _ = eligible(load_slp_items(few_shot_manifest), spec)
        examples = [e for e in pool if e.metadata.get("speaker_id") not in speakers]
        if not examples:
            raise ValueError(f"{few_shot_manifest}: no examples from speakers outside the test")
    elif few_shot:
        examples, items = speaker_split(items, test_size=0.5, seed=seed)
    if few_shot:
        rng = __import__("numpy").random.default_rng(seed)
        picks = rng.choice(len(examples), size=min(few_shot, len(examples)), replace=False)
        examples = [examples[i] for i in sorted(picks)]
    return examples, items


def _condition_name(
    pipeline: str, asr: str, cot: bool, few_shot: int, noise: str | None, snr_db: float
) -> str:
    """Return the condition a run is recorded under, e.g. ``asr+cot+2shot+babble@10dB``.

    The ASR back-end is part of the condition unless it is the default
    (``asr=whisper+cot``): two back-ends on the same clips are two conditions, never pooled
    into one WER."""
    asr_part = "" if asr == DEFAULT_ASR or pipeline != "asr" else f"={asr}"
    return "+".join(
        filter(
            None,
            [
                pipeline + asr_part,
                "cot" if cot else "",
                f"{few_shot}shot" if few_shot else "",
                f"{Path(noise).stem}@{snr_db:g}dB" if noise else "",
            ],
        )
    )


def _scenario_sample(
    item: AudioItem,
    spec: Scenario,
    scenario: str,
    pipeline: str,
    cot: bool,
    asr: str,
    recogniser: str | None,
    examples: list[AudioItem],
    extra_metadata: dict[str, Any],
) -> Sample:
    """Return the Inspect sample of one item: its prompt, target, examples and metadata.

    ``asr`` is the back-end as recorded, ``recogniser`` its model (None: no ASR, or it names
    none); ``extra_metadata`` the run's settings for the sample.
    """
    tagged = item.model_copy(
        update={
            "metadata": {
                **item.metadata,
                "slp_scenario": scenario,
                "slp_cot": cot,
                "slp_asr": asr,
                **({ASR_MODEL: recogniser} if recogniser else {}),
                # what the child attempted and said, beside any error row in the results
                # (asr_fidelity compares them with the ASR transcript)
                "slp_prompt_words": item.prompt_words,
                "slp_reference_transcript": item.transcript,
            }
        }
    )
    tagged._source_file = item._source_file
    prompt = scenario_prompt(spec, item.prompt_words, pipeline=pipeline, cot=cot)
    sample = item_sample(
        tagged,
        "default",
        prompt=prompt,
        media=pipeline == "audio",
        extra_metadata=extra_metadata,
    )
    if spec.kind == "label":
        sample.target = spec.letter_for(item.labels[spec.label_key])
    elif spec.kind == "transcript_diagnosis":
        sample.target = item.labels["disorder"]
    else:
        sample.target = item.transcript or ""
    if examples:
        parts: list[Any] = []
        for example in examples:
            parts += _example_parts(example, spec, pipeline)
        first = (
            sample.input[0].content
            if isinstance(sample.input, list)
            else [ContentText(text=sample.input)]
        )
        sample.input = [ChatMessageUser(content=[*parts, *first])]
    return sample


def _scenario_scorer(spec: Scenario, scenario: str, cot: bool) -> Scorer:
    """Return the scenario's scorer: label F1, transcript diagnosis, or transcription WER."""
    if spec.kind == "label":
        return slp_label_scorer(scenario, cot)
    if spec.kind == "transcript_diagnosis":
        return slp_transcript_diagnosis_scorer()
    return slp_transcription_scorer()


def _scenario_options(
    manifest: str | None = None,
    pipeline: str = "audio",
    asr: str = DEFAULT_ASR,
    cot: bool = False,
    few_shot: int = 0,
    few_shot_manifest: str | None = None,
    noise: str | None = None,
    snr_db: float = 20.0,
    limit_per_corpus: int | None = None,
    seed: int = 0,
    label_rule: str = LABEL_RULES[0],
) -> dict[str, Any]:
    """Return the options a scenario task was given, by name (each: see the module docstring)."""
    return dict(locals())


@task
@takes_options(_scenario_options)
def slp_disorder(**options: Any) -> Task:
    """Return scenario 1, disorder diagnosis: typically developing (A) or speech disorder (B)."""
    return slp_task("slp_disorder", **options)


@task
@takes_options(_scenario_options)
def slp_transcript_diagnosis(**options: Any) -> Task:
    """Return scenario 2, transcript-based diagnosis: typical iff the transcript is the words."""
    return slp_task("slp_transcript_diagnosis", **options)


@task
@takes_options(_scenario_options)
def slp_transcription(**options: Any) -> Task:
    """Return scenario 3, transcription of the child's speech, scored by WER, MER and WIP."""
    return slp_task("slp_transcription", **options)


@task
@takes_options(_scenario_options)
def slp_disorder_type(**options: Any) -> Task:
    """Return scenario 4, disorder type: typical (A), articulation (B) or phonological (C)."""
    return slp_task("slp_disorder_type", **options)


@task
@takes_options(_scenario_options)
def slp_symptom(**options: Any) -> Task:
    """Return scenario 5, symptom: substitution, omission, addition, typical or stuttering (A-E)."""
    return slp_task("slp_symptom", **options)
