"""The README's import example runs as written, from the repository root (issue 16)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from clinbench.cli import _mount, app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
_mount()


def _commands() -> list[list[str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- import-example:start -->\n```bash\n(.*?)```", text, re.S)
    assert block, "README import example not found"
    return [shlex.split(line)[1:] for line in block.group(1).splitlines() if line.strip()]


def test_readme_import_example_works_as_written(tmp_path, monkeypatch):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    commands = _commands()
    assert len(commands) >= 4
    for args in commands:
        result = runner.invoke(app, [*args, "--display", "none"] if args[0] == "run" else args)
        assert result.exit_code == 0, (args, result.output)
    assert (tmp_path / "pubmedqa.parquet").exists() and (tmp_path / "mine.jsonl").exists()


def _block(marker: str, language: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(rf"<!-- {marker}:start -->\n```{language}\n(.*?)```\n<!-- {marker}:end -->",
                      text, re.S)  # fmt: skip
    assert block, f"README block {marker} not found"
    return block.group(1)


def _readme_items(folder: Path) -> Path:
    """Write the README's item lines as a file (with the audio clip its audio line names)."""
    import shutil

    from clinbench.suites.slp.tasks import SAMPLE_MANIFEST

    items = folder / "my_items.jsonl"
    items.write_text(_block("item-lines", "json"), encoding="utf-8")
    (folder / "clips").mkdir()
    shutil.copy(SAMPLE_MANIFEST.parent / "clips" / "slp-s01.wav", folder / "clips/q8.wav")
    return items


def test_readme_item_lines_load_with_the_real_loader_one_per_format(tmp_path):
    from clinbench.items.loader import load_items
    from clinbench.items.model import FORMATS

    items = load_items(_readme_items(tmp_path))
    assert sorted({i.format for i in items}) == sorted(FORMATS)  # every format has a line
    assert len(items) == len(_block("item-lines", "json").strip().splitlines())
    assert any(i.context for i in items)


def test_readme_responses_template_passes_import_responses_and_replays_correct(tmp_path):
    from clinbench.results import read_results

    items = _readme_items(tmp_path)
    replies = tmp_path / "replies.csv"
    replies.write_text(_block("responses-template", "csv"), encoding="utf-8")
    result = runner.invoke(app, ["import-responses", str(replies), "--items", str(items)])
    assert result.exit_code == 0, result.output
    for kind in ("unparseable", "ambiguous", "needs turn 1", "unknown item", "duplicate"):
        assert kind not in result.output, result.output
    # the template's replies are right answers: replayed over the closed items they all score
    closed = tmp_path / "closed.jsonl"
    lines = items.read_text().splitlines()
    closed.write_text("\n".join(line for line in lines if '"case"' not in line
                                and '"audio"' not in line) + "\n")  # fmt: skip
    out = tmp_path / "results.csv"
    result = runner.invoke(app, ["run", str(closed), "--model", "clinbench/replay/my-model",
                                 "-M", f"responses={replies}", "--log-dir",
                                 str(tmp_path / "logs"), "--out", str(out),
                                 "--display", "none"])  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = read_results(out)
    assert len(rows) == 6 and (rows["outcome"] == "correct").all(), rows[["item_id", "outcome"]]
