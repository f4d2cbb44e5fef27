"""What a balance study may ask of Cascadito (the contract: :mod:`regalia.core.balance`).

* Components: ``sheet``, the play sheet of the game (in play for the whole game: every
  player uses the same sheet, rulebook "Setup"), which a components study varies deal by deal
  over the four bundled sheets unless the user fixed one (``--sheet`` or ``--data``);
  ``achievement``, each achievement of the sheet by row and position from the left as the
  notation names it (``sheet 1 top 2``), taken by the seats that claimed it ("Achievements").
* Turn order: seat 0 plays first (the engine's seats are in turn order); the default.
* Variants: those the game declares (``harder-start``, solo; ``deferred-bottom-row``, sheets
  1-2: ruling R12's other reading), each where it loads; the default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.balance import ComponentKind, GameComponents
from regalia.core.errors import ParameterError
from regalia.core.registry import load_game

from .components import SHEET_NUMBERS

if TYPE_CHECKING:
    from .state import CascaditoState

KINDS = (
    ComponentKind("sheet", "Sheets", in_play="the play sheet of the game"),
    ComponentKind("achievement", "Achievements", in_play="on the game's sheet",
                  taken="claimed by the seat"),
)


def settings(params: dict[str, Any], fixed: frozenset[str]) -> list[dict[str, Any]]:
    """Each bundled sheet in turn (those that load with the other parameters), unless the
    sheet is fixed by the user or a data file."""
    if "sheet" in fixed or params.get("data"):
        return [params]
    out = []
    for n in SHEET_NUMBERS:
        p = {**params, "sheet": n}
        try:
            load_game("cascadito", **p)
        except ParameterError:
            continue  # e.g. deferred-bottom-row on sheets 3-4
        out.append(p)
    return out or [params]


def achievement_names(state: "CascaditoState") -> list[str]:
    """The name of each achievement index: ``sheet N top K`` / ``sheet N bottom K``."""
    t = state.game.tables
    n = state.game.sheet.number
    names = [""] * t.num_achievements
    for row, indices in (("top", t.top), ("bottom", t.bottom)):
        for k, a in enumerate(indices):
            names[a] = f"sheet {n} {row} {k + 1}"
    return names


def components(state: "CascaditoState") -> GameComponents:
    """The sheet; the sheet's achievements and those each seat claimed."""
    t = state.game.tables
    names = achievement_names(state)
    count = t.num_achievements
    claimed = state.claimed   # read once (a compiled state builds the list per read)
    taken = tuple({"achievement": tuple(names[a] for a in range(count)
                                        if claimed[p * count + a])}
                  for p in range(state.game.num_players))
    return GameComponents(in_play={"sheet": (f"sheet {state.game.sheet.number}",),
                                   "achievement": tuple(names)}, taken=taken)
