"""Items: the pydantic model for every format, loading from JSONL/CSV, validation, JSON Schema.

The names below are loaded on first use (PEP 562), so that importing a light submodule
(``clinbench.cli.bank_commands``, mounted for every command) does not import pydantic.
"""

from __future__ import annotations

import importlib

_LOADER = ("ItemFileError", "ItemProblem", "load_items", "read_items", "validate_files",
           "write_items")  # fmt: skip
_MODEL = ("FORMATS", "AnswerField", "AudioItem", "CaseItem", "EvidencedWrongValue", "ExactItem",
          "FIBItem", "Item", "ItemBase", "MCQItem", "Provenance", "SAItem", "SubQuestion",
          "TFItem", "item_json_schema", "media_paths")  # fmt: skip

__all__ = sorted(_LOADER + _MODEL)


def __getattr__(name: str):
    if name in _LOADER or name in _MODEL:
        module = importlib.import_module(
            f"clinbench.items.{'loader' if name in _LOADER else 'model'}"
        )
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
