"""Inheritors views built from ``observation(seat)``: the public score and illegal moves
explained in the rulebook's terms (III. Gameplay; V. Scoring steps 1 and 5); rules at hand
from the card data with its provenance."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.core.help import find_entry
from regalia.games.inheritors import help as inh_help
from regalia.games.inheritors import view


def _start(seed=5, players=2):
    state = regalia.load_game("inheritors", players=players).new_initial_state(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(state.dealer()))
    return state


def _states(seeds, plies=80):
    """Decision states of random games (the player to act's start-of-turn decisions)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = regalia.load_game("inheritors", players=3).new_initial_state(seed)
        for _ in range(plies):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(state.dealer()))
                continue
            if state.phase_name == "start":
                yield state
            state.apply_action(rng.choice(state.legal_actions()))


def test_public_score_hand_worked():
    # V. Scoring 1: the top card of each stack; 5: 1 VP per Honor
    obs = {"play_areas": [{"blue": [1, 2, 3], "red": [1]}, {}, {"purple": [1]}],
           "honors": [["A Six"], [], ["Two Fours", "Three Threes"]]}
    scores = view.public_scores(obs, {"A Six": 1, "Two Fours": 1, "Three Threes": 1})
    assert [s["total"] for s in scores] == [3 + 1 + 1, 0, 1 + 2]
    assert scores[0] == {"influence": 4, "honors": 1, "total": 5}


def test_public_score_uses_the_observation_only():
    state = _start()
    obs = state.observation(1)
    assert view.public_scores(obs, {})[0]["total"] == 0


def test_the_issue_examples_are_explained():
    # seed 5, 2 players: seat 1 holds blue 1, blue 2, blue 3 and no Advocate
    state = _start()
    assert view.explain(state, "play blue 4") == (
        "you have no blue 4 in your hand (your blue cards: 1, 2, 3)")
    assert view.explain(state, "use Conspirator") == (
        "you have no Conspirator in your hand (you hold no Advocate)")
    assert "no blue stack yet: it starts with blue 1" in view.explain(state, "play blue 2")
    assert "removed from this 2-player game" in view.explain(state, "play green 1")
    assert "numbered 3 or higher" in view.explain(state, "claim Wolf")
    assert "'foo' is not an Advocate" in view.explain(state, "use Foo")


def test_every_illegal_play_from_the_hand_is_explained():
    """Property over random positions: a card in hand that cannot be played now gets a
    reason; a legal play never does."""
    seen = 0
    for state in _states(range(6)):
        seat = state.current_player()
        legal = {state.action_to_string(a) for a in state.legal_actions()}
        for card in set(state.observation(seat)["hand"]):
            parts = card.split()
            if len(parts) != 2 or not parts[1].isdigit():
                continue
            text = f"play {card}"
            why = view.explain(state, text)
            if text in legal:
                assert why is None
            else:
                seen += 1
                assert why and ("goes on it" in why or "starts with" in why
                                or "removed" in why), (text, why)
    assert seen > 20


def test_a_conspirator_that_cannot_be_used_is_explained():
    found = 0
    for state in _states(range(40)):
        seat = state.current_player()
        if "Conspirator" not in state.observation(seat)["hand"]:
            continue
        legal = {state.action_to_string(a) for a in state.legal_actions()}
        why = view.explain(state, "use Conspirator")
        if "use Conspirator" in legal:
            continue
        found += 1
        assert why.startswith("the Conspirator"), why
    assert found > 0


def test_card_help_from_the_data_with_provenance():
    game = regalia.load_game("inheritors", players=2)
    entries = inh_help.help_entries(game)
    consp = find_entry(entries, "conspirator")
    data = game.cards.named("Conspirator")
    assert consp.effect == data.abilities[0].text
    assert consp.provenance == "reconstructed" and "name rulebook" in consp.text()
    assert "Copies: 6 (2 with the 2-player mark)" in consp.text()
    relic = find_entry(entries, "blue relic")
    assert relic.provenance == "rulebook" and "V. Scoring, step 3" in relic.effect


def test_rules_of_the_turn():
    r = inh_help.rules_summary(_start())
    assert r.title == "Your turn: ONE of five actions" and len(r.lines) == 6
    assert r.cite.endswith("III. Gameplay, During your turn")


def test_chance_notes_name_a_card_only_to_the_seat_that_sees_it():
    """Attack over random games: a seat's note of another seat's draw or Quest never names
    it; its own draws and the spectator's notes name the card actually drawn."""
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = regalia.load_game("inheritors", players=3).new_initial_state(seed)
        while not state.is_terminal():
            if not state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            action = state.sample_chance_outcome(state.dealer())
            truth = state.action_to_string(action)
            spectator = view.chance_note(state, action, None)
            for viewer in (0, 1, 2, -1):
                note = view.chance_note(state, action, viewer)
                if note.kind in ("draw", "quest"):
                    checked += 1
                    if note.seat == viewer:
                        assert note.name == spectator.name
                    else:
                        assert note.name is None
            if spectator.kind in ("draw", "market", "quest"):
                assert spectator.name and spectator.name.casefold() in truth.casefold(), \
                    (truth, spectator)
            state.apply_action(action)
    assert checked > 300


# ---------------------------------------------------------------------- the table view
def test_table_shows_a_seat_its_own_hand_only():
    """observation(seat) decides: the viewer's hand and Quests, the others' sizes only."""
    state = _start(seed=5, players=3)
    for viewer in range(3):
        tv = view.table(state, viewer)
        obs = state.observation(viewer)
        for seat in tv.seats:
            if seat.seat == viewer:
                assert list(seat.hand) == obs["hand"] and len(seat.hand) == seat.hand_size
            else:
                assert seat.hand is None and seat.quests is None
            assert seat.hand_size == 10
        assert tv.turn == obs["turn"] and tv.deck_size == obs["deck_size"]
        assert [list(r) for r in tv.market] == obs["market"]
    public = view.table(state, -1)
    assert all(seat.hand is None for seat in public.seats)
    spectator = view.table(state, None)   # each seat's hand from that seat's observation
    assert [list(seat.hand) for seat in spectator.seats] == [
        state.observation(p)["hand"] for p in range(3)]


def test_table_of_a_non_seat_is_refused():
    state = _start(seed=5, players=2)
    with pytest.raises(ValueError):
        view.table(state, 2)


def test_round_number_counts_rounds_whoever_plays_first():
    """Round 1 starts after the first player is drawn, whichever seat it is; round 2 once
    every seat has ended its turn (a replay shows the table then)."""
    firsts = set()
    for seed in range(12):
        state = _start(seed=seed, players=3)
        assert view.round_number(state) == 1
        firsts.add(state.observation(0)["first_player"])
        rng = random.Random(seed)
        ends = 0
        while ends < 3:
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            if ends == 0 and state.history()[-1] != state.game.C_FIRST + \
                    state.observation(0)["first_player"]:
                assert view.round_number(state) is None
            legal = state.legal_actions()
            a = state.game.A_END if state.game.A_END in legal else rng.choice(legal)
            ends += a == state.game.A_END
            state.apply_action(a)
        while state.is_chance_node():
            state.apply_random_chance()
        assert view.round_number(state) == 2
    assert len(firsts) > 1


def test_decision_line_from_the_observation():
    assert view.decision_line({"phase": "quest-discard", "quest_action": {
        "colour": "white", "discards_left": 2}}) == \
        "Quest: discard 2 more white card(s) (Tomes count as any)"
    assert view.decision_line({"phase": "effect", "pending": [
        {"effect": "play_influence", "skip": 1, "requirement": "opponent_ahead"}]}) == \
        "Play an Influence Card, skipping 1 number (another player must lead that colour)"
    assert view.decision_line({"phase": "start", "turn": 1, "hand_sizes": [3, 0]}) == \
        "Your hand is empty: claim what you can, or 'pass'"


def test_card_colour_and_order():
    g = regalia.load_game("inheritors", players=2)
    assert view.card_colour(g, "purple 2") == "purple"
    assert view.card_colour(g, "spy") == "white"
    assert view.card_colour(g, "Tome") == "any"
    assert view.card_colour(g, "no such card") is None
    assert view.sort_cards(g, ["Spy", "blue 1", "purple 2"]) == ["purple 2", "blue 1", "Spy"]
