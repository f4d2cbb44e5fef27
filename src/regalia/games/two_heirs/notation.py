"""Two Heirs' notation: action ids to the moves a person types, and back.

``take N`` (the N-th tile clockwise from the shield), ``build <tile> @ x,y``,
``expand <tile> @ x,y``, ``move x,y->x,y``, ``deploy x,y``, ``withdraw x,y``,
``flip Encampment @ x,y``, ``destroy x,y``, ``spare``, ``discard <tile>``, ``end``; chance:
``toss white``, ``top green``, ``draw <tile>``, ``treasure <id>``. Coordinates are the
table frame (:mod:`.geometry`); a tile is named by its id (``travel-1``), optionally after
its type (``Inn (travel-1)``), or by its type alone when that is unambiguous in the hand.

German aliases (:func:`german_alias`), accepted in every language in addition to the
notation, which stays the one written: the German rulebook's verbs ``nimm 3`` (take),
``baue Taverne @ 1,0`` or ``baue Taverne auf 1,0`` (build; a building by its German name),
``erweitere`` (expand), ``bewege 0,0 nach 1,1`` (move), ``stationiere`` (deploy),
``zurückziehen``/``zurück`` or ``ziehe x,y zurück`` (withdraw), ``drehe``/``umdrehen``
(flip), ``zerstöre`` (destroy), ``verschone`` (spare), ``ablegen``/``abwerfen`` (discard),
``ende``/``fertig`` (end).

Layer: functions of a :class:`~.state.TwoHeirsState` (which delegates to them); imports
the state module only for type checking.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from regalia.core import i18n
from regalia.core.errors import NotationError
from regalia.core.i18n import N_, _
from regalia.core.state import check_notation_text

from .actions import decode, tile_label
from .components import COLOURS, TYPE_NAMES, type_name
from .geometry import DELTA, ORTH, cell_of
from .tables import NUM_SLOTS, SEAT_COLOURS, TROOPS

if TYPE_CHECKING:
    from .state import TwoHeirsState

_COORD = r"(-?\d+)\s*,\s*(-?\d+)"
_AT_RE = re.compile(r"^(build|expand|flip)\s+(.*?)\s*@\s*" + _COORD + r"$")
_MOVE_RE = re.compile(r"^move\s+" + _COORD + r"\s*(?:->|-|to|\s)\s*" + _COORD + r"$")
_ONE_RE = re.compile(r"^(deploy|withdraw|destroy|flip)\s+" + _COORD + r"$")

#: German verbs (the German rulebook's, where it has them) -> the notation's.
GERMAN_VERBS = {
    "nimm": "take", "baue": "build", "erweitere": "expand", "bewege": "move",
    "stationiere": "deploy", "zurückziehen": "withdraw", "zurueckziehen": "withdraw",
    "zurück": "withdraw", "zurueck": "withdraw", "drehe": "flip", "umdrehen": "flip",
    "zerstöre": "destroy", "zerstoere": "destroy", "verschone": "spare",
    "ablegen": "discard", "abwerfen": "discard", "ende": "end", "fertig": "end",
}
_ZIEHE_RE = re.compile(r"^ziehe\s+(" + _COORD + r")\s+zur(?:ü|ue)ck$")


def german_alias(text: str) -> str:
    """A move typed with the German aliases, in the notation (``nimm 3`` -> ``take 3``,
    ``baue Taverne auf 1,0`` -> ``build Taverne @ 1,0``, ``bewege 0,0 nach 1,1`` ->
    ``move 0,0->1,1``, ``ziehe 1,1 zurück`` -> ``withdraw 1,1``); other text is given back
    unchanged. ``text``: lower case, single spaces. German building names are read by
    :func:`parse_hand`."""
    m = _ZIEHE_RE.match(text)
    if m:
        return f"withdraw {m.group(1)}"
    verb, _sep, rest = text.partition(" ")
    english = GERMAN_VERBS.get(verb)
    if english is None:
        return text
    if english in ("build", "expand", "flip"):
        rest = re.sub(r"\s+(?:auf|bei)\s+(?=-?\d)", " @ ", rest)
    if english == "move":
        rest = re.sub(r"\s+nach\s+", "->", rest)
    return f"{english} {rest}".strip()


def action_to_string(s: "TwoHeirsState", action: int) -> str:
    """``action`` in the notation of state ``s``: the ``notation`` of its typed value
    (:func:`.actions.decode`).

    Raises:
        NotationError: not an action id, or an id naming no tile or space in ``s``.
    """
    return decode(s, action).notation


def string_to_action(state: "TwoHeirsState", text: str) -> int:
    """The action id of the move ``text`` in ``state`` (inverse of :func:`action_to_string`).

    Raises:
        NotationError: text naming no move here; the message lists the notation.
    """
    T = state.T
    s = german_alias(" ".join(check_notation_text(text).strip().lower().split()))
    if not s:
        raise NotationError(_("empty move; {moves}").format(moves=_(NOTATION_HELP)))
    p = state.cur
    m = re.fullmatch(r"take\s+(\d+)", s)
    if m:
        k = int(m.group(1))
        if not 1 <= k <= NUM_SLOTS:
            raise NotationError(_("take N counts 1 to {n} clockwise from the shield").format(
                n=NUM_SLOTS))
        return T.take0 + k - 1
    if s == "end":
        return T.end
    if s == "spare":
        return T.spare
    m = _AT_RE.match(s)
    if m:
        verb, what, x, y = m.group(1), m.group(2), int(m.group(3)), int(m.group(4))
        cell = parse_cell(x, y)
        if verb == "flip":
            for c, board_code in state.board.items():
                if c == cell and T.is_camp[board_code >> 2]:
                    return T.flip0 + (board_code >> 2)
            raise NotationError(_("no Encampment at {where}").format(where=f"{x},{y}"))
        h = parse_hand(state, what)
        code = state.placement_cells(p).get(cell)
        if code is None:
            raise NotationError(_("{where} is not an empty space next to one of your "
                                  "troops").format(where=f"{x},{y}"))
        return (T.build0 if verb == "build" else T.expand0) + 24 * h + code
    m = _MOVE_RE.match(s)
    if m:
        a = parse_cell(int(m.group(1)), int(m.group(2)))
        b = parse_cell(int(m.group(3)), int(m.group(4)))
        o = 3 * p
        for k in range(TROOPS):
            if state.troops[o + k] == a:
                for d in range(8):
                    if a + DELTA[d] == b:
                        return T.move0 + 8 * k + d
                raise NotationError(_("{where} is not adjacent to {origin}").format(
                    where=f"{m.group(3)},{m.group(4)}", origin=f"{m.group(1)},{m.group(2)}"))
        raise NotationError(_("none of your troops stands on {where}").format(
            where=f"{m.group(1)},{m.group(2)}"))
    m = _ONE_RE.match(s)
    if m:
        verb = m.group(1)
        cell = parse_cell(int(m.group(2)), int(m.group(3)))
        if verb == "deploy":
            code = state.deploy_cells(p).get(cell)
            if code is None:
                raise NotationError(_("{where} is not an unoccupied tile next to one of "
                                      "your troops").format(where=f"{m.group(2)},{m.group(3)}"))
            return T.deploy0 + code
        if verb == "withdraw":
            o = 3 * p
            for k in range(TROOPS):
                if state.troops[o + k] == cell:
                    return T.withdraw0 + k
            raise NotationError(_("none of your troops stands on {where}").format(
                where=f"{m.group(2)},{m.group(3)}"))
        if verb == "flip":
            on_board = state.board.get(cell)
            if on_board is not None and T.is_camp[on_board >> 2]:
                return T.flip0 + (on_board >> 2)
            raise NotationError(_("no Encampment at {where}").format(
                where=f"{m.group(2)},{m.group(3)}"))
        if state.siege_cell >= 0:
            for i, d in enumerate(ORTH):
                if state.siege_cell + d == cell:
                    return T.destroy0 + i
        raise NotationError(_("{where} is not next to the Siege Tower just built").format(
            where=f"{m.group(2)},{m.group(3)}"))
    m = re.fullmatch(r"discard\s+(.+)", s)
    if m:
        return T.discard0 + parse_hand(state, m.group(1))
    m = re.fullmatch(r"toss\s+(\w+)", s)
    if m and m.group(1) in SEAT_COLOURS:
        return T.toss0 + SEAT_COLOURS.index(m.group(1))
    m = re.fullmatch(r"top\s+(\w+)", s)
    if m and m.group(1) in COLOURS:
        return T.top0 + COLOURS.index(m.group(1))
    m = re.fullmatch(r"draw\s+([a-z0-9-]+)", s)
    if m and m.group(1) in T.ids:
        return T.draw0 + T.ids.index(m.group(1))
    m = re.fullmatch(r"treasure\s+([a-z0-9-]+)", s)
    if m:
        ids = [t.id for t in state.game.treasures.treasures]
        if m.group(1) in ids:
            return T.treasure0 + ids.index(m.group(1))
    raise NotationError(_("cannot read {text}; {moves}").format(text=repr(text),
                                                                 moves=_(NOTATION_HELP)))


#: The moves of the notation, shown when a text names none (a message: show ``_()``;
#: the German one lists the German aliases too).
NOTATION_HELP = N_("moves are: take N, build <tile> @ x,y, expand <tile> @ x,y, "
                   "move x,y->x,y, deploy x,y, withdraw x,y, flip Encampment @ x,y, "
                   "destroy x,y, spare, discard <tile>, end")


def parse_cell(x: int, y: int) -> int:
    """The grid index of ``x,y`` as typed; NotationError off the table grid."""
    try:
        return cell_of(x, y)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def parse_hand(s: "TwoHeirsState", what: str) -> int:
    """Hand position of the tile named by ``what``: a tile id (``travel-1``), optionally
    after its type (``Inn (travel-1)``), or a type name when the hand holds one tile of
    that type (or several identical ones)."""
    T = s.T
    hand = s.hands[s.cur]
    w = what.strip().lower()
    m = re.search(r"\(([a-z0-9-]+)\)", w)
    ident = m.group(1) if m else w
    for h, t in enumerate(hand):
        if T.ids[t] == ident:
            return h
    key = "-".join(w.replace("_", " ").split())
    with i18n.using("de"):
        german = {typ: type_name(typ).lower() for typ in set(T.types[t] for t in hand)}
    matches = [h for h, t in enumerate(hand)
               if T.types[t] == key or TYPE_NAMES[T.types[t]].lower() == w
               or german[T.types[t]] == w]
    if len(matches) == 1:
        return matches[0]
    shown = ", ".join(tile_label(T, t) for t in hand) or _("none")
    if matches:
        raise NotationError(_("{what} matches {n} tiles in hand; name one by its id "
                              "({hand})").format(what=repr(what), n=len(matches), hand=shown))
    raise NotationError(_("no tile {what} in hand (hand: {hand})").format(what=repr(what),
                                                                           hand=shown))
