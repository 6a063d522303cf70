"""What `--help` shows: placeholders in upper case, the same way in every command.

typer shows an option's value as its Python type (``<float>``, ``<list[Path]>``) and an
argument by its parameter name (``{results}``); clinbench's help names every value in upper
case instead (``--threshold THRESHOLD``, ``RESULTS...``), as Unix manuals do, unless the
command set its own metavar (``FILE``, ``ITEMS_OR_SUITE``); ``--out`` reads FILE or DIR.
Flags show no placeholder (``--help`` too); a choice keeps its list of values. Every
``--out``/``--out-dir`` gets ``-o`` where the command has no other ``-o``.
A command's help is its docstring, whose lines are broken for the source file: each paragraph
is joined into one line here (:func:`flowing_help`), so that the terminal wraps it at its own
width (typer keeps single line breaks as they are).
``clinbench.cli.main`` runs the command this returns.
"""

from __future__ import annotations

import inspect
import re
from typing import Any


def placeholder(param: Any) -> str | None:
    """Return the upper-case placeholder for a parameter (None: leave it as it is)."""
    if getattr(param, "metavar", None) is not None:
        return None
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return ""
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is not None and getattr(descriptor, "is_choice", False):
        return None
    name = str(param.name or "value").upper()
    if param.param_type_name == "option" and name in ("OUT", "OUT_DIR"):
        helptext = str(getattr(param, "help", "") or "").lower()
        folder = name == "OUT_DIR" or "folder" in helptext or "directory" in helptext
        return "DIR" if folder else "FILE"
    if param.param_type_name == "argument":
        return name  # typer adds '...' to an argument that takes several values
    return name + ("..." if param.nargs != 1 else "")


def _no_type(ctx: Any = None) -> None:
    return None


def upper_case_placeholders(command: Any) -> Any:
    """Set the placeholder of every parameter of `command` and its sub-commands; return it."""
    params = getattr(command, "params", [])
    shorts = {
        o for p in params for o in [*getattr(p, "opts", []), *getattr(p, "secondary_opts", [])]
    }
    for param in params:
        # -o beside --out (and --out-dir) wherever -o is free: one spelling in every command
        out = {"--out", "--out-dir"} & set(getattr(param, "opts", []))
        if out and param.param_type_name == "option" and "-o" not in shorts:
            param.opts.append("-o")
            shorts.add("-o")
        text = placeholder(param)
        if text is not None:
            param.metavar = text
        if param.param_type_name == "argument":
            # the argument's name already says what to give; typer would add its Python type
            # (<list[Path]>) beside it, so that column is left empty
            param.display_type_rich = _no_type
    _flag_help_option(command)
    for sub in (getattr(command, "commands", None) or {}).values():
        upper_case_placeholders(sub)
    return command


def _flag_help_option(command: Any) -> None:
    """Show ``--help`` as the flag it is: click adds it when help is asked for, as an option
    typer then shows with its Python type (``--help <bool>``); the wrapper gives it no
    placeholder, as every other flag has."""
    original = getattr(command, "get_help_option", None)
    if original is None or getattr(original, "_flag_help", False):
        return

    def get_help_option(ctx: Any) -> Any:
        option = original(ctx)
        if option is not None:
            option.metavar = ""
        return option

    get_help_option._flag_help = True  # type: ignore[attr-defined]
    command.get_help_option = get_help_option


_LIST_ITEM = re.compile(r"\s*(?:[-*•]|\d+[.)])\s")


def _laid_out(paragraph: str) -> bool:
    """Return whether a paragraph is laid out line by line on purpose: click's no-rewrap
    marker ``\\b`` before it, a list item, or an indented line (an example) after its first."""
    lines = paragraph.splitlines()
    return (
        paragraph.startswith("\b")
        or any(_LIST_ITEM.match(line) for line in lines)
        or any(line[:1].isspace() for line in lines[1:])
    )


def flowing(text: str) -> str:
    """Return help text with each paragraph (paragraphs: split at blank lines) on one line,
    but those laid out on purpose (:func:`_laid_out`), which keep their line breaks."""
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(
        p if _laid_out(p) else " ".join(line.strip() for line in p.splitlines()) for p in paragraphs
    )


def flowing_help(command: Any) -> Any:
    """Join the broken lines of `command`'s help and its sub-commands' (:func:`flowing`);
    return it. The options' help is one string already, joined by the terminal."""
    if getattr(command, "help", None):
        command.help = flowing(command.help)
    for sub in (getattr(command, "commands", None) or {}).values():
        flowing_help(sub)
    return command


def command(app: Any) -> Any:
    """Return the click command of a typer app, with upper-case placeholders and help text
    that the terminal wraps (:func:`flowing_help`) throughout."""
    import typer

    return flowing_help(upper_case_placeholders(typer.main.get_command(app)))
