"""Fixtures of the audit tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audit.audit_support import make_results


@pytest.fixture
def results_file(tmp_path: Path) -> Path:
    """A results CSV of 12 cases x 3 questions x 3 models (108 graded replies)."""
    path = tmp_path / "results.csv"
    make_results(tmp_path).to_csv(path, index=False)
    return path
