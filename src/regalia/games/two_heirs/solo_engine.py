"""Heinrich's automatic turn in the solo game, driven by the pure decision functions of
:mod:`.solo` (take rule, placement options A-D, troop colour, treasure conditions).

Solo rules (``two-heirs.solo.en.md``, Play): after each of the human's turns, Heinrich

1. takes a building (:func:`.solo.heinrich_take`), moves the shield to the empty slot and
   the reserve is replenished "as normal" (a chance node: the draw, then the next top tile);
2. places it face up, upside down for the human, by option A, B or C relative to the
   human's last built building (the scaffold; the starting tile before the first one), or
   removes it from the game (option D) (:func:`.solo.heinrich_placement_option`);
3. puts a treasure on it if the pile is not empty (a chance node: which treasure);
   a treasure whose condition is already met is removed at once;
4. moves the troop of the tile's colour onto it (:func:`.solo.heinrich_troop`).

These functions mutate a :class:`~.state.PureTwoHeirsState`; the state calls them from its
``_advance`` loop. Layer: imports only this game's modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import COLOURS
from .geometry import cell_of, fmt_cell, xy_of
from .actions import tile_label
from .solo import heinrich_placement_option, heinrich_take, heinrich_troop, treasure_met
from .tables import PH_TREASURE

if TYPE_CHECKING:
    from .state import PureTwoHeirsState

HEINRICH = 1


def heinrich_step(s: "PureTwoHeirsState") -> bool:
    """Run one step of Heinrich's turn (``s.h_step`` 1 take, 2 place, 3 treasure, 4 troop,
    5 end). Returns True when the state stops at a chance node (phase set)."""
    G = s.game
    tiles = G.tiles
    step = s.h_step
    if step == 1:
        slots = [t if t >= 0 else None for t in s.slots]
        slots[s.shield] = None
        top = COLOURS[s.top] if (s.supply and s.top >= 0) else None
        slot = heinrich_take(tiles, slots, s.shield, top)
        if slot is None:                       # an empty reserve in the final round
            s.last_h = "Heinrich finds no building in the reserve"
            s.h_step = 5
            return False
        s.h_tile = s.slots[slot]
        s.slots[slot] = -1
        old = s.shield
        s.shield = slot
        s.h_step = 2
        if s.supply:
            s.draw_to = old                    # "replenish the reserve as normal"
        return False
    if step == 2:
        t = s.h_tile
        option, pos = heinrich_placement_option(tiles, s.landscape(), xy_of(s.scaffold), t)
        if pos is None:
            s.box.append(t)
            s.last_h = (f"Heinrich takes {tile_label(s.T, t)}: no space, it leaves the game "
                        f"(option D)")
            s.h_tile = -1
            s.h_step = 5
            return False
        cell = cell_of(*pos)
        s.board[cell] = t * 4 + HEINRICH
        s.h_cell = cell
        s.last_h = f"Heinrich builds {tile_label(s.T, t)} at {fmt_cell(cell)} (option {option})"
        s.h_step = 3
        return False
    if step == 3:
        if len(s.tre_drawn) < G.treasures_used:
            s.phase = PH_TREASURE              # the chance outcome sets h_step = 4
            return True
        s.h_step = 4
        return False
    if step == 4:
        k = heinrich_troop(tiles, s.h_tile)
        s.troops[3 * HEINRICH + k] = s.h_cell
        s.h_step = 5
        return False
    # step 5: Heinrich's turn ends
    check_treasures(s)
    s.h_step = 0
    s.h_tile = -1
    s.h_cell = -1
    s._finish_turn()
    return True


def check_treasures(s: "PureTwoHeirsState") -> None:
    """Remove every treasure whose condition the landscape meets (solo rules: "You may
    remove Heinrich's treasures from the game when you meet the condition"; engine ruling:
    the removal is automatic, the human never gains by keeping one)."""
    if not s.tre_board:
        return
    land = s.landscape()
    treasures = s.game.treasures.treasures
    tiles = s.game.tiles
    for cell in sorted(s.tre_board):
        i = s.tre_board[cell]
        if treasure_met(treasures[i], xy_of(cell), land, tiles):
            del s.tre_board[cell]
            s.tre_removed.append(i)
