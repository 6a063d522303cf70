"""The suite registry: suites declare themselves, and a fourth suite is one new folder."""

from __future__ import annotations

import sys
import textwrap

import pandas as pd
import pytest
import typer
from typer.testing import CliRunner

import clinbench.suites as registry
from clinbench import demo_runner as demo
from clinbench import item_tasks as tasks
from clinbench.items.loader import load_items
from clinbench.items.sample import from_metadata
from clinbench.providers.rules import NoRuleBaseline, rules_reply
from clinbench.report.sections import suite_sections

TOY = """
from pathlib import Path

from clinbench.suites import SuiteSpec

SUITE = SuiteSpec(
    name="toy",
    card=Path(__file__).parent / "README.md",
    tasks={"toy_task": "clinbench.suites.toy.parts:toy_task"},
    offline_model="clinbench/rules",
    rules_baseline={"tf": "clinbench.suites.toy.parts:always_true"},
    report_sections="clinbench.suites.toy.parts:sections",
    demo_runs="clinbench.suites.toy.parts:demo_runs",
    cli="clinbench.suites.toy.parts:app",
)
"""
PARTS = """
import typer
from inspect_ai import task

from clinbench.demo_spec import DemoRun
from clinbench.report.sections import ReportSection
from clinbench.item_tasks import SAMPLE_ITEMS, clinbench_items

app = typer.Typer()


@app.command()
def hello(name: str = "world") -> None:
    typer.echo(f"toy says hello to {name}")


@app.command()
def other() -> None:
    pass


@task
def toy_task(formats: str = "tf"):
    return clinbench_items(items=str(SAMPLE_ITEMS), formats=formats)


def always_true(item, prompt_text):
    return "ANSWER: true"


def sections(rows):
    return [ReportSection(title=f"toy rows: {len(rows)}")]


def demo_runs(workdir):
    return [DemoRun("toy: rules", toy_task(), ["clinbench/rules"])]
"""


@pytest.fixture
def toy_suite(tmp_path, monkeypatch):
    folder = tmp_path / "toy"
    folder.mkdir()
    (folder / "__init__.py").write_text(textwrap.dedent(TOY))
    (folder / "parts.py").write_text(textwrap.dedent(PARTS))
    (folder / "README.md").write_text("# Toy suite\n")
    monkeypatch.setattr(registry, "__path__", [*registry.__path__, str(tmp_path)])
    registry.suites.cache_clear()
    yield registry.suites()["toy"]
    registry.suites.cache_clear()
    for name in [m for m in sys.modules if m.startswith("clinbench.suites.toy")]:
        del sys.modules[name]


def test_the_three_suites_declare_themselves():
    found = registry.suites()
    assert list(found) == ["audiology", "ausclin", "slp"]
    assert all(spec.card.is_file() for spec in found.values())
    assert registry.tasks()["ausclin"] == "clinbench.suites.ausclin.tasks:ausclin"
    for name in registry.tasks():  # every reference loads
        assert callable(registry.task_function(name))
    assert set(registry.rules_baselines()) == {"case", "audio"}


def test_offline_defaults_come_from_the_suites():
    assert tasks.default_model(["audiology_cases"]) == "clinbench/rules"
    assert tasks.default_model(["audiology_objective"]) == "clinbench/chance"
    assert tasks.default_model(["slp_symptom"]) == "clinbench/rules"
    assert tasks.default_model(["ausclin"]) == "clinbench/chance"
    # an item file is never a suite task, whatever its name
    assert tasks.default_model(["slp_items.jsonl"]) == "clinbench/chance"


def test_a_fourth_suite_is_one_new_folder(toy_suite, tmp_path):
    assert "toy_task" in registry.tasks()
    assert tasks.default_model(["toy_task"]) == "clinbench/rules"
    task = tasks.resolve_task(["toy_task"], {"formats": "tf"})
    assert {from_metadata(s.metadata).format for s in task.dataset} == {"tf"}
    # clinbench/rules answers the formats the suite declares
    tf_item = next(i for i in load_items([tasks.SAMPLE_ITEMS]) if i.format == "tf")
    assert rules_reply(tf_item, "") == "ANSWER: true"
    # its report sections get its own rows
    rows = pd.DataFrame({"suite": ["toy", "toy", "elsewhere"]})
    sections, problems = suite_sections(rows)
    assert problems == [] and [s.title for s in sections] == ["toy rows: 2"]
    assert sections[0].suite == "toy"
    # its demo runs join the demo
    assert "toy: rules" in [r.label for r in demo.demo_runs(tmp_path)]
    # and its command group is mounted
    from clinbench import cli

    monkeypatch_app = typer.Typer()
    original, cli.app = cli.app, monkeypatch_app
    try:
        cli._mount()
        result = CliRunner().invoke(monkeypatch_app, ["toy", "hello", "--name", "reader"])
    finally:
        cli.app = original
    assert result.exit_code == 0, result.output
    assert "toy says hello to reader" in result.output


def test_a_format_no_suite_answers_is_refused():
    item = next(i for i in load_items([tasks.SAMPLE_ITEMS]) if i.format == "mcq")
    with pytest.raises(NoRuleBaseline, match="answers: audio, case"):
        rules_reply(item, "")


def test_a_folder_without_a_spec_and_a_claimed_task_are_refused(tmp_path, monkeypatch):
    (tmp_path / "nospec").mkdir()
    (tmp_path / "nospec" / "__init__.py").write_text("")
    monkeypatch.setattr(registry, "__path__", [*registry.__path__, str(tmp_path)])
    registry.suites.cache_clear()
    try:
        with pytest.raises(registry.SuiteRegistryError, match="nospec declares no SUITE"):
            registry.suites()
        (tmp_path / "nospec" / "__init__.py").write_text(
            "from pathlib import Path\nfrom clinbench.suites import SuiteSpec\n"
            "SUITE = SuiteSpec(name='nospec', card=Path('x'), tasks={'ausclin': 'm:f'})\n"
        )
        sys.modules.pop("clinbench.suites.nospec", None)
        with pytest.raises(registry.SuiteRegistryError, match="'ausclin' is declared by both"):
            registry.suites()
    finally:
        registry.suites.cache_clear()
        sys.modules.pop("clinbench.suites.nospec", None)


def test_resolve_task_names_what_is_wrong(tmp_path):
    with pytest.raises(ValueError, match="neither an item file nor a suite task .*ausclin"):
        tasks.resolve_task([str(tmp_path / "missing.jsonl")])
    with pytest.raises(ValueError, match="task ausclin has no argument colour"):
        tasks.resolve_task(["ausclin"], {"colour": "blue"})
    task = tasks.resolve_task([str(tasks.SAMPLE_ITEMS)], {"formats": "mcq"})
    assert task.name == "clinbench_items"
    assert {from_metadata(s.metadata).format for s in task.dataset} == {"mcq"}
