"""Two Heirs solo engine: Heinrich's automatic turn after each human turn, treasures,
levels, his troops and the solo end of the game.

Source: ``shared/rules/two-heirs.solo.en.md`` (rendering the German "SOLOMODUS"); the
decision functions are :mod:`regalia.games.two_heirs.solo` (rulings S10-S13), the engine's
own rulings E12-E15 in ``docs/rulings/two-heirs.md``.
"""

from __future__ import annotations

import random

import pytest

from regalia import ParameterError, load_game
from regalia.games.two_heirs.geometry import ORIGIN, cell_of
from regalia.games.two_heirs.tables import OFF_BOARD
from regalia.games.two_heirs.scoring import buildings_of, treasures_of

from random_play import play_out

HUMAN, HEINRICH = 0, 1


def solo_position(level=3, **kw):
    game = load_game("two-heirs", players=1, level=level)
    s = game.new_initial_state(0)
    s.set_position(**kw)
    return s


def do(s, text):
    s.apply_action(s.string_to_action(text))


BASE = dict(
    landscape=[(0, 0, "land-5", "open"),                 # grey starting tile
               (1, 0, "travel-1", "white")],             # the human's Inn, road east-west
    troops=[[(0, 0), "reserve", "reserve"], ["aside", "aside", "aside"]],
    reserve=["travel-4", "travel-6", "travel-5", "land-1", "land-2", "land-3"],
    taken=1, supply_top="green", scaffold=(1, 0))


def test_solo_setup_human_first_heinrich_troops_aside_and_levels():
    """Solo setup: "Put Heinrich's troops face down ... beside the play area, outside the
    royal reserve"; "You always take the first turn"; levels remove 4 / 2 / 0 treasures."""
    for level, used in ((1, 6), (2, 8), (3, 10)):
        game = load_game("two-heirs", players=1, level=level)
        assert game.treasures_used == used
        s = game.new_initial_state(1)
        assert s.phase_name == "top"                      # no toss
        while s.is_chance_node():
            s.apply_random_chance()
        assert s.current_player() == HUMAN
        assert s.troops[3:] == [OFF_BOARD] * 3
        assert s.troops[0] == ORIGIN
        assert s.reach(HUMAN) == 3
        assert s.observation(0)["treasures"]["pile"] == used
        assert s.heinrich_score == 5 * used              # "5 points for each treasure left"
    with pytest.raises(ParameterError):
        load_game("two-heirs", players=1, level=4)
    with pytest.raises(ParameterError):
        load_game("two-heirs", players=2, level=1)


def test_heinrich_takes_places_gets_a_treasure_and_moves_his_troop():
    """Solo Play 1-4. The supply's top is green, so Heinrich takes the first green building
    clockwise from the shield (the Pilgrimage Site, travel-6); the human's last built
    building is the Inn at 1,0 with road ends east and west; the Pilgrimage Site (road ends
    top and bottom, turned to face Heinrich: north and south) cannot continue the road east
    (A), so it blocks it (B) at 2,0; a treasure goes on it and his green troop moves there."""
    s = solo_position(**BASE)
    do(s, "end")
    assert s.current_player() == -1 and s.phase_name == "draw"   # the refill of his take
    assert s.slots[2] < 0 and s.shield == 2                       # travel-6 was slot 2
    green = next(t for t in s.supply if s.T.colour[t] == 0)
    s.apply_action(s.T.draw0 + green)
    assert s.slots[0] == green                                    # old shield slot refilled
    assert s.phase_name == "top"
    s.apply_action(s.legal_actions()[0])
    assert s.phase_name == "treasure"
    assert s.board[cell_of(2, 0)] == s.T.ids.index("travel-6") * 4 + HEINRICH
    assert "option B" in s.last_h
    do(s, "treasure treasure-1")                                  # vertical green: not met
    assert s.tre_board == {cell_of(2, 0): 0}
    assert s.troops[3:] == [cell_of(2, 0), OFF_BOARD, OFF_BOARD]  # troop 0 = green
    assert s.current_player() == HUMAN and s.phase_name == "play"
    assert s.takes_left == 1 and s.taken == 0
    assert s.treasures_left == 10
    # the human cannot step onto the tile Heinrich's troop occupies
    assert not any(t.startswith("move 0,0->2,0") for t in
                   (s.action_to_string(a) for a in s.legal_actions()))


def test_a_treasure_already_met_is_removed_at_once():
    """"If you already meet a treasure's condition when it is placed, remove it at once."
    Row y = 0 holds the starting tile and the Inn: a horizontal 'any' treasure is met."""
    s = solo_position(**BASE)
    do(s, "end")
    while s.phase_name != "treasure":
        s.apply_action(s.legal_actions()[0])
    do(s, "treasure treasure-6")
    assert s.tre_board == {}
    assert s.tre_removed == [5]
    assert s.treasures_left == 9
    assert s.heinrich_score == s.clone().heinrich_score           # scored with 9 left


def test_treasure_removed_when_the_human_meets_the_condition_later():
    """"You may remove Heinrich's treasures from the game when you meet the condition shown
    on the treasure tile" (engine ruling E13: automatically, at once)."""
    s = solo_position(**BASE)
    do(s, "end")
    while s.phase_name != "treasure":
        s.apply_action(s.legal_actions()[0])
    do(s, "treasure treasure-3")                                  # vertical any, column x=2
    assert s.tre_board == {cell_of(2, 0): 2}
    # the human's turn: fill column x = 2 with two tiles
    s.set_position(landscape=[(0, 0, "land-5", "open"), (1, 0, "travel-1", "white"),
                              (2, 0, "travel-6", "blue")],
                   troops=[[(1, 0), "reserve", "reserve"], [(2, 0), "aside", "aside"]],
                   reserve=["travel-4", "travel-5", "land-1", "land-2", "land-3", "land-4"],
                   hands=(["travel-2", "travel-3"], []), taken=1, scaffold=(1, 0))
    s.tre_board = {cell_of(2, 0): 2}
    s.tre_drawn = [2]
    do(s, "expand Inn (travel-2) @ 2,1")
    assert s.tre_board == {cell_of(2, 0): 2}                      # one tile: not yet
    do(s, "expand Inn (travel-3) @ 2,-1")
    assert s.tre_board == {} and s.tre_removed == [2]


def test_heinrich_removes_his_building_when_no_space_is_free():
    """Option D: "be removed from the game without being placed"; no treasure then."""
    ring = [(x, y) for x in (0, 1, 2) for y in (-1, 0, 1) if (x, y) not in ((0, 0), (1, 0))]
    fill = ["land-1", "land-2", "land-3", "land-4", "land-6", "land-7", "land-8"]
    s = solo_position(landscape=[(0, 0, "land-5", "open"), (1, 0, "travel-1", "white")]
                      + [(x, y, t, "open") for (x, y), t in zip(ring, fill)],
                      troops=[[(0, 0), "reserve", "reserve"], ["aside", "aside", "aside"]],
                      reserve=["travel-4", "travel-6", "travel-5", "land-9", "trade-1",
                               "trade-2"],
                      taken=1, supply_top="green", scaffold=(1, 0))
    do(s, "end")
    while s.is_chance_node():
        s.apply_action(s.legal_actions()[0])
    assert s.T.ids.index("travel-6") in s.box
    assert "option D" in s.last_h
    assert s.tre_drawn == [] and s.troops[3:] == [OFF_BOARD] * 3
    assert s.current_player() == HUMAN


def test_before_the_first_building_heinrich_builds_next_to_the_starting_tile():
    """"If you have not built any building yet, Heinrich places his buildings adjacent to
    the starting tile" (a face-down tile has no roads: option C, north first)."""
    game = load_game("two-heirs", players=1)
    s = game.new_initial_state(3)
    while s.is_chance_node():
        s.apply_random_chance()
    do(s, "take 1")
    while s.is_chance_node():
        s.apply_random_chance()
    do(s, "end")
    while s.is_chance_node():
        s.apply_random_chance()
    assert s.board[cell_of(0, 1)] & 3 == HEINRICH
    assert "option C" in s.last_h


@pytest.mark.parametrize("seed", range(5))
def test_solo_games_end_after_the_final_round_and_score_heinrich(seed):
    game = load_game("two-heirs", players=1, level=2)
    s = play_out(game.new_initial_state(seed), random.Random(seed))
    human, heinrich = s.breakdowns()
    assert human.total == s.scores()[0]
    assert heinrich.total == s.heinrich_score
    assert treasures_of(heinrich) == s.treasures_left
    assert s.returns() == [1.0 if human.total > heinrich.total else 0.0]
    # every building of Heinrich's is his (seat 1) and faces away from the human
    assert all(b.tile == code >> 2 for b in buildings_of(heinrich)
               for code in [s.board[cell_of(*b.position)]])
