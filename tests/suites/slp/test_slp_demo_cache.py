"""The demo reuses its speech decodes across runs (issue 32, item 6): transcripts kept in the
user's cache folder, keyed on content, whatever the demo's output folder; a flag clears it."""

from __future__ import annotations

from pathlib import Path

from inspect_ai import eval as inspect_eval
from typer.testing import CliRunner

from clinbench import demo_runner as demo
from clinbench.audio.asr.cache import clear_transcript_cache, transcript_cache_dir
from clinbench.io import CACHE_ENV
from clinbench.suites.slp.demo import demo_runs


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
    assert cleared.cleared == 1 and not entry.exists() and cleared.failed == []


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
    assert "Transcript cache cleared first: 0 kept transcripts removed." in result.output
