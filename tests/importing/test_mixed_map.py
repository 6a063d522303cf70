"""One map for a spreadsheet that mixes MCQ and TF rows (issue 31 item 4): the format comes
from a column, each format with its own answer rule; the README's example is the one run."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from clinbench.cli import _mount, app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
_mount()


def _block(marker: str, language: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(rf"<!-- {marker}:start -->\n```{language}\n(.*?)```\n<!-- {marker}:end -->",
                      text, re.S)  # fmt: skip
    assert block, f"README block {marker} not found"
    return block.group(1)


def _write_example(folder: Path) -> tuple[Path, Path]:
    source = folder / "mixed.csv"
    source.write_text(_block("mixed-csv", "csv"), encoding="utf-8")
    mapping = folder / "mixed_map.yaml"
    mapping.write_text(_block("mixed-map", "yaml"), encoding="utf-8")
    return source, mapping


def test_the_readme_mixed_spreadsheet_imports_with_one_map(tmp_path):
    source, mapping = _write_example(tmp_path)
    out = tmp_path / "items.jsonl"
    result = runner.invoke(app, ["items", "import", str(source), "--map", str(mapping),
                                 "-o", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    items = [json.loads(line) for line in out.read_text().splitlines()]
    by_format = {}
    for item in items:
        by_format.setdefault(item["format"], []).append(item)
    assert set(by_format) == {"mcq", "tf"}
    assert all(isinstance(i["answer"], bool) for i in by_format["tf"])
    assert all(re.fullmatch(r"[A-E]", i["answer"]) for i in by_format["mcq"])
    assert all("options" not in i for i in by_format["tf"])
    # and the items run as they are
    done = runner.invoke(app, ["run", str(out), "--log-dir", str(tmp_path / "logs"),
                               "--display", "none"])  # fmt: skip
    assert done.exit_code == 0, done.output


def test_each_format_keeps_its_answer_rule(tmp_path):
    source, mapping = _write_example(tmp_path)
    lines = source.read_text().splitlines()
    header = lines[0].split(",")
    tf_line = next(i for i, ln in enumerate(lines) if ",TF," in f",{ln},")
    mcq_line = next(i for i, ln in enumerate(lines) if ",MCQ," in f",{ln},")
    answer = header.index(next(h for h in header if h.lower().startswith("correct")))

    def with_answer(index: int, value: str) -> str:
        cells = lines[index].split(",")
        cells[answer] = value
        return ",".join(cells)

    lines[tf_line] = with_answer(tf_line, "maybe")  # not a true/false word
    lines[mcq_line] = with_answer(mcq_line, "true")  # not a letter
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "items.jsonl"
    result = runner.invoke(app, ["items", "import", str(source), "--map", str(mapping),
                                 "-o", str(out)])  # fmt: skip
    assert result.exit_code == 2 and not out.exists()
    assert re.search(rf"mixed\.csv:{tf_line + 1}: .*'maybe'.*true or false", result.stderr)
    assert re.search(rf"mixed\.csv:{mcq_line + 1}: .*'true'.*letter", result.stderr)


def test_an_unknown_format_value_names_the_ones_the_map_knows(tmp_path):
    source, mapping = _write_example(tmp_path)
    text = source.read_text().replace(",TF,", ",Essay,", 1)
    source.write_text(text)
    result = runner.invoke(app, ["items", "import", str(source), "--map", str(mapping),
                                 "-o", str(tmp_path / "x.jsonl")])  # fmt: skip
    assert result.exit_code == 2
    assert "'Essay'" in result.stderr and "MCQ" in result.stderr and "TF" in result.stderr
