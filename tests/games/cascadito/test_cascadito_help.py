"""Cascadito rules at hand: achievements and sheet features from the sheet data with their
provenance; claims explained; the rules of the decision at hand (rulebook sections)."""

from __future__ import annotations

import random

import regalia
from regalia.core.help import find_entry
from regalia.games.cascadito import help as cas_help
from regalia.games.cascadito import view


def _game(sheet=1, players=2):
    return regalia.load_game("cascadito", players=players, sheet=sheet)


def _first_decision(game, seed=1):
    state = game.new_initial_state(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(state.dealer()))
    return state


def test_achievement_help_is_the_sheet_text_with_its_provenance():
    game = _game(1)
    entries = cas_help.help_entries(game)
    top1 = find_entry(entries, "top 1")
    data = game.sheet.achievements[0]
    assert top1.effect == data.text == ("Reach the first Achievement banner in all 4 success "
                                        "tracks.")
    assert top1.provenance == "rulebook" and top1.source == data.source
    assert "Reward: 5 VP; only 1 player can claim it" in top1.text()
    assert find_entry(entries, "t1") is top1
    # sheet 1, top 4 reads 'all 5 colors' on a 4-colour sheet: a reconstruction, said so
    top4 = find_entry(entries, "top 4")
    assert top4.provenance == "reconstructed" and "NOT the printed component" in top4.text()


def test_sheet_features_per_sheet():
    bandit = find_entry(cas_help.help_entries(_game(2)), "bandits")
    assert bandit.name == "raiding bandit" and "9 on this sheet" in bandit.text()
    assert bandit.provenance == "reconstructed"
    sheet4 = cas_help.help_entries(_game(4))
    assert "immediately mark another field" in find_entry(sheet4, "star").effect
    assert find_entry(sheet4, "trade good").kind == "sheet feature"
    river = find_entry(cas_help.help_entries(_game(1)), "river")
    assert "flows right" in river.effect


def test_rules_follow_the_decision():
    state = _first_decision(_game(1))
    assert state.phase_name == "die"
    r = cas_help.rules_summary(state)
    assert r.title == "Select a die" and "Town scoring" in r.cite
    solo = cas_help.rules_summary(_first_decision(_game(1, players=1)))
    assert "Solo game" in solo.cite


def test_claims_are_explained():
    state = _first_decision(_game(1))
    assert view.explain(state, "claim top 1") == (
        "top 1 is not met yet (Reach the first Achievement banner in all 4 success tracks)")
    assert view.explain(state, "claim bottom 9").startswith(
        "this sheet has no achievement bottom 9; its bottom row: bottom 1, bottom 2")
    assert view.explain(state, "pink c5") is None


def test_action_rules_are_whole_lines():
    """At an action's target the summary is one line of text (a 1-tuple), not the
    sentence split into characters (the 'rules' command printed one letter per line)."""
    rng = random.Random(3)
    state = _first_decision(_game(1))
    for _ in range(2000):
        if state.phase_name == "task":
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.phase_name == "task"
    r = cas_help.rules_summary(state)
    assert r.title == "An action" and len(r.lines) == 1
    assert r.lines[0].startswith("A success track space, a river space or a field")
    assert "\n  A\n" not in r.text()
