"""The typed action layer: ``state.decode(action)`` (games/kingdomino/actions.py).

Each id decodes to one frozen value naming the move of the rulebook's round ("A round":
place or discard the domino of the current line, pick a domino of the next line; chance:
a domino drawn from the box, a king drawn for the first line), carrying the id, the
notation ``action_to_string`` gives in that state, and the move's fields.
"""

from __future__ import annotations

import dataclasses
import doctest
import random

import pytest

from regalia.core.errors import NotationError
from regalia.games.kingdomino import KingdominoGame, actions
from regalia.games.kingdomino.actions import Discard, Draw, KingDraw, Pick, Place

A, B = 81, 9  # 9x9 board: placements d*A + r*B + c, discard 4A, pick 4A+1+(n-1), ...


def test_decode_place_carries_squares_and_the_domino_to_place(kd):
    s = kd.state_to_place(24, player=0)
    move = s.decode(s.string_to_action("d5-e5"))
    assert move == Place(action=4 * B + 3, notation="d5-e5", domino=24,
                         code=kd.DOMINOES.by_number(24).code(), first="d5", second="e5")
    assert move.kind == "place"
    north = s.decode(3 * A + 5 * B + 4)        # e6-e5: first half e6, second north of it
    assert (north.first, north.second, north.notation) == ("e6", "e5", "e6-e5")


def test_decode_place_off_the_board_has_no_second_square(kd):
    s = kd.state_to_place(24, player=0)
    move = s.decode(0 * A + 0 * B + 8)          # i1 east: column j does not exist
    assert isinstance(move, Place) and move.first == "i1" and move.second is None
    assert move.notation == "i1-(off the board to the east)"


def test_decode_discard_names_the_current_domino(kd):
    s = kd.state_to_place(7, player=1)
    assert s.decode(4 * A) == Discard(4 * A, "discard", 7, kd.DOMINOES.by_number(7).code())


def test_decode_outside_place_phase_has_no_domino_to_place():
    s = KingdominoGame(players=4).new_initial_state(3)   # phase draw
    assert s.decode(4 * A) == Discard(4 * A, "discard", None, None)
    assert s.decode(0).domino is None and s.decode(0).code is None


@pytest.mark.parametrize("n", [1, 23, 48])
def test_decode_pick_and_draw_carry_the_domino_number_and_code(kd, n):
    s = KingdominoGame(players=4).new_initial_state(3)
    code = kd.DOMINOES.by_number(n).code()
    assert s.decode(4 * A + n) == Pick(4 * A + n, f"pick {n}", n, code)
    assert s.decode(4 * A + 48 + n) == Draw(4 * A + 48 + n, f"draw {n}", n, code)


def test_decode_king_draw_names_king_and_owner():
    # 2 players: kings 1..4, king k owned by seat (k-1) % 2 (rulebook: 2 kings each)
    s2 = KingdominoGame(players=2).new_initial_state(3)
    assert s2.decode(4 * A + 97) == KingDraw(4 * A + 97, "king 1", 1, 0)
    assert s2.decode(4 * A + 100) == KingDraw(4 * A + 100, "king 4", 4, 1)
    # 3 players use 3 kings: id "king 4" exists in the layout but names no king
    s3 = KingdominoGame(players=3).new_initial_state(3)
    assert s3.decode(4 * A + 100).player is None


def test_decoded_actions_are_frozen():
    s = KingdominoGame(players=4).new_initial_state(3)
    move = s.decode(4 * A + 49)
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.domino = 5  # type: ignore[misc]
    # moves of different kinds never compare equal, even with the same fields
    assert Pick(1, "x", 2, "W/W") != Draw(1, "x", 2, "W/W")
    assert len({Pick(1, "x", 2, "W/W"), Pick(1, "x", 2, "W/W"), Draw(1, "x", 2, "W/W")}) == 2


@pytest.mark.parametrize("bad", [-1, 425, "d5-e5", 3.0, True, None])
def test_decode_refuses_what_is_not_an_action_id(bad):
    s = KingdominoGame(players=4).new_initial_state(3)
    with pytest.raises(NotationError, match="0 to 424"):
        s.decode(bad)


@pytest.mark.parametrize("players, variants", [(4, ()), (2, ("mighty-duel", "dynasty"))])
def test_every_legal_action_decodes_to_its_phase_kind_and_notation(players, variants):
    game = KingdominoGame(players=players, variants=variants)
    kinds = {"draw": {"draw"}, "king-draw": {"king"}, "pick": {"pick"},
             "place": {"place", "discard"}}
    rng = random.Random(11)
    for seed in range(3):
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            for a in legal:
                move = s.decode(a)
                assert move.action == a
                assert move.kind in kinds[s.phase_name]
                assert move.notation == s.action_to_string(a)
                assert s.string_to_action(move.notation) == a
                if isinstance(move, Place):
                    assert move.domino == s.current_domino
                    assert move.notation == f"{move.first}-{move.second}"
                if isinstance(move, (Pick, Draw)):
                    assert move.code == game.code[move.domino]
            s.apply_action(legal[int(rng.random() * len(legal))])


def test_module_example_holds():
    result = doctest.testmod(actions, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 1 and result.failed == 0
