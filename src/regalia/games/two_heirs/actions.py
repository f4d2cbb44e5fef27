"""Typed Two Heirs actions: :func:`decode` turns an action id, in the state it is applied
to, into a frozen :class:`Action` carrying its kind, its tile and spaces and its notation,
so that views and front ends never parse notation text nor do arithmetic on ids.

Kinds (rulebook, Royal protocol and Actions A-C; solo rules for ``treasure``):

=========== ================================================ ==========================
kind        what                                             fields set
=========== ================================================ ==========================
take        Action A: the N-th tile clockwise from the shield ``position`` (1-based)
build       Action B: construct a building from the hand      ``tile``, ``at``
expand      Action B: lay a tile face down as open terrain    ``tile``, ``at``
move        Action C.1: a troop to an adjacent tile          ``troop``, ``origin``, ``at``
deploy      Action C.2: a troop from the royal reserve        ``at``
withdraw    Action C.3: a troop back to the royal reserve     ``troop``, ``at`` (where it stood)
flip        an Encampment turned for another take             ``tile``, ``at``
destroy     a flanked building destroyed by Siege Towers      ``at``
spare       the flanked buildings spared                      --
discard     a tile to the box (hand limit 3)                  ``tile``
end         the end of the turn                               --
toss        chance: the royal shield names the first player   ``colour`` (white / blue)
top         chance: the supply's top tile shows its back      ``colour`` (green/grey/yellow)
draw        chance: a tile drawn from the supply              ``tile``, ``colour``
treasure    chance (solo): a treasure for Heinrich's building ``treasure``
=========== ================================================ ==========================

Layer: functions of a :class:`~.state.TwoHeirsState` (its :meth:`decode` delegates here);
imports the state module only for type checking.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from regalia.core.errors import NotationError
from regalia.core.i18n import _
from regalia.core.state import check_action_id

from .components import COLOURS, TYPE_NAMES
from .geometry import DELTA, ORTH, fmt_cell, xy_of
from .tables import HAND_MAX, NUM_SLOTS, SEAT_COLOURS, TROOPS, Tables

if TYPE_CHECKING:
    from .state import TwoHeirsState

Space = tuple[int, int]

#: Every kind of action, in the order of the action ids.
KINDS = ("take", "build", "expand", "move", "deploy", "withdraw", "flip", "destroy", "spare",
         "discard", "end", "toss", "top", "draw", "treasure")
#: The kinds that are chance outcomes.
CHANCE_KINDS = frozenset({"toss", "top", "draw", "treasure"})


def tile_label(T: Tables, t: int) -> str:
    """``Inn (travel-1)``: tile ``t`` as the notation names it (type, then id)."""
    return f"{TYPE_NAMES[T.types[t]]} ({T.ids[t]})"


@dataclass(frozen=True)
class Action:
    """One action of Two Heirs as it reads in the state it is applied to.

    ``id``: the action id; ``kind``: one of :data:`KINDS`; ``notation``: the text
    :meth:`~.state.TwoHeirsState.action_to_string` gives (and
    :meth:`~.state.TwoHeirsState.string_to_action` reads back). Spaces are ``(x, y)`` in the
    table frame (x east, y north). ``tile`` is a tile id, ``tile_type`` its type
    (``inn``), ``label`` its name in the notation (``Inn (travel-1)``); ``troop`` 0 is the
    retinue troop; ``position`` is the 1-based count of ``take N``. Unused fields are None.
    """

    id: int
    kind: str
    notation: str
    position: int | None = None
    tile: str | None = None
    tile_type: str | None = None
    label: str | None = None
    troop: int | None = None
    origin: Space | None = None
    at: Space | None = None
    colour: str | None = None
    treasure: str | None = None

    @property
    def is_chance(self) -> bool:
        """True for a chance outcome (toss, top, draw, treasure)."""
        return self.kind in CHANCE_KINDS

    def __str__(self) -> str:
        return self.notation


def _tile_action(T: Tables, action: int, kind: str, t: int, cell: int | None,
                 text: str) -> Action:
    return Action(action, kind, text, tile=T.ids[t], tile_type=T.types[t],
                  label=tile_label(T, t),
                  at=None if cell is None else xy_of(cell))


def decode(s: "TwoHeirsState", action: int) -> Action:
    """``action`` as a typed :class:`Action` in state ``s`` (the player to move's hand and
    troops give the tile and the spaces).

    Raises:
        NotationError: not an action id, or an id naming no tile or space in ``s``.
    """
    T = s.T
    check_action_id(action, T.num_actions)
    p = s.cur
    if T.take0 <= action < T.take0 + NUM_SLOTS:
        k = action - T.take0 + 1
        return Action(action, "take", f"take {k}", position=k)
    if T.build0 <= action < T.expand0 + HAND_MAX * 24:
        build = action < T.expand0
        rel = action - (T.build0 if build else T.expand0)
        h, code = rel // 24, rel % 24
        hand = s.hands[p]
        cell = s.cell_of_code(p, code)
        if h >= len(hand) or cell is None:
            raise NotationError(_("action {action} names no tile or space in this state").format(action=action))
        kind = "build" if build else "expand"
        return _tile_action(T, action, kind, hand[h], cell,
                            f"{kind} {tile_label(T, hand[h])} @ {fmt_cell(cell)}")
    if T.move0 <= action < T.move0 + 24:
        k, d = divmod(action - T.move0, 8)
        pos = s.troops[3 * p + k]
        if pos < 0:
            raise NotationError(_("action {action}: troop {k} is not in the play area").format(
                action=action, k=k))
        dest = pos + DELTA[d]
        return Action(action, "move", f"move {fmt_cell(pos)}->{fmt_cell(dest)}", troop=k,
                      origin=xy_of(pos), at=xy_of(dest))
    if T.deploy0 <= action < T.deploy0 + 24:
        cell = s.cell_of_code(p, action - T.deploy0)
        if cell is None:
            raise NotationError(_("action {action} names no space in this state").format(
                action=action))
        return Action(action, "deploy", f"deploy {fmt_cell(cell)}", at=xy_of(cell))
    if T.withdraw0 <= action < T.withdraw0 + TROOPS:
        k = action - T.withdraw0
        pos = s.troops[3 * p + k]
        if pos < 0:
            raise NotationError(_("action {action}: that troop is not in the play area").format(
                action=action))
        return Action(action, "withdraw", f"withdraw {fmt_cell(pos)}", troop=k, at=xy_of(pos))
    if T.flip0 <= action < T.flip0 + T.n_tiles:
        t = action - T.flip0
        cell = next((c for c, code in s.board.items() if code >> 2 == t), None)
        if cell is None:
            raise NotationError(_("action {action}: tile {tile} is not in the play area").format(
                action=action, tile=T.ids[t]))
        return _tile_action(T, action, "flip", t, cell,
                            f"flip {tile_label(T, t)} @ {fmt_cell(cell)}")
    if T.destroy0 <= action < T.destroy0 + 4:
        if s.siege_cell < 0:
            raise NotationError(_("action {action}: no siege is being decided").format(
                action=action))
        cell = s.siege_cell + ORTH[action - T.destroy0]
        return Action(action, "destroy", f"destroy {fmt_cell(cell)}", at=xy_of(cell))
    if action == T.spare:
        return Action(action, "spare", "spare")
    if T.discard0 <= action < T.discard0 + HAND_MAX:
        hand = s.hands[p]
        h = action - T.discard0
        if h >= len(hand):
            raise NotationError(_("action {action}: no tile {n} in hand").format(
                action=action, n=h + 1))
        return _tile_action(T, action, "discard", hand[h], None,
                            f"discard {tile_label(T, hand[h])}")
    if action == T.end:
        return Action(action, "end", "end")
    if T.toss0 <= action < T.toss0 + 2:
        colour = SEAT_COLOURS[action - T.toss0]
        return Action(action, "toss", f"toss {colour}", colour=colour)
    if T.top0 <= action < T.top0 + 3:
        colour = COLOURS[action - T.top0]
        return Action(action, "top", f"top {colour}", colour=colour)
    if T.draw0 <= action < T.draw0 + T.n_tiles:
        t = action - T.draw0
        return Action(action, "draw", f"draw {T.ids[t]}", tile=T.ids[t], tile_type=T.types[t],
                      label=tile_label(T, t), colour=COLOURS[T.colour[t]])
    tre = s.game.treasures.treasures[action - T.treasure0].id
    return Action(action, "treasure", f"treasure {tre}", treasure=tre)


__all__ = ["Action", "CHANCE_KINDS", "KINDS", "Space", "decode", "tile_label"]
