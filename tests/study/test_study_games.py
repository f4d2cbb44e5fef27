"""Each game's balance facts (games/*/balance.py) on real games: what is taken was in play,
the counts the rules fix, and the turn order the record shows."""

from __future__ import annotations

import pytest

import regalia
from regalia.arena import play_match
from regalia.core.balance import components, game_components, turn_order, variant_arms


def played(name, seed, **params):
    game = regalia.load_game(name, **params)
    return play_match(game, ["greedy"] * game.num_players, seed=seed).state


@pytest.mark.parametrize("name,params", [
    ("kingdomino", {"players": 2}), ("kingdomino", {"players": 3}),
    ("two-heirs", {"players": 2}), ("two-heirs", {"players": 1, "level": 3}),
    ("cascadito", {"players": 1}), ("cascadito", {"players": 3, "sheet": 4}),
    ("inheritors", {"players": 2}), ("inheritors", {"players": 4}),
])
def test_taken_components_were_in_play(name, params):
    kinds, _ = components(name, params)
    for seed in range(3):
        state = played(name, seed, **params)
        c = game_components(state)
        assert set(c.in_play) == {k.name for k in kinds}
        assert len(c.taken) == state.game.num_players
        for seat in c.taken:
            assert set(seat) == {k.name for k in kinds if k.per_seat}
            for kind, names in seat.items():
                assert set(names) <= set(c.in_play[kind]), (kind, names)
        assert sorted(turn_order(state)) == list(range(state.game.num_players))


def test_kingdomino_dominoes_picks_and_turn_order():
    geo_seen = set()
    for seed in range(8):
        state = played("kingdomino", seed, players=2)
        c = game_components(state)
        # 2 players: 24 dominoes drawn, 12 to each seat ("each player has 2 kings"), 4 on
        # the first line, 2 picked by each seat from it
        assert len(c.in_play["domino"]) == 24 and len(c.in_play["first-pick"]) == 4
        assert [len(s["domino"]) for s in c.taken] == [12, 12]
        assert [len(s["first-pick"]) for s in c.taken] == [2, 2]
        # the first player is the owner of the first king drawn for the first line
        geo = state.game.geo
        first_king = next(a - geo.king_base for a in state.history() if a >= geo.king_base)
        assert turn_order(state)[0] == state.game.owner[first_king]
        geo_seen.add(turn_order(state)[0])
    assert geo_seen == {0, 1}


def test_two_heirs_turn_order_is_the_toss():
    starters = set()
    for seed in range(8):
        state = played("two-heirs", seed, players=2)
        toss = state.action_to_string(state.history()[0])
        first = turn_order(state)[0]
        assert toss == ("toss white" if first == 0 else "toss blue")
        starters.add(first)
    assert starters == {0, 1}


def test_components_settings_vary_what_the_user_left_open():
    _, sheets = components("cascadito", {"players": 1, "sheet": 1, "variants": []})
    assert [s["sheet"] for s in sheets] == [1, 2, 3, 4]
    _, fixed = components("cascadito", {"players": 1, "sheet": 2, "variants": []}, ["sheet"])
    assert fixed == [{"players": 1, "sheet": 2, "variants": []}]
    _, sets = components("two-heirs", {"players": 2, "sets": ["war", "patrol", "crafts"]})
    assert len(sets) == 20 and len({tuple(s["sets"]) for s in sets}) == 20
    _, kept = components("two-heirs", {"players": 2, "sets": ["war", "patrol", "crafts"]}, ["sets"])
    assert len(kept) == 1


def test_variant_arms_per_game():
    base, options = variant_arms("kingdomino", {"players": 4, "variants": ["dynasty", "harmony"]})
    assert base["variants"] == ["dynasty"]
    assert [(o.name, o.params["variants"]) for o in options] == [
        ("middle-kingdom", ["dynasty", "middle-kingdom"]), ("harmony", ["dynasty", "harmony"])]
    _, solo = variant_arms("cascadito", {"players": 1, "sheet": 1, "variants": []})
    assert [o.name for o in solo] == ["harder-start", "deferred-bottom-row"]
    _, multi = variant_arms("cascadito", {"players": 2, "sheet": 3, "variants": []})
    assert multi == []  # harder-start is solo only, deferred-bottom-row sheets 1-2 only
    base, roads = variant_arms("two-heirs", {"players": 2, "sets": ["war", "patrol", "crafts"],
                                             "roads": True})
    assert base["roads"] is True and roads[0].params["roads"] is False
