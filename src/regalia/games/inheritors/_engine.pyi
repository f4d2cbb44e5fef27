"""Type stub of the compiled Inheritors engine core (``_engine.pyx``): the data it shows in
the pure engine's layout and the contract methods it implements in C."""

import random
from typing import Any

from regalia.core.dealers import Dealer

POLICIES: dict[str, int]
LIMITS: dict[str, int]
NOTE_KINDS: tuple[str, ...]

def unfit(game: Any) -> str | None: ...

class Tables:
    def __init__(self, G: Any) -> None: ...
    def abreq(self, t: int, i: int) -> int: ...

class Core:
    _game: Any
    _seed: int | None
    _dealer: Dealer | None
    phase: int
    stage: int
    cur: int
    first: int
    ended: bool
    rcol: int
    dsize: int
    qrow: int
    qdraw: int
    qcol: int
    qleft: int
    tadv: int
    tnum: int
    hand: list[int]
    known: list[int]
    capc: list[int]
    hsize: list[int]
    pdraws: list[int]
    honors: list[int]
    pclan: list[int]
    mask: list[int]
    deck: list[int]
    removed: list[int]
    side: list[int]
    box: list[int]
    rows: list[list[int]]
    quests: list[list[int]]
    qpool: list[int]
    hrow: list[int]
    clan_row: list[int]
    clan_owner: list[int]
    drawq: list[int]
    pend: list[tuple[Any, ...]]
    hist: list[int]
    vis: list[int]
    notes: tuple[tuple[int, str, int, tuple[int, ...]], ...]
    def __init__(self, game: Any, seed: int | None = None) -> None: ...
    def _load(self, pure: Any) -> None: ...
    def clone(self) -> Any: ...
    def history(self) -> list[int]: ...
    def visibility(self) -> list[int]: ...
    def current_player(self) -> int: ...
    def is_chance_node(self) -> bool: ...
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list[int]: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def sample_chance_outcome(self, rng: random.Random) -> int: ...
    def apply_action(self, action: int) -> None: ...
    def apply_legal(self, action: int) -> None: ...
    def player_score(self, player: int) -> float: ...
    def scores(self) -> list[float]: ...
    def tie_break_keys(self) -> list[tuple[int, int, int]]: ...
    def returns(self) -> list[float]: ...
    def compiled_playout(self, policy: str, rng: random.Random) -> bool: ...
    def compiled_action(self, policy: str, rng: random.Random) -> int | None: ...
