"""Structured model calls for curation, each run as a logged Inspect eval.

Every curation call (screening, adaptation, cognitive-level tagging) goes through
:func:`structured_eval`: one Inspect sample per input (sample id = passage or item id),
``generate()`` at temperature 0 with a JSON-schema ``ResponseSchema``, and an ``.eval`` log
in ``log_dir``. Replies are parsed against the pydantic reply model; one that does not parse
is returned as ``parse_failed`` with the reason, and a failed call as ``error``: neither is
ever turned into a default value.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from pydantic import BaseModel, ValidationError

OK, PARSE_FAILED, ERROR = "ok", "parse_failed", "error"
_FENCE_RE = re.compile(r"^\s*```(?:json)?\s*\n(?P<body>.*)\n\s*```\s*$", re.DOTALL)


@dataclass
class Reply:
    """One structured reply: status (ok / parse_failed / error), parsed value, raw text, detail."""

    status: str
    value: BaseModel | None
    completion: str
    detail: str = ""


def load_prompt(name: str) -> Template:
    """Return the prompt template ``prompts/<name>.txt`` (``$placeholders``)."""
    text = resources.files("clinbench.curate").joinpath("prompts", f"{name}.txt").read_text("utf-8")
    return Template(text)


def parse_reply(completion: str, reply_type: type[BaseModel]) -> Reply:
    """Return the reply parsed against ``reply_type`` (a single ```json fence is allowed)."""
    text = completion.strip()
    fenced = _FENCE_RE.match(text)
    if fenced:
        text = fenced.group("body")
    if not text:
        return Reply(PARSE_FAILED, None, completion, "empty reply")
    try:
        return Reply(OK, reply_type.model_validate_json(text), completion)
    except ValidationError as err:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or '-'}: {e['msg']}" for e in err.errors()[:5]
        )
        return Reply(PARSE_FAILED, None, completion, problems)


def model_arg_pairs(pairs: list[str] | None) -> dict[str, Any]:
    """Return ``-M key=value`` pairs as a dict (values parsed as JSON when they parse)."""
    args: dict[str, Any] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise ValueError(f"model argument {pair!r} is not key=value")
        key, value = pair.split("=", 1)
        try:
            args[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            args[key.strip()] = value
    return args


def structured_eval(
    name: str,
    prompts: list[tuple[str, str, dict[str, Any]]],
    reply_type: type[BaseModel],
    *,
    model: Any,
    model_args: dict[str, Any] | None = None,
    log_dir: str | Path = "logs/curate",
    max_tokens: int = 2048,
) -> tuple[dict[str, Reply], str]:
    """Return ({sample id: Reply}, log file) after running one Inspect eval over the prompts.

    ``prompts`` holds (sample id, user prompt, sample metadata). ``model`` is an Inspect
    model name (e.g. ``clinbench/replay/gemini-2.5-pro``) or Model.
    """
    from inspect_ai import Task, eval
    from inspect_ai.dataset import MemoryDataset, Sample
    from inspect_ai.model import GenerateConfig, ResponseSchema
    from inspect_ai.solver import generate
    from inspect_ai.util import json_schema

    samples = [Sample(id=sid, input=text, metadata=meta) for sid, text, meta in prompts]
    config = GenerateConfig(
        temperature=0.0,
        max_tokens=max_tokens,
        response_schema=ResponseSchema(
            name=reply_type.__name__, json_schema=json_schema(reply_type), strict=True
        ),
    )
    task = Task(
        dataset=MemoryDataset(samples, name=name), solver=generate(), config=config, name=name
    )
    logs = eval(
        task,
        model=model,
        model_args=model_args or {},
        log_dir=str(log_dir),
        display="none",
        fail_on_error=False,
        score=False,
    )
    log = logs[0]
    replies: dict[str, Reply] = {}
    for sample in log.samples or []:
        sid = str(sample.id)
        if sample.error is not None:
            replies[sid] = Reply(
                ERROR, None, "", sample.error.message.strip().splitlines()[-1][:300]
            )
            continue
        replies[sid] = parse_reply(sample.output.completion, reply_type)
    for sid, _, _ in prompts:  # a sample the eval never reached is an error, not a reply
        replies.setdefault(
            sid, Reply(ERROR, None, "", f"no sample in the log (status {log.status})")
        )
    return replies, str(log.location)
