"""Variants and game parameters.

Rulebook "Variants (combinable)" (COMPONENTS.md): Dynasty (3 games in a row, total points);
Middle Kingdom (+10 if the castle is at the centre of the 5x5); Harmony (+5 if the kingdom is
complete, no discarded domino); The Mighty Duel (2 players, all 48 dominoes, 7x7 grid, each
player places 24). Players: 2, 3 or 4.
"""

from __future__ import annotations

import random

import pytest

from regalia.core.errors import ParameterError
from regalia.core.registry import load_game
from regalia.games.kingdomino import VARIANTS, KingdominoGame
from regalia.games.kingdomino.scoring import game_points

from random_play import play_out


def play(game, seed):
    return play_out(game.new_initial_state(seed), random.Random(seed))


def replay(game, actions):
    s = game.new_initial_state(0)
    for a in actions:
        s.apply_action(a)
    return s


# ------------------------------------------------------------------ Dynasty
@pytest.mark.parametrize("players, single", [(2, 75), (3, 110), (4, 147)])
def test_dynasty_plays_three_games__variant_dynasty(players, single):
    s = play(KingdominoGame(players=players, variants=["dynasty"]), 3)
    assert len(s.history()) == 3 * single
    g = KingdominoGame(players=players, variants=["dynasty"])
    assert g.max_game_length >= 3 * single
    assert s.observation(0)["game_number"] == 3 and s.observation(0)["games"] == 3


@pytest.mark.parametrize("variants", [(), ("harmony", "middle-kingdom")])
def test_dynasty_scores_are_totals_of_the_three_games__variant_dynasty_ruling_R5(variants):
    # Each third of the history replayed as a single game gives that game's points; the
    # Dynasty score is their sum; breakdown() shows the two earlier games and the last one.
    players, single = 2, 75
    dyn = play(KingdominoGame(players=players, variants=("dynasty",) + variants), 8)
    plain = KingdominoGame(players=players, variants=variants)
    h = dyn.history()
    games = [replay(plain, h[k * single:(k + 1) * single]) for k in range(3)]
    assert all(g.is_terminal() for g in games)
    per_game = [g.scores() for g in games]
    assert dyn.scores() == [sum(pg[p] for pg in per_game) for p in range(players)]
    for p in range(players):
        bd = dyn.breakdown(p)
        assert [i.points for i in bd.of("previous_game")] == [per_game[0][p], per_game[1][p]]
        assert game_points(bd) == per_game[2][p]
        assert bd.total == dyn.scores()[p]
    # tie-break keys (ruling R5): total points, largest property of any game, crowns summed
    for p in range(players):
        keys = [g.tie_break_keys()[p] for g in games]
        assert dyn.tie_break_keys()[p] == (sum(k[0] for k in keys), max(k[1] for k in keys),
                                           sum(k[2] for k in keys))


def test_dynasty_each_game_starts_afresh__variant_dynasty_ruling_R5():
    g = KingdominoGame(players=2, variants=["dynasty"])
    s = g.new_initial_state(4)
    play_out(s, random.Random(4), until=lambda s: s.game_no > 0)
    # the second game: all 48 dominoes back in the box, kingdoms back to the lone castle,
    # a new first line with a king draw, counters reset
    assert len(s.history()) == 75
    assert s.phase_name == "draw" and len(s.box) == 48
    assert s.placed == [0, 0] and s.discarded == [0, 0]
    for p in range(2):
        toks = [t for row in s.kingdom_rows(p) for t in row.split() if t != "."]
        assert toks == ["C"]
    assert s.observation(0)["game_number"] == 2
    # the scores so far are the first game's
    first = replay(KingdominoGame(players=2), s.history())
    assert s.scores() == first.scores()


# ------------------------------------------------------------------ The Mighty Duel
def test_mighty_duel_only_for_two_players__variant_mighty_duel():
    for players in (3, 4):
        with pytest.raises(ParameterError, match="2-player"):
            KingdominoGame(players=players, variants=["mighty-duel"])
    g = KingdominoGame(players=2, variants=["mighty-duel"])
    assert g.geo.n == 7 and g.dominoes_used == 48


def test_mighty_duel_game_each_player_places_24_in_7x7__variant_mighty_duel():
    s = play(KingdominoGame(players=2, variants=["mighty-duel"]), 6)
    assert len(s.box) == 0  # all 48 dominoes drawn
    for p in range(2):
        assert s.placed[p] + s.discarded[p] == 24
        minr, maxr, minc, maxc = s.kingdom_extent(p)
        assert maxr - minr < 7 and maxc - minc < 7
        assert minr <= 6 <= maxr and minc <= 6 <= maxc  # castle g7 = (6, 6)


# ------------------------------------------------------------------ parameters
def test_unknown_variant_lists_the_variants__parameter_error():
    with pytest.raises(ParameterError) as info:
        KingdominoGame(players=2, variants=["queendomino"])
    msg = str(info.value)
    assert "queendomino" in msg
    for name in ("dynasty", "middle-kingdom", "harmony", "mighty-duel"):
        assert name in msg


@pytest.mark.parametrize("given, expected", [
    ("Middle_Kingdom", ("middle-kingdom",)),
    (["MIDDLE-KINGDOM"], ("middle-kingdom",)),
    (["Mighty Duel"], ("mighty-duel",)),
    ("harmony,Dynasty", ("dynasty", "harmony")),
    ("Middle Kingdom, harmony", ("harmony", "middle-kingdom")),
    (["harmony", "Harmony", "HARMONY"], ("harmony",)),
    (None, ()),
    ([], ()),
])
def test_variant_names_normalised(given, expected):
    g = KingdominoGame(players=2, variants=given)
    assert g.variants == expected
    assert g.params["variants"] == list(expected)


def test_variant_flags():
    g = KingdominoGame(players=4, variants="middle_kingdom, harmony, dynasty")
    assert (g.middle_kingdom, g.harmony, g.num_games, g.duel) == (True, True, 3, False)
    assert set(VARIANTS) == {"dynasty", "middle-kingdom", "harmony", "mighty-duel"}


@pytest.mark.parametrize("players", [0, 1, 5, "x", None, True])
def test_bad_player_counts__rulebook_2_to_4_players(players):
    with pytest.raises(ParameterError):
        KingdominoGame(players=players)


def test_player_count_as_text_accepted():
    assert KingdominoGame(players="3").num_players == 3


def test_load_game_through_registry():
    g = load_game("kingdomino", players=2, variants=["Mighty_Duel", "harmony"])
    assert isinstance(g, KingdominoGame)
    assert g.params == {"players": 2, "variants": ["harmony", "mighty-duel"]}
    assert load_game("Kingdomino").num_players == 4  # default 4 players


def test_all_variants_combined_play_to_the_end():
    g = KingdominoGame(players=2, variants=["dynasty", "middle-kingdom", "harmony",
                                            "mighty-duel"])
    s = play(g, 2)
    assert len(s.history()) == 3 * 147
    assert all(isinstance(x, int) for x in s.scores())
    assert sum(s.returns()) == pytest.approx(1.0)
