"""Shared test fixtures: the bundled sample items and the replay fixture."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

# Offline always: never let a test reach a hub or an API.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("INSPECT_DISPLAY", "none")
# clinbench's user cache (kept transcripts, the assembled bundled Whisper model) goes to a
# folder of this test session, never the user's own.
os.environ["CLINBENCH_CACHE_DIR"] = tempfile.mkdtemp(prefix="clinbench-test-cache-")
atexit.register(shutil.rmtree, os.environ["CLINBENCH_CACHE_DIR"], ignore_errors=True)

DATA = Path(__file__).resolve().parents[1] / "src" / "clinbench" / "data"


@pytest.fixture
def sample_items_path() -> Path:
    return DATA / "sample_items.jsonl"


@pytest.fixture
def replay_fixture_path() -> Path:
    return DATA / "replay_fixture.csv"


@pytest.fixture
def slow_server(monkeypatch, tmp_path):
    """Yield the handler class of a slow local OpenAI-compatible server (tests/slow_server.py).

    The server runs on 127.0.0.1 for the test, ``openai-api/local/...`` points at it, and
    Inspect's sample buffer lives in the test's folder. Set ``delay``/``hold_after`` with
    ``reset`` before the run starts.
    """
    from tests.local_openai import serve
    from tests.slow_server import SlowChat

    class Chat(SlowChat):  # class state of this test only
        pass

    Chat.reset()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "inspect-data"))
    with serve(Chat, monkeypatch):
        try:
            yield Chat
        finally:
            Chat.release.set()  # before the server closes: it joins its handler threads


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI (CI set), a skipped test fails: CI installs everything the tests need.

    Locally a test may skip when an optional tool (Debian's chromium, the NLI extra) is
    missing; in CI that would hide a broken install step, so it is reported as a failure.
    """
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, where every test must run: {reason}"


# End-to-end tests, marked `slow` here in one list (rather than a decorator in each file):
# a whole Inspect run, a browser, a local server, a killed process, or a fresh interpreter
# per case. `pytest -m "not slow"` leaves them out; CI runs them. A file path marks every
# test in the file; `path::test` marks one test (all its parameters).
# tests/test_slow_marker.py checks each entry still names a test that exists.
SLOW_TESTS = (
    "tests/api/test_majority_in_memory.py",
    "tests/api/test_python_api.py::test_the_readme_from_python_block_runs_as_written",
    "tests/audio/test_asr_cache.py",
    "tests/audit/test_app.py::test_twenty_concurrent_reviewers_lose_no_label",
    "tests/audit/test_audit_browser.py",
    "tests/audit/test_audit_form_browser.py",
    "tests/audit/test_baseline.py::test_reviewers_answer_cases_and_the_answers_are_scored_like_a_model",
    "tests/cli/test_help_naming.py::test_every_help_page_at_80_columns_reads_cleanly",
    "tests/cli/test_help_naming.py::test_short_o_parses",
    "tests/console/test_console.py::test_run_prints_every_task_type_and_takes_format",
    "tests/console/test_format_everywhere.py::test_format_json_is_one_json_document",
    "tests/engine/test_bounded_run.py",
    "tests/engine/test_engine.py::test_chance_baseline_is_seeded_and_sets_usage",
    "tests/engine/test_engine.py::test_inspect_eval_cli_runs_a_clinbench_task_with_chance",
    "tests/engine/test_eval_set.py",
    "tests/engine/test_resume.py::test_sigkill_then_resume_loses_nothing_and_counts_nothing_twice",
    "tests/engine/test_sharded_run.py::test_sharded_run_gives_the_unsharded_table",
    "tests/engine/test_sharded_run.py::test_a_killed_worker_is_resumed_without_duplicates",
    "tests/robust/test_ctrl_c_stops_a_long_run.py",
    "tests/robust/test_interrupted_run.py::test_ctrl_c_during_resume_then_a_second_resume_loses_nothing_and_counts_nothing_twice",
    "tests/importing/test_healthbench.py::test_import_validate_replay_export",
    "tests/importing/test_import.py::test_import_validate_run_chance_and_majority_export",
    "tests/importing/test_readme_example.py::test_readme_import_example_works_as_written",
    "tests/items/test_item_table.py::test_scorers_get_every_item_even_when_memory_is_collected_mid_run",
    "tests/items/test_item_table.py::test_the_item_table_does_not_grow_over_repeated_runs",
    "tests/packaging/test_lazy_imports.py",
    "tests/packaging/test_no_work_at_import.py::test_importing_a_stats_module_imports_no_suite",
    "tests/report/test_browser.py",
    "tests/report/test_outputs.py::test_analysis_is_the_same_with_its_bootstraps_drawn_ahead",
    "tests/report/test_outputs.py::test_analyze_is_byte_identical",
    "tests/report/test_outputs.py::test_cli_analyze_of_the_csv_export_gives_the_same_tables",
    "tests/report/test_outputs.py::test_report_is_reproducible",
    "tests/results/test_cost.py::test_export_with_prices_and_cost_command",
    "tests/scoring/test_nli.py::test_tiny_model_loads_and_classifies_deterministically",
    "tests/stats/test_agreement.py::test_bootstrap_matches_a_per_resample_loop",
    "tests/suites/audiology/test_claim_reader_model.py",
    "tests/suites/audiology/test_run_report_demo.py::test_nli_scorer_and_multipass_stability",
    "tests/suites/ausclin/test_report.py",
    "tests/suites/ausclin/test_retrieval.py::test_retrieval_task_calls_the_search_tool",
    "tests/suites/slp/test_slp_tasks.py::test_five_scenarios_asr_pipeline_with_rules",
)


def pytest_collection_modifyitems(config, items):
    """Mark the tests of SLOW_TESTS `slow` (see pyproject's markers)."""
    root = Path(__file__).resolve().parents[1]
    for item in items:
        path = Path(str(item.fspath)).resolve().relative_to(root).as_posix()
        name = item.name.split("[")[0]
        if path in SLOW_TESTS or f"{path}::{name}" in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
