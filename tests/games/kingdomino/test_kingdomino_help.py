"""Kingdomino rules at hand (``help NAME``, ``rules``): data from dominoes.toml with its
provenance; the quick reference's rules for the decision at hand."""

from __future__ import annotations

import pytest

import regalia
from regalia.core.help import find_entry
from regalia.games.kingdomino import help as kd_help
from regalia.games.kingdomino import view


def _decision(state, phase):
    while state.is_chance_node() or state.phase_name != phase:
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(state.dealer()))
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def test_terrain_help_counts_its_squares_and_crowns_from_the_data():
    # dominoes.toml check sums: squares M6, crowns M10; wheat W26 squares, 5 crowns
    entries = kd_help.help_entries(regalia.load_game("kingdomino", players=2))
    mine = find_entry(entries, "mine")
    assert "6 squares, 10 crowns" in mine.text()
    assert "26 squares, 5 crowns" in find_entry(entries, "w").text()
    assert mine.provenance == "verified" and "verified: transcribed" in mine.text()


def test_variant_and_domino_help():
    entries = kd_help.help_entries(regalia.load_game("kingdomino", players=2,
                                                     variants=["harmony"]))
    harmony = find_entry(entries, "harmony")
    assert "+5 points" in harmony.effect and "Played in this game" in harmony.text()
    assert "Not played" in find_entry(entries, "middle kingdom").text()
    # domino 48 of the printed set: wheat / mine with 3 crowns
    assert find_entry(entries, "48").effect.startswith("wheat / mine ***")


def test_rules_follow_the_decision():
    game = regalia.load_game("kingdomino", players=2)
    pick = kd_help.rules_summary(_decision(game.new_initial_state(1), "pick"))
    assert pick.title == "Pick a domino" and "Turn order" in pick.cite
    place = kd_help.rules_summary(_decision(game.new_initial_state(1), "place"))
    assert place.title == "Place your domino"
    assert any("5x5" in line for line in place.lines)
    assert "When placing tiles" in place.cite


@pytest.mark.parametrize("token,short", [("M***", "M3"), ("F*", "F1"), ("W", "W"),
                                         ("C", "C"), (".", ".")])
def test_compact_token(token, short):
    assert view.compact_token(token) == short


def test_compact_grid_is_three_columns_a_square():
    state = regalia.load_game("kingdomino", players=4).new_initial_state(1)
    grid = view.compact_grid(view.kingdom_grid(state, 0))
    assert grid.cell_width == 3
    assert max(len(x) for x in grid.lines()) <= 2 + 9 * 3
