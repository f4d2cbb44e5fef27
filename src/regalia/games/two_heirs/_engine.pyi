"""Type stub of the compiled Two Heirs engine core (``_engine.pyx``): the data it shows in
the pure engine's layout and the contract methods it implements in C."""

import random
from typing import Any

from regalia.core.dealers import Dealer

from .tables import Tables as GameTables

POLICIES: dict[str, int]

class Tables:
    def __init__(self, game: Any) -> None: ...

class Core:
    _game: Any
    _seed: int | None
    _dealer: Dealer | None
    T: GameTables
    phase: int
    cur: int
    supply: list[int]
    top: int
    slots: list[int]
    shield: int
    board: dict[int, int]
    troops: list[int]
    moved: int
    hands: list[list[int]]
    box: list[int]
    takes_left: int
    taken: int
    discounts: int
    final_left: int
    draw_to: int
    filled: int
    start_tile: int
    siege_cell: int
    scaffold: int
    tre_board: dict[int, int]
    tre_drawn: list[int]
    tre_removed: list[int]
    h_step: int
    h_tile: int
    h_cell: int
    last_h: str
    hist: list[int]
    turn: int
    acts: int
    def __init__(self, game: Any, seed: int | None = None) -> None: ...
    def _load(self, pure: Any) -> None: ...
    def clone(self) -> Any: ...
    def history(self) -> list[int]: ...
    def current_player(self) -> int: ...
    def is_chance_node(self) -> bool: ...
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list[int]: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def sample_chance_outcome(self, rng: random.Random) -> int: ...
    def apply_action(self, action: int) -> None: ...
    def resample_from_infostate(self, player: int, rng: random.Random) -> Any: ...
    def _totals(self) -> tuple[int, int]: ...
    def compiled_playout(self, policy: str, rng: random.Random) -> bool: ...
