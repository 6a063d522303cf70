"""Shared test fixtures: the bundled sample items and the replay fixture."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Offline always: never let a test reach a hub or an API.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("INSPECT_DISPLAY", "none")

DATA = Path(__file__).resolve().parents[1] / "src" / "clinbench" / "data"


@pytest.fixture
def sample_items_path() -> Path:
    return DATA / "sample_items.jsonl"


@pytest.fixture
def replay_fixture_path() -> Path:
    return DATA / "replay_fixture.csv"
