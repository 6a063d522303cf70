"""AudiologyBench-style tasks: objective items, literature-derived items, and clinical cases.

- ``audiology_objective``: knowledge items (MCQ, TF, FIB) from online and textbook
  ("nonweb") pools;
- ``audiology_literature``: items derived from research articles (MCQ, TF, SA; pool
  "research");
- ``audiology_cases``: multimodal clinical cases answered in three labelled sections
  (Q1 results, Q2 diagnosis, Q3 recommendations), graded against a rubric with critical-error
  caps, with judge-independent checks beside the grade.

MCQ/TF are scored by exact match (``closed_exact_match``). FIB/SA are adjudicated by the
model bound to Inspect's ``grader`` role (``answer_adjudicator``) and, always, by the
deterministic ``normalised_match``. Cases are graded by ``rubric_adjudicator`` when a grader
is bound and by ``rubric_rules_grader`` otherwise; ``audiogram_fact_check`` (and
``nli_contradiction`` when an NLI model is named) run beside either.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from inspect_ai import Task, task
from inspect_ai.scorer import Scorer
from inspect_ai.solver import system_message

from clinbench.item_tasks import (
    DEFAULT_SEED,
    DEFAULT_TEMPERATURE,
    item_sample,
    items_task,
    takes_options,
)
from clinbench.items.loader import load_items
from clinbench.items.model import CaseItem, Item
from clinbench.items.sample import to_sample
from clinbench.scoring.panel import DEFAULT_JUDGE_RETRIES
from clinbench.solvers.refused_request import generate_unless_refused
from clinbench.suites.audiology import RUBRIC

DATA = Path(__file__).parent / "data"
OBJECTIVE_ITEMS = DATA / "objective.jsonl"
LITERATURE_ITEMS = DATA / "literature.jsonl"
CASE_ITEMS = DATA / "cases.jsonl"
GENERATED_CASES = DATA / "generated" / "cases.jsonl"
DEFAULT_RUBRIC = RUBRIC

OBJECTIVE_FORMATS = ("mcq", "tf", "fib")
LITERATURE_FORMATS = ("mcq", "tf", "sa")

# AudiologyBench as published (Methods): evaluated models were queried "under each
# provider's default API settings" (no temperature sent) and a true/false reply was read as
# its first "true" or "false". The judges stay at temperature 0, as in the paper.
PAPER = "AudiologyBench"
PUBLISHED_KNOWLEDGE = {"temperature": None, "tf_reading": "first_occurrence"}
PUBLISHED_CASES = {"temperature": None}

# The condition of a case run whose model is not sent the images (-T images=false): a name of
# its own, so no table grouped by condition pools it with the image run ("default"). It is
# this task's label, not a registered prompt rewrite: case_prompt writes the prompt, and no
# item file can be asked under it.
TEXT_ONLY = "text_only"
# What a refused request means when the case went with its images, and what to do (the shared
# solver puts it before the provider's refusal)
IMAGES_REFUSED = (
    "The case went with its images; if the model takes no images, run -T images=false "
    "(the case as text only)."
)

CASE_SYSTEM_PROMPT = """\
You are a board-certified clinical audiologist reviewing a patient's case. You will receive
the case history as text and the diagnostic results (audiograms and other test outputs) as
images. Answer in exactly three sections, each starting on its own line with its heading:

Q1 Results: the audiometric and other test results, ear by ear, with the values you read.
Q2 Diagnosis: your diagnostic impression and the findings that support it.
Q3 Recommendations: management, referrals and follow-up.

Keep each section to at most {word_limit} words. State only results that the case shows; if
a value cannot be read, say so rather than estimating it."""

CASE_SYSTEM_PROMPT_TEXT_ONLY = """\
You are a board-certified clinical audiologist reviewing a patient's case. You will receive
the case history and the test results given in words as text; the audiogram images are not
given in this run. Answer in exactly three sections, each starting on its own line with its
heading:

Q1 Results: the audiometric and other test results, ear by ear, with the values you read.
Q2 Diagnosis: your diagnostic impression and the findings that support it.
Q3 Recommendations: management, referrals and follow-up.

Keep each section to at most {word_limit} words. State only results that the case shows; if
a value is not given, say so rather than estimating it."""
"""The system prompt of a text-only run (``images=False``): no image is attached, so none is
mentioned (SmolLM2 echoed the image wording of the prompt with images)."""

CASE_USER_PROMPT = """\
Case history:
{stem}

Questions:
{questions}

Answer under the headings Q1 Results:, Q2 Diagnosis: and Q3 Recommendations:."""


def _paths(value: str | Sequence[str] | None, default: Sequence[Path]) -> list[str]:
    if value is None:
        return [str(p) for p in default if Path(p).exists()]
    if isinstance(value, str):
        return [p.strip() for p in value.split(",") if p.strip()]
    return [str(p) for p in value]


def _keep(items: list[Item], formats: str | None, pools: str | None, allowed) -> list[Item]:
    kept = [i for i in items if i.format in allowed]
    if formats:
        wanted = {f.strip() for f in formats.split(",")}
        kept = [i for i in kept if i.format in wanted]
    if pools:
        wanted = {p.strip() for p in pools.split(",")}
        kept = [i for i in kept if i.source_pool in wanted]
    if not kept:
        raise ValueError(f"no items left after filtering (formats={formats}, pools={pools})")
    return kept


def knowledge_scorers(
    judge_seed: int = 0,
    adjudicator: str = "auto",
    judge_retries: int = DEFAULT_JUDGE_RETRIES,
    judge_panel: str = "majority",
) -> list[Scorer]:
    """Return the scorers of the objective and literature tiers."""
    from clinbench.scoring.adjudicator import answer_adjudicator
    from clinbench.scoring.match import normalised_match_scorer
    from clinbench.suites.audiology.scorers import closed_exact_match

    if adjudicator not in ("auto", "grader", "match"):
        raise ValueError(f"adjudicator must be auto, grader or match, got {adjudicator!r}")
    scorers: list[Scorer] = [closed_exact_match()]
    if adjudicator in ("auto", "grader"):
        scorers.append(
            answer_adjudicator(seed=judge_seed, required=adjudicator == "grader",
                               retries=judge_retries, aggregation=judge_panel)
        )  # fmt: skip
    scorers.append(normalised_match_scorer())
    return scorers


def _knowledge_options(
    items: str | list[str] | None = None,
    formats: str | None = None,
    pools: str | None = None,
    adjudicator: Literal["auto", "grader", "match"] = "auto",
    judge_seed: int = 0,
    temperature: float | str | None = DEFAULT_TEMPERATURE,
    seed: int = DEFAULT_SEED,
    epochs: int = 1,
    judge_retries: int = DEFAULT_JUDGE_RETRIES,
    judge_panel: Literal["majority"] = "majority",
    protocol: Literal["clinbench", "published"] = "clinbench",
    tf_reading: Literal["strict", "first_occurrence"] = "strict",
) -> dict[str, Any]:
    """Return the options a knowledge tier was given, by name (both tiers take these).

    Args:
        items: Item file(s) (comma-separated or a list); default: the illustrative sample set.
        formats: Keep only these formats (e.g. "mcq,tf").
        pools: Keep only these source pools (e.g. "nonweb").
        adjudicator: FIB grading: "auto" (the grader role when bound, plus normalised_match),
            "grader" (require a grader) or "match" (normalised_match only).
        judge_seed: Seed sent to the grader (temperature is always 0).
        temperature: Sampling temperature of the model under test; ``provider_default``
            sends none.
        seed: Seed sent to the model under test.
        epochs: Passes over every item.
        protocol: ``clinbench`` (the settings given here) or ``published`` (AudiologyBench
            as run: no temperature sent, true/false read at the first occurrence);
            recorded in the log and the results' ``protocol`` column.
        tf_reading: How a true/false reply is read: ``strict`` (a marked answer wins;
            negated, hedged or mixed words are ambiguous and asked again) or
            ``first_occurrence`` (the first "true" or "false", the paper's rule).
        judge_retries: Times a failed or unparseable judge call is asked again before
            that judge's verdict is recorded as unscored.
        judge_panel: How several graders' verdicts make the panel's: "majority" (of the
            judges that answered; a tie is unscored).
    """
    return dict(locals())


def _knowledge_task(
    name: str,
    default: Path,
    allowed: Sequence[str],
    *,
    items: str | list[str] | None,
    formats: str | None,
    pools: str | None,
    adjudicator: str,
    judge_seed: int,
    temperature: float | str | None,
    seed: int,
    epochs: int,
    judge_retries: int,
    judge_panel: str,
    protocol: str,
    tf_reading: str,
) -> Task:
    from clinbench.solvers.protocol import recorded_protocol, run_settings, with_tf_reading

    given = {"temperature": temperature, "tf_reading": tf_reading}
    settings = run_settings(protocol, paper=PAPER, published=PUBLISHED_KNOWLEDGE, given=given)
    scorers = knowledge_scorers(judge_seed, adjudicator, judge_retries, judge_panel)
    loaded = _keep(load_items(_paths(items, [default])), formats, pools, allowed)
    asked = [with_tf_reading(i, settings["tf_reading"]) for i in loaded]
    return items_task(
        loaded,  # the item set (and its hash) as written; the reading rule marks the samples
        name=name,
        scorer=scorers,
        temperature=settings["temperature"],
        seed=seed,
        epochs=epochs,
        samples=[item_sample(i) for i in asked],
        metadata={"suite": "audiology", "judge_seed": judge_seed, "adjudicator": adjudicator,
                  "judge_retries": judge_retries, "judge_panel": judge_panel,
                  "protocol": recorded_protocol(settings)},
    )  # fmt: skip


@task
@takes_options(_knowledge_options)
def audiology_objective(**options: Any) -> Task:
    """Return the objective tier: MCQ, TF and FIB knowledge items (pools online / nonweb).

    Options: see ``_knowledge_options``.
    """
    return _knowledge_task("audiology_objective", OBJECTIVE_ITEMS, OBJECTIVE_FORMATS, **options)


@task
@takes_options(_knowledge_options)
def audiology_literature(**options: Any) -> Task:
    """Return the literature tier: MCQ, TF and SA items derived from research articles.

    Options: see ``_knowledge_options``; SA replies are adjudicated like FIB spans.
    """
    return _knowledge_task("audiology_literature", LITERATURE_ITEMS, LITERATURE_FORMATS, **options)


def case_prompt(item: CaseItem, images: bool = True) -> str:
    """Return the user prompt of a case: the history as text and the questions.

    Without ``images`` the history leaves out its sentences that point to an image ("The
    pure-tone audiogram is shown in the image."), as the audit's text-only mode does.
    """
    from clinbench.items.image_references import without_image_references

    questions = "\n".join(f"{q.id}: {q.prompt}" for q in item.questions)
    stem = item.stem.strip() if images else without_image_references(item.stem.strip())
    return CASE_USER_PROMPT.format(stem=stem, questions=questions)


def case_tolerance_db(rubric: str | None, tolerance_db: int | None) -> int:
    """Return the fact checker's dB tolerance: the one given, else the rubric's.

    ValueError when neither gives one (a rubric without a dB tolerance needs ``tolerance_db``).
    """
    from clinbench.scoring.rubric import load_rubric, rubric_tolerance

    if tolerance_db is not None:
        return int(tolerance_db)
    found = rubric_tolerance(load_rubric(rubric), "dB")
    if found is None:
        raise ValueError(f"the rubric {rubric or DEFAULT_RUBRIC} states no dB tolerance; "
                         "give tolerance_db")  # fmt: skip
    return int(found)


def case_scorers(
    adjudicator: str = "auto",
    rubric: str | None = None,
    judge_seed: int = 0,
    standard: str = "who2021",
    tolerance_db: int | None = None,
    nli_model: str | None = None,
    nli_label_map: dict[str, str] | None = None,
    word_limit: int = 150,
    judge_retries: int = DEFAULT_JUDGE_RETRIES,
    judge_panel: str = "mean",
    claim_reader: str = "rules",
    claim_reader_output: str = "auto",
) -> list[Scorer]:
    """Return the case tier's scorers: the rubric grader(s) and the judge-independent checks.

    ``tolerance_db`` None takes the fact checker's tolerance from the rubric (the dB tolerance
    its judge prompt states), so judge and checker allow the same difference.
    """
    from clinbench.audiogram.classify import get_standard
    from clinbench.suites.audiology.case_judge import rubric_adjudicator
    from clinbench.suites.audiology.scorers import (
        audiogram_fact_check,
        nli_contradiction,
        rubric_rules_grader,
        section_report,
    )

    def sections(item, reply):
        return section_report(item, reply, word_limit)

    # Refuse bad arguments before any sample runs (not one error per sample).
    get_standard(standard)
    tolerance_db = case_tolerance_db(rubric, tolerance_db)
    if adjudicator not in ("auto", "grader", "rules"):
        raise ValueError(f"adjudicator must be auto, grader or rules, got {adjudicator!r}")
    scorers: list[Scorer] = []
    if adjudicator in ("auto", "grader"):
        scorers.append(
            rubric_adjudicator(
                rubric=rubric,
                seed=judge_seed,
                sections=sections,
                required=adjudicator == "grader",
                retries=judge_retries,
                aggregation=judge_panel,
            )  # fmt: skip
        )
    if adjudicator in ("auto", "rules"):
        scorers.append(
            rubric_rules_grader(
                rubric=rubric,
                standard=standard,
                tolerance_db=tolerance_db,
                only_without_grader=adjudicator == "auto",
                word_limit=word_limit,
            )
        )
    scorers.append(
        audiogram_fact_check(standard=standard, tolerance_db=tolerance_db,
                             claim_reader=claim_reader, structured_output=claim_reader_output)
    )  # fmt: skip
    if nli_model:
        scorers.append(nli_contradiction(nli_model, nli_label_map, word_limit))
    return scorers


@task
def audiology_cases(
    items: str | list[str] | None = None,
    adjudicator: Literal["auto", "grader", "rules"] = "auto",
    rubric: str | None = None,
    judge_seed: int = 0,
    standard: str = "who2021",
    tolerance_db: int | None = None,
    nli_model: str | None = None,
    nli_label_map: dict[str, str] | None = None,
    word_limit: int = 150,
    temperature: float | str | None = DEFAULT_TEMPERATURE,
    seed: int = DEFAULT_SEED,
    max_tokens: int = 2048,
    epochs: int = 1,
    judge_retries: int = DEFAULT_JUDGE_RETRIES,
    judge_panel: Literal["mean", "majority"] = "mean",
    images: bool = True,
    protocol: Literal["clinbench", "published"] = "clinbench",
    claim_reader: Literal["rules", "model"] = "rules",
    claim_reader_output: Literal["auto", "json_schema", "json_object", "off"] = "auto",
) -> Task:
    """Return the case tier: case history as text, diagnostic images as image input, 3 sections.

    Args:
        items: Case file(s); default: the hand-written sample cases plus the generated ones.
        adjudicator: "auto" (LLM rubric adjudicator when a model is bound to the grader role,
            the deterministic rules grader otherwise), "grader" (require a grader) or "rules".
        rubric: Rubric YAML (default: the suite's rubric.yaml).
        judge_seed: Seed sent to the grader (temperature is always 0).
        standard: Hearing-loss standard for the fact checker (e.g. "who2021").
        tolerance_db: Tolerance of the fact checker's threshold comparisons, dB; by default
            the rubric's (``tolerance`` of Q1 numerical accuracy, ±10 dB as AudiologyBench's
            adjudicator applied it, stated in the judge prompt too).
        nli_model: A transformers NLI model (name or folder) for the NLI scorer; none by default.
        nli_label_map: Meaning of the NLI model's labels when they are not self-describing.
        word_limit: Words allowed per section (over-length sections are recorded).
        temperature: Sampling temperature of the model under test; ``provider_default``
            sends none.
        seed: Seed sent to the model under test.
        max_tokens: Maximum tokens per reply.
        epochs: Passes over every case (10 for the multipass stability analysis).
        judge_retries: Times a failed or unparseable judge call is asked again before that
            judge's judgement of the question is recorded as unscored.
        judge_panel: How several graders' judgements of a question make the panel's: "mean"
            (of the answering judges' scores) or "majority" (the grade most of them gave);
            see clinbench.scoring.panel.
        images: Send the case's diagnostic images. ``False`` asks a text-only model (one
            that cannot take images, such as the bundled local SmolLM2) from the history
            alone (no audiogram to read, so Q1 cannot be answered from the data); its
            system prompt says the images are not given, and the case history leaves out
            the sentences that point to an image. Recorded in the task metadata as
            ``images``.
        protocol: ``clinbench`` (the settings given here) or ``published`` (AudiologyBench
            as run: no temperature sent to the model under test; the grader stays at 0).
        claim_reader: Who reads the claims the fact checker (``audiogram_fact_check``)
            judges: "rules" (the offline reader, the default) or "model" (the model bound
            with ``--model-role claim_reader=MODEL``; the same deterministic judges decide,
            and a failed reading is ``unscored`` with its cause). The rules grader's
            critical-error caps keep the rules reader. Recorded in the task metadata and,
            per question, in the score metadata (``claim_reader``; the model in ``judge``).
        claim_reader_output: How the claim JSON is asked of the claim reader: "auto"
            (json_schema, falling back to json_object and then to the prompt alone when
            the provider refuses), or one fixed mode.
    """
    from clinbench.solvers.protocol import recorded_protocol, run_settings

    settings = run_settings(protocol, paper=PAPER, published=PUBLISHED_CASES,
                            given={"temperature": temperature})  # fmt: skip
    loaded = load_items(_paths(items, [CASE_ITEMS, GENERATED_CASES]))
    cases = [i for i in loaded if isinstance(i, CaseItem)]
    if not cases:
        raise ValueError("no case items in the given files")
    condition = "default" if images else TEXT_ONLY
    samples = [to_sample(case, case_prompt(case, images), condition, media=images)
               for case in cases]  # fmt: skip
    system = CASE_SYSTEM_PROMPT if images else CASE_SYSTEM_PROMPT_TEXT_ONLY
    return items_task(
        cases,
        name="audiology_cases",
        condition=condition,
        samples=samples,
        solver=[
            system_message(system.format(word_limit=word_limit)),
            generate_unless_refused(IMAGES_REFUSED if images else ""),
        ],  # fmt: skip
        scorer=case_scorers(
            adjudicator,
            rubric,
            judge_seed,
            standard,
            tolerance_db,
            nli_model,
            nli_label_map,
            word_limit,
            judge_retries,
            judge_panel,
            claim_reader,
            claim_reader_output,
        ),  # fmt: skip
        temperature=settings["temperature"],
        seed=seed,
        max_tokens=max_tokens,
        epochs=epochs,
        metadata={
            "suite": "audiology",
            "adjudicator": adjudicator,
            "judge_seed": judge_seed,
            "judge_retries": judge_retries,
            "judge_panel": judge_panel,
            "rubric": rubric or str(DEFAULT_RUBRIC),
            "word_limit": word_limit,
            "images": images,
            # in the protocol too, so the results table says whether the model saw the images
            "protocol": {**recorded_protocol(settings), "images": images},
            "claim_reader": claim_reader,
            "claim_reader_output": claim_reader_output,
        },
    )
