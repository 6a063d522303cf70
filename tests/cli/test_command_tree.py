"""The command tree is the user's interface: moving modules must not change it.

Walks every command and sub-command of ``clinbench`` (as ``clinbench.cli.main`` builds it)
and records names, help texts and every parameter (options, arguments, defaults, help,
types). ``command_tree.json`` was recorded on main before the command modules moved into
``clinbench/cli/``; the walk must still give exactly that. Re-record only for a deliberate
change to the command line: ``PYTHONPATH=src python tests/cli/test_command_tree.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).with_name("command_tree.json")


def _plain(value: Any) -> Any:
    """Return a JSON-able, address-free form of a parameter default."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if callable(value):
        return f"<callable {getattr(value, '__name__', type(value).__name__)}>"
    return repr(value)


def _param(param: Any) -> dict[str, Any]:
    return {
        "name": param.name,
        "kind": param.param_type_name,
        "opts": list(param.opts),
        "secondary_opts": list(param.secondary_opts),
        "type": str(getattr(param.type_descriptor, "annotation", None)),
        "is_choice": bool(getattr(param.type_descriptor, "is_choice", False)),
        "min": _plain(getattr(param, "min", None)),
        "max": _plain(getattr(param, "max", None)),
        "show_default": _plain(getattr(param, "show_default", None)),
        "required": param.required,
        "default": _plain(param.default),
        "nargs": param.nargs,
        "multiple": param.multiple,
        "is_flag": getattr(param, "is_flag", False),
        "count": getattr(param, "count", False),
        "hidden": getattr(param, "hidden", False),
        "metavar": param.metavar,
        "envvar": param.envvar,
        "help": getattr(param, "help", None),
    }


def walk(command: Any, path: str = "clinbench") -> dict[str, Any]:
    """Return path -> what the user sees of that command, for the command and all below it."""
    found = {
        path: {
            "help": command.help,
            "short_help": command.short_help,
            "epilog": command.epilog,
            "hidden": command.hidden,
            "deprecated": command.deprecated,
            "no_args_is_help": getattr(command, "no_args_is_help", None),
            "params": [_param(p) for p in command.params],
            "subcommands": sorted(getattr(command, "commands", None) or {}),
        }
    }
    for name, sub in sorted((getattr(command, "commands", None) or {}).items()):
        found.update(walk(sub, f"{path} {name}"))
    return found


def command_tree() -> dict[str, Any]:
    """Return the tree of the command `clinbench` runs."""
    import clinbench.cli as cli
    from clinbench.cli.help_text import command

    cli._mount()
    return walk(command(cli.app))


def test_the_command_tree_is_unchanged():
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))
    now = json.loads(json.dumps(command_tree()))
    assert sorted(now) == sorted(recorded)
    changed = [path for path in recorded if now[path] != recorded[path]]
    assert changed == [], changed
    assert len(recorded) > 60  # every group, sub-command and suite command


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(command_tree(), indent=1, sort_keys=True) + "\n")
    print(f"recorded {FIXTURE}", file=sys.stderr)
