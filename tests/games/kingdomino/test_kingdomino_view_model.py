"""The view model (games/kingdomino/view.py) is built from the observation.

Issue 18: front ends draw from ``observation(seat)`` only. The drawing functions take an
observation (a JSON document, as a web page receives it) or a state, and must draw the
same table either way; what they derive from the observation (acting king's position,
kingdom extent, the domino to place) must agree with the engine at every ply.
"""

from __future__ import annotations

import json
import random

import pytest

from regalia.games.kingdomino import KingdominoGame, view


def _plies(game, seeds=(0, 1), rng_seed=3):
    """Every state of a few random games (decisions random, chance by the dealer)."""
    rng = random.Random(rng_seed)
    for seed in seeds:
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            yield s
            if s.is_chance_node():
                s.apply_random_chance()
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(rng.random() * len(legal))])
        yield s


@pytest.mark.parametrize("players, variants", [(4, ()), (3, ()), (2, ("mighty-duel",))])
def test_views_from_a_json_observation_equal_views_from_the_state(players, variants):
    game = KingdominoGame(players=players, variants=variants)
    for k, s in enumerate(_plies(game, seeds=(5,))):
        if k % 7:
            continue
        obs = json.loads(json.dumps(s.observation(k % players)))  # what a page receives
        for p in range(players):
            for margin in (True, False):
                assert view.kingdom_grid(obs, p, margin) == view.kingdom_grid(s, p, margin)
            assert view.kingdom_grid(obs, p, full=True).cells == tuple(
                tuple(row.split()) for row in s.kingdom_rows(p))
        for which in ("current", "next"):
            assert view.line_entries(obs, which) == view.line_entries(s, which)


@pytest.mark.parametrize("players, variants", [(4, ()), (2, ("dynasty",))])
def test_what_the_view_derives_agrees_with_the_engine(players, variants):
    game = KingdominoGame(players=players, variants=variants)
    for s in _plies(game):
        obs = view.observe(s)
        assert view.acting_position(obs) == s.acting_position
        # the window of the kingdom (no margin) is the engine's extent, castle included
        for p in range(players):
            assert view.kingdom_window(obs, p, margin=False) == s.kingdom_extent(p)
        tp = view.to_place(s)
        if s.phase_name == "place":
            assert tp is not None and tp.domino == s.current_domino
            assert tp.code == game.code[s.current_domino] == f"{tp.first}/{tp.second}"
            assert tp.placements == s.num_placements()
        else:
            assert tp is None
        info = view.round_info(s)
        assert info.last_round == s.is_last_round
        assert info.game == s.game_number
        assert info.left_to_draw == game.dominoes_used - s.dominoes_drawn


def test_kingdom_window_with_margin_is_where_the_kingdom_may_grow():
    # castle e5 alone on the 9x9 board: it may grow 4 squares every way (rulebook: 5x5)
    s = KingdominoGame(players=2).new_initial_state(1)
    assert view.kingdom_window(view.observe(s), 0) == (0, 8, 0, 8)
    s.set_kingdom(0, "C F F F F")     # five wide: no more columns, still 4 rows each way
    assert view.kingdom_window(view.observe(s), 0) == (0, 8, 4, 8)


def test_finished_kingdoms_after_a_dynasty_game():
    game = KingdominoGame(players=2, variants=("dynasty",))
    seen = []
    for s in _plies(game, seeds=(2,)):
        g = view.game_just_ended(s)
        if g is not None:
            grids = view.finished_kingdoms(s)
            seen.append(g)
            assert len(grids) == 2
            assert all(sum(t == "C" for row in grid.cells for t in row) == 1 for grid in grids)
        elif view.observe(s)["game_number"] == 1:
            assert view.finished_kingdoms(s) == []
    assert seen == [1, 2]
