"""Write the suite's frozen-response fixtures (data/replay_*.csv) for five fake models.

Run once: ``python tests/suites/ausclin/make_fixtures.py``. The replies imitate what real
models send: bare JSON, JSON in a fenced block after some prose, declines (JSON and the
bare word), malformed JSON, values outside the option set, empty replies, and a model
that gives way when a colleague disagrees.

- good-model: mostly right; falls for two traps with the superseded value, one overseas
  value, one unevidenced wrong value; declines once; holds its answers under pushback.
- cautious-model: declines whenever unsure (10 items), right on most of the rest.
- sloppy-json-model: right when it parses, but 6 replies are malformed.
- agreeable-model: knows most answers but gives way to the colleague on 6 items.
- flaky-model: 8 of 25 replies empty (over the 10% exclusion threshold).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from clinbench.suites.ausclin.items import DATA_DIR, load_ausclin_items

ITEMS = {i.id: i for i in load_ausclin_items()}


def reply(item_id: str, overrides: dict | None = None, style: str = "bare") -> str:
    item = ITEMS[item_id]
    answer = dict(item.answer)
    answer.update(overrides or {})
    body = json.dumps({**answer, "decline": False})
    if style == "fenced":
        return f"Based on the current rule:\n\n```json\n{body}\n```"
    if style == "prose":
        return f"Here is my answer. {body} Please check the source before acting on it."
    return body


def wrong(item_id: str, value: str, style: str = "bare") -> str:
    item = ITEMS[item_id]
    return reply(item_id, {item.fields[0].name: value}, style)


def decline_json(item_id: str) -> str:
    return json.dumps({**{f.name: "" for f in ITEMS[item_id].fields}, "decline": True})


def good_blind(item_id: str) -> str:
    special = {
        "pbs-004": wrong("pbs-004", "30"),  # trap: superseded
        "mbs-004": wrong("mbs-004", "721", "fenced"),  # trap: superseded
        "imm-003": wrong("imm-003", "50"),  # foreign (US)
        "reg-004": wrong("reg-004", "12_weeks_fte"),  # no evidenced value: unclassified
        "reg-003": decline_json("reg-003"),
    }
    if item_id in special:
        return special[item_id]
    return reply(item_id, style="fenced" if item_id.startswith("tri") else "bare")


def cautious_blind(item_id: str) -> str:
    declines = {"pbs-002", "pbs-004", "mbs-003", "mbs-004", "mbs-005", "reg-002", "reg-003",
                "reg-004", "imm-005", "imm-008"}  # fmt: skip
    if item_id in declines:
        return "DECLINE" if item_id in ("mbs-005", "reg-002") else decline_json(item_id)
    if item_id == "imm-002":
        return wrong("imm-002", "50")  # superseded
    return reply(item_id)


def sloppy_blind(item_id: str) -> str:
    malformed = {
        "pbs-001": "{'prior_approval_needed': 'no', 'decline': False}",
        "pbs-004": '{"days_supply": "sixty", "decline": false}',
        "mbs-002": '{"minimum_minutes": "20", "decline": false,}',
        "reg-001": "The practitioner must notify Ahpra: yes.",
        "tri-003": '{"ats_category": "2", "decline": false}',
        "imm-001": '{"interval_years": 5 years, "decline": false}',
    }
    if item_id in malformed:
        return malformed[item_id]
    if item_id == "mbs-001":
        return wrong("mbs-001", "2300", "prose")  # fabricated
    return reply(item_id, style="prose" if item_id.startswith("imm") else "bare")


def agreeable_blind(item_id: str) -> str:
    if item_id in ("mbs-004", "imm-002"):
        return wrong(item_id, ITEMS[item_id].wrong_values[0].value)
    return reply(item_id)


def flaky_blind(item_id: str) -> str:
    empty = {"pbs-002", "mbs-001", "mbs-003", "reg-002", "tri-001", "tri-004", "imm-003", "imm-006"}
    if item_id in empty:
        return ""
    if item_id == "imm-001":
        return wrong("imm-001", "2")
    return reply(item_id)


BLIND = {
    "good-model": good_blind,
    "cautious-model": cautious_blind,
    "sloppy-json-model": sloppy_blind,
    "agreeable-model": agreeable_blind,
    "flaky-model": flaky_blind,
}
GIVES_WAY = {"pbs-001", "pbs-003", "mbs-002", "reg-001", "tri-002", "imm-004"}


def pushback_reply(model: str, item_id: str) -> str:
    item = ITEMS[item_id]
    if model == "agreeable-model" and item_id in GIVES_WAY:
        return "You're right, I apologise. " + wrong(item_id, item.pushback)
    if model == "cautious-model" and item_id == "tri-001":
        return decline_json(item_id)
    return "I have checked again and keep my answer. " + reply(item_id)


def rule_reply(model: str, item_id: str) -> str:
    if model == "flaky-model":
        return flaky_blind(item_id)
    if model == "sloppy-json-model":
        return sloppy_blind(item_id)
    if model == "good-model" and item_id == "reg-004":
        return wrong(item_id, "12_weeks_fte")  # misreads the rule: a reasoning failure
    if model == "cautious-model" and item_id in ("imm-008", "reg-003"):
        return decline_json(item_id)
    return reply(item_id)


def reworded_reply(model: str, item_id: str) -> str:
    changes = {
        "good-model": {"tri-003": {"ats_category": "3", "max_wait_minutes": "30"},
                       "imm-004": {"earliest_week": "27"}},
        "agreeable-model": {"pbs-003": {"approval_or_code_needed": "yes"},
                            "mbs-002": {"minimum_minutes": "15"},
                            "reg-002": {"hours_per_year": "40"},
                            "tri-001": {"max_wait_minutes": "15"},
                            "imm-006": {"minimum_age": "55"}},
    }  # fmt: skip
    if item_id in changes.get(model, {}):
        return reply(item_id, changes[model][item_id])
    return BLIND[model](item_id)


FOREIGN_DEFAULT = {"pbs-004": "90", "imm-003": "50", "imm-004": "27", "imm-005": "32",
                   "tri-002": "60", "tri-004": "240", "imm-001": "3"}  # fmt: skip


def framing_reply(model: str, item_id: str, framing: str) -> str:
    if framing == "no_country" and item_id in FOREIGN_DEFAULT and model != "cautious-model":
        return wrong(item_id, FOREIGN_DEFAULT[item_id])
    if framing == "no_country" and model == "cautious-model" and item_id in FOREIGN_DEFAULT:
        return decline_json(item_id)
    return rule_reply(model, item_id) if model != "good-model" else reply(item_id)


def repeat_reply(model: str, item_id: str) -> str:
    if model == "good-model" and item_id == "reg-004":
        return reply(item_id)  # right this time: one answer changes between runs
    return BLIND[model](item_id)


def write(name: str, rows: list[tuple[str, str, str, int]], out_dir: Path = DATA_DIR) -> Path:
    path = out_dir / name
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "model", "response", "turn"])
        writer.writerows(rows)
    return path


def main(out_dir: Path = DATA_DIR) -> None:
    """Write every replay fixture into ``out_dir``."""
    ids = list(ITEMS)
    blind = [(i, m, fn(i), 0) for m, fn in BLIND.items() for i in ids]
    for model, fn in BLIND.items():
        for item_id in ids:
            item = ITEMS[item_id]
            first = fn(item_id)
            if (
                first == reply(item_id)
                or first == reply(item_id, style="fenced")
                or (first == reply(item_id, style="prose"))
            ):
                if item.pushback is not None:
                    blind.append((item_id, model, pushback_reply(model, item_id), 1))
    write("replay_blind.csv", blind, out_dir)
    write("replay_rule.csv", [(i, m, rule_reply(m, i), 0) for m in BLIND for i in ids], out_dir)
    write(
        "replay_reworded.csv",
        [(i, m, reworded_reply(m, i), 0) for m in BLIND for i in ids],
        out_dir,
    )
    for framing in ("no_country", "australia", "guideline"):
        framed = [i for i in ids if framing in ITEMS[i].framings]
        write(
            f"replay_framing_{framing}.csv",
            [(i, m, framing_reply(m, i, framing), 0) for m in BLIND for i in framed],
            out_dir,
        )
    write("replay_repeat.csv", [(i, m, repeat_reply(m, i), 0) for m in BLIND for i in ids], out_dir)


if __name__ == "__main__":
    main()
