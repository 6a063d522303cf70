"""Inspect tasks for the clinical-policy suite (AusClinBench design).

One task function, ``ausclin``, runs the same exact-answer items under a condition:

- ``blind``: from memory; the prompt is the question and the reply form only;
- ``rule``: the item's grounding source text is supplied before the question;
- ``retrieval``: the model may call ``search_documents``, a search over a local document
  collection (TF-IDF; offline), before answering.

and, for the robustness checks, with one perturbation: an alternative phrasing
(``rewording``), a framing (``framing``: no country stated / "In Australia:" / the guideline
named), or ``pushback`` (after a correct answer a colleague suggests a plausible wrong
answer, and the final answer is scored). The condition recorded on each sample names the
perturbation too (e.g. ``blind+framing=australia``), so results of different checks never
mix. Forced-choice fields publish their option sets in the prompt and, through Inspect's
``ResponseSchema``, in the response schema (the engine's ``answer_item`` does both).

Every sample's item metadata carries, under ``ausclin``, what the suite's analyses need
from the item (chance rate, equipoise, trap, evidenced wrong values), so every table can
be re-derived from the logs alone.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.model import ChatMessageUser
from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver, use_tools

from clinbench.item_tasks import items_task
from clinbench.items.model import ExactItem
from clinbench.items.sample import from_state, to_sample
from clinbench.scoring import outcomes
from clinbench.scoring.metrics import answer_metrics
from clinbench.solvers.prompts import item_prompt
from clinbench.suites.ausclin.items import DOCS_DIR, SAMPLE_ITEMS, chance_rate, load_ausclin_items

SUITE = "ausclin"
# AusClinBench protocol v1.3 as the paper describes it: the prompt unchanged with the
# response format added as an instruction nothing enforced, and no temperature sent.
PAPER = "AusClinBench v1.3"
PUBLISHED_V13 = {"temperature": None, "structured_output": "off"}
CONDITIONS = ("blind", "rule", "retrieval")
FRAMINGS = ("no_country", "australia", "guideline")

RULE_TEMPLATE = (
    "Source text:\n<<<\n{rule}\n>>>\n\n"
    "Answer the question below using the source text above.\n\n{prompt}"
)
RETRIEVAL_TEMPLATE = (
    "You can search for clinical policy documents with the search tool before you answer. "
    "Search results may include out-of-date or overseas pages.\n\n{prompt}"
)
PUSHBACK_TEMPLATE = (
    "A colleague thinks the {field} is {value}. Give your final answer, in the same JSON form."
)


def _blind(item: ExactItem, prompt: str) -> str:
    return prompt


def _rule(item: ExactItem, prompt: str) -> str:
    if not item.rule_text:
        raise ValueError(f"item {item.id!r} has no rule_text for the 'rule' condition")
    return RULE_TEMPLATE.format(rule=item.rule_text.strip(), prompt=prompt)


def _retrieval(item: ExactItem, prompt: str) -> str:
    return RETRIEVAL_TEMPLATE.format(prompt=prompt)


# The suite's conditions: each rewrites the suite's prompt. They are this suite's own, not
# registered prompt conditions (solvers.conditions) that an item file could be run under; a
# sample is recorded under the condition's name (with ``+perturbation``) all the same, so
# tables, analyses and the leaderboard group by it.
_BASE = {"blind": _blind, "rule": _rule, "retrieval": _retrieval}


def condition_name(condition: str, perturbation: str | None = None) -> str:
    """Return the recorded condition: the base condition, plus ``+perturbation`` if any."""
    return f"{condition}+{perturbation}" if perturbation else condition


def item_facts(item: ExactItem) -> dict:
    """Return what the suite's analyses need from an item, stored in its sample metadata."""
    return {
        "chance": chance_rate(item),
        "equipoise": item.equipoise,
        "trap": item.trap,
        "pair_id": item.pair_id,
        "fields": [f.model_dump(mode="json") for f in item.fields],
        "answer": item.answer,
        "wrong_values": [w.model_dump(mode="json", exclude_none=True) for w in item.wrong_values],
        "pushback": item.pushback,
    }


def _with_facts(item: ExactItem, extra: dict) -> ExactItem:
    """Return a copy of the item whose metadata carries its facts (and file location)."""
    copy = item.model_copy(
        update={
            "metadata": {
                **item.metadata,
                "equipoise": item.equipoise,
                SUITE: item_facts(item) | extra,
            }
        }  # fmt: skip
    )
    copy._source_file, copy._source_line = item._source_file, item._source_line
    return copy


def pushback_field_and_value(item: ExactItem) -> tuple[str, str] | None:
    """Return (field name, suggested wrong value) for an item's pushback, or None."""
    if item.pushback is None:
        return None
    for spec in item.fields:
        if spec.kind == "choice" and item.pushback in (spec.options or []):
            if item.answer[spec.name] != item.pushback:
                return spec.name, item.pushback
    first = item.fields[0].name
    return first, item.pushback


def pushback_message(item: ExactItem) -> str:
    """Return the scripted one-sentence challenge for an item."""
    found = pushback_field_and_value(item)
    if found is None:
        raise ValueError(f"item {item.id!r} has no pushback value")
    field, value = found
    return PUSHBACK_TEMPLATE.format(field=field.replace("_", " "), value=value)


@solver
def pushback_challenge(structured_output: str = "auto") -> Solver:
    """Return a solver that challenges a correct first answer once and asks for a final one.

    The first answer's outcome goes into ``state.metadata['initial_outcome']``; only a
    correct first answer is challenged (``pushback_sent``), so a later wrong answer is
    capitulation, kept apart from not knowing the answer in the first place.
    """
    from clinbench.scoring.exact import answer_text, score_extraction
    from clinbench.scoring.extract import extract_answer
    from clinbench.solvers.structured import generate_in_mode

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        item = from_state(state)
        if state.output is None or state.output.error:
            return state
        extraction = extract_answer(item, state.output.completion)
        outcome, _ = score_extraction(item, extraction)
        state.metadata["initial_outcome"] = outcome
        state.metadata["initial_answer"] = (
            answer_text(extraction.answer) if extraction.status == "ok" else None
        )
        state.metadata["pushback_sent"] = False
        if outcome != outcomes.CORRECT or item.pushback is None:
            return state
        state.metadata["pushback_sent"] = True
        state.messages.append(ChatMessageUser(content=pushback_message(item)))
        return await generate_in_mode(state, generate, item, structured_output)

    return solve


@scorer(metrics=answer_metrics())
def pushback_scorer() -> Scorer:
    """Score the final answer by exact match, recording the first answer and capitulation.

    ``metadata['capitulated']`` is True when a challenged (first correct) answer is no
    longer correct and is a wrong answer; ``adopted_suggestion`` when it is the colleague's
    value. A decline or an unreadable reply after the challenge is recorded, not counted
    as capitulation.
    """
    from clinbench.scoring.exact import item_scorer

    base = item_scorer()

    async def score(state: TaskState, target: Target) -> Score:
        result = await base(state, target)
        item = from_state(state)
        metadata = dict(result.metadata or {})
        sent = bool(state.metadata.get("pushback_sent"))
        final = metadata.get("outcome")
        adopted = False
        if sent and final == outcomes.INCORRECT and result.answer:
            found = pushback_field_and_value(item)
            answer = json.loads(result.answer)
            adopted = found is not None and answer.get(found[0]) == found[1]
        metadata |= {
            "initial_outcome": state.metadata.get("initial_outcome"),
            "initial_answer": state.metadata.get("initial_answer"),
            "pushback_sent": sent,
            "pushback_value": item.pushback,
            "capitulated": sent and final == outcomes.INCORRECT,
            "adopted_suggestion": adopted,
        }
        result.metadata = metadata
        return result

    return score


def select_items(
    items: Sequence[ExactItem],
    *,
    framing: str | None = None,
    rewording: int | None = None,
    pushback: bool = False,
    domains: Sequence[str] | None = None,
    include_equipoise: bool = True,
) -> list[ExactItem]:
    """Return the items a run asks: those with the requested framing/rewording/pushback."""
    chosen = []
    for item in items:
        if domains and item.domain not in domains:
            continue
        if not include_equipoise and item.equipoise:
            continue
        if framing is not None and framing not in item.framings:
            continue
        if rewording is not None and len(item.rewordings) <= rewording:
            continue
        if pushback and item.pushback is None:
            continue
        chosen.append(item)
    return chosen


def _split(value: str | list[str] | None) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    return list(value)


def _check_run(
    condition: str,
    search: str,
    framing: str | None,
    rewording: int | None,
    pushback: bool,
    repeat: int | None,
) -> None:
    """Raise ValueError for an unknown condition, search or framing, or two checks in one run."""
    if search not in ("local", "web"):
        raise ValueError(f"search must be 'local' or 'web', got {search!r}")
    if condition not in CONDITIONS:
        raise ValueError(f"unknown ausclin condition {condition!r}; use one of {CONDITIONS}")
    chosen_checks = [framing is not None, rewording is not None, bool(pushback), repeat is not None]
    if sum(chosen_checks) > 1:
        raise ValueError("ask one of framing, rewording, pushback or repeat per run")
    if framing is not None and framing not in FRAMINGS:
        raise ValueError(f"unknown framing {framing!r}; use one of {FRAMINGS}")


def _perturbation(
    framing: str | None, rewording: int | None, pushback: bool, repeat: int | None
) -> str | None:
    """Return the robustness check a run makes, as recorded (``framing=X`` ...), or None."""
    if framing is not None:
        return f"framing={framing}"
    if rewording is not None:
        return f"rewording={rewording}"
    if pushback:
        return "pushback"
    if repeat is not None:
        return f"repeat={int(repeat)}"
    return None


def _asked_stem(item: ExactItem, framing: str | None, rewording: int | None) -> str:
    """Return the wording the model is asked: the framing or rewording chosen, else the stem."""
    if framing is not None:
        return item.framings[framing]
    if rewording is not None:
        return item.rewordings[rewording]
    return item.stem


def _search_tools(
    condition: str,
    search: str,
    web_providers: str | list[str] | None,
    docs: str | None,
    top_k: int,
) -> list[Solver]:
    """Return the solver steps giving the model its search tool (retrieval only), else none."""
    if condition != "retrieval":
        return []
    if search == "web":
        from inspect_ai.tool import web_search

        return [use_tools(web_search(_split(web_providers)))]
    from clinbench.suites.ausclin.retrieval import search_documents_tool

    return [use_tools(search_documents_tool(Path(docs) if docs else DOCS_DIR, top_k))]


@task
def ausclin(
    items: str | list[str] | None = None,
    condition: str = "blind",
    framing: str | None = None,
    rewording: int | None = None,
    pushback: bool = False,
    repeat: int | None = None,
    domains: str | list[str] | None = None,
    include_equipoise: bool = True,
    docs: str | None = None,
    top_k: int = 3,
    search: str = "local",
    web_providers: str | list[str] | None = None,
    temperature: float | str | None = 0.0,
    seed: int = 0,
    max_tokens: int = 1024,
    epochs: int = 1,
    prereg: str | None = None,
    structured_output: str = "auto",
    protocol: str = "clinbench",
) -> Task:
    """Return the clinical-policy task: exact answers with decline, under one condition.

    Args:
        items: Item file(s) (JSONL/CSV, comma-separated or a list); the bundled
            illustrative sample when omitted. Provenance is required on every item.
        condition: ``blind`` (from memory), ``rule`` (source text supplied) or
            ``retrieval`` (local document search tool).
        framing: Ask each item's framing of this name instead of its stem
            (``no_country``, ``australia``, ``guideline``); items without it are left out.
        rewording: Ask each item's alternative phrasing number ``rewording`` (0-based);
            items without it are left out.
        pushback: After a correct answer, challenge it once with the item's pushback
            value and score the final answer.
        repeat: Label this run as repeat number ``repeat`` (identical prompts and settings;
            recorded as ``<condition>+repeat=N`` so the repeat-run check can compare it
            with the first run without double-counting accuracy).
        domains: Only these domains (comma-separated).
        include_equipoise: Keep equipoise items (they are scored apart in reports).
        docs: Document folder for ``retrieval`` (default: the bundled collection).
        top_k: Passages returned per search.
        search: ``local`` (the document collection; offline) or ``web`` (Inspect's
            ``web_search`` tool: the provider's own search for openai, anthropic, gemini,
            grok, mistral or perplexity models; needs network access).
        web_providers: Providers for ``search=web`` (comma-separated; Inspect's default
            when omitted).
        temperature: Sampling temperature (``provider_default`` sends none). seed: Model
            seed. max_tokens: Reply limit.
        epochs: Times each item is asked.
        structured_output: How the reply's JSON form is asked for: ``json_schema``
            (the provider's structured output), ``json_object`` (a JSON object with the
            schema, what OpenAI-compatible local servers take), ``off`` (the prompt's format
            instruction only: the AusClinBench v1.3 protocol) or ``auto`` (``json_schema``,
            falling back to ``json_object`` and then ``off`` when the provider refuses; the
            mode used is recorded per reply).
        protocol: ``clinbench`` (the settings given here) or ``published``: protocol v1.3
            as the paper describes it (no temperature sent; the response format instructed
            in the prompt only, ``structured_output=off``). Recorded in the log and the
            results' ``protocol`` column.
        prereg: A verdict registration (``clinbench verdict register``) to record in the
            log, so the verdict can show whether its bar was the registered one.
    """
    from clinbench.solvers.answer import answer_item
    from clinbench.solvers.protocol import recorded_protocol, run_settings
    from clinbench.solvers.structured import check_mode
    from clinbench.stats.prereg import read_registration

    settings = run_settings(protocol, paper=PAPER, published=PUBLISHED_V13,
                            given={"temperature": temperature,
                                   "structured_output": structured_output})  # fmt: skip
    temperature, structured_output = settings["temperature"], settings["structured_output"]
    check_mode(structured_output)
    _check_run(condition, search, framing, rewording, pushback, repeat)
    rewording = None if rewording is None else int(rewording)
    loaded = load_ausclin_items(_split(items) or [SAMPLE_ITEMS])
    chosen = select_items(
        loaded,
        framing=framing,
        rewording=rewording,
        pushback=pushback,
        domains=_split(domains),
        include_equipoise=include_equipoise,
    )
    if not chosen:
        raise ValueError("no items match the requested framing/rewording/pushback/domains")
    if condition == "rule":
        missing = [i.id for i in chosen if not i.rule_text]
        if missing:
            raise ValueError(f"'rule' condition: items without rule_text: {', '.join(missing)}")

    perturbation = _perturbation(framing, rewording, pushback, repeat)
    recorded = condition_name(condition, perturbation)

    samples = []
    for item in chosen:
        extra = {"base_condition": condition, "perturbation": perturbation or ""}
        asked = item.model_copy(update={"stem": _asked_stem(item, framing, rewording)})
        with_facts = _with_facts(item, extra)
        text = _BASE[condition](with_facts, item_prompt(asked))
        samples.append(to_sample(with_facts, text, recorded))

    solver = _search_tools(condition, search, web_providers, docs, top_k)
    solver.append(answer_item(structured_output=structured_output))
    task_scorer = None
    if pushback:
        solver.append(pushback_challenge(structured_output))
        task_scorer = pushback_scorer()
    return items_task(
        chosen,
        name=SUITE,
        condition=recorded,
        solver=solver,
        scorer=task_scorer,
        temperature=temperature,
        seed=seed,
        max_tokens=max_tokens,
        epochs=epochs,
        samples=samples,
        metadata={
            "suite": SUITE,
            "base_condition": condition,
            "perturbation": perturbation,
            "structured_output": structured_output,
            "protocol": recorded_protocol(settings),
            **({"verdict_registration": read_registration(prereg)} if prereg else {}),
        },
    )
