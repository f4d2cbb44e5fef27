"""Observation tensors (issue 16): fixed shapes, legal-action masks, segments documented,
and no hidden information (Inheritors: equal information states give equal tensors)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from regalia.core import load_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"


def play_random(game, seed):
    """Yield every state of one random game (chance from the state's dealer)."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_shape_fixed_and_mask_matches_legal_actions(game_config):
    name, params = game_config
    game = load_game(name, **params)
    shape = game.observation_tensor_shape()
    assert shape == (game.observation_tensor_layout().size,)
    for seed in (0, 1):
        for state in play_random(game, seed):
            for p in range(game.num_players):
                t = state.observation_tensor(p)
                assert t.dtype == np.float32 and t.shape == shape
                assert np.isfinite(t).all()
            mask = state.legal_actions_mask()
            assert mask.shape == (game.num_distinct_actions,)
            assert list(np.flatnonzero(mask)) == state.legal_actions()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_inheritors_equal_information_states_give_equal_tensors(players):
    """Resampling deals the hidden cards (hands, Quests, deck) anew, consistent with what
    seat p knows; p's tensor must not change. The test also checks that the hidden cards
    did change in some resample, so that it could fail."""
    game = load_game("inheritors", players=players)
    rng = random.Random(7)
    changed = checked = 0
    for seed in range(3):
        for ply, state in enumerate(play_random(game, seed)):
            if ply % 7 or state.is_terminal():
                continue
            for p in range(players):
                mine = state.observation_tensor(p)
                info = state.information_state_string(p)
                for _ in range(2):
                    other = state.resample_from_infostate(p, rng)
                    assert other.information_state_string(p) == info
                    assert np.array_equal(other.observation_tensor(p), mine)
                    checked += 1
                    q = (p + 1) % players
                    changed += other.observation(q)["hand"] != state.observation(q)["hand"]
    assert checked > 50 and changed > 10


def test_tensor_of_a_seat_ignores_the_hidden_hands():
    """An attacker's view: two states differing only in seat 1's hand give seat 0 the same
    tensor, and seat 1 a different one (its own hand is in its tensor)."""
    game = load_game("inheritors", players=2)
    rng = random.Random(3)
    for state in play_random(game, 5):
        if state.current_player() == 1 and len(state.history()) > 30:
            break
    other = state.resample_from_infostate(0, rng)
    for _ in range(20):
        if other.observation(1)["hand"] != state.observation(1)["hand"]:
            break
        other = state.resample_from_infostate(0, rng)
    assert other.observation(1)["hand"] != state.observation(1)["hand"]
    assert np.array_equal(other.observation_tensor(0), state.observation_tensor(0))
    assert not np.array_equal(other.observation_tensor(1), state.observation_tensor(1))


def test_kingdomino_planes_are_relative_to_the_seat():
    game = load_game("kingdomino", players=2)
    for state in play_random(game, 3):
        if len(state.history()) > 40:
            break
    lay = game.observation_tensor_layout()
    k0 = lay.view(state.observation_tensor(0), "kingdoms")
    k1 = lay.view(state.observation_tensor(1), "kingdoms")
    assert np.array_equal(k0[0], k1[1]) and np.array_equal(k0[1], k1[0])
    # one castle per kingdom, in the centre of the 9 x 9 board
    assert k0[0, 0].sum() == 1 and k0[0, 0, 4, 4] == 1
    # every square is at most one terrain, and the squares covered are the dominoes placed
    terrain = k0[:, 1:7].sum(axis=1)
    assert terrain.max() == 1
    placed = state.placed
    assert [int(terrain[0].sum()), int(terrain[1].sum())] == [2 * placed[0], 2 * placed[1]]


@pytest.mark.parametrize("name,doc", [("kingdomino", "kingdomino.md"),
                                      ("inheritors", "inheritors.md"),
                                      ("cascadito", "cascadito.md"),
                                      ("two-heirs", "two-heirs.md")])
def test_every_segment_is_documented(name, doc):
    text = (DOCS / doc).read_text(encoding="utf-8")
    game = load_game(name, players=2)
    for seg in game.observation_tensor_layout().segments:
        assert f"`{seg.name}`" in text, f"{doc} does not document segment {seg.name}"
