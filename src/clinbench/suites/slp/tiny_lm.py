"""A tiny text model you can really train on a CPU in seconds, and serve to Inspect.

It exists so the self-evolving loop (``clinbench slp self-evolve``) can be run end to end on
a laptop or in CI with no model hub: ``init`` builds a small, randomly initialised Llama-style
causal model (2 layers, width 64) with a byte-level BPE tokenizer learnt from the SLP prompt
text; ``train`` fine-tunes a checkpoint for a few optimiser steps on a LLaMA-Factory
``sharegpt`` dataset (loss on the assistant reply only) and writes a new checkpoint plus
``train_log.json`` (every step's loss); ``serve`` answers OpenAI-style chat completions on
127.0.0.1, loading the checkpoint folder named in each request's ``model`` field, so
``openai-api/local/<checkpoint folder>`` evaluates exactly the checkpoint a training step wrote.

It is a stand-in for a real model, not one: its transcriptions are poor. What it proves is that
the loop trains a model, and that re-evaluation reads the trained weights. Usage::

    python -m clinbench.suites.slp.tiny_lm init OUT_DIR
    python -m clinbench.suites.slp.tiny_lm train --dataset-dir D --dataset NAME \
        --base CHECKPOINT --out NEW_CHECKPOINT [--steps 40]
    python -m clinbench.suites.slp.tiny_lm serve [--port 0]   # prints the port

Needs torch, transformers and tokenizers (the ``whisper``/``nli`` extras bring them).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

END = "<|end|>"
CHAT_TEMPLATE = (
    "{% for m in messages %}<|{{ m['role'] }}|>{{ m['content'] }}" + END + "{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>{% endif %}"
)


def _corpus() -> list[str]:
    from clinbench.suites.slp.scenarios import SCENARIOS, scenario_prompt
    from clinbench.suites.slp.self_evolve import default_sentences

    sentences = default_sentences()
    spec = SCENARIOS["slp_transcription"]
    return [scenario_prompt(spec, None, pipeline="asr", transcript=s) for s in sentences] * 3 + [
        " ".join(sentences)
    ] * 5


def init_model(out_dir: str | Path, seed: int = 0) -> Path:
    """Write a randomly initialised tiny model and its tokenizer to ``out_dir``; return it."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    torch.manual_seed(seed)
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    specials = [END, "<|user|>", "<|assistant|>", "<|system|>"]
    trainer = trainers.BpeTrainer(
        vocab_size=600,
        special_tokens=specials,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train_from_iterator(_corpus(), trainer)
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=tok, eos_token=END, pad_token=END, chat_template=CHAT_TEMPLATE
    )
    config = LlamaConfig(
        vocab_size=tok.get_vocab_size(),
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=4,
        max_position_embeddings=1024,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
        bos_token_id=None,
    )
    model = LlamaForCausalLM(config)
    out = Path(out_dir)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    return out


def _examples(dataset_dir: Path, dataset: str, tokenizer: Any) -> list[tuple[list[int], int]]:
    records = json.loads((dataset_dir / f"{dataset}.json").read_text(encoding="utf-8"))
    out = []
    for record in records:
        messages = record["messages"]
        prompt = tokenizer.apply_chat_template(
            messages[:-1], add_generation_prompt=True, tokenize=False
        )
        ids = tokenizer(prompt, add_special_tokens=False)["input_ids"]
        answer = tokenizer(messages[-1]["content"] + END, add_special_tokens=False)["input_ids"]
        out.append((ids + answer, len(ids)))
    if not out:
        raise ValueError(f"{dataset_dir / dataset}.json: no training records")
    return out


def train(
    dataset_dir: str | Path,
    dataset: str,
    base: str | Path,
    out_dir: str | Path,
    *,
    steps: int = 40,
    batch_size: int = 8,
    learning_rate: float = 3e-3,
    seed: int = 0,
) -> dict:
    """Fine-tune ``base`` on the dataset for ``steps`` AdamW steps; write the checkpoint and log.

    Returns ``{"steps", "examples", "first_loss", "last_loss"}`` (also in train_log.json).
    """
    import torch
    from transformers import AutoTokenizer, LlamaForCausalLM

    torch.manual_seed(seed)
    tokenizer = AutoTokenizer.from_pretrained(str(base))
    model = LlamaForCausalLM.from_pretrained(str(base))
    examples = _examples(Path(dataset_dir), dataset, tokenizer)
    optimiser = torch.optim.AdamW(model.parameters(), lr=learning_rate)
    generator = torch.Generator().manual_seed(seed)
    model.train()
    losses = []
    for _ in range(steps):
        pick = torch.randint(len(examples), (min(batch_size, len(examples)),), generator=generator)
        batch = [examples[int(i)] for i in pick]
        width = max(len(ids) for ids, _ in batch)
        input_ids = torch.full((len(batch), width), tokenizer.pad_token_id)
        labels = torch.full((len(batch), width), -100)
        mask = torch.zeros((len(batch), width), dtype=torch.long)
        for row, (ids, start) in enumerate(batch):
            input_ids[row, : len(ids)] = torch.tensor(ids)
            labels[row, start : len(ids)] = torch.tensor(ids[start:])
            mask[row, : len(ids)] = 1
        loss = model(input_ids=input_ids, attention_mask=mask, labels=labels).loss
        loss.backward()
        optimiser.step()
        optimiser.zero_grad()
        losses.append(float(loss))
    out = Path(out_dir)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    log = {
        "steps": steps,
        "examples": len(examples),
        "first_loss": losses[0],
        "last_loss": losses[-1],
        "losses": losses,
    }
    (out / "train_log.json").write_text(json.dumps(log, indent=1), encoding="utf-8")
    return {k: v for k, v in log.items() if k != "losses"}


class _Models:
    """Loaded checkpoints by folder (reloaded when the folder's weights change)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.loaded: dict[str, tuple[float, Any, Any]] = {}

    def get(self, folder: str) -> tuple[Any, Any]:
        from transformers import AutoTokenizer, LlamaForCausalLM

        weights = Path(folder) / "model.safetensors"
        if not weights.is_file():
            raise FileNotFoundError(f"{folder}: no model.safetensors (not a tiny_lm checkpoint)")
        stamp = weights.stat().st_mtime
        with self.lock:
            cached = self.loaded.get(folder)
            if cached is None or cached[0] != stamp:
                model = LlamaForCausalLM.from_pretrained(folder).eval()
                cached = (stamp, model, AutoTokenizer.from_pretrained(folder))
                self.loaded[folder] = cached
            return cached[1], cached[2]


def complete(models: _Models, body: dict) -> str:
    """Return the greedy reply of the checkpoint named in ``body['model']`` to its messages."""
    import torch

    torch.set_num_threads(1)  # a 2-layer model gains nothing from threads; they contend
    model, tokenizer = models.get(str(body["model"]))
    messages = [
        {"role": m["role"], "content": m["content"] if isinstance(m["content"], str) else
         " ".join(p.get("text", "") for p in m["content"])}
        for m in body["messages"]
    ]  # fmt: skip
    prompt = tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=False)
    ids = tokenizer(prompt, add_special_tokens=False, return_tensors="pt")["input_ids"]
    limit = int(body.get("max_tokens") or body.get("max_completion_tokens") or 32)
    with torch.no_grad():
        out = model.generate(
            ids,
            attention_mask=torch.ones_like(ids),
            max_new_tokens=min(limit, 64),
            do_sample=False,
            eos_token_id=tokenizer.eos_token_id,
            pad_token_id=tokenizer.pad_token_id,
        )
    return tokenizer.decode(out[0, ids.shape[1] :], skip_special_tokens=True).strip()


def make_server(port: int = 0) -> ThreadingHTTPServer:
    """Return (not started) an OpenAI-style chat server on 127.0.0.1 for tiny_lm checkpoints."""
    models = _Models()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def _send(self, status: int, payload: dict) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
            self._send(200, {"object": "list", "data": []})

        def do_POST(self) -> None:  # noqa: N802
            if not self.path.endswith("/chat/completions"):
                self._send(404, {"error": {"message": "not found"}})
                return
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            try:
                text = complete(models, body)
            except (FileNotFoundError, OSError, ValueError) as err:
                self._send(400, {"error": {"message": str(err)}})
                return
            message = {"role": "assistant", "content": text}
            self._send(
                200,
                {
                    "id": "tiny",
                    "object": "chat.completion",
                    "created": 0,
                    "model": body["model"],
                    "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
                },
            )

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.models = models  # type: ignore[attr-defined]  # which checkpoints were loaded
    return server


def main(argv: list[str] | None = None) -> int:
    """Run the ``init``, ``train`` or ``serve`` command; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m clinbench.suites.slp.tiny_lm")
    sub = parser.add_subparsers(dest="command", required=True)
    p_init = sub.add_parser("init", help="write a randomly initialised tiny model")
    p_init.add_argument("out")
    p_train = sub.add_parser("train", help="fine-tune a checkpoint on a sharegpt dataset")
    for name in ("--dataset-dir", "--dataset", "--base", "--out"):
        p_train.add_argument(name, required=True)
    p_train.add_argument("--steps", type=int, default=40)
    p_serve = sub.add_parser("serve", help="serve checkpoints over OpenAI-style chat")
    p_serve.add_argument("--port", type=int, default=0)
    args = parser.parse_args(argv)
    if args.command == "init":
        print(init_model(args.out))
    elif args.command == "train":
        print(json.dumps(train(args.dataset_dir, args.dataset, args.base, args.out,
                               steps=args.steps)))  # fmt: skip
    else:
        server = make_server(args.port)
        print(server.server_port, flush=True)
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
