"""Notation: action_to_string / string_to_action.

Engine notation (board.py / state.py): squares like a spreadsheet, column letter then row
number from the top; "d5-e5" = first half of the current domino on d5, second half on e5;
"discard"; "pick 23"; "draw 23" and "king 2" for chance outcomes. Action ids: placements
``d*A + r*B + c`` (d = east, south, west, north), discard ``4A``, pick ``4A+1+(n-1)``, draw
``4A+49+(n-1)``, king ``4A+97+k`` with A = B*B (B = 9, or 13 in The Mighty Duel).
"""

from __future__ import annotations

import random

import pytest

from regalia.core.errors import NotationError
from regalia.games.kingdomino import KingdominoGame

A, B = 81, 9  # 9x9 board


@pytest.fixture
def s4():
    return KingdominoGame(players=4).new_initial_state(0)


@pytest.mark.parametrize("text, action", [
    ("d5-e5", 0 * A + 4 * B + 3),       # east, row 5 (r=4), column d (c=3) -> 39
    ("e4-e5", 1 * A + 3 * B + 4),       # south -> 112
    ("e5-d5", 2 * A + 4 * B + 4),       # west -> 202
    ("e6-e5", 3 * A + 5 * B + 4),       # north -> 292
    ("a1-b1", 0),                       # the very first id
    ("i9-i8", 3 * A + 8 * B + 8),       # the last placement id 323
    ("discard", 4 * A),                 # 324
    ("pick 1", 4 * A + 1),              # 325
    ("pick 23", 4 * A + 1 + 22),
    ("pick 48", 4 * A + 48),
    ("draw 1", 4 * A + 49),
    ("draw 23", 4 * A + 49 + 22),
    ("draw 48", 4 * A + 96),
    ("king 1", 4 * A + 97),
    ("king 2", 4 * A + 98),
    ("king 4", 4 * A + 100),            # 424, the last id of 425
])
def test_notation_round_trip_exact_ids(s4, text, action):
    assert s4.string_to_action(text) == action
    assert s4.action_to_string(action) == text
    assert s4.game.num_distinct_actions == 425


@pytest.mark.parametrize("text, canonical", [
    ("D5-E5", "d5-e5"),
    ("  d5 - e5  ", "d5-e5"),
    ("d5 e5", "d5-e5"),
    ("d5e5", "d5-e5"),
    ("DISCARD", "discard"),
    (" Discard ", "discard"),
    ("PICK 23", "pick 23"),
    ("pick   23", "pick 23"),
    ("Draw\t5", "draw 5"),
    ("KING 3", "king 3"),
])
def test_notation_case_and_space_tolerant(s4, text, canonical):
    assert s4.action_to_string(s4.string_to_action(text)) == canonical


@pytest.mark.parametrize("text, fragment", [
    ("hello", "d5-e5"),              # the message shows the notation
    ("", "d5-e5"),
    ("pick", "pick 23"),
    ("pick 49", "1 to 48"),
    ("draw 0", "1 to 48"),
    ("king 5", "1 to 4"),
    ("king 0", "1 to 4"),
    ("j5-j6", "a1 to i9"),           # not a square on the 9x9 board
    ("d0-d1", "a1 to i9"),
    ("d5-f5", "not orthogonal neighbours"),
    ("d5-e6", "not orthogonal neighbours"),   # diagonal
    ("d5-d5", "not orthogonal neighbours"),
    ("23", "d5-e5"),                 # bare numbers only while picking
])
def test_bad_notation_raises_helpful_error(s4, text, fragment):
    with pytest.raises(NotationError, match=fragment):
        s4.string_to_action(text)


def test_bare_number_is_a_pick_while_picking(kd):
    s = kd.state_to_place(5)
    s.apply_action(s.legal_actions()[0])
    assert s.phase_name == "pick"
    assert s.string_to_action("7") == s.string_to_action("pick 7")


def test_king_numbers_depend_on_player_count():
    s3 = KingdominoGame(players=3).new_initial_state(0)
    assert s3.action_to_string(s3.string_to_action("king 3")) == "king 3"
    with pytest.raises(NotationError, match="1 to 3"):
        s3.string_to_action("king 4")


def test_out_of_range_ids_have_no_notation(s4):
    for bad in (-1, 425, 10**6):
        with pytest.raises(NotationError):
            s4.action_to_string(bad)


def test_symmetric_domino_notation_canonicalised__ruling_R3_identical_halves(kd):
    s = kd.state_to_place(1)  # W/W
    # the brief's example: "e5-d5" reads as "d5-e5" (it covers the castle, so not legal)
    assert s.string_to_action("e5-d5") == s.string_to_action("d5-e5") == 0 * A + 4 * B + 3
    assert s.string_to_action("e5-d5") not in s.legal_actions()
    for written, canonical in [("e4-d4", "d4-e4"), ("e4-e3", "e3-e4"), ("f5-g5", "f5-g5"),
                               ("g5-f5", "f5-g5"), ("d6-d5", "d5-d6")]:
        a = s.string_to_action(written)
        assert s.action_to_string(a) == canonical
        assert a in s.legal_actions()
    # an asymmetric domino keeps the direction
    s = kd.state_to_place(13)  # W/F
    assert s.action_to_string(s.string_to_action("e4-d4")) == "e4-d4"
    assert s.string_to_action("e4-d4") != s.string_to_action("d4-e4")


def test_duel_notation_uses_13x13_board__variant_mighty_duel():
    s = KingdominoGame(players=2, variants=["mighty-duel"]).new_initial_state(0)
    a13 = 13 * 13
    assert s.game.geo.names[s.game.geo.castle] == "g7"
    assert s.string_to_action("m13-m12") == 3 * a13 + 12 * 13 + 12
    assert s.string_to_action("discard") == 4 * a13
    assert s.action_to_string(4 * a13 + 1) == "pick 1"
    with pytest.raises(NotationError, match="a1 to m13"):
        s.string_to_action("n1-n2")


@pytest.mark.parametrize("players, variants", [(2, ()), (3, ()), (4, ()),
                                               (2, ("mighty-duel",))])
def test_every_legal_action_round_trips_in_random_games(players, variants):
    g = KingdominoGame(players=players, variants=variants)
    for seed in range(3):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            for a in s.legal_actions():
                text = s.action_to_string(a)
                assert s.string_to_action(text) == a, text
                assert s.string_to_action(text.upper()) == a, text
            if s.is_chance_node():
                s.apply_random_chance()
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        # history_strings replays the game in notation
        replay = g.new_initial_state(0)
        for text in s.history_strings():
            replay.apply_action(replay.string_to_action(text))
        assert replay.history() == s.history()
        assert replay.scores() == s.scores()
