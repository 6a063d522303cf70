"""clinbench's errors: one family, named for what the user can put right.

Every error clinbench raises on purpose derives from :class:`ClinbenchError`, through one of
the few kinds below. The kinds add no builtin base: each area's own class (``ItemFileError``,
``RubricError``, ``StatsInputError`` ...) derives from its kind *and* keeps the builtin base
it always had (``ValueError``, ``RuntimeError``, ``OSError`` ...), so every ``except`` that
caught it before catches it still, and none catches more than before.

The command line turns any of them into one ``error: MESSAGE`` on stderr and exit code 2
(``clinbench.cli.main``); the message says what is wrong and where (``file:line: field:
message`` where there is a file).

Four exceptions stay outside the family on purpose: ``clinbench.scoring.outcomes.CannotAnswer``
is an outcome (a baseline with no way to answer an item), not a mistake, and the private cell
error of ``clinbench.curate.review``, the private signal of ``clinbench.audiogram.alternation``
(a pattern item whose first characters it does not work out) and the private field problem of
``clinbench.scoring.rubric`` (a rubric-wide check's field, carried out of pydantic's validation
into the ``RubricError`` message) never leave their modules.

Like scikit-learn's ``sklearn.exceptions``, the family is small: catch ``ClinbenchError`` for
"anything clinbench refused", or a kind for one sort of problem.

Examples
--------
>>> from clinbench.errors import ClinbenchError, InputFileError
>>> from clinbench.items import ItemFileError
>>> issubclass(ItemFileError, InputFileError) and issubclass(ItemFileError, ValueError)
True
>>> issubclass(InputFileError, ClinbenchError)
True
"""

from __future__ import annotations

__all__ = [
    "ClinbenchError",
    "InputError",
    "InputFileError",
    "MissingDependencyError",
    "OptionError",
    "ProviderError",
    "ResultsTableError",
    "SetupError",
]


class ClinbenchError(Exception):
    """Base of every error clinbench raises on purpose; the message says what to put right."""


class InputError(ClinbenchError):
    """Something the user gave cannot be used: a file, a table or an option's value."""


class InputFileError(InputError):
    """A file the user gave cannot be read as what it should be.

    An item bank, a rubric, a corpus manifest, a price table, a frozen-responses file, an
    audio clip, an audit sheet, a JSONL file: the message names ``file:line: field``.
    """


class ResultsTableError(InputError):
    """A results table (or the statistics' input made from it) lacks what is asked of it.

    A missing column, a score that is not a number, too few rows or models for a test.
    """


class OptionError(InputError):
    """A command-line option or a library argument has a value that cannot be used.

    An unknown ``--format``, a task that does not exist, a judge role no model is bound to.
    """


class MissingDependencyError(ClinbenchError, ImportError):
    """A Python package clinbench needs cannot be imported; the message names what to install."""


class ProviderError(ClinbenchError):
    """A model provider, judge, local model server or speech recogniser failed to answer.

    What a failed call means for a score is recorded in the results (an error row, never a
    guessed answer); this is raised where no row can hold it.
    """


class SetupError(ClinbenchError):
    """The place clinbench runs in is not ready.

    A file that cannot be written (a full disk, a read-only folder), a port already in use,
    an audit folder locked by another process, a bundled model file missing or damaged, a
    suite folder that declares no suite.
    """
