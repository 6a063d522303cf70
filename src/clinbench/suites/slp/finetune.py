"""Fine-tuning export: an ASR training set in LLaMA-Factory's format, and SLPHelm's LoRA config.

Two variants, as in SLPHelm's fine-tuning study (appendix D): ``plain`` pairs every clip with
the expected words; ``asterisk`` asks the model to mark disordered speech and puts an asterisk
after each word of a disordered clip's target. Every speaker of the evaluation split is left
out, so no evaluated child is trained on. Training itself runs in LLaMA-Factory.

Files written (LLaMA-Factory's multimodal "sharegpt" layout)::

    slp_asr_plain.json      [{"messages": [{"role": "user", "content": "<audio>..."},
    slp_asr_asterisk.json                  {"role": "assistant", "content": "..."}],
                              "audios": ["/abs/path.wav"]}, ...]
    dataset_info.json       names both datasets, their files, columns and role tags
    lora_plain.yaml, lora_asterisk.yaml   LoRA SFT configs (rank 32, alpha 64, all linear
                            layers, lr 1e-4 cosine, warm-up 0.1, 3 epochs, batch 32, 4096 tokens)
    eval_speakers.txt       the speakers left out
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import yaml

from clinbench.io import atomic_write_text
from clinbench.items.model import AudioItem

PLAIN_PROMPT = "<audio>Transcribe this recording into text."
ASTERISK_PROMPT = (
    "<audio>Transcribe this recording into text. If the speech is disordered, put an "
    "asterisk after each word."
)
LORA_SETTINGS = {
    "lora_rank": 32,
    "lora_alpha": 64,
    "lora_target": "all",
    "learning_rate": 1.0e-4,
    "lr_scheduler_type": "cosine",
    "warmup_ratio": 0.1,
    "num_train_epochs": 3.0,
    "cutoff_len": 4096,
}
EFFECTIVE_BATCH = 32


def asterisk_marked(text: str) -> str:
    """Return the text with an asterisk after each word (``wed ball`` -> ``wed* ball*``)."""
    return " ".join(f"{word}*" for word in text.split())


def finetune_records(
    items: Sequence[AudioItem], variant: str, target: str = "expected"
) -> list[dict]:
    """Return LLaMA-Factory records for items (``variant``: plain or asterisk)."""
    if variant not in ("plain", "asterisk"):
        raise ValueError(f"variant must be plain or asterisk, got {variant!r}")
    records = []
    for item in items:
        text = item.prompt_words if target == "expected" else item.transcript
        text = text or item.transcript or item.prompt_words
        if not text:
            continue
        disordered = item.labels.get("disorder") == "speech_disorder"
        answer = asterisk_marked(text) if variant == "asterisk" and disordered else text
        records.append(
            {
                "messages": [
                    {
                        "role": "user",
                        "content": PLAIN_PROMPT if variant == "plain" else ASTERISK_PROMPT,
                    },
                    {"role": "assistant", "content": answer},
                ],
                "audios": [str(item.resolve(item.audio).resolve())],
            }
        )
    return records


def dataset_info(names: Sequence[str]) -> dict:
    """Return LLaMA-Factory's ``dataset_info.json`` entries for the exported datasets."""
    return {
        name: {
            "file_name": f"{name}.json",
            "formatting": "sharegpt",
            "columns": {"messages": "messages", "audios": "audios"},
            "tags": {
                "role_tag": "role",
                "content_tag": "content",
                "user_tag": "user",
                "assistant_tag": "assistant",
            },
        }
        for name in names
    }


def lora_config(
    dataset: str,
    dataset_dir: str,
    *,
    model: str = "Qwen/Qwen2-Audio-7B-Instruct",
    template: str = "qwen2_audio",
    per_device_batch: int = 4,
    devices: int = 1,
) -> dict:
    """Return a LLaMA-Factory LoRA SFT config with SLPHelm's settings (effective batch 32)."""
    if EFFECTIVE_BATCH % (per_device_batch * devices):
        raise ValueError("per-device batch x devices must divide the effective batch of 32")
    return {
        "model_name_or_path": model,
        "trust_remote_code": True,
        "stage": "sft",
        "do_train": True,
        "finetuning_type": "lora",
        "lora_rank": LORA_SETTINGS["lora_rank"],
        "lora_alpha": LORA_SETTINGS["lora_alpha"],
        "lora_target": LORA_SETTINGS["lora_target"],
        "dataset": dataset,
        "dataset_dir": dataset_dir,
        "template": template,
        "cutoff_len": LORA_SETTINGS["cutoff_len"],
        "output_dir": f"saves/{dataset}",
        "per_device_train_batch_size": per_device_batch,
        "gradient_accumulation_steps": EFFECTIVE_BATCH // (per_device_batch * devices),
        "learning_rate": LORA_SETTINGS["learning_rate"],
        "num_train_epochs": LORA_SETTINGS["num_train_epochs"],
        "lr_scheduler_type": LORA_SETTINGS["lr_scheduler_type"],
        "warmup_ratio": LORA_SETTINGS["warmup_ratio"],
        "bf16": True,
        "logging_steps": 10,
        "save_steps": 500,
    }


def _write(path: Path, text: str) -> None:
    atomic_write_text(path, text)


def export_finetune(
    items: Sequence[AudioItem],
    out_dir: str | Path,
    *,
    eval_items: Sequence[AudioItem] | None = None,
    test_size: float = 0.5,
    seed: int = 0,
    model: str = "Qwen/Qwen2-Audio-7B-Instruct",
    template: str = "qwen2_audio",
) -> dict:
    """Write both training variants, ``dataset_info.json`` and LoRA configs; return a summary.

    Evaluation speakers are those of ``eval_items`` if given, else the test side of a seeded
    speaker-disjoint split of ``items``; none of their clips is exported.
    """
    from clinbench.suites.slp.corpora import speaker_split

    if eval_items is None:
        _, eval_items = speaker_split(list(items), test_size=test_size, seed=seed)
    held_out = {i.metadata.get("speaker_id") or i.id for i in eval_items}
    train = [i for i in items if (i.metadata.get("speaker_id") or i.id) not in held_out]
    if not train:
        raise ValueError("no training items left after removing the evaluation speakers")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    names = ["slp_asr_plain", "slp_asr_asterisk"]
    counts = {}
    for name, variant in zip(names, ("plain", "asterisk"), strict=True):
        records = finetune_records(train, variant)
        counts[name] = len(records)
        _write(out / f"{name}.json", json.dumps(records, indent=1, ensure_ascii=False))
        config = lora_config(name, str(out.resolve()), model=model, template=template)
        _write(out / f"lora_{variant}.yaml", yaml.safe_dump(config, sort_keys=False))
    _write(out / "dataset_info.json", json.dumps(dataset_info(names), indent=2))
    _write(out / "eval_speakers.txt", "\n".join(sorted(map(str, held_out))) + "\n")
    return {"train_items": len(train), "held_out_speakers": len(held_out), **counts}
