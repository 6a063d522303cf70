"""The demo reuses its speech decodes across runs (issue 32, item 6): transcripts kept in the
user's cache folder, keyed on content, whatever the demo's output folder; a flag clears it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from inspect_ai import eval as inspect_eval
from typer.testing import CliRunner

from clinbench import demo_runner as demo
from clinbench.audio.asr.cache import clear_transcript_cache, transcript_cache_dir
from clinbench.io import CACHE_ENV
from clinbench.suites.slp.demo import demo_runs

ROOT = Path(__file__).resolve().parents[3]


def _asr_details(out: Path, logs: Path) -> list[dict]:
    [run] = [r for r in demo_runs(out) if r.label == "slp slp_transcription: ASR pipeline"]
    [log] = inspect_eval(run.task, model=run.models, log_dir=str(logs), display="none", limit=3)
    assert log.status == "success"
    return [sample.metadata["asr"]["details"] for sample in log.samples]


def test_a_later_demo_in_another_folder_reuses_the_decodes(tmp_path: Path, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "user-cache"))
    first = _asr_details(tmp_path / "demo-a", tmp_path / "logs-a")
    assert [d.get("cache") for d in first] == [None] * 3  # decoded
    kept = list(transcript_cache_dir().rglob("*.json"))
    assert len(kept) == 3 and transcript_cache_dir().is_relative_to(tmp_path / "user-cache")
    second = _asr_details(tmp_path / "demo-b", tmp_path / "logs-b")
    assert [d.get("cache") for d in second] == ["hit"] * 3  # read back, not decoded
    assert clear_transcript_cache() == 3 and not list(transcript_cache_dir().rglob("*.json"))
    third = _asr_details(tmp_path / "demo-b", tmp_path / "logs-c")
    assert [d.get("cache") for d in third] == [None] * 3  # cleared: decoded again


def test_run_demo_clears_the_transcript_cache_on_request(tmp_path: Path, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "user-cache"))
    monkeypatch.setattr(demo, "demo_runs", lambda out: demo.foundation_demo_runs()[:1])
    entry = transcript_cache_dir() / "ab" / "ab12.json"
    entry.parent.mkdir(parents=True)
    entry.write_text("{}")
    kept = demo.run_demo(tmp_path / "out", limit=1)
    assert kept.cleared is None and entry.exists()
    cleared = demo.run_demo(tmp_path / "out", limit=1, clear_cache=True)
    assert cleared.cleared == {"speech transcripts": 1, "noisy clips": 0}
    assert not entry.exists() and cleared.failed == []


def test_demo_clear_cache_flag_reaches_run_demo(tmp_path: Path, monkeypatch):
    from clinbench.cli import _mount, app

    _mount()

    seen = {}
    real = demo.run_demo

    def recording(out, progress=None, limits=None, clear_cache=False, **options):
        seen["clear_cache"] = clear_cache
        return real(out, progress, limits, clear_cache=clear_cache, limit=1, **options)

    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "user-cache"))
    monkeypatch.setattr(demo, "demo_runs", lambda out: demo.foundation_demo_runs()[:1])
    monkeypatch.setattr(demo, "run_demo", recording)
    result = CliRunner().invoke(app, ["demo", "--clear-cache", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert seen == {"clear_cache": True}
    assert "Cache cleared first: removed 0 speech transcripts, 0 noisy clips." in result.output


def _one_noisy_asr_run(out: Path) -> list[demo.DemoRun]:
    from clinbench.suites.slp import tasks

    asr = f"pocketsphinx:cache={transcript_cache_dir()}"
    task = tasks.slp_task("slp_transcription", pipeline="asr", asr=asr, noise="synthetic_babble",
                          snr_db=20.0)  # fmt: skip
    return [demo.DemoRun("noisy", task, ["clinbench/rules"])]


def test_a_warm_demo_reads_back_its_clips_and_transcripts_and_says_so(tmp_path: Path, monkeypatch):
    from clinbench.cli import _mount, app

    _mount()
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "user-cache"))
    monkeypatch.setattr(demo, "demo_runs", _one_noisy_asr_run)
    real = demo.run_demo
    results = []

    def limited(out, progress=None, limits=None, clear_cache=False, **options):
        results.append(real(out, progress, limits, clear_cache=clear_cache, limit=2, **options))
        return results[-1]

    monkeypatch.setattr(demo, "run_demo", limited)
    cold = CliRunner().invoke(app, ["demo", "--clear-cache", "-o", str(tmp_path / "cold")])
    warm = CliRunner().invoke(app, ["demo", "-o", str(tmp_path / "warm")])
    assert cold.exit_code == 0 and warm.exit_code == 0, cold.output + warm.output
    clips = len(list((tmp_path / "user-cache" / "noisy-clips").rglob("*.wav")))
    assert clips > 2  # every item of the task is mixed when the task is built (limit: 2 run)
    assert results[0].from_cache == {"noisy clips": (0, clips), "speech transcripts": (0, 2)}
    assert results[1].from_cache == {"noisy clips": (clips, 0), "speech transcripts": (2, 0)}
    assert (f"Read back from the user cache (keyed on content; --clear-cache empties it): "
            f"noisy clips {clips} of {clips}, speech transcripts 2 of 2. Every evaluation ran "
            "afresh.") in " ".join(warm.output.split())  # fmt: skip
    # every evaluation ran again, and wrote what the cold run wrote (the benchmark's compare)
    spec = importlib.util.spec_from_file_location("compare", ROOT / "benchmarks" /
                                                  "demo_results_compare.py")  # fmt: skip
    tables = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tables)
    lines = tables.compare(*(tables.read(r.results_path) for r in results))
    assert len(results[0].results) > 0 and not [x for x in lines if x.startswith("DIFFERS")]
    assert results[1].cleared is None and results[0].cleared == {"speech transcripts": 0,
                                                                 "noisy clips": 0}  # fmt: skip


def test_the_demo_closing_lines_reach_its_own_output_if_stdout_is_swapped_during_the_run(
    tmp_path: Path, monkeypatch
):
    """Once in CI every line after the progress bar was missing: something else in the process
    had swapped sys.stdout while the demo ran. The closing lines go where the tables go."""
    import io
    import sys

    from clinbench.cli import _mount, app

    _mount()
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "user-cache"))
    monkeypatch.setattr(demo, "demo_runs", lambda out: demo.foundation_demo_runs()[:1])
    real = demo.run_demo
    stray = io.StringIO()

    def swapping(out, progress=None, limits=None, clear_cache=False, **options):
        result = real(out, progress, limits, clear_cache=clear_cache, limit=1, **options)
        monkeypatch.setattr(sys, "stdout", stray)  # left in place by "another thread"
        return result

    monkeypatch.setattr(demo, "run_demo", swapping)
    result = CliRunner().invoke(app, ["demo", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "Demo finished in" in result.output and "Logs:" in result.output
    assert "Demo finished in" not in stray.getvalue()
