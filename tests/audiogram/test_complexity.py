"""No function of the audiogram package is above cyclomatic complexity 25 (issue #26: the
reader and the judges replace checkers.py and vocabulary.py, whose judges reached 77; radon's
count, which includes boolean operators, as the issue measured it)."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit

import clinbench.audiogram

LIMIT = 25
PACKAGE = Path(clinbench.audiogram.__file__).parent


def _over(source: str, limit: int = LIMIT) -> list[tuple[str, int]]:
    return [(b.fullname, b.complexity) for b in cc_visit(source) if b.complexity > limit]


def test_no_function_of_the_audiogram_package_is_above_the_limit():
    over = {
        path.name: found
        for path in sorted(PACKAGE.glob("*.py"))
        if (found := _over(path.read_text(encoding="utf-8")))
    }
    assert not over, over


def test_the_check_finds_a_function_above_the_limit():
    branches = "\n".join(f"    if x == {i}:\n        return {i}" for i in range(LIMIT + 1))
    assert _over(f"def f(x):\n{branches}\n    return None\n") == [("f", LIMIT + 2)]
