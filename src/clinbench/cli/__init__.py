"""The clinbench command line: a thin typer shell over the package's functions.

Each area owns a ``typer.Typer`` app in its own ``cli`` module; this file only
mounts them. Area CLI modules keep heavy imports inside their commands so that
``clinbench --help`` stays fast.
"""

from __future__ import annotations

import importlib
from typing import Any

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
    ("items", "clinbench.cli.items_commands"),
    ("results", "clinbench.cli.results_commands"),
    ("audiogram", "clinbench.cli.audiogram_commands"),
    ("stats", "clinbench.cli.stats_commands"),
    ("audit", "clinbench.cli.audit_commands"),
    ("curate", "clinbench.cli.curate_commands"),
    ("leaderboard", "clinbench.cli.leaderboard_commands"),
    ("verdict", "clinbench.cli.verdict_commands"),
    ("local", "clinbench.cli.local_commands"),
]

# (module, function) pairs mounted as top-level commands; each module registers its own name.
_COMMANDS = [
    "clinbench.cli.run",
    "clinbench.cli.resume",
    "clinbench.cli.report_commands",
    "clinbench.cli.cards_commands",
]


def _mount() -> None:
    """Mount the command groups and the top-level commands on ``app``.

    Called again (each test module that invokes the app calls it), it adds nothing twice:
    typer builds every registered group on each invocation, and after 50 calls each
    invocation built the tree 50 times (2.4 CPU s instead of 0.05 s). The last entry of
    each name stays last, so a name registered again with another function is still the
    one that runs.
    """
    for name, module_name in _GROUPS:
        module = importlib.import_module(module_name)
        app.add_typer(module.app, name=name)
    for name, spec in suites().items():
        if spec.cli is not None:
            app.add_typer(load(spec.cli), name=name)
    for module_name in _COMMANDS:
        module = importlib.import_module(module_name)
        module.register(app)
    _keep_last(app.registered_groups, lambda info: (info.name, id(info.typer_instance)))
    _keep_last(app.registered_commands, lambda info: (info.name, info.callback))


def _keep_last(infos: list, key: Any) -> None:
    """Drop, in place, every entry of ``infos`` whose ``key`` a later entry repeats."""
    seen: set = set()
    kept = []
    for info in reversed(infos):
        if key(info) not in seen:
            seen.add(key(info))
            kept.append(info)
    infos[:] = kept[::-1]


def main() -> None:
    """Run the clinbench command line.

    A file that cannot be written or read (a full disk, a read-only folder, a parent that
    cannot be made) ends the command with one line naming the path and the cause, exit 2,
    never a traceback; atomic writes have left the old file as it was. Any other error of
    clinbench's family (:class:`clinbench.errors.ClinbenchError`: bad input, a missing
    dependency, a failed provider, a setup problem) that a command did not report itself
    ends the same way: ``error: MESSAGE`` on stderr, exit 2. The exit codes commands set on
    purpose (3: a run with error rows; 130/143: interrupted) are theirs.
    """
    import sys

    from clinbench.cli.help_text import command
    from clinbench.errors import ClinbenchError
    from clinbench.io import file_problem

    _mount()
    try:
        command(app)(prog_name="clinbench")
    except OSError as err:
        from clinbench.cli.console import fit_message

        print(fit_message(f"error: {file_problem(err)}", stream=sys.stderr), file=sys.stderr)
        sys.exit(2)
    except ClinbenchError as err:
        from clinbench.cli.console import fit_message

        print(fit_message(f"error: {err}", stream=sys.stderr), file=sys.stderr)
        sys.exit(2)
    finally:
        # the interpreter's last collection walks every object of a large run (2.4 s of a
        # Ctrl-C's 7.5 s at 1,000 samples): frozen objects are left to the OS to reclaim
        import gc

        gc.freeze()
