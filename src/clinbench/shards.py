"""One worker's share of a run split over worker processes, and the block its task is built in.

A worker of ``run --workers N`` (:mod:`clinbench.sharded_run`) builds its task inside
:func:`one_shard`, so the task (:func:`clinbench.item_tasks.items_task`) holds only its share;
a resume builds it there again (:mod:`clinbench.runner`).

Its task-building half imports nothing of clinbench: Inspect resumes a task by executing its
file as a fresh, unregistered module, whose own context variable would be unset and whose
dataclasses could not resolve their annotations, so the shard and its variable live here,
imported by name.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from inspect_ai.dataset import Sample


@dataclass
class Shard:
    """One worker's share of a run split over worker processes (:mod:`clinbench.sharded_run`).

    The ``number``-th (from 1) of ``workers`` round-robin shares of the task's first ``limit``
    samples (all: None), in dataset order: shares of the whole bank. ``dealt`` is set once a
    task was built from its share (:func:`one_shard`).
    """

    number: int
    workers: int
    limit: int | None = None
    dealt: bool = field(default=False, compare=False)

    def of(self, samples: Sequence[Sample]) -> list[Sample]:
        """Return this shard's share of ``samples`` (linear in their number)."""
        self.dealt = True
        return list(samples)[: self.limit][self.number - 1 :: self.workers]

    def to_dict(self) -> dict[str, int | None]:
        """Return the shard as recorded in a log's eval metadata."""
        return {"number": self.number, "workers": self.workers, "limit": self.limit}


# The shard the tasks being built are cut to (None: every sample), see one_shard
_SHARD: ContextVar[Shard | None] = ContextVar("clinbench_shard", default=None)


@contextmanager
def one_shard(shard: Shard | None) -> Iterator[Shard | None]:
    """Build the tasks made inside this block (``items_task``) from ``shard``'s samples only.

    A worker of a split run builds its task here, so its dataset holds only its share and no
    sample filter is left for Inspect (``eval(sample_id=...)`` checks each id against a list
    of the dataset's ids: quadratic, a minute per worker at 20,000 items); a resume of the
    shard (``eval_retry``, which builds the task again from its registry name and arguments)
    builds it here too, so it holds the same share. A task built otherwise leaves
    ``shard.dealt`` False and keeps all its samples.
    """
    token = _SHARD.set(shard)
    try:
        yield shard
    finally:
        _SHARD.reset(token)


def shard_in_force() -> Shard | None:
    """Return the shard the tasks being built are cut to (None: every sample)."""
    return _SHARD.get()


def dealt_shard(header: Any) -> Shard | None:
    """Return the shard (:class:`Shard`) a log's task was built from.

    None for a log that is no such shard: an unsharded run's, or a shard's written before
    shards recorded it (its ``sample_id`` selects its samples, which ``eval_retry`` applies
    again). A resume builds the task again inside :func:`one_shard`
    with it, so the resumed eval holds the shard's samples and no other.
    """
    from clinbench.results.export import SHARD

    recorded = (header.eval.metadata or {}).get(SHARD)
    if not recorded or getattr(header.eval.config, "sample_id", None) is not None:
        return None
    return Shard(int(recorded["number"]), int(recorded["workers"]), recorded.get("limit"))
