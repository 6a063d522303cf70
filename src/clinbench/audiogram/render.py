"""Draw a standard clinical audiogram (PNG) from an Audiogram.

Symbols follow ASHA (1990) Guidelines for audiometric symbols: O right air, X left
air, triangle right masked air, square left masked air, < right bone, > left bone,
[ right masked bone, ] left masked bone; a no-response symbol carries an arrow
pointing down and outwards (right: down-left, left: down-right). Right ear red,
left ear blue. Frequency on a log (octave) axis, dB HL increasing downwards.
"""

from __future__ import annotations

from pathlib import Path

from clinbench.audiogram.audiogram_model import FREQUENCIES, Audiogram
from clinbench.io import atomic_path

EAR_COLOURS = {"right": "#c0001a", "left": "#0033cc"}
# (ear, conduction, masked) -> matplotlib marker; text markers are drawn with mathtext.
SYMBOLS = {
    ("right", "air", False): "o",
    ("left", "air", False): "x",
    ("right", "air", True): "^",
    ("left", "air", True): "s",
    ("right", "bone", False): r"$<$",
    ("left", "bone", False): r"$>$",
    ("right", "bone", True): r"$[$",
    ("left", "bone", True): r"$]$",
}
# Bone symbols sit beside the frequency line: right ear to the left, left ear to the right.
BONE_OFFSET = {"right": 0.9, "left": 1.11}
DB_RANGE = (-10, 120)
TICK_LABELS = {250: "250", 500: "500", 1000: "1k", 2000: "2k", 4000: "4k", 8000: "8k"}
INTER_OCTAVES = (750, 1500, 3000, 6000)


def _plot_ear(ax, audiogram: Audiogram, ear: str) -> None:
    colour = EAR_COLOURS[ear]
    thresholds = audiogram.ear(ear)
    # Air conduction: responses joined by a line (right solid, left dashed).
    air = thresholds.air
    joined = [(f, t.value) for f, t in air.items() if not t.no_response]
    if joined:
        ax.plot(
            [f for f, _ in joined],
            [v for _, v in joined],
            color=colour,
            linestyle="-" if ear == "right" else "--",
            linewidth=1.4,
            zorder=2,
            gid=f"{ear}-air-line",
        )
    for conduction in ("air", "bone"):
        points = thresholds.air if conduction == "air" else thresholds.bone
        for masked in (False, True):
            selected = [(f, t) for f, t in points.items() if bool(t.masked) == masked]
            if not selected:
                continue
            marker = SYMBOLS[(ear, conduction, masked)]
            xs = [f * (BONE_OFFSET[ear] if conduction == "bone" else 1.0) for f, _ in selected]
            ys = [t.value for _, t in selected]
            hollow = marker in ("o", "^", "s")
            ax.plot(
                xs,
                ys,
                linestyle="none",
                marker=marker,
                markersize=10 if conduction == "air" else (11 if not masked else 16),
                markeredgewidth=1.6,
                markeredgecolor=colour,
                markerfacecolor="white" if hollow else colour,
                color=colour,
                zorder=4,
                gid=f"{ear}-{conduction}{'-masked' if masked else ''}",
            )
            for (_freq, t), x in zip(selected, xs, strict=True):
                if t.no_response:
                    direction = -1 if ear == "right" else 1
                    ax.annotate(
                        "",
                        xy=(x * (1.18 if direction > 0 else 1 / 1.18), t.value + 9),
                        xytext=(x, t.value + 2),
                        arrowprops={"arrowstyle": "-|>", "color": colour, "lw": 1.4},
                        zorder=4,
                        gid=f"{ear}-{conduction}-no-response",
                    )


def render_audiogram(audiogram: Audiogram, path: str | Path | None = None, *, title: str = ""):
    """Return a matplotlib Figure of the audiogram; write it as PNG to ``path`` when given.

    The PNG carries no software or date metadata, so the same audiogram gives the
    same bytes.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.ticker import FixedLocator, NullFormatter

    fig = Figure(figsize=(6.4, 6.0), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(1, 1, 1)
    ax.set_xscale("log")
    ax.set_xlim(180, 11000)
    ax.set_ylim(DB_RANGE[1] + 12, DB_RANGE[0] - 5)  # inverted: better hearing at the top
    ax.xaxis.set_major_locator(FixedLocator(list(TICK_LABELS)))
    ax.set_xticklabels([TICK_LABELS[f] for f in TICK_LABELS])
    ax.xaxis.set_minor_locator(FixedLocator(list(INTER_OCTAVES)))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position("top")
    ax.set_yticks(list(range(DB_RANGE[0], DB_RANGE[1] + 1, 10)))
    ax.grid(True, which="major", color="#888888", linewidth=0.8)
    ax.grid(True, which="minor", axis="x", color="#aaaaaa", linewidth=0.6, linestyle=":")
    ax.axhline(0, color="#333333", linewidth=1.0)
    ax.set_xlabel("Frequency (Hz)")
    ax.set_ylabel("Hearing level (dB HL)")
    if title:
        fig.suptitle(title, fontsize=11, y=0.985)
    for ear in ("right", "left"):
        _plot_ear(ax, audiogram, ear)
    legend_rows = [
        ("Right air", "o", EAR_COLOURS["right"], True),
        ("Left air", "x", EAR_COLOURS["left"], False),
        ("Right air masked", "^", EAR_COLOURS["right"], True),
        ("Left air masked", "s", EAR_COLOURS["left"], True),
        ("Right bone", r"$<$", EAR_COLOURS["right"], False),
        ("Left bone", r"$>$", EAR_COLOURS["left"], False),
        ("Right bone masked", r"$[$", EAR_COLOURS["right"], False),
        ("Left bone masked", r"$]$", EAR_COLOURS["left"], False),
    ]
    handles = [
        Line2D(
            [],
            [],
            linestyle="none",
            marker=marker,
            markersize=8,
            markeredgecolor=colour,
            markerfacecolor="white" if hollow else colour,
            color=colour,
            label=label,
        )
        for label, marker, colour, hollow in legend_rows
    ]
    handles.append(
        Line2D(
            [], [], color="#555555", marker=r"$\downarrow$", linestyle="none", label="No response"
        )
    )
    ax.legend(
        handles=handles,
        loc="upper center",
        bbox_to_anchor=(0.5, -0.04),
        ncol=3,
        fontsize=8,
        frameon=False,
    )
    fig.subplots_adjust(left=0.12, right=0.96, top=0.86 if title else 0.9, bottom=0.22)
    if path is not None:
        _write_png(fig, Path(path))
    return fig


def _write_png(fig, path: Path) -> None:
    """Write ``fig`` to ``path`` atomically (temporary file, then rename)."""
    with atomic_path(path) as tmp:
        fig.savefig(tmp, format="png", metadata={"Software": None})


__all__ = ["render_audiogram", "SYMBOLS", "EAR_COLOURS", "FREQUENCIES"]
