"""`clinbench suites`: list the reference suites' cards (and check them against the data)."""

from __future__ import annotations

import typer

from clinbench.cli.console import echo_message, echo_wrapped, format_option


def _paper_map(suite: str, fmt: str) -> None:
    from clinbench.cli.console import TableOutput
    from clinbench.cli.helpers import fail
    from clinbench.suites.paper_map import paper_map_counts, paper_map_table, read_paper_map

    try:
        data = read_paper_map(suite)
    except ValueError as err:
        fail(str(err))
    counts = paper_map_counts(suite)
    output = TableOutput(fmt)
    output.table(paper_map_table(suite), f"Paper map: {data.get('paper', suite)}")
    output.note(f"{counts['built']} of {counts['rows']} rows have a command; "
                f"{counts['not yet']} not yet.")  # fmt: skip
    output.close()


def suites(
    check: bool = typer.Option(False, "--check", help="Recompute each sample's count and hash."),
    tables: str | None = typer.Option(
        None,
        "--tables",
        metavar="SUITE",
        help="Print SUITE's paper map instead: each table and figure of its paper and the "
        "command or report section producing it (or 'not yet').",
    ),
    fmt: str = format_option(),
) -> None:
    """List each suite: version, what it measures, its samples and published reference numbers."""
    from clinbench.suites.cards import check_card, read_cards

    if tables is not None:
        _paper_map(tables, fmt)
        return

    problems = []
    for card in read_cards():
        echo_wrapped(f"{card['name']} v{card['version']}: {card['title']}", "    ")
        echo_wrapped(f"  tasks: {', '.join(card.get('tasks') or [])}", "    ")
        for sample in card.get("samples") or []:
            note = " (illustrative)" if sample.get("illustrative") else ""
            echo_wrapped(f"  sample {sample['file']}: {sample['items']} items, "
                         f"{sample['item_set_sha256'][:12]}…{note}", "    ")  # fmt: skip
        reference = card.get("reference") or {}
        for line in reference.get("results") or []:
            echo_wrapped(f"  published: {line}", "    ")
        if reference.get("source"):
            echo_wrapped(f"  source: {reference['source']}", "    ")
        echo_wrapped(f"  human baseline: {card.get('human_baseline') or 'none published'}", "    ")
        if check:
            problems += check_card(card)
    for problem in problems:
        echo_message(problem, err=True)
    if problems:
        raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    """Mount `clinbench suites` on the main app."""
    app.command("suites")(suites)
