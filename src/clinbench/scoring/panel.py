"""Judge panels: every model bound to the ``grader`` role, each call retried a bounded number
of times, each judge's verdict kept, and the panel's verdict aggregated by a named rule.

Inspect binds a list of models to one role (``--model-role grader=a,b``, ``clinbench run
--grader a --grader b``, ``model_roles={"grader": [a, b]}``) but ``get_model(role=...)``
returns only the first; :func:`grader_models` returns them all.

A judge call that raises, or whose reply does not parse, is asked again up to ``retries``
times (default :data:`DEFAULT_JUDGE_RETRIES`); after that the judge's verdict is
``unscored`` with its reason and the number of attempts, never a default score. clinbench's
own offline providers (``clinbench/...``: frozen replay replies, rules, chance) are asked
once: a frozen reply is the same whenever it is asked for, and a replay file holds one reply
per call in order, so asking again would read the next call's reply.

Aggregation rules (the name is recorded with every panel score):

- ``majority`` (binary verdicts; the only rule for them): the panel says correct when more
  than half of the judges that answered say correct, incorrect when more than half say
  incorrect; a tie is ``unscored`` ("the judges split k-k"), never a guess.
- ``mean`` (rubric scores; their default): the mean 0-100 score of the judges that answered;
  the panel's grade is the grade that mean earns under the rubric.
- ``majority`` (rubric scores): the grade more than half of the answering judges gave; the
  panel's score is the mean of those judges' scores; no such grade is ``unscored``.

With either rule a critical error counts for the panel when more than half of the judges
that answered name it. The panel score says how many judges there were and how many
answered; a panel where none answered is ``unscored`` with every judge's reason.

In the results table a panel gives one row per reply per judge besides the panel's row: the
panel's row keeps the scorer's name with ``judge`` = ``panel:RULE``; judge N's rows (N, from
1, the judge's place in the role) are named ``SCORER[judgeN]`` with ``judge`` = the judge's
model, so each judge is never pooled with the panel and every panel number can be re-derived
from the table (:func:`judge_column`, :func:`per_judge_rows`).
"""

from __future__ import annotations

import asyncio
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from copy import copy
from dataclasses import dataclass
from typing import Any

from clinbench.errors import OptionError
from clinbench.model_errors import call_failure_cause
from clinbench.scoring import outcomes

GRADER_ROLE = "grader"
CLAIM_READER_ROLE = "claim_reader"
DEFAULT_JUDGE_RETRIES = 2
ROLE_MAX_TOKENS = {GRADER_ROLE: 1024, CLAIM_READER_ROLE: 1024}
"""The reply bound of a model in a judging role when its own settings name none. A rubric
judgement or a claim list is a few hundred tokens; a small model that rambles without a
bound writes until its context is full and runs into the attempt timeout (SmolLM2 as grader
wrote 861 tokens and hit two 120 s timeouts). A model that needs more (one that reasons at
length before its JSON) is given its own: ``--model-role 'grader={model: NAME, max_tokens:
4096}'``, or a Model whose config sets max_tokens."""
MEAN = "mean"
MAJORITY = "majority"
PANEL_AGGREGATIONS = (MEAN, MAJORITY)
BINARY_AGGREGATIONS = (MAJORITY,)
OFFLINE_PREFIX = "clinbench/"


class NoGraderBound(OptionError, RuntimeError):
    """Raised when a scorer that requires a grader finds no model bound to the role."""


def check_aggregation(aggregation: str, allowed: Sequence[str] = PANEL_AGGREGATIONS) -> str:
    """Return the aggregation name; ValueError naming the allowed ones when it is not one."""
    if aggregation not in allowed:
        raise ValueError(
            f"judge_panel must be {' or '.join(allowed)} here, got {aggregation!r}"
            + ("" if allowed != BINARY_AGGREGATIONS else " (a verdict is a vote: no mean)")
        )
    return aggregation


def check_retries(retries: int) -> int:
    """Return the number of judge retries; ValueError when it is negative."""
    if not isinstance(retries, int) or isinstance(retries, bool) or retries < 0:
        raise ValueError(f"judge_retries must be a whole number 0 or more, got {retries!r}")
    return retries


def grader_models(temperature: float, seed: int) -> list[Any]:
    """Return every model bound to the ``grader`` role, at ``temperature`` with ``seed``.

    The role's own generate settings (e.g. the run's call limits) are kept; temperature and
    seed are set where the model does not set them itself, as ``get_model(role=...)`` does.
    Raises NoGraderBound when no model is bound.
    """
    from inspect_ai.model import model_roles

    bound = model_roles().get(GRADER_ROLE)
    if bound is None:
        raise NoGraderBound(f"Model role '{GRADER_ROLE}' is required and was not specified.")
    models = list(bound) if isinstance(bound, list) else [bound]
    return [role_model(model, GRADER_ROLE, temperature, seed) for model in models]


def role_model(model: Any, role: str, temperature: float | None = 0.0, seed: int | None = None):
    """Return a copy of a role's model with the role's defaults where its config sets none.

    Defaults: ``temperature`` and ``seed``, and the role's reply bound
    (:data:`ROLE_MAX_TOKENS`). The model's own settings (the role's YAML, the run's call
    limits) win over every default.
    """
    from inspect_ai.model import GenerateConfig

    config = GenerateConfig(
        temperature=temperature, seed=seed, max_tokens=ROLE_MAX_TOKENS.get(role)
    )
    out = copy(model)
    out.config = config.merge(model.config)
    out._set_role(role)  # what get_model(role=...) does to the first
    return out


def attempts_for(judge: Any, retries: int) -> int:
    """Return how many times a judge is asked at most: 1 + retries (1 for clinbench's own)."""
    return 1 if str(judge).startswith(OFFLINE_PREFIX) else 1 + retries


@dataclass
class JudgeCall:
    """One judge's answer to one prompt after its attempts: parsed value or the reason why not."""

    model: str
    value: Any = None
    reply: str | None = None
    reason: str = ""
    attempts: int = 0
    call_failed: bool = False  # the last attempt's call itself failed (not its reply)

    @property
    def answered(self) -> bool:
        return self.value is not None

    def unscored_cause(self) -> dict[str, str]:
        """Return ``{"unscored_cause": "call_failed"}`` when the judge's call failed, else {}."""
        return {"unscored_cause": outcomes.CALL_FAILED} if self.call_failed else {}


async def ask_judge(
    judge: Any,
    prompt: Any,
    parse: Callable[[str], Any],
    retries: int,
    parse_errors: tuple[type[Exception], ...],
) -> JudgeCall:
    """Return the judge's parsed reply, asking again (up to ``retries`` times) on failure.

    A failure is an exception from the call or one of ``parse_errors`` from ``parse``; the
    last failure's reason (and reply) is kept when every attempt failed.
    """
    call = JudgeCall(model=str(judge))
    for attempt in range(1, attempts_for(judge, retries) + 1):
        call.attempts = attempt
        try:
            output = await judge.generate(prompt)
        except Exception as err:  # noqa: BLE001 - a failed judge call is disclosed, never scored
            call.reply, call.reason = None, f"judge call failed: {call_failure_cause(err)}"
            call.call_failed = True
            continue
        call.call_failed = False
        call.reply = output.completion
        try:
            call.value = parse(call.reply)
        except parse_errors as err:
            call.reason = str(err)
            continue
        call.reason = ""
        return call
    return call


async def ask_panel(
    judges: Sequence[Any],
    prompt: Any,
    parse: Callable[[str], Any],
    retries: int,
    parse_errors: tuple[type[Exception], ...],
) -> list[JudgeCall]:
    """Return every judge's :class:`JudgeCall` on one prompt (asked concurrently), in order."""
    return list(
        await asyncio.gather(*(ask_judge(j, prompt, parse, retries, parse_errors) for j in judges))
    )


def panel_record(n_judges: int, answered: int, aggregation: str) -> dict[str, Any]:
    """Return the panel's own record: the rule, how many judges, how many answered."""
    return {"aggregation": aggregation, "judges": n_judges, "answered": answered}


def binary_panel(votes: Sequence[bool | None]) -> tuple[str, str]:
    """Return (outcome, reason) of a panel of correct/incorrect votes (None: no verdict)."""
    cast = [v for v in votes if v is not None]
    yes = sum(cast)
    no = len(cast) - yes
    if not cast:
        return outcomes.UNSCORED, "no judge of the panel gave a verdict"
    if yes == no:
        return outcomes.UNSCORED, f"the judges split {yes}-{no} (correct-incorrect)"
    outcome = outcomes.CORRECT if yes > no else outcomes.INCORRECT
    return outcome, f"{max(yes, no)} of {len(cast)} judges that answered"


def majority_errors(error_lists: Sequence[Sequence[str]]) -> list[str]:
    """Return the critical errors named by more than half of the judges that answered."""
    counts = Counter(e for errors in error_lists for e in dict.fromkeys(errors))
    return sorted(e for e, n in counts.items() if n > len(error_lists) / 2)


def rubric_panel(
    graded: Sequence[dict[str, Any]], aggregation: str, grade_for: Callable[[float], str]
) -> dict[str, Any]:
    """Return a question's panel details from the graded details of the judges that answered.

    ``graded`` are per-judge question details with outcome ``graded``; the result holds
    outcome, score, grade, critical_errors (and a reason when the panel is unscored).
    """
    if not graded:
        reason = "no judge of the panel could grade it"
        return {"outcome": outcomes.UNSCORED, "score": None, "grade": None,
                "critical_errors": [], "reason": reason}  # fmt: skip
    errors = majority_errors([d.get("critical_errors") or [] for d in graded])
    if aggregation == MEAN:
        score = round(sum(float(d["score"]) for d in graded) / len(graded), 2)
        return {"outcome": outcomes.GRADED, "score": score,
                "grade": grade_for(score), "critical_errors": errors}  # fmt: skip
    letters = Counter(str(d["grade"]) for d in graded)
    letter, count = letters.most_common(1)[0]
    if count <= len(graded) / 2:
        split = ", ".join(f"{g} x{n}" for g, n in sorted(letters.items()))
        return {"outcome": outcomes.UNSCORED, "score": None, "grade": None,
                "critical_errors": errors, "reason": f"no majority grade: {split}"}  # fmt: skip
    scores = [float(d["score"]) for d in graded if str(d["grade"]) == letter]
    return {"outcome": outcomes.GRADED, "score": round(sum(scores) / len(scores), 2),
            "grade": letter, "critical_errors": errors}  # fmt: skip


# -- the results table --------------------------------------------------------------------


def judge_column(details: dict[str, Any]) -> str:
    """Return a score's ``judge`` cell: ``panel:RULE``, the judge's model, or '' (no judge)."""
    panel = details.get("panel")
    if isinstance(panel, dict) and panel.get("aggregation"):
        return f"panel:{panel['aggregation']}"
    judge = details.get("judge")
    if isinstance(judge, dict) and judge.get("model"):
        return str(judge["model"])
    return ""


# The scorer name of one judge's rows: SCORER[judgeN]; groups "scorer" and "place".
JUDGE_SCORER = re.compile(r"^(?P<scorer>.+)\[judge(?P<place>\d+)\]$")


def judge_scorer(scorer: str, place: int) -> str:
    """Return the scorer name of judge number ``place`` (from 1) of a panel's rows."""
    return f"{scorer}[judge{place}]"


def panel_scorer(name: str) -> str:
    """Return the panel's scorer name of a judge's rows (a name that is none: unchanged)."""
    match = JUDGE_SCORER.match(name)
    return match.group("scorer") if match else name


def per_judge_rows(
    row: dict[str, Any], details: dict[str, Any], to_json: Callable[[Any], str]
) -> list[dict[str, Any]]:
    """Return one results row per judge of a panel score (none for a single judge).

    Each is ``row`` with the judge's scorer name, model, outcome, score, grade, critical
    errors and details; an unanswered judge's row is ``unscored`` with its reason.
    """
    rows = []
    for place, verdict in enumerate(details.get("judges") or [], start=1):
        outcome = verdict.get("outcome") or outcomes.UNSCORED
        score = verdict.get("score")
        numeric = isinstance(score, int | float) and not isinstance(score, bool)
        number = float(score) if numeric else math.nan
        errors = verdict.get("critical_errors") or []
        rows.append(
            row
            | {
                "scorer": judge_scorer(row["scorer"], place),
                "judge": str(verdict.get("model", "")),
                "outcome": outcome,
                "score": math.nan if outcome in outcomes.EXCLUDED else number,
                "grade": verdict.get("grade"),
                "critical_errors": ";".join(errors),
                "score_metadata": to_json(verdict),
            }
        )
    return rows


# -- binding the role from the command line --------------------------------------------------


def role_models(
    graders: Sequence[str] | None,
    model_roles: Sequence[str] | None,
    grader_args: dict[str, Any],
    config: Any,
) -> dict[str, Any] | None:
    """Return the model roles of ``--grader`` and ``--model-role`` values (None if neither).

    ``graders`` are model names, each option value possibly a comma list; ``model_roles``
    are Inspect's ``ROLE=MODEL[,MODEL]`` (or ``ROLE={YAML}``) values, parsed by Inspect.
    Every model gets ``config`` (the run's call limits); named grader models also get
    ``grader_args`` (``-G``), and a named model's client no retries of its own
    (:mod:`clinbench.client_retries`). Several graders bind a list to the role: a judge
    panel. Raises ValueError (naming the model) for a model that cannot be built or a role
    given twice.
    """
    from inspect_ai._cli.util import parse_model_role_cli_args
    from inspect_ai.model import Model, get_model

    from clinbench.client_retries import without_client_retries

    roles: dict[str, list[Any]] = {}
    names = [n.strip() for value in graders or [] for n in str(value).split(",") if n.strip()]
    if names:
        roles[GRADER_ROLE] = names
    if model_roles:
        for role, value in parse_model_role_cli_args(tuple(model_roles)).items():
            if role in roles:
                raise ValueError(f"role {role!r} is given twice (--grader is the grader role)")
            roles[role] = list(value) if isinstance(value, list) else [value]
    built: dict[str, Any] = {}
    for role, models in roles.items():
        out = []
        for model in models:
            if isinstance(model, Model):
                model = copy(model)
                model.config = model.config.merge(config)
            else:
                args = without_client_retries(  # the run's retries are the only ones
                    str(model), grader_args if role == GRADER_ROLE else {}
                )
                try:
                    model = get_model(str(model), role=role, config=config, memoize=False, **args)
                except Exception as err:  # noqa: BLE001 - providers raise many kinds; all reported
                    from clinbench.model_errors import explain_model_error

                    raise ValueError(
                        f"{role} {model}: {explain_model_error(str(model), err)}"
                    ) from err
            out.append(model)
        built[role] = out if len(out) > 1 else out[0]
    return built or None
