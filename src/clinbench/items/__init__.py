"""Items: the pydantic model for every format, loading from JSONL/CSV, validation, JSON Schema."""

from clinbench.items.loader import (
    ItemFileError,
    ItemProblem,
    load_items,
    read_items,
    validate_files,
    write_items,
)
from clinbench.items.model import (
    FORMATS,
    AnswerField,
    AudioItem,
    CaseItem,
    EvidencedWrongValue,
    ExactItem,
    FIBItem,
    Item,
    ItemBase,
    MCQItem,
    Provenance,
    SAItem,
    SubQuestion,
    TFItem,
    item_json_schema,
    media_paths,
)

__all__ = [
    "FORMATS", "AnswerField", "AudioItem", "CaseItem", "EvidencedWrongValue", "ExactItem",
    "FIBItem", "Item", "ItemBase", "ItemFileError", "ItemProblem", "MCQItem", "Provenance",
    "SAItem", "SubQuestion", "TFItem", "item_json_schema", "load_items", "media_paths",
    "read_items", "validate_files", "write_items",
]  # fmt: skip
