"""Shared fixtures: offline and replay-graded runs of the audiology tasks, run once per session."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clinbench.suites.audiology.tasks import CASE_ITEMS, DATA

REPLAY_GRADER = DATA / "replay_grader.jsonl"


def run_eval(task, model, log_dir: Path, grader=None, **kwargs):
    """Run one Inspect eval quietly and return its log."""
    from inspect_ai import eval as inspect_eval

    logs = inspect_eval(
        task,
        model=model,
        model_roles={"grader": grader} if grader is not None else None,
        log_dir=str(log_dir),
        display="none",
        fail_on_error=False,
        **kwargs,
    )
    return logs[0]


def frozen_case_replies(path: Path) -> Path:
    """Write frozen replies of a model under test: the rules baseline, with two altered.

    aud-case-002 leaves out its Q2 section; aud-case-005 pads Q3 beyond 150 words.
    """
    from clinbench.audiogram.rules_reply import rules_case_reply
    from clinbench.items.loader import load_items

    rows = []
    for item in load_items([CASE_ITEMS]):
        reply = rules_case_reply(item)
        if item.id == "aud-case-002":
            head, _, rest = reply.partition("Q2 Diagnosis:")
            reply = head + "Q3 Recommendations:" + rest.split("Q3 Recommendations:", 1)[1]
        if item.id == "aud-case-005":
            reply += " Also review hearing every month." * 30
        rows.append({"item_id": item.id, "model": "frozen-model", "response": reply})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def offline_case_log(tmp_path_factory):
    """audiology_cases on the hand-written cases, rules model, no grader (offline default)."""
    from clinbench.suites.audiology.tasks import audiology_cases

    log_dir = tmp_path_factory.mktemp("offline_logs")
    log = run_eval(audiology_cases(items=str(CASE_ITEMS)), "clinbench/rules", log_dir)
    return log, log_dir


@pytest.fixture(scope="session")
def replay_graded_log(tmp_path_factory):
    """audiology_cases with frozen replies under test and the replay grader fixture bound."""
    from inspect_ai.model import get_model

    from clinbench.suites.audiology.tasks import audiology_cases

    folder = tmp_path_factory.mktemp("replay_logs")
    replies = frozen_case_replies(folder / "replies.jsonl")
    grader = get_model("clinbench/replay/judge-fixture", responses=str(REPLAY_GRADER))
    model = get_model("clinbench/replay/frozen-model", responses=str(replies))
    log_dir = folder / "logs"
    log = run_eval(audiology_cases(items=str(CASE_ITEMS)), model, log_dir, grader=grader)
    return log, log_dir


def tiny_nli_model(folder: Path) -> Path:
    """Save a tiny random BERT NLI classifier (entailment/neutral/contradiction) to ``folder``."""
    transformers = pytest.importorskip("transformers")
    torch = pytest.importorskip("torch")
    words = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "hearing", "loss", "right", "left",
             "ear", "mild", "severe", "sensorineural", "conductive", "refer", "mri"]  # fmt: skip
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "vocab.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    config = transformers.BertConfig(
        vocab_size=len(words), hidden_size=8, num_hidden_layers=1, num_attention_heads=2,
        intermediate_size=16, max_position_embeddings=512, num_labels=3,
        id2label={0: "entailment", 1: "neutral", 2: "contradiction"},
        label2id={"entailment": 0, "neutral": 1, "contradiction": 2},
    )  # fmt: skip
    torch.manual_seed(7)
    transformers.BertForSequenceClassification(config).save_pretrained(folder)
    transformers.BertTokenizer(str(folder / "vocab.txt")).save_pretrained(folder)
    return folder
