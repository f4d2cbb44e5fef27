"""Observation tensors (issue 16): fixed shapes, legal-action masks, segments documented,
and no hidden information (Inheritors: equal information states give equal tensors).

Inheritors' information state tensor is a perfect-recall encoding in OpenSpiel's sense: it
must hold nothing the seat may not see (equal information states, equal tensors: tested as
an attacker, varying every hidden card) and must tell apart what the seat's observation
alone does not (different information states, different tensors)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from regalia.core import load_game
from regalia.games.inheritors.positions import position
from regalia.games.inheritors.tensors import PLY_KINDS, information_state_layout

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
    seat p knows; p's tensors (observation and information state) must not change. The test also checks that the hidden cards
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
                recall = state.information_state_tensor(p)
                info = state.information_state_string(p)
                for _ in range(2):
                    other = state.resample_from_infostate(p, rng)
                    assert other.information_state_string(p) == info
                    assert np.array_equal(other.observation_tensor(p), mine)
                    assert np.array_equal(other.information_state_tensor(p), recall)
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


# ------------------------------------------------- Inheritors' information state tensor
@pytest.mark.parametrize("players", [2, 3, 4])
def test_shape_is_fixed_and_the_observation_comes_first(players):
    game = load_game("inheritors", players=players)
    assert game.perfect_recall_tensor
    lay = game.information_state_tensor_layout()
    assert game.information_state_tensor_shape() == (lay.size,)
    base = game.observation_tensor_size()
    for k, state in enumerate(play_random(game, players)):
        if k % 5 and not state.is_terminal():
            continue
        for p in range(players):
            t = state.information_state_tensor(p)
            assert t.dtype == np.float32 and t.shape == (lay.size,) and np.isfinite(t).all()
            assert np.array_equal(t[:base], state.observation_tensor(p))
            assert np.flatnonzero(lay.view(t, "player")).tolist() == [p]
            kinds = lay.view(t, "ply_kind")
            # exactly one kind per ply of the history, none after it
            assert kinds.sum(axis=1).tolist() == [1.0] * len(state.history()) + \
                [0.0] * (game.max_game_length - len(state.history()))


@pytest.mark.parametrize("players", [2, 3])
def test_tensors_are_equal_exactly_when_information_states_are(players):
    """Over every state of random games: per seat, equal information state strings give
    equal tensors (no hidden information) and different strings different tensors
    (perfect recall)."""
    game = load_game("inheritors", players=players)
    by_string: dict[tuple[int, str], bytes] = {}
    by_tensor: dict[tuple[int, bytes], str] = {}
    for seed in range(2):
        for state in play_random(game, 20 + seed):
            for p in range(players):
                key = state.information_state_string(p)
                t = state.information_state_tensor(p).tobytes()
                assert by_string.setdefault((p, key), t) == t
                assert by_tensor.setdefault((p, t), key) == key
    assert len(by_string) > 400


def _draw_two(first: str, second: str):
    """Seat 0 discards blue 2 to row 1 and draws 2 (action 2): ``first``, then
    ``second``, in a hand-made 2-player position."""
    game = load_game("inheritors", players=2)
    s = position(game, seed=1, hands={0: ["blue 2", "blue 3"], 1: ["red 1", "green 4"]},
                 market=[["yellow 1"], ["yellow 2"], ["blue 1"]])
    s.apply_action(s.string_to_action("discard blue 2 to row 1, draw 2"))
    for card in (first, second):
        s.apply_action(s.string_to_action(f"card {card}"))
    return game, s


def test_same_observation_different_history_gives_different_tensors():
    """Seat 0 drew green 1 then red 2, or red 2 then green 1: the same position (its
    observation and observation tensor are equal) but seat 0 knows the order, so its
    information states and tensors differ. Seat 1 saw neither card: its information
    states are equal, and so must its tensors be."""
    game, a = _draw_two("green 1", "red 2")
    _, b = _draw_two("red 2", "green 1")
    assert a.observation(0) == b.observation(0)
    assert np.array_equal(a.observation_tensor(0), b.observation_tensor(0))
    assert a.information_state_string(0) != b.information_state_string(0)
    assert not np.array_equal(a.information_state_tensor(0), b.information_state_tensor(0))
    assert a.information_state_string(1) == b.information_state_string(1)
    assert np.array_equal(a.information_state_tensor(1), b.information_state_tensor(1))


def test_history_slots_of_a_hand_worked_turn():
    """The three plies of ``discard blue 2 to row 1, draw 2`` (green 1, red 2) as each seat
    knows them."""
    game, s = _draw_two("green 1", "red 2")
    lay = information_state_layout(game)
    k = len(s.history()) - 3            # the discard, then the two draws
    names = list(game.tname)

    def slot(t, plane):
        return lay.view(t, plane)[k:k + 3]

    t0, t1 = s.information_state_tensor(0), s.information_state_tensor(1)
    kinds0 = [PLY_KINDS[i] for i in slot(t0, "ply_kind").argmax(axis=1)]
    assert kinds0 == ["discard-draw", "card", "card"]
    cards = slot(t0, "ply_card")
    assert [names[i] for i in cards.argmax(axis=1)] == ["blue 2", "green 1", "red 2"]
    assert cards.sum() == 3
    assert slot(t0, "ply_row")[0].tolist() == [1.0, 0.0, 0.0]
    # the discard was seat 0's own (relative 0), the draws chance's, seen by seat 0 alone
    assert slot(t0, "ply_actor").tolist() == [[1, 0, 0], [0, 0, 1], [0, 0, 1]]
    assert slot(t0, "ply_seen_by").tolist() == [[0, 0], [1, 0], [1, 0]]
    # seat 1 sees the discard (public) but not the cards drawn: kind hidden, no card
    kinds1 = [PLY_KINDS[i] for i in slot(t1, "ply_kind").argmax(axis=1)]
    assert kinds1 == ["discard-draw", "hidden", "hidden"]
    assert slot(t1, "ply_card").sum() == 1                   # blue 2, discarded openly
    assert slot(t1, "ply_actor").tolist() == [[0, 1, 0], [0, 0, 1], [0, 0, 1]]
    assert slot(t1, "ply_seen_by").tolist() == [[0, 0], [0, 1], [0, 1]]


@pytest.mark.parametrize("players", [2, 4])
def test_actor_plane_names_the_player_who_chose_each_move(players):
    """``ply_actor`` is derived from the public history (the turn passes at ``end turn``);
    it matches the seat that was to act at every decision of a random game."""
    game = load_game("inheritors", players=players)
    actors = []
    for state in play_random(game, 5):
        if not state.is_terminal():
            actors.append(state.current_player())
    lay = information_state_layout(game)
    for p in range(players):
        plane = lay.view(state.information_state_tensor(p), "ply_actor")
        got = [int(i) for i in plane[:len(actors)].argmax(axis=1)]
        want = [players if a < 0 else (a - p) % players for a in actors]
        assert got == want


def test_every_information_state_segment_is_documented():
    text = (DOCS / "inheritors.md").read_text(encoding="utf-8")
    game = load_game("inheritors", players=2)
    for seg in game.information_state_tensor_layout().segments:
        assert f"`{seg.name}`" in text, f"inheritors.md does not document {seg.name}"


def test_other_games_have_no_perfect_recall_tensor():
    """Kingdomino and Cascadito (perfect information) and Two Heirs offer their observation
    tensor as information state tensor, not a perfect-recall encoding; they say so."""
    for name in ("kingdomino", "cascadito", "two-heirs"):
        game = load_game(name)
        assert not game.perfect_recall_tensor
        assert game.information_state_tensor_shape() == game.observation_tensor_shape()


@pytest.mark.parametrize("players", [1, 2])
def test_two_heirs_tensor_ignores_the_face_down_starting_tile(players):
    """Two Heirs hides only the face-down starting tile: states resampled from a seat's
    information state (the tile redrawn among those of its colour) give that seat the
    same tensor, while the tile did change in some of them."""
    game = load_game("two-heirs", players=players)
    rng = random.Random(2)
    changed = checked = 0
    for ply, state in enumerate(play_random(game, 4)):
        if ply % 3:
            continue
        for p in range(players):
            mine = state.information_state_tensor(p)
            assert np.array_equal(mine, state.observation_tensor(p))
            for _ in range(2):
                other = state.resample_from_infostate(p, rng)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert np.array_equal(other.observation_tensor(p), mine)
                checked += 1
                changed += other.start_tile != state.start_tile
    assert checked > 40 and changed > checked // 4
