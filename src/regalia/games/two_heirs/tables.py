"""Two Heirs' constants and per-game tables: counts from the rulebook (troops, reserve
slots, hand limit), the phase numbers, the board code (``tile * 4 + kind``) and the
action-id layout (:class:`Tables`, built once per game by :func:`build_tables`).

Rules source: ``shared/rules/two-heirs.rulebook.en.txt`` (Setup; Royal protocol; Actions
A, B, C; Final round). Layer: imports only this game's component modules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .components import COLOURS, TileSet, TreasureSet
from .landscape import PlacedTile


class TableSource(Protocol):
    """What :func:`build_tables` reads of a game (a :class:`~.rules.TwoHeirsGame`, or the
    drawing's stand-in built from an observation's parameters)."""

    @property
    def tiles(self) -> TileSet: ...
    @property
    def treasures(self) -> TreasureSet: ...
    @property
    def sets(self) -> tuple[str, ...]: ...
    @property
    def solo(self) -> bool: ...
    @property
    def treasures_used(self) -> int: ...

SEAT_COLOURS = ("white", "blue")
HAND_MAX = 7            # 3 kept + 1 take + at most 3 Encampment takes (<= 3 per set)
TROOPS = 3              # per player: troop 0 is the retinue troop
NUM_SLOTS = 7           # royal reserve: 6 tiles + the royal shield
HAND_LIMIT = 3
BUILDING0, BUILDING1, OPEN = 0, 1, 2      # board code = tile * 4 + kind

IN_RESERVE = -1         # troop position: in the royal reserve
OFF_BOARD = -2          # troop position: beside the play area (Heinrich's, solo)

PH_TOSS, PH_TOP, PH_DRAW, PH_TREASURE, PH_PLAY, PH_SIEGE, PH_DISCARD, PH_END = range(8)
PHASE_NAMES = ("toss", "top", "draw", "treasure", "play", "siege", "discard", "end")
START = -1              # draw target: the starting tile


@dataclass(frozen=True)
class Tables:
    """Per-game constant tables (tiles as flat lists indexed by tile number, action bases)."""

    n_tiles: int
    ids: tuple[str, ...]
    types: tuple[str, ...]
    colour: tuple[int, ...]
    cost: tuple[tuple[int, int, int], ...]        # (wood, stone, wheat) = colour order
    producer: tuple[int, ...]                     # colour index of Farm/Sawmill/Quarry or -1
    is_camp: tuple[bool, ...]
    is_siege: tuple[bool, ...]
    used: tuple[int, ...]                         # tiles of the 3 chosen sets
    n_treasures: int
    placed: tuple[Any, ...]                       # board code -> landscape.PlacedTile
    take0: int
    build0: int
    expand0: int
    move0: int
    deploy0: int
    withdraw0: int
    flip0: int
    destroy0: int
    spare: int
    discard0: int
    end: int
    toss0: int
    top0: int
    draw0: int
    treasure0: int
    num_actions: int
    max_length: int


def build_tables(game: TableSource) -> Tables:
    """The game's :class:`Tables`: tile facts as flat tuples, the base id of each kind of
    action (``take0`` .. ``treasure0``, in this order) and a bound on the game's length."""
    tiles = game.tiles.tiles
    n = len(tiles)
    colour = tuple(COLOURS.index(t.colour) for t in tiles)
    prod = {"sawmill": 0, "quarry": 1, "farm": 2}
    used = tuple(i for i, t in enumerate(tiles) if t.set in game.sets)
    n_tre = len(game.treasures.treasures)
    base = 0
    bases = {}
    for name, size in (("take0", NUM_SLOTS), ("build0", HAND_MAX * 24),
                       ("expand0", HAND_MAX * 24), ("move0", 24), ("deploy0", 24),
                       ("withdraw0", TROOPS), ("flip0", n), ("destroy0", 4), ("spare", 1),
                       ("discard0", HAND_MAX), ("end", 1), ("toss0", 2), ("top0", 3),
                       ("draw0", n), ("treasure0", n_tre)):
        bases[name] = base
        base += size
    n_used = len(used)
    camps = sum(1 for i in used if tiles[i].type == "encampment")
    sieges = sum(1 for i in used if tiles[i].type == "siege-tower")
    # every turn but the last two refills the reserve from the supply (20 tiles after setup)
    turns = n_used - 7 + 2
    decision_turns = turns // 2 + 1 if game.solo else turns
    moved = n_used - 1                       # tiles that can leave the reserve (not the start)
    player = (moved                          # takes
              + moved                        # plays from hand
              + moved                        # discards
              + camps                        # Encampment flips
              + sieges + moved               # siege decisions: a spare per tower, destroys
              + TROOPS * decision_turns      # troop actions (each troop once per turn)
              + decision_turns)              # end
    chance = 1 + 2 * n_used + (game.treasures_used if game.solo else 0)
    return Tables(
        n_tiles=n, ids=tuple(t.id for t in tiles), types=tuple(t.type for t in tiles),
        colour=colour,
        cost=tuple((t.cost.wood, t.cost.stone, t.cost.wheat) for t in tiles),
        producer=tuple(prod.get(t.type, -1) for t in tiles),
        is_camp=tuple(t.type == "encampment" for t in tiles),
        is_siege=tuple(t.type == "siege-tower" for t in tiles),
        used=used, n_treasures=n_tre, num_actions=base, max_length=player + chance,
        placed=tuple(PlacedTile(code >> 2, code & 3 < 2, code & 3 if code & 3 < 2 else None)
                     if code & 3 != 3 else None for code in range(4 * n)),
        **bases)

