"""Typed Kingdomino actions: what an action id means, as a frozen value.

``state.decode(action)`` turns an id into one of the classes below, each carrying the
id, its notation (as :meth:`~.state.KingdominoState.action_to_string` writes it in that
state) and its fields, so front ends never parse notation text nor do arithmetic on ids.
The id layout is :mod:`.board`'s; the moves are the rulebook's (section "A round"):

* :class:`Place` the domino of the current line (first half on ``first``, second half on
  ``second``), or :class:`Discard` it when it fits nowhere;
* :class:`Pick` a free domino of the next line (the king moves onto it);
* chance: :class:`Draw` a domino from the box, :class:`KingDraw` a king for the first line.

>>> from regalia import load_game
>>> s = load_game("kingdomino", players=2).new_initial_state(seed=1)
>>> s.decode(s.string_to_action("draw 23"))
Draw(action=395, notation='draw 23', domino=23, code='W*/M')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Union

from regalia.core.state import check_action_id

from .phases import PH_PLACE

if TYPE_CHECKING:
    from .state import KingdominoState


@dataclass(frozen=True, slots=True)
class _Move:
    """What every move carries: its id and its notation in the state it was decoded in."""

    action: int
    notation: str


@dataclass(frozen=True, slots=True)
class _ToPlace(_Move):
    """A move of the domino to place: ``domino``/``code`` name it (None outside the
    ``place`` phase, where no domino is to be placed)."""

    domino: int | None
    code: str | None


@dataclass(frozen=True, slots=True)
class Place(_ToPlace):
    """Place the current domino: first half (the left one of its code) on square
    ``first``, second half on ``second`` (None: off the board; never legal)."""

    first: str
    second: str | None
    kind: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Discard(_ToPlace):
    """Discard the current domino (legal only when no placement is; rulebook:
    placement)."""

    kind: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class _OfLine(_Move):
    """A move naming a domino of the next line: its number (1..48) and code."""

    domino: int
    code: str


@dataclass(frozen=True, slots=True)
class Pick(_OfLine):
    """Move the acting king onto domino ``domino`` of the next line."""

    kind: ClassVar[str] = "pick"


@dataclass(frozen=True, slots=True)
class Draw(_OfLine):
    """Chance: domino ``domino`` is drawn from the box onto the next line."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class KingDraw(_Move):
    """Chance: king ``king`` (1-based) is drawn to choose from the first line; ``player``
    is its owner's seat (None for a king this player count does not use)."""

    king: int
    player: int | None
    kind: ClassVar[str] = "king"


#: Any decoded Kingdomino action.
Action = Union[Place, Discard, Pick, Draw, KingDraw]


def decode(state: "KingdominoState", action: int) -> Action:
    """The typed value of ``action`` in ``state`` (legal or not).

    Raises:
        NotationError: ``action`` is not an id of this game.
    """
    G = state.game
    g = G.geo
    check_action_id(action, g.num_actions)
    text = state.action_to_string(action)
    if action <= g.discard:
        n = state.current_domino if state.phase == PH_PLACE else None
        code = None if n is None else G.code[n]
        if action == g.discard:
            return Discard(action, text, n, code)
        first, second = g.placement_ends(action)
        return Place(action, text, n, code, first, second)
    if action < g.draw_base:
        n = action - g.pick_base + 1
        return Pick(action, text, n, G.code[n])
    if action < g.king_base:
        n = action - g.draw_base + 1
        return Draw(action, text, n, G.code[n])
    k = action - g.king_base
    return KingDraw(action, text, k + 1, G.owner[k] if k < G.num_kings else None)
