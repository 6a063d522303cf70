"""--help naming across every command: upper-case placeholders, -o beside --out, one spelling."""

from __future__ import annotations

import re

import pytest

from clinbench.cli import _mount, app


@pytest.fixture(scope="module")
def commands() -> dict[str, object]:
    """Return 'group command' -> click command, for every command of the clinbench app."""
    from clinbench.cli.help_text import command as build

    _mount()
    root = build(app)  # the command `clinbench` runs (clinbench.cli.main)
    found: dict[str, object] = {}

    def walk(command, path: str) -> None:
        if getattr(command, "commands", None):
            for name, sub in command.commands.items():
                walk(sub, f"{path} {name}".strip())
        else:
            found[path] = command

    walk(root, "")
    assert len(found) > 30
    return found


def _options(command):
    return [p for p in command.params if p.param_type_name == "option"]


def test_out_has_short_o(commands):
    missing = [
        f"{path}: {', '.join(p.opts)}"
        for path, command in commands.items()
        for p in _options(command)
        if any(o in ("--out", "--out-dir") for o in p.opts)
        and "-o" not in p.secondary_opts + p.opts
    ]
    assert missing == []


def test_placeholders_are_upper_case(commands):
    lower = []
    for path, command in commands.items():
        for param in command.params:
            if getattr(param, "is_flag", False) or getattr(param, "count", False):
                continue
            metavar = param.metavar
            if metavar is None:  # a choice: its values are listed as typed
                assert param.type_descriptor.is_choice, (path, param.name)
                continue
            if metavar != metavar.upper():
                lower.append(f"{path}: {param.name}: {metavar}")
        for text in [command.help or ""] + [getattr(p, "help", "") or "" for p in command.params]:
            for placeholder in re.findall(r"<([A-Za-z_ ]+)>", text):
                if placeholder != placeholder.upper():
                    lower.append(f"{path}: <{placeholder}> in help")
    assert lower == []


def test_one_spelling_per_flag(commands):
    spellings: dict[str, set[str]] = {}
    for command in commands.values():
        for p in _options(command):
            for opt in p.opts:
                if opt.startswith("--"):
                    spellings.setdefault(re.sub(r"[-_]", "", opt.lower()), set()).add(opt)
    clashes = {k: v for k, v in spellings.items() if len(v) > 1}
    assert clashes == {}
    # the same meaning under two names
    for a, b in (("--json", "--as-json"), ("--outdir", "--out-dir"), ("--nboot", "--n-boot")):
        assert not (
            {a} <= set().union(*spellings.values()) and {b} <= set().union(*spellings.values())
        ), (a, b)


def test_format_on_every_table_command(commands):
    printing = ["run", "demo", "leaderboard show", "leaderboard trend", "ausclin summary",
                "ausclin verdict", "ausclin exclusions"]  # fmt: skip
    for path in printing:
        opts = {o for p in _options(commands[path]) for o in p.opts}
        assert "--format" in opts, path


def test_short_o_parses(tmp_path):
    import subprocess
    import sys

    bad = tmp_path / "bad.csv"
    bad.write_text("suite,model\na,m\n")
    # -o reaches the command as --out would (the entry point `clinbench` runs main()): the
    # error names the input, not an unknown option
    done = subprocess.run(
        [sys.executable, "-c", "from clinbench.cli import main; main()", "report", str(bad),
         "-o", str(tmp_path / "r.html")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2 and "missing column(s)" in done.stderr, done.stderr


def test_every_help_page_at_80_columns_reads_cleanly(monkeypatch):
    """Render each `--help` (every group and command) as a user sees it at 80 columns: no
    Python type in angle brackets (`--help <bool>`, `<float>`), no line wider than 80."""
    from click.testing import CliRunner

    from .commands import every_command

    monkeypatch.setenv("COLUMNS", "80")
    root, paths = every_command()
    assert len(paths) > 40
    noisy, wide = [], []
    for path in paths:
        result = CliRunner().invoke(root, [*path, "--help"], terminal_width=80)
        assert result.exit_code == 0 and "Usage" in result.output, (path, result.output)
        for line in result.output.splitlines():
            if re.search(r"<[A-Za-z_][A-Za-z0-9_\[\], ]*>", line):
                noisy.append(f"{' '.join(path) or 'clinbench'}: {line.strip()}")
            if len(line) > 80:
                wide.append(f"{' '.join(path) or 'clinbench'}: {len(line)}")
    assert noisy == [] and wide == []
