"""Figures for the report (matplotlib, no pyplot state) and their embedding as PNG data."""

from __future__ import annotations

import base64
import io
import textwrap
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

if TYPE_CHECKING:
    from matplotlib.figure import Figure

# Colour-blind-safe palette (Okabe & Ito 2008).
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]
DPI = 100


def new_figure(width: float = 7.0, height: float = 3.5) -> tuple[Figure, object]:
    """Return a (figure, axes) pair not registered with pyplot (nothing to close)."""
    from matplotlib.figure import Figure  # imported when a figure is drawn, not with the module

    fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    return fig, fig.add_subplot()


def png_bytes(fig) -> bytes:
    """Return the figure as PNG bytes, without the timestamp/software metadata (reproducible)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None})
    return buf.getvalue()


def png_data_uri(fig) -> str:
    """Return the figure as a data: URI holding a base64 PNG, for a self-contained HTML page."""
    return "data:image/png;base64," + base64.b64encode(png_bytes(fig)).decode("ascii")


def close(fig) -> None:
    """Release a figure; also unregisters it from pyplot if a suite made it with pyplot."""
    import sys

    if "matplotlib.pyplot" in sys.modules:
        import matplotlib.pyplot as plt

        plt.close(fig)


def _words(value: object) -> str:
    """Return a task, scorer or condition code name in the words the tables use."""
    from clinbench.report.glossary import plain_label

    return plain_label(str(value))


def _short(label: str, width: int = 28) -> str:
    label = _words(label)
    return label if len(label) <= width else label[: width - 1] + "…"


def _wrapped(label: object, width: int = 18) -> str:
    """Return a tick label in plain words, wrapped onto lines of at most ``width`` characters."""
    return textwrap.fill(_words(label), width)


def interval_plot(
    table: pd.DataFrame, label: str, value: str, ci: str, xlabel: str, xlim=None
) -> Figure:
    """Return a dot-and-interval plot: one row per `label`, best at the top."""
    t = table.reset_index(drop=True)
    fig, ax = new_figure(8.0, max(1.6, 0.3 * len(t) + 0.9))
    y = np.arange(len(t))[::-1]
    vals = t[value].to_numpy(float)
    lows = np.array([c[0] for c in t[ci]], float)
    highs = np.array([c[1] for c in t[ci]], float)
    ax.errorbar(
        vals,
        y,
        # clipped at 0: a Wilson bound at k = n can sit a rounding error inside the estimate
        xerr=[
            np.clip(np.nan_to_num(vals - lows), 0, None),
            np.clip(np.nan_to_num(highs - vals), 0, None),
        ],
        fmt="o",
        color=PALETTE[0],
        ecolor="#555555",
        capsize=3,
    )
    ax.set_yticks(y, [_short(v, 60) for v in t[label]], fontsize=8)
    ax.set_xlabel(xlabel)
    if xlim is not None:
        ax.set_xlim(*xlim)
    ax.grid(axis="x", alpha=0.3)
    return fig


def grouped_boxplot(data: pd.DataFrame, value: str, group: str, hue: str, ylabel: str) -> Figure:
    """Return box plots of `value` for each `group` level, one box per `hue` level inside it."""
    groups = sorted(data[group].unique().tolist())
    hues = sorted(data[hue].unique().tolist())
    fig, ax = new_figure(7.5, 3.8)
    width = 0.8 / max(1, len(hues))
    for j, h in enumerate(hues):
        series = [data.loc[(data[group] == g) & (data[hue] == h), value].to_numpy() for g in groups]
        pos = np.arange(len(groups)) + (j - (len(hues) - 1) / 2) * width
        keep = [i for i, s in enumerate(series) if len(s)]
        if not keep:
            continue
        bp = ax.boxplot(
            [series[i] for i in keep],
            positions=pos[keep],
            widths=width * 0.9,
            patch_artist=True,
            showfliers=True,
            flierprops={"markersize": 2},
        )
        for patch in bp["boxes"]:
            patch.set_facecolor(PALETTE[j % len(PALETTE)])
            patch.set_alpha(0.75)
        ax.plot([], [], "s", color=PALETTE[j % len(PALETTE)], label=_short(h))
    ax.set_xticks(np.arange(len(groups)), [_wrapped(g, 20) for g in groups])
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.grid(axis="y", alpha=0.3)
    return fig


def stacked_bars(counts: pd.DataFrame, ylabel: str, order: list | None = None) -> Figure:
    """Return stacked bars: one bar per row of `counts`, one segment per column."""
    cols = order if order is not None else list(counts.columns)
    fig, ax = new_figure(7.0, 3.4)
    bottom = np.zeros(len(counts))
    x = np.arange(len(counts))
    for j, col in enumerate(cols):
        vals = counts[col].to_numpy(float) if col in counts.columns else np.zeros(len(counts))
        ax.bar(x, vals, bottom=bottom, color=PALETTE[j % len(PALETTE)], label=_words(col))
        bottom += vals
    ax.set_xticks(x, [_wrapped(i) for i in counts.index.astype(str)], fontsize=8)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), title=None)
    return fig


def horizontal_bars(labels: list[str], values: list[float], xlabel: str) -> Figure:
    """Return horizontal bars, largest at the top."""
    fig, ax = new_figure(7.0, max(1.6, 0.35 * len(labels) + 0.9))
    y = np.arange(len(labels))[::-1]
    ax.barh(y, values, color=PALETTE[3])
    ax.set_yticks(y, [_short(v, 40) for v in labels])
    ax.set_xlabel(xlabel)
    return fig


def heatmap(
    matrix: pd.DataFrame, annotations: pd.DataFrame, label: str, vmin=0.0, vmax=1.0
) -> Figure:
    """Return an annotated heat map of `matrix` (rows x columns), each cell labelled."""
    fig, ax = new_figure(max(4.0, 1.3 * matrix.shape[1] + 2.5), max(2.0, 0.5 * matrix.shape[0] + 1))
    im = ax.imshow(matrix.to_numpy(float), cmap="viridis", vmin=vmin, vmax=vmax, aspect="auto")
    ax.set_xticks(range(matrix.shape[1]), [_wrapped(c) for c in matrix.columns])
    ax.set_yticks(range(matrix.shape[0]), [_short(str(i), 30) for i in matrix.index])
    for i in range(matrix.shape[0]):
        for j in range(matrix.shape[1]):
            v = matrix.iat[i, j]
            colour = "white" if (np.isnan(v) or v < (vmin + vmax) / 2) else "black"
            ax.text(j, i, annotations.iat[i, j], ha="center", va="center", fontsize=7, color=colour)
    fig.colorbar(im, ax=ax, label=label)
    return fig
