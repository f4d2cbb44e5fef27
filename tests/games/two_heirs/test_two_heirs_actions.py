"""Typed Two Heirs actions (issue 18): ``state.decode(action)`` gives a frozen
:class:`~regalia.games.two_heirs.actions.Action` whose fields agree with the rules' meaning
of the id and whose notation is the state's notation.

Positions: the rulebook's Example 1 (EN, Royal protocol) as a hand-set position.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from regalia import NotationError, load_game
from regalia.games.two_heirs.actions import CHANCE_KINDS, KINDS, Action
from regalia.testing.game_checks import mid_game_state

WHITE = 0
START_GREY_OPEN = (0, 0, "land-5", "open")
FRESH_TROOPS = [[(0, 0), "reserve", "reserve"], [(0, 0), "reserve", "reserve"]]
RESERVE = ["travel-5", "travel-4", "travel-6", "land-1", "land-2", "land-3"]


def example_1(**kw):
    s = load_game("two-heirs").new_initial_state(0)
    s.set_position(landscape=[START_GREY_OPEN], troops=FRESH_TROOPS, reserve=RESERVE, **kw)
    return s


def test_take_n_carries_its_position_clockwise_from_the_shield():
    """Example 1: white reaches 3 tiles; ``take 2`` is the 2nd clockwise from the shield."""
    s = example_1()
    takes = [s.decode(a) for a in s.legal_actions() if s.decode(a).kind == "take"]
    assert [(a.position, a.notation) for a in takes] == [(1, "take 1"), (2, "take 2"),
                                                           (3, "take 3")]


def test_build_and_expand_name_the_tile_and_the_space_of_the_hand_set_position():
    """A hand tile placed next to the retinue troop at 0,0: every build/expand names the
    tile (id, type, label) and a space adjacent to (0, 0) (Action B: "orthogonally or
    diagonally adjacent to a tile occupied by one of your troops")."""
    s = example_1(hands=(["travel-1"], []), taken=1)
    placed = [s.decode(a) for a in s.legal_actions() if s.decode(a).kind in ("build", "expand")]
    expands = [a for a in placed if a.kind == "expand"]
    assert len(expands) == 8                                # the 8 neighbours of 0,0
    assert {a.at for a in expands} == {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                       if (dx, dy) != (0, 0)}
    a = next(a for a in expands if a.at == (1, 0))
    assert (a.tile, a.tile_type, a.label) == ("travel-1", "inn", "Inn (travel-1)")
    assert a.notation == "expand Inn (travel-1) @ 1,0"
    assert s.string_to_action(a.notation) == a.id


def test_move_gives_the_troop_its_origin_and_destination():
    """Action C.1: the retinue troop on 0,0 may move to the one adjacent tile, 1,0."""
    s = example_1()
    s.set_position(landscape=[START_GREY_OPEN, (1, 0, "land-4", "open")],
                   troops=FRESH_TROOPS, reserve=RESERVE, taken=1)
    moves = [s.decode(a) for a in s.legal_actions() if s.decode(a).kind == "move"]
    assert [(m.troop, m.origin, m.at, m.notation) for m in moves] == [
        (0, (0, 0), (1, 0), "move 0,0->1,0")]


def test_chance_outcomes_decode_to_their_colour_tile_or_treasure():
    g = load_game("two-heirs", players=1)
    s = g.new_initial_state(3)
    rng = random.Random(1)
    seen = set()
    while not s.is_terminal() and len(seen) < 3:
        if s.is_chance_node():
            for a, _ in s.chance_outcomes():
                d = s.decode(a)
                assert d.is_chance and d.kind in CHANCE_KINDS
                if d.kind == "top":
                    assert d.colour in ("green", "grey", "yellow")
                elif d.kind == "draw":
                    tile = next(t for t in g.tiles.tiles if t.id == d.tile)
                    assert (d.tile_type, d.colour) == (tile.type, tile.colour)
                else:
                    assert d.kind == "treasure" and d.treasure in {
                        t.id for t in g.treasures.treasures}
                seen.add(d.kind)
        if s.is_chance_node():
            s.apply_random_chance(rng)
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    assert seen == {"top", "draw", "treasure"}


def test_toss_names_the_starting_seat_colour():
    s = load_game("two-heirs").new_initial_state(0)
    assert [(s.decode(a).kind, s.decode(a).colour) for a, _ in s.chance_outcomes()] == [
        ("toss", "white"), ("toss", "blue")]


def test_an_action_is_frozen_and_prints_as_its_notation():
    a = example_1().decode(example_1().string_to_action("take 1"))
    assert isinstance(a, Action) and str(a) == "take 1"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.position = 2                                      # type: ignore[misc]


def test_ids_naming_nothing_here_are_refused_with_notation_error():
    s = example_1()
    T = s.T
    for bad in (-1, T.num_actions, "take 1", True):
        with pytest.raises(NotationError):
            s.decode(bad)                                   # type: ignore[arg-type]
    with pytest.raises(NotationError, match="no tile 1 in hand"):
        s.decode(T.discard0)                                # empty hand
    with pytest.raises(NotationError, match="no siege"):
        s.decode(T.destroy0)


@pytest.mark.parametrize("players", [1, 2])
def test_every_legal_action_of_random_games_decodes_to_its_notation(players):
    """At every state of random games, each legal action's decoded kind is the notation's
    verb and its notation reads back to the id."""
    g = load_game("two-heirs", players=players)
    for seed in range(3):
        played = mid_game_state(g, seed, g.max_game_length)
        assert played.is_terminal()
        s = g.new_initial_state(seed)
        for action in played.history():
            for a in s.legal_actions():
                d = s.decode(a)
                assert d.id == a and d.kind in KINDS
                assert d.notation == s.action_to_string(a)
                assert d.notation.split()[0] == d.kind
                assert s.string_to_action(d.notation) == a
                assert d.is_chance == s.is_chance_node()
            s.apply_action(action)
