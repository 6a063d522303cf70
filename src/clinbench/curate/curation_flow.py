"""How many passages and items each curation step took in, kept and set aside, and why.

AudiologyBench's Figure 1 draws the curation pipeline. clinbench's ``curate`` commands each
write a file a person can read, so the same counts are read back from those files of a real
run: screening (``screening.csv``), adaptation (``X.jsonl`` and ``X.decisions.csv``),
normalisation (``X.jsonl`` and ``X.changes.csv``), deduplication (``decisions.csv`` and the
applied ``X.jsonl``), difficulty tagging (``X.jsonl`` and ``X.tags.csv``) and expert review
(``X.jsonl`` and ``X.review.csv``). A step whose file is not given is left out; nothing is
estimated.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pandas as pd

from clinbench.errors import InputFileError

FLOW_COLUMNS = ["step", "in", "out", "set aside", "why", "notes", "file"]
NOT_SENT = ("not_suitable", "not_screened")  # adaptation rows of passages never sent


class CurationFlowError(InputFileError, ValueError):
    """A curation file that is missing or lacks the columns its step writes."""


def _table(path: Path, columns: tuple[str, ...]) -> pd.DataFrame:
    from clinbench.curate.textnorm import csv_rows

    if not path.is_file():
        raise CurationFlowError(f"{path}: file not found")
    rows = [row for _, row in csv_rows(path)]
    table = pd.DataFrame(rows, dtype=str)
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise CurationFlowError(
            f"{path}:1: {', '.join(missing)}: column(s) missing; is this the file that step writes?"
        )
    return table


def _items(path: Path) -> int:
    """Return the number of items (non-blank lines) in a JSONL item file."""
    if not path.is_file():
        raise CurationFlowError(f"{path}: file not found")
    with path.open(encoding="utf-8") as handle:
        return sum(1 for line in handle if line.strip())


def _side(path: Path, suffix: str) -> Path:
    return path.with_name(path.stem + suffix)


def _why(counts: Counter) -> str:
    return "; ".join(f"{n} {reason}" for reason, n in sorted(counts.items()) if n)


def curation_flow(
    screening: Path | None = None,
    adapted: Path | None = None,
    normalised: Path | None = None,
    dedup: Path | None = None,
    unique: Path | None = None,
    tagged: Path | None = None,
    final: Path | None = None,
) -> pd.DataFrame:
    """Return one row per curation step given: step, in, out, set aside, why, file.

    ``screening`` is ``curate screen``'s table; ``adapted``, ``normalised``, ``unique``
    (after ``curate apply``), ``tagged`` and ``final`` (after ``review-import``) are item
    files, read with the side file their command writes next to them; ``dedup`` is the
    decisions table of ``curate dedup`` (used with ``unique``). Counts come from the files;
    raises CurationFlowError naming the file when one is missing or malformed.
    """
    rows = []
    if screening is not None:
        rows.append(_screening_row(screening))
    items_in = None  # items the previous item step kept: the next step's count in
    if adapted is not None:
        rows.append(_adaptation_row(adapted))
        items_in = rows[-1]["out"]
    if normalised is not None:
        rows.append(_normalisation_row(normalised, items_in))
        items_in = rows[-1]["out"]
    if dedup is not None or unique is not None:
        if dedup is None or unique is None:
            raise CurationFlowError(
                "deduplication: give both the dedup decisions and the "
                "item file `curate apply` wrote"
            )
        rows.append(_deduplication_row(dedup, unique, items_in))
        items_in = rows[-1]["out"]
    if tagged is not None:
        rows.append(_tagging_row(tagged, items_in))
        items_in = rows[-1]["out"]
    if final is not None:
        rows.append(_review_row(final, items_in))
    table = pd.DataFrame(rows, columns=FLOW_COLUMNS)
    if table.empty:
        raise CurationFlowError("no curation file given: name at least one step's file")
    table["set aside"] = table["in"] - table["out"]
    table["notes"] = table["notes"].astype(object).where(table["notes"].notna(), "")
    return table


def _step(
    step: str, n_in: int, out: int, why: str, file: Path | str, notes: str = ""
) -> dict[str, object]:
    """Return one step's row of the flow table (``set aside`` is added over the whole table).

    ``file`` is shown as it was given.
    """
    return {"step": step, "in": n_in, "out": out, "why": why, "notes": notes, "file": str(file)}


def _screening_row(screening: Path | str) -> dict[str, object]:
    """Return the screening row: passages judged, those judged suitable, and why not."""
    table = _table(Path(screening), ("passage_id", "suitable", "status"))
    ok = table["status"] == "ok"
    suitable = ok & (table["suitable"] == "True")
    why = Counter({"judged unsuitable": int((ok & ~suitable).sum())})
    why.update(f"reply {s.replace('_', ' ')}" for s in table.loc[~ok, "status"])
    return _step("screening", len(table), int(suitable.sum()), _why(why), screening)


def _adaptation_row(adapted: Path | str) -> dict[str, object]:
    """Return the adaptation row: passages sent to the model, items written, and why not."""
    decisions = _table(_side(Path(adapted), ".decisions.csv"), ("passage_id", "status"))
    sent = decisions[
        ~decisions["status"].isin(NOT_SENT) & ~decisions["status"].str.startswith("screen_")
    ]
    why = Counter(sent.loc[sent["status"] != "item", "status"].str.replace("_", " "))
    return _step("adaptation", len(sent), _items(Path(adapted)), _why(why), adapted)


def _normalisation_row(normalised: Path | str, items_in: int | None) -> dict[str, object]:
    """Return the normalisation row: items rejected, and how many the rules changed."""
    changes = _table(_side(Path(normalised), ".changes.csv"), ("item_id", "rule"))
    out = _items(Path(normalised))
    rejected = changes["rule"] == "rejected"
    n_in = items_in if items_in is not None else out + int(rejected.sum())
    changed = changes.loc[~rejected, "item_id"].nunique()
    why = Counter({"rejected (MCQ without exactly one key)": int(rejected.sum())})
    notes = f"{changed} items changed" if changed else ""
    return _step("normalisation", n_in, out, _why(why), normalised, notes)


def _deduplication_row(
    dedup: Path | str, unique: Path | str, items_in: int | None
) -> dict[str, object]:
    """Return the deduplication row: items dropped as exact or near duplicates."""
    decisions = _table(Path(dedup), ("item_id", "decision", "match"))
    dropped = decisions[decisions["decision"] == "drop"]
    out = _items(Path(unique))
    why = Counter(f"dropped as {m} duplicate" for m in dropped["match"])
    n_in = items_in if items_in is not None else out + len(dropped)
    return _step("deduplication", n_in, out, _why(why), unique)


def _tagging_row(tagged: Path | str, items_in: int | None) -> dict[str, object]:
    """Return the difficulty-tagging row: nothing set aside; the levels tagged as notes."""
    tags = _table(_side(Path(tagged), ".tags.csv"), ("item_id", "cognitive_level"))
    out = _items(Path(tagged))
    levels = Counter(f"tagged {v}" for v in tags["cognitive_level"] if v)
    n_in = items_in if items_in is not None else out
    return _step("difficulty tagging", n_in, out, "", tagged, _why(levels))


def _review_row(final: Path | str, items_in: int | None) -> dict[str, object]:
    """Return the expert-review row: items removed by reviewers; kept and revised as notes."""
    review = _table(_side(Path(final), ".review.csv"), ("item_id", "decision"))
    decided = Counter(review["decision"].replace("", "undecided"))
    said = {"remove": "removed by reviewer", "keep": "kept", "revise": "revised"}
    why = Counter({said["remove"]: decided.pop("remove", 0)})
    notes = Counter({said.get(k, k): v for k, v in decided.items()})
    n_in = items_in if items_in is not None else len(review)
    return _step("expert review", n_in, _items(Path(final)), _why(why), final, _why(notes))


def _draw(steps: list[dict], title: str):
    """Return a top-to-bottom flow figure: one box per step with its counts in and out.

    Lines set aside are written beside the box after an arrow out of the flow; notes (items
    changed, levels tagged, kept) in grey without one. matplotlib's object API, no pyplot.
    """
    from matplotlib.figure import Figure
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    height = 1.2 + 1.25 * len(steps)
    fig = Figure(figsize=(7.5, height), dpi=100)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 10)
    ax.set_ylim(0, height)
    ax.axis("off")
    ax.text(5, height - 0.25, title, ha="center", va="center", fontsize=11)
    box_w, box_h, x = 4.2, 0.8, 0.4
    for i, s in enumerate(steps):
        y = height - 1.0 - i * 1.25
        ax.add_patch(
            FancyBboxPatch(
                (x, y - box_h / 2),
                box_w,
                box_h,
                boxstyle="round,pad=0.05",
                fc="#DCEBF7",
                ec="#0072B2",
            )
        )
        ax.text(
            x + box_w / 2,
            y + 0.13,
            s["step"],
            ha="center",
            va="center",
            fontsize=10,
            fontweight="bold",
        )
        ax.text(
            x + box_w / 2,
            y - 0.2,
            f"{s['in']} in  →  {s['out']} out",
            ha="center",
            va="center",
            fontsize=9,
        )
        side = x + box_w + 0.7
        if s["removed"]:
            ax.add_patch(
                FancyArrowPatch(
                    (x + box_w, y),
                    (x + box_w + 0.6, y),
                    arrowstyle="-|>",
                    mutation_scale=10,
                    color="#D55E00",
                )
            )
            ax.text(
                side,
                y,
                "\n".join(s["removed"]),
                ha="left",
                va="center",
                fontsize=8,
                color="#5A2A00",
            )
        if s["notes"]:
            below = y - 0.12 * len(s["removed"]) - 0.18 if s["removed"] else y
            ax.text(
                side,
                below,
                "\n".join(s["notes"]),
                ha="left",
                va="top" if s["removed"] else "center",
                fontsize=8,
                color="#555555",
                style="italic",
            )
        if i + 1 < len(steps):
            ax.add_patch(
                FancyArrowPatch(
                    (x + box_w / 2, y - box_h / 2 - 0.02),
                    (x + box_w / 2, y - 1.25 + box_h / 2 + 0.06),
                    arrowstyle="-|>",
                    mutation_scale=12,
                    color="#333333",
                )
            )
    return fig


def flow_figure(table: pd.DataFrame, path: Path) -> Path:
    """Draw the flow table as a figure (PNG or SVG, by suffix) and return its path."""
    from matplotlib import rc_context

    from clinbench.io import atomic_path

    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg"):
        raise CurationFlowError(f"{path}: the figure is written as .png or .svg")
    steps = [
        {
            "step": r["step"],
            "in": r["in"],
            "out": r["out"],
            "removed": [w for w in str(r["why"]).split("; ") if w],
            "notes": [w for w in str(r["notes"]).split("; ") if w],
        }
        for _, r in table.iterrows()
    ]
    fig = _draw(steps, "Curation: items in and out of each step")
    with atomic_path(path) as tmp:
        kind = path.suffix.lower()[1:]
        # no creation date or software version in the file, so a re-run writes the same bytes
        metadata = {"Date": None, "Creator": None} if kind == "svg" else {"Software": None}
        # ids in an SVG are salted at random unless a salt is set; text stays searchable
        with rc_context({"svg.hashsalt": "clinbench-curation-flow", "svg.fonttype": "none"}):
            fig.savefig(tmp, format=kind, metadata=metadata)
    return path
