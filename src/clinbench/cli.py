"""The clinbench command line: a thin typer shell over the package's functions.

Each area owns a ``typer.Typer`` app in its own ``cli`` module; this file only
mounts them. Area CLI modules keep heavy imports inside their commands so that
``clinbench --help`` stays fast.
"""

from __future__ import annotations

import importlib

import typer

from clinbench.suites import load, suites

app = typer.Typer(
    name="clinbench",
    help=(
        "Build, run, score, audit and analyse benchmarks of language models in clinical "
        "specialties. Runs offline with clinbench's own baseline models; any Inspect AI "
        "model provider works online."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# (sub-command group, module holding a typer app named `app`); each suite's own group comes
# from the suite registry (``SuiteSpec.cli``).
_GROUPS = [
    ("items", "clinbench.items.cli"),
    ("results", "clinbench.results.cli"),
    ("audiogram", "clinbench.audiogram.cli"),
    ("stats", "clinbench.stats.cli"),
    ("audit", "clinbench.audit.cli"),
    ("curate", "clinbench.curate.cli"),
    ("leaderboard", "clinbench.stats.leaderboard_cli"),
    ("verdict", "clinbench.stats.verdict_cli"),
    ("local", "clinbench.providers.local_cli"),
]

# (module, function) pairs mounted as top-level commands; each module registers its own name.
_COMMANDS = [
    "clinbench.run_cli",
    "clinbench.resume_cli",
    "clinbench.report.cli",
    "clinbench.suites.cards_cli",
]


def _mount() -> None:
    for name, module_name in _GROUPS:
        module = importlib.import_module(module_name)
        app.add_typer(module.app, name=name)
    for name, spec in suites().items():
        if spec.cli is not None:
            app.add_typer(load(spec.cli), name=name)
    for module_name in _COMMANDS:
        module = importlib.import_module(module_name)
        module.register(app)


def main() -> None:
    """Run the clinbench command line.

    A file that cannot be written or read (a full disk, a read-only folder, a parent that
    cannot be made) ends the command with one line naming the path and the cause, exit 2,
    never a traceback; atomic writes have left the old file as it was.
    """
    import sys

    from clinbench.help_text import command
    from clinbench.io import file_problem

    _mount()
    try:
        command(app)(prog_name="clinbench")
    except OSError as err:
        print(f"error: {file_problem(err)}", file=sys.stderr)
        sys.exit(2)
    finally:
        # the interpreter's last collection walks every object of a large run (2.4 s of a
        # Ctrl-C's 7.5 s at 1,000 samples): frozen objects are left to the OS to reclaim
        import gc

        gc.freeze()
