"""Kingdomino move notation: action ids to text and back, in a given state.

Notation (rulebook terms; squares named like a spreadsheet, see :mod:`.board`):
``d5-e5`` places the current domino, first half on d5, second half on e5; ``discard``;
``pick 23`` (or ``23`` while picking) moves the king onto domino 23 of the next line;
chance outcomes read ``draw 7`` and ``king 2``.

German aliases are read as well (never written): ``nimm 23`` / ``wähle 23`` = ``pick 23``,
``abwerfen`` / ``wirf ab`` / ``ablegen`` = ``discard``, ``ziehe 7`` = ``draw 7``,
``könig 2`` = ``king 2``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from regalia.core.errors import NotationError
from regalia.core.i18n import _
from regalia.core.state import check_action_id, check_notation_text

from .phases import PH_PICK, PH_PLACE

if TYPE_CHECKING:
    from .state import KingdominoState

_PLACEMENT_RE = re.compile(r"^([a-z])(\d{1,2})\s*[-\u2013\u2014\s]?\s*([a-z])(\d{1,2})$")
_WORD_NUM_RE = re.compile(r"^(pick|draw|king)\s*(\d{1,2})$")
#: German words a player may type for the notation's verbs (read only; the notation
#: written stays ``pick 23``, ``discard``...).
ALIASES = {"nimm": "pick", "wähle": "pick", "waehle": "pick", "ziehe": "draw",
           "zieh": "draw", "könig": "king", "koenig": "king", "abwerfen": "discard",
           "wirf ab": "discard", "ablegen": "discard"}  # i18n: no (German input aliases)
_ALIAS_RE = re.compile(r"^(" + "|".join(sorted(map(re.escape, ALIASES), key=len,
                                                  reverse=True)) + r")(?=\s|\d|$)")


def _unalias(t: str) -> str:
    """``t`` (lower case, single spaces) with a leading German alias replaced by its
    notation verb: ``nimm 23`` -> ``pick 23``."""
    m = _ALIAS_RE.match(t)
    return ALIASES[m.group(1)] + t[m.end():] if m else t


def action_to_string(state: "KingdominoState", action: int) -> str:
    """``action`` (an id) in notation: ``d5-e5``, ``discard``, ``pick 23``, ``draw 7``,
    ``king 2`` (1-based numbers). A placement off the board reads
    ``e9-(off the board to the south)``.

    Raises:
        NotationError: ``action`` is not an id of this game.
    """
    g = state.game.geo
    check_action_id(action, g.num_actions)
    if action < g.discard:
        return g.placement_name(action)
    if action == g.discard:
        return "discard"
    if action < g.draw_base:
        return f"pick {action - g.pick_base + 1}"
    if action < g.king_base:
        return f"draw {action - g.draw_base + 1}"
    return f"king {action - g.king_base + 1}"


def string_to_action(state: "KingdominoState", text: str) -> int:
    """The action id written ``text`` in ``state`` (case and spacing free; ``d5e5`` and
    ``d5 e5`` read as ``d5-e5``; a bare number is a pick while picking; the German aliases
    of the module docstring read as their verbs). A domino with two
    identical halves written west or north of its first half reads as the same placement
    written east or south (ruling R3).

    Raises:
        NotationError: text naming no action, saying how moves are written.
    """
    g = state.game.geo
    t = _unalias(" ".join(check_notation_text(text).strip().lower().split()))
    if t == "discard":
        return g.discard
    m = _WORD_NUM_RE.match(t)
    if m is None and t.isdigit() and state.phase == PH_PICK:
        m = _WORD_NUM_RE.match(f"pick {t}")
    if m:
        word, num = m.group(1), int(m.group(2))
        if word == "king":
            if not 1 <= num <= state.game.num_kings:
                raise NotationError(_("kings are numbered 1 to {last}").format(
                    last=state.game.num_kings))
            return g.king_base + num - 1
        if not 1 <= num <= 48:
            raise NotationError(_("dominoes are numbered 1 to 48, not {number}").format(
                number=num))
        return (g.pick_base if word == "pick" else g.draw_base) + num - 1
    m = _PLACEMENT_RE.match(t)
    if m:
        first = g.parse_square(m.group(1) + m.group(2))
        second = g.parse_square(m.group(3) + m.group(4))
        action = g.placement_from_squares(first, second)
        if state.phase == PH_PLACE and state.game.sym[state.cur_nums[state.idx]] \
                and action >= 2 * g.area:
            action = g.place_action[action // g.area - 2][second]
        return action
    raise NotationError(
        _("cannot read {text}; moves are written: 'd5-e5' (place: first half on d5, second "
          "half on e5), 'discard', 'pick 23' (or just '23' when picking)").format(
            text=repr(text)))
