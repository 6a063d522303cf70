"""The suite registry: every folder here declares one :class:`SuiteSpec` named ``SUITE``.

A suite folder (``clinbench/suites/<name>/``) holds all that is particular to its benchmark:
prompts, rubric, sample items, task functions, its report sections and its demo (its command
group, if any, lives with every other command in ``clinbench.cli.<name>_commands``). Its
``__init__.py`` declares what it contributes as a ``SuiteSpec`` whose references are
``"module:attribute"`` strings, loaded only when used (so listing suites stays cheap).
Shared code (the root command line, the offline providers, the report) reads this registry and
names no suite; adding a suite is adding a folder.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clinbench.errors import SetupError

DEFAULT_OFFLINE_MODEL = "clinbench/chance"
SUITES_DIR = Path(__file__).parent

# Tasks that run over any bank rather than one suite's: task name -> "module:function".
SHARED_TASKS: dict[str, str] = {
    "clinbench_contamination": "clinbench.contamination.probe_task:clinbench_contamination",
}


@dataclass(frozen=True)
class SuiteSpec:
    """What one suite contributes to clinbench; each reference is a ``"module:attribute"``.

    name: the suite's name (its folder, its results ``suite`` column, its command group).
    card: the suite's card (README): what it measures and where its design comes from.
    tasks: Inspect task name -> the ``@task`` function.
    offline_model: the model a task runs with when no ``--model`` is given: one name for
        every task, or task name -> model (tasks not named get ``clinbench/chance``).
    rules_baseline: item format -> ``f(item, prompt_text) -> str``, the reply of
        ``clinbench/rules`` to items of that format.
    report_sections: ``f(results) -> list[ReportSection]`` over the suite's own rows.
    demo_runs: ``f(workdir) -> list[DemoRun]``, the suite's offline runs in ``clinbench demo``.
    summary_tables: ``f(results) -> [(title, table, notes)]``, the suite's own tables that
        ``run`` and ``demo`` print beside the generic ones (over the suite's own rows).
    demo_tables: ``f(results) -> [(title, table, notes)]``, tables only the demo prints.
    board_measures: ``f(results) -> DataFrame`` with one row per model, task, condition and
        scorer that the suite measures on a scale of its own over the whole task (a corpus
        word error rate), never an accuracy: columns model, task, condition, scorer,
        measure (its name), value, n (the replies it is over), lower_is_better. The
        leaderboard shows that figure for such a scorer (``stats.leaderboard.summarise``).
    cli: the suite's ``typer.Typer`` app, mounted as ``clinbench <name>``; it lives in the
        command-line package (``clinbench.cli.<name>_commands:app``), whose modules alone may
        use the console and command helpers.
    rubric: the suite's case-rubric file (grade scale, pass rule, critical-error types),
        the default of ``clinbench.scoring.rubric.load_rubric``.
    format_tasks: item format -> the suite task that scores items of that format from the
        user's own item files (it takes ``items``: files, keeping its own format's items), so
        ``clinbench run MY_BANK.jsonl`` scores them the suite's way.
    format_hints: item format -> how the suite scores items of that format when no task of
        ``format_tasks`` takes them from an item file (named when such a bank is refused).
    robustness_checks: patterns (regular expressions, each matching a whole part) of the
        '+' parts of the suite's recorded conditions that make a run a robustness check (a
        perturbation such as noise or pushback: it tests a result, it is not one): the
        leaderboard leaves such runs out unless asked for them. Every other part (a
        prompting condition such as chain of thought or few-shot) is a result of its own.
    """

    name: str
    card: Path
    tasks: Mapping[str, str]
    offline_model: str | Mapping[str, str] = DEFAULT_OFFLINE_MODEL
    rules_baseline: Mapping[str, str] = field(default_factory=dict)
    report_sections: str | None = None
    demo_runs: str | None = None
    summary_tables: str | None = None
    demo_tables: str | None = None
    board_measures: str | None = None
    cli: str | None = None
    rubric: Path | None = None
    format_tasks: Mapping[str, str] = field(default_factory=dict)
    format_hints: Mapping[str, str] = field(default_factory=dict)
    robustness_checks: tuple[str, ...] = ()

    def default_model(self, task: str) -> str:
        """Return the offline model ``task`` runs with when no model is given."""
        if isinstance(self.offline_model, str):
            return self.offline_model
        return self.offline_model.get(task, DEFAULT_OFFLINE_MODEL)


class SuiteRegistryError(SetupError, RuntimeError):
    """Raised for a suite folder that declares no SuiteSpec, or two suites claiming one name."""


def load(reference: str) -> Any:
    """Return the object a ``"module:attribute"`` reference names (importing the module)."""
    module_name, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


@functools.cache
def suites() -> dict[str, SuiteSpec]:
    """Return every registered suite by name (the sub-packages of ``clinbench.suites``)."""
    found: dict[str, SuiteSpec] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        spec = getattr(module, "SUITE", None)
        if not isinstance(spec, SuiteSpec):
            raise SuiteRegistryError(f"{module.__name__} declares no SUITE = SuiteSpec(...)")
        if spec.name in found:
            raise SuiteRegistryError(f"two suites are named {spec.name!r}")
        found[spec.name] = spec
    _check_unique(found.values())
    return found


def _check_unique(specs: Any) -> None:
    for what in ("tasks", "rules_baseline"):
        owner: dict[str, str] = {}
        for spec in specs:
            for key in getattr(spec, what):
                if key in owner:
                    raise SuiteRegistryError(
                        f"{what} {key!r} is declared by both {owner[key]} and {spec.name}"
                    )
                owner[key] = spec.name


def tasks() -> dict[str, str]:
    """Return every suite task name -> its ``"module:function"`` reference."""
    return {name: ref for spec in suites().values() for name, ref in spec.tasks.items()}


def task_suite(name: str) -> SuiteSpec:
    """Return the suite that declares task ``name``; KeyError if none does."""
    for spec in suites().values():
        if name in spec.tasks:
            return spec
    raise KeyError(name)


def task_function(name: str) -> Callable[..., Any]:
    """Return the Inspect task function registered under ``name``; KeyError if unknown."""
    return load(task_suite(name).tasks[name])


def read_cards() -> list[dict[str, Any]]:
    """Return every suite card (``<suite>/suite.yaml``), sorted by suite name, each with its
    folder under ``_dir`` (checked against the data by :mod:`clinbench.suites.cards`)."""
    import yaml

    cards = []
    for path in sorted(SUITES_DIR.glob("*/suite.yaml")):
        card = yaml.safe_load(path.read_text(encoding="utf-8"))
        card["_dir"] = str(path.parent)
        cards.append(card)
    return cards


def shipped_item_file(suite: str, item_id: str) -> Path | None:
    """Return the shipped sample file of ``suite`` that holds item ``item_id`` (None if none).

    Each sample is read through the loader its card names, so this names the file a suite
    task runs on by default (for a message that asks the user for the item files).
    """
    for card in read_cards():
        if card.get("name") != suite:
            continue
        for sample in card.get("samples") or []:
            path = Path(card["_dir"]) / sample["file"]
            items = load(sample["loader"])(str(path))
            if any(str(getattr(item, "id", "")) == str(item_id) for item in items):
                return path
    return None


@functools.cache
def plain_labels() -> dict[str, str]:
    """Return code name -> plain label from every suite card's ``labels`` (tasks, scorers,
    conditions and their parts, pipelines), for the report."""
    labels: dict[str, str] = {}
    for card in read_cards():
        labels.update({str(k): str(v) for k, v in (card.get("labels") or {}).items()})
    return labels


@functools.cache
def _card_versions() -> dict[str, str]:
    return {task: str(card["version"]) for card in read_cards() for task in card.get("tasks") or []}


def suite_version(task: str) -> str | None:
    """Return the card version of the suite that runs ``task`` (None for a task no card lists)."""
    return _card_versions().get(task)


def format_tasks() -> dict[str, str]:
    """Return item format -> the suite task that scores an item file's items of that format."""
    return {fmt: task for spec in suites().values() for fmt, task in spec.format_tasks.items()}


def format_hints() -> dict[str, str]:
    """Return item format -> how a suite scores that format (where no task takes item files)."""
    return {fmt: hint for spec in suites().values() for fmt, hint in spec.format_hints.items()}


@functools.cache
def _check_patterns(suite: str) -> tuple[re.Pattern[str], ...]:
    """Return the compiled check-part patterns of ``suite`` (of every suite for a suite the
    registry does not know, such as an item file's own)."""
    specs = suites()
    chosen = [specs[suite]] if suite in specs else list(specs.values())
    return tuple(re.compile(p) for spec in chosen for p in spec.robustness_checks)


def is_robustness_check(condition: str, suite: str | None = None) -> bool:
    """Return True when a recorded condition is a robustness check: one of its '+' parts is
    one its suite declares a check (``SuiteSpec.robustness_checks``; every suite's, when the
    suite is not a registered one). The one rule every surface that keeps checks apart from
    results asks (``clinbench.stats.leaderboard.is_check_run``)."""
    patterns = _check_patterns(str(suite or ""))
    parts = str(condition).split("+")[1:]  # the first part is the base condition
    return any(p.fullmatch(part) for part in parts for p in patterns)


def rules_baselines() -> dict[str, str]:
    """Return item format -> the rule-based baseline's ``"module:function"``, over all suites."""
    return {fmt: ref for spec in suites().values() for fmt, ref in spec.rules_baseline.items()}
