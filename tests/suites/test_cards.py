"""Suite cards match the shipped data (issue 16 item 5)."""

from __future__ import annotations

from typer.testing import CliRunner

from clinbench import suites
from clinbench.cli import _mount, app
from clinbench.suites.cards import check_card, read_cards

runner = CliRunner()
_mount()


def test_every_suite_has_a_card_that_matches_its_samples():
    cards = {card["name"]: card for card in read_cards()}
    assert sorted(cards) == sorted(suites.suites())
    for card in cards.values():
        assert check_card(card) == [], check_card(card)
        assert set(card["tasks"]) <= set(suites.tasks())
        assert card["reference"]["source"] and card["reference"]["results"]


def test_a_card_that_drifts_from_its_data_is_caught():
    card = read_cards()[0]
    card["samples"][0] = dict(card["samples"][0], items=card["samples"][0]["items"] + 1,
                              item_set_sha256="0" * 64)  # fmt: skip
    problems = check_card(card)
    assert len(problems) == 2 and "update the card" in problems[1]


def test_suites_command_lists_and_checks_cards():
    result = runner.invoke(app, ["suites", "--check"])
    assert result.exit_code == 0, result.output
    assert "ausclin v1" in result.output and "published:" in result.output
