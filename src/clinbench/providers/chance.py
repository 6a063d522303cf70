"""The seeded chance baseline: a uniform choice among an item's valid answers."""

from __future__ import annotations

import json
import random
from typing import Any

from clinbench.items.model import ExactItem
from clinbench.items.sample import DECLINE_WORD


def chance_reply(item: Any, answer_set: list[str] | None, seed: int, epoch: int, turn: int) -> str:
    """Return a reply chosen uniformly at random among the valid answers (seeded).

    The random stream depends only on (seed, item id, epoch, turn), so a run is
    reproducible whatever order samples run in. Without a closed answer set the
    baseline declines.
    """
    rng = random.Random(f"clinbench-chance:{seed}:{item.id}:{epoch}:{turn}")
    if isinstance(item, ExactItem):
        if any(f.kind != "choice" for f in item.fields):
            return json.dumps({**{f.name: "" for f in item.fields}, "decline": True})
        return json.dumps({f.name: rng.choice(f.options) for f in item.fields} | {"decline": False})
    if answer_set:
        return f"ANSWER: {rng.choice(answer_set)}"
    return DECLINE_WORD
