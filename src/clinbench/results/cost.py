"""Cost, time and energy per model, from the results table and a user's price table.

A price table (YAML) gives, per model, US dollars per million input and output tokens::

    models:
      openai/gpt-4o: {input_per_million: 2.50, output_per_million: 10.00}
      ollama/llama3.1-8b:
        input_per_million: 0
        output_per_million: 0
        energy_wh_per_1k_tokens: 0.25      # your own measured or assumed figure

Reasoning tokens are taken to be inside the output count, as OpenAI and Anthropic report
them; a model billed for them apart sets ``reasoning_per_million`` and
``reasoning_separate: true``. Energy is never inferred: it is computed only from a
per-token or per-second figure the user gives, and every energy column says "estimate".

Intervals are percentile bootstraps over the model's replies (scipy.stats.bootstrap): the
cost per 100 items resamples per-reply costs; the cost per correct answer resamples
(cost, correct) pairs together, so its upper bound is infinite when a resample can hold no
correct answer.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from clinbench.errors import InputFileError
from clinbench.scoring import outcomes as oc

SAMPLE_KEYS = ["model", "task", "condition", "item_id", "epoch"]


class ModelPrice(BaseModel):
    """Prices (USD per million tokens) and an optional energy figure for one model."""

    model_config = ConfigDict(extra="forbid")

    input_per_million: float = Field(ge=0)
    output_per_million: float = Field(ge=0)
    reasoning_per_million: float | None = Field(default=None, ge=0)
    reasoning_separate: bool = False
    energy_wh_per_1k_tokens: float | None = Field(default=None, ge=0)
    energy_wh_per_second: float | None = Field(default=None, ge=0)


class PriceTable(BaseModel):
    """A price table: model name -> :class:`ModelPrice`."""

    model_config = ConfigDict(extra="forbid")

    currency: str = "USD"
    source: str | None = Field(default=None, description="Where the prices come from, dated.")
    models: dict[str, ModelPrice]


class PriceTableError(InputFileError, ValueError):
    """Raised for a price table that cannot be read; the message names file and field."""


def read_prices(path: str | Path) -> PriceTable:
    """Return the price table in a YAML file; PriceTableError naming file and field if bad."""
    import yaml

    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as err:
        raise PriceTableError(f"{path}: cannot read the price table: {err}") from err
    try:
        table = PriceTable.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "-"
        raise PriceTableError(f"{path}: {where}: {first['msg']}") from err
    if table.currency != "USD":
        raise PriceTableError(f"{path}: currency: only USD is supported, got {table.currency!r}")
    return table


def _int(value: Any) -> int:
    return 0 if value is None or pd.isna(value) else int(value)


def reply_cost(price: ModelPrice, input_tokens, output_tokens, reasoning_tokens) -> float:
    """Return the USD cost of one reply from its token counts (NaN if counts are missing)."""
    if input_tokens is None or pd.isna(input_tokens) or output_tokens is None:
        return math.nan
    if pd.isna(output_tokens):
        return math.nan
    cost = _int(input_tokens) * price.input_per_million + _int(output_tokens) * (
        price.output_per_million
    )
    if price.reasoning_separate:
        rate = price.reasoning_per_million
        cost += _int(reasoning_tokens) * (rate if rate is not None else price.output_per_million)
    return cost / 1_000_000


def add_costs(results: pd.DataFrame, prices: PriceTable) -> pd.DataFrame:
    """Return the results with ``cost_usd`` from the price table for the models it prices.

    Rows of models the table does not price keep the cost the provider reported (or none).
    """
    frame = results.copy()
    if "cost_usd" not in frame.columns:
        frame["cost_usd"] = math.nan
    for model, price in prices.models.items():
        rows = frame["model"] == model
        if not rows.any():
            continue
        frame.loc[rows, "cost_usd"] = [
            reply_cost(price, i, o, r)
            for i, o, r in zip(
                frame.loc[rows, "input_tokens"],
                frame.loc[rows, "output_tokens"],
                frame.loc[rows, "reasoning_tokens"]
                if "reasoning_tokens" in frame
                else [None] * rows.sum(),
                strict=True,
            )
        ]
    frame["cost_usd"] = pd.to_numeric(frame["cost_usd"], errors="coerce").astype("float64")
    return frame


def _replies(results: pd.DataFrame) -> pd.DataFrame:
    """Return one row per reply (model x task x condition x item x epoch), correct as 0/1.

    A reply scored by several scorers (or per question) has several results rows; its cost
    and time are counted once. It is correct when every one of its exact-match rows is.
    """
    read = [*SAMPLE_KEYS, "outcome", "cost_usd", "latency_s", "input_tokens", "output_tokens",
            "reasoning_tokens", "queue_s"]  # fmt: skip
    df = results[[c for c in dict.fromkeys(read) if c in results.columns]].copy()
    df["_correct"] = (df["outcome"] == oc.CORRECT).astype(float)
    df["_closed"] = df["outcome"].isin([*oc.ANSWERED]).astype(float)
    agg = {
        "cost_usd": "first", "latency_s": "first", "input_tokens": "first",
        "output_tokens": "first", "_correct": "min", "_closed": "min",
    }  # fmt: skip
    for column in ("reasoning_tokens", "queue_s"):  # absent from tables of older runs
        if column in df.columns:
            agg[column] = "first"
    return df.groupby(SAMPLE_KEYS, dropna=False).agg(agg).reset_index()


def _interval(data: tuple[np.ndarray, ...], statistic, n_boot: int, seed: int):
    from scipy.stats import bootstrap

    if len(data[0]) < 2:
        return (math.nan, math.nan)
    with np.errstate(divide="ignore", invalid="ignore"):
        res = bootstrap(
            data, statistic, paired=True, vectorized=True, n_resamples=n_boot,
            method="percentile", random_state=np.random.default_rng(seed),
        )  # fmt: skip
    return (float(res.confidence_interval.low), float(res.confidence_interval.high))


def _per_100(cost, axis=-1):
    return 100 * np.mean(cost, axis=axis)


def _per_correct(cost, correct, axis=-1):
    with np.errstate(divide="ignore", invalid="ignore"):
        total = np.sum(correct, axis=axis)
        return np.where(total > 0, np.sum(cost, axis=axis) / np.where(total > 0, total, 1), np.inf)


def cost_summary(
    results: pd.DataFrame,
    prices: PriceTable | None = None,
    by: tuple[str, ...] = ("model",),
    n_boot: int = 2000,
    seed: int = 0,
) -> pd.DataFrame:
    """Return per group: replies, tokens, time, cost per 100 items and per correct answer.

    Time is the mean and total working time of a reply (``latency_s``: the model's own time)
    and its mean wait for a connection (``queue_s_mean``), kept apart.

    Cost needs a cost on every reply of the group (from ``prices`` or the provider);
    otherwise the cost columns are empty and ``priced`` says how many replies had one.
    Energy columns are filled only where the price table gives the model an energy figure.
    """
    frame = add_costs(results, prices) if prices is not None else results
    replies = _replies(frame)
    rows = []
    for i, (key, group) in enumerate(replies.groupby(list(by), sort=True, dropna=False)):
        key = key if isinstance(key, tuple) else (key,)
        row: dict[str, Any] = dict(zip(by, key, strict=True))
        cost = group["cost_usd"].to_numpy(dtype=float)
        correct = group["_correct"].to_numpy(dtype=float)
        priced = int(np.isfinite(cost).sum())
        row.update(
            replies=len(group),
            correct=int(correct.sum()),
            input_tokens=int(group["input_tokens"].fillna(0).sum()),
            output_tokens=int(group["output_tokens"].fillna(0).sum()),
            reasoning_tokens=(
                int(group["reasoning_tokens"].sum())
                if "reasoning_tokens" in group and group["reasoning_tokens"].notna().any()
                else None
            ),
            latency_s_mean=float(group["latency_s"].mean()),
            latency_s_total=float(group["latency_s"].sum()),
            queue_s_mean=float(group["queue_s"].mean()) if "queue_s" in group else math.nan,
            priced=priced,
        )
        if priced == len(group) and priced:
            low, high = _interval((cost,), _per_100, n_boot, seed + i)
            row.update({"cost_usd": float(cost.sum()), "cost per 100 items": _per_100(cost),
                        "per-100 CI95% low": low, "per-100 CI95% high": high})  # fmt: skip
            per = float(_per_correct(cost, correct))
            low, high = _interval((cost, correct), _per_correct, n_boot, seed + i)
            row.update({"cost per correct": per, "per-correct CI95% low": low,
                        "per-correct CI95% high": high})  # fmt: skip
        price = prices.models.get(str(row.get("model"))) if prices is not None else None
        energy = None
        if price is not None and price.energy_wh_per_1k_tokens is not None:
            tokens = row["input_tokens"] + row["output_tokens"]
            energy = tokens / 1000 * price.energy_wh_per_1k_tokens
        elif price is not None and price.energy_wh_per_second is not None:
            energy = row["latency_s_total"] * price.energy_wh_per_second
        row["energy Wh (estimate, user figure)"] = energy
        rows.append(row)
    columns = [*by, "replies", "correct", "input_tokens", "output_tokens", "reasoning_tokens",
               "latency_s_mean", "latency_s_total", "queue_s_mean", "priced", "cost_usd",
               "cost per 100 items",
               "per-100 CI95% low", "per-100 CI95% high", "cost per correct",
               "per-correct CI95% low", "per-correct CI95% high",
               "energy Wh (estimate, user figure)"]  # fmt: skip
    return pd.DataFrame(rows).reindex(columns=columns)
