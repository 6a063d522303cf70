"""Structured model calls for curation, each run as a logged Inspect eval.

Every curation call (screening, adaptation, cognitive-level tagging) goes through
:func:`structured_eval`: one Inspect sample per input (sample id = passage or item id),
``generate()`` at temperature 0 asking for the reply model's JSON schema, and an ``.eval`` log
in ``log_dir``. The schema is asked for as every other structured call asks it
(:mod:`clinbench.structured_output`): ``auto`` by default, so a provider that refuses
``json_schema`` (llama.cpp's server) is asked with ``json_object`` and then with the
prompt's instructions only; the mode each reply was asked in is in ``Reply.mode``.
Replies are parsed against the pydantic reply model; one that does not parse is returned
as ``parse_failed`` with the reason, and a failed call as ``error``: neither is ever turned
into a default value.
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

from clinbench.structured_output import AUTO, MODE_KEY, check_mode, generate_structured, model_key

OK, PARSE_FAILED, ERROR = "ok", "parse_failed", "error"
_FENCE_RE = re.compile(r"^\s*```(?:json)?\s*\n(?P<body>.*)\n\s*```\s*$", re.DOTALL)


@dataclass
class Reply:
    """One structured reply: status (ok / parse_failed / error), parsed value, raw text, detail."""

    status: str
    value: BaseModel | None
    completion: str
    detail: str = ""
    mode: str = ""
    """The structured-output mode the reply was asked in ('' when no call was made)."""


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


def structured_generate(reply_type: type[BaseModel], mode: str = AUTO) -> Any:
    """Return a solver that asks for ``reply_type``'s JSON schema in ``mode`` (degrading in
    ``auto``), the mode used recorded under ``structured_output`` in the sample's metadata."""
    from inspect_ai.model import get_model
    from inspect_ai.solver import Generate, TaskState, solver
    from inspect_ai.util import json_schema

    schema = json_schema(reply_type).model_dump(exclude_none=True, by_alias=True)

    @solver(name="structured_generate")
    def build() -> Any:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            async def call(**settings: Any) -> TaskState:
                return await generate(state, **settings)

            key = (str(state.model), model_key(get_model())[1])
            return await generate_structured(
                call, schema, mode, key, state.metadata, name=reply_type.__name__
            )

        return solve

    return build()


def structured_eval(
    name: str,
    prompts: list[tuple[str, str, dict[str, Any]]],
    reply_type: type[BaseModel],
    *,
    model: Any,
    model_args: dict[str, Any] | None = None,
    log_dir: str | Path = "logs/curate",
    max_tokens: int = 2048,
    structured_output: str = AUTO,
) -> tuple[dict[str, Reply], str]:
    """Return ({sample id: Reply}, log file) after running one Inspect eval over the prompts.

    ``prompts`` holds (sample id, user prompt, sample metadata). ``model`` is an Inspect
    model name (e.g. ``clinbench/replay/gemini-2.5-pro``) or Model. ``structured_output``
    is the mode the reply model's schema is asked in (``auto``, ``json_schema``,
    ``json_object`` or ``off``; see :mod:`clinbench.structured_output`).
    """
    from inspect_ai import Task, eval
    from inspect_ai.dataset import MemoryDataset, Sample
    from inspect_ai.model import GenerateConfig

    check_mode(structured_output)
    samples = [Sample(id=sid, input=text, metadata=meta) for sid, text, meta in prompts]
    config = GenerateConfig(temperature=0.0, max_tokens=max_tokens)
    solver = structured_generate(reply_type, structured_output)
    from clinbench.solvers.provider_errors import plain_provider_errors

    task = Task(dataset=MemoryDataset(samples, name=name), setup=plain_provider_errors(),
                solver=solver, config=config, name=name)  # fmt: skip
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
        reply = parse_reply(sample.output.completion, reply_type)
        reply.mode = str((sample.metadata or {}).get(MODE_KEY) or "")
        replies[sid] = reply
    for sid, _, _ in prompts:  # a sample the eval never reached is an error, not a reply
        replies.setdefault(
            sid, Reply(ERROR, None, "", f"no sample in the log (status {log.status})")
        )
    return replies, str(log.location)
