"""The installed package is whole: every module imports, and declared dependencies resolve.

A fresh install once failed to import trafilatura (it needs lxml_html_clean, which nothing
declared), and the freshness check then reported every page as unreachable. Importing each
module, and each runtime dependency the code imports lazily, catches that class of break.
"""

from __future__ import annotations

import importlib
import pkgutil
from importlib import metadata

import pytest

import clinbench

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(clinbench.__path__, prefix="clinbench.")
)


def test_the_package_has_its_modules():
    assert "clinbench.cli" in MODULES
    assert len(MODULES) > 50


@pytest.mark.parametrize("name", MODULES)
def test_every_module_imports(name):
    importlib.import_module(name)


# Imported inside functions (so they cost nothing at start-up), hence not reached above.
LAZY_RUNTIME_IMPORTS = [
    "trafilatura",
    "lxml.html.clean",
    "pocketsphinx",
    "soundfile",
    "datasketch",
    "jiwer",
    "pingouin",
    "statsmodels.api",
    "sklearn.metrics",
    "rapidfuzz",
    "matplotlib.pyplot",
    "fastapi",
    "uvicorn",
    "httpx",
]


@pytest.mark.parametrize("name", LAZY_RUNTIME_IMPORTS)
def test_runtime_dependencies_import(name):
    importlib.import_module(name)


def test_every_declared_requirement_is_installed():
    missing = []
    for requirement in metadata.requires("clinbench") or []:
        if "extra ==" in requirement:
            continue
        name = requirement.split(";")[0].split("[")[0]
        for sep in "<>=!~ ":
            name = name.split(sep)[0]
        try:
            metadata.version(name)
        except metadata.PackageNotFoundError:
            missing.append(name)
    assert not missing, f"declared but not installed: {missing}"
