"""Optional and runtime dependencies: import them by name, or fail with the package to install.

A missing or broken dependency is an installation problem. It is raised as
:class:`MissingDependencyError` naming the pip package (and the clinbench extra that brings
it), never caught and recorded as a fact about the data being processed.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from clinbench.errors import MissingDependencyError

__all__ = ["MissingDependencyError", "require"]


def require(module: str, package: str | None = None, *, extra: str | None = None) -> ModuleType:
    """Return the imported module, or raise MissingDependencyError naming the package.

    ``package`` is the pip name when it differs from the module name; ``extra`` names the
    clinbench extra that installs it (``pip install 'clinbench[extra]'``).
    """
    try:
        return importlib.import_module(module)
    except ImportError as err:
        wanted = package or module
        hint = f"pip install 'clinbench[{extra}]'" if extra else f"pip install '{wanted}'"
        raise MissingDependencyError(
            f"clinbench needs the Python package {wanted!r} (module {module!r}), which cannot "
            f"be imported: {type(err).__name__}: {err}. Install it with: {hint}"
        ) from err
