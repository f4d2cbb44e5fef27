"""Inheritors notation and typed actions: an action id decoded into an :class:`Action`
(kind, fields, notation), the notation written and read back.

The notation is the rulebook's wording of the five actions (III. Gameplay: "play purple 2",
"discard Spy to row 1, draw 2", "discard purple 2 to row 1, take row 3", "quest purple" and
its discards, "use Spy"), an Advocate's choices ("ask P2 for purple 2", "take row 2 card 1",
"sabotage P2 blue"), the claims ("claim Wolf", "honor A Six"), "end turn", "pass", and the
chance outcomes ("card purple 2", "draw quest ...", "remove red", "reveal honor ...",
"reveal clan ...", "first player P2", "hidden" for an outcome a resampled copy hides).

The functions take the state whose position the notation is read in: only "take row R card
D" names the card it takes, from the Market row of that position.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from regalia.core.errors import NotationError
from regalia.core.i18n import N_, _
from regalia.core.state import check_action_id, check_notation_text

from .codes import K_INF, MAX_DEPTH, WHITE

if TYPE_CHECKING:
    from .rules import InheritorsGame
    from .state import InheritorsState

#: How moves are written (English; shown translated by :func:`notation_help`).
NOTATION_HELP = N_("moves are written: 'play purple 2', 'discard Spy to row 1, draw 2', "
                   "'discard purple 2 to row 1, take row 3', 'quest purple' then 'discard "
                   "purple 3 to row 2', 'use Spy', 'ask P2 for purple 2', 'take row 2 card 1', "
                   "'sabotage P2 blue', 'claim Wolf', 'honor A Six', 'end turn', 'pass'")

#: Kinds of :class:`Action`: the player's decisions, then the chance outcomes.
DECISION_KINDS = ("play", "use", "discard-draw", "discard-take", "quest", "quest-discard",
                  "ask", "take", "sabotage", "claim", "honor", "end-turn", "pass")
CHANCE_KINDS = ("card", "draw-quest", "remove-colour", "reveal-honor", "reveal-clan",
                "first-player", "hidden")


@dataclass(frozen=True)
class Action:
    """One action id of an Inheritors game, decoded (:meth:`InheritorsState.decode`).

    ``kind`` is one of :data:`DECISION_KINDS` or :data:`CHANCE_KINDS`; the fields a kind
    does not use are None:

    * ``card``: the card type's name (``"purple 2"``, ``"Spy"``): played (``play``), used
      (``use``), discarded (``discard-draw``, ``discard-take``, ``quest-discard``), asked
      for (``ask``), drawn (``card``), or taken (``take``, when the row holds that card);
    * ``row``: the Market row, 1-3, discarded to (the discards) or taken from (``take``);
      ``take_row``: the row taken whole (``discard-take``); ``depth``: the card's place in
      the row for ``take``, 1 the top (the last card laid);
    * ``seat``: the seat asked (``ask``), sabotaged (``sabotage``), or drawn to begin
      (``first-player``), 0-based;
    * ``colour``: the colour of a ``quest`` (``"white"``: Advocates), a ``sabotage``d
      stack, or the colour removed (``remove-colour``);
    * ``clan`` / ``honor`` / ``quest``: the name claimed or revealed, the Quest drawn.

    ``notation`` is :meth:`InheritorsState.action_to_string` of the id in that position.
    """

    id: int
    kind: str
    notation: str
    card: str | None = None
    row: int | None = None
    take_row: int | None = None
    depth: int | None = None
    seat: int | None = None
    colour: str | None = None
    clan: str | None = None
    honor: str | None = None
    quest: str | None = None

    @property
    def is_chance(self) -> bool:
        """A chance outcome (a card drawn, a setup reveal, ...), not a player's decision."""
        return self.kind in CHANCE_KINDS


def _seat(q: int) -> str:
    return f"P{q + 1}"


def decode(state: "InheritorsState", action: int) -> Action:
    """The action id ``action`` as an :class:`Action` in ``state``'s position.

    Raises:
        NotationError: ``action`` is not an action id of this game (0..num_actions-1).
    """
    G = state.game
    a = check_action_id(action, G.num_actions)
    name = G.tname
    colours = G.colours
    if a >= G.A_HIDDEN:
        return Action(a, "hidden", "hidden")
    if a >= G.C_FIRST:
        q = a - G.C_FIRST
        return Action(a, "first-player", f"first player {_seat(q)}", seat=q)  # i18n: no
    if a >= G.C_CLAN:
        clan = G.clans[a - G.C_CLAN].name
        return Action(a, "reveal-clan", f"reveal clan {clan}", clan=clan)  # i18n: no
    if a >= G.C_HONOR:
        honor = G.honors[a - G.C_HONOR].name
        return Action(a, "reveal-honor", f"reveal honor {honor}", honor=honor)  # i18n: no
    if a >= G.C_COLOUR:
        colour = colours[a - G.C_COLOUR]
        return Action(a, "remove-colour", f"remove {colour}", colour=colour)
    if a >= G.C_QUEST:
        quest = G.quests[a - G.C_QUEST].name
        return Action(a, "draw-quest", f"draw quest {quest}", quest=quest)  # i18n: no
    if a >= G.C_CARD:
        card = name[a - G.C_CARD]
        return Action(a, "card", f"card {card}", card=card)
    if a == G.A_PASS:
        return Action(a, "pass", "pass")
    if a == G.A_END:
        return Action(a, "end-turn", "end turn")  # i18n: no
    if a >= G.A_HONOR:
        honor = G.honors[a - G.A_HONOR].name
        return Action(a, "honor", f"honor {honor}", honor=honor)
    if a >= G.A_CLAN:
        clan = G.clans[a - G.A_CLAN].name
        return Action(a, "claim", f"claim {clan}", clan=clan)
    if a >= G.A_SABO:
        q, c = divmod(a - G.A_SABO, 5)
        return Action(a, "sabotage", f"sabotage {_seat(q)} {colours[c]}", seat=q,
                      colour=colours[c])
    if a >= G.A_TAKE:
        r, d = divmod(a - G.A_TAKE, MAX_DEPTH)
        row = state.rows[r]
        taken = name[row[len(row) - 1 - d]] if d < len(row) else None
        shown = f" ({taken})" if taken is not None else ""
        return Action(a, "take", f"take row {r + 1} card {d + 1}{shown}", card=taken,  # i18n: no
                      row=r + 1, depth=d + 1)
    if a >= G.A_ASK:
        q, t = divmod(a - G.A_ASK, 30)
        return Action(a, "ask", f"ask {_seat(q)} for {name[t]}", card=name[t], seat=q)  # i18n: no
    if a >= G.A_DISC:
        t, r = divmod(a - G.A_DISC, 3)
        return Action(a, "quest-discard", f"discard {name[t]} to row {r + 1}", card=name[t],  # i18n: no
                      row=r + 1)
    if a >= G.A_QUEST:
        k = a - G.A_QUEST
        colour = "white" if k == WHITE else colours[k]
        return Action(a, "quest", f"quest {colour}", colour=colour)
    if a >= G.A_MARKET:
        t, rs = divmod(a - G.A_MARKET, 9)
        r, s = divmod(rs, 3)
        return Action(a, "discard-take", f"discard {name[t]} to row {r + 1}, take row {s + 1}",  # i18n: no
                      card=name[t], row=r + 1, take_row=s + 1)
    if a >= G.A_DDRAW:
        t, r = divmod(a - G.A_DDRAW, 3)
        return Action(a, "discard-draw", f"discard {name[t]} to row {r + 1}, draw 2",  # i18n: no
                      card=name[t], row=r + 1)
    if a >= G.A_ADV:
        card = name[a - G.A_ADV]
        return Action(a, "use", f"use {card}", card=card)
    card = name[a - G.A_PLAY]
    return Action(a, "play", f"play {card}", card=card)


def action_to_string(state: "InheritorsState", action: int) -> str:
    """The notation of ``action`` in ``state``'s position (:func:`decode`'s ``notation``).

    Raises:
        NotationError: ``action`` is not an action id of this game.
    """
    return decode(state, action).notation


def _norm(text: str) -> str:
    return " ".join(str(text).strip().lower().split())


_PATTERNS = [(name, re.compile(rx)) for name, rx in (
    ("ddraw", r"^discard (.+) to row (\d+), draw 2$"),  # i18n: no
    ("market", r"^discard (.+) to row (\d+), take row (\d+)$"),  # i18n: no
    ("disc", r"^discard (.+) to row (\d+)$"),  # i18n: no
    ("ask", r"^ask p(\d+) for (.+) (\d+)$"),
    ("take", r"^take row (\d+) card (\d+)(?: \(.*\))?$"),  # i18n: no
    ("sabo", r"^sabotage p(\d+) (.+)$"),
    ("first", r"^first player p(\d+)$"),  # i18n: no
    ("play", r"^play (.+) (\d+)$"),
    ("use", r"^use (.+)$"),
    ("quest", r"^quest (.+)$"),
    ("claim", r"^claim (.+)$"),
    ("rhonor", r"^reveal honor (.+)$"),  # i18n: no
    ("rclan", r"^reveal clan (.+)$"),  # i18n: no
    ("honor", r"^honor (.+)$"),
    ("card", r"^card (.+)$"),
    ("dquest", r"^draw quest (.+)$"),  # i18n: no
    ("remove", r"^remove (.+)$"),
)]


def string_to_action(state: "InheritorsState", text: str) -> int:
    """The action id written ``text`` (case and spacing free; inverse of
    :func:`action_to_string`).

    Raises:
        NotationError: text that names no action; the message shows the notation.
    """
    G = state.game
    t = _norm(check_notation_text(text))
    if t == "end turn" or t == "end":  # i18n: no
        return G.A_END
    if t == "pass":
        return G.A_PASS
    if t == "hidden":
        return G.A_HIDDEN
    failed: NotationError | None = None
    for kind, rx in _PATTERNS:
        m = rx.match(t)
        if m is None:
            continue
        try:
            return _parse(G, kind, m.groups())
        except NotationError as err:
            failed = err
            break
        except (KeyError, ValueError):
            continue
    german = _german(G, t)
    if german is not None:
        return german
    if failed is not None:
        raise failed
    raise NotationError(_("cannot read {text}; {help}").format(text=repr(text),
                                                               help=notation_help()))


def notation_help() -> str:
    """How moves are written (:data:`NOTATION_HELP`), in the language in force (the
    German text names the German aliases too)."""
    return _(NOTATION_HELP)


def _german(G: "InheritorsGame", text: str) -> int | None:
    """The action id of a move typed in German (:func:`.labels.german_notation`), or None
    when ``text`` is no German move. A German move naming something wrong raises the
    notation's error for what it names."""
    from .labels import german_notation

    english = german_notation(G, text)
    if english is None:
        return None
    if english in ("end turn", "pass"):  # i18n: no
        return G.A_END if english == "end turn" else G.A_PASS  # i18n: no
    for kind, rx in _PATTERNS:
        m = rx.match(_norm(english))
        if m is None:
            continue
        try:
            return _parse(G, kind, m.groups())
        except NotationError:
            raise
        except (KeyError, ValueError):
            continue
    return None


def _card(G: "InheritorsGame", text: str) -> int:
    t = G.lookup.get(text.strip().casefold())
    if t is None:
        raise NotationError(_("no card named {name}; cards are named like 'purple 2', "
                              "'Spy', 'Tome', 'purple relic'").format(name=repr(text)))
    return t


def _row(text: str) -> int:
    r = int(text)
    if not 1 <= r <= 3:
        raise NotationError(_("the Market has rows 1, 2 and 3, not {row}").format(row=r))
    return r - 1


def _seat_no(G: "InheritorsGame", text: str) -> int:
    q = int(text)
    n = G.num_players
    if not 1 <= q <= n:
        raise NotationError(_("players are P1 to P{n}, not P{seat}").format(n=n, seat=q))
    return q - 1


def _colour(G: "InheritorsGame", text: str) -> int:
    cols = G.colours
    text = text.strip()
    if text not in cols:
        raise NotationError(_("unknown colour {colour}; colours: {colours}").format(
            colour=repr(text), colours=", ".join(cols)))
    return cols.index(text)


def _named(records: Sequence[Any], text: str) -> int:
    for i, rec in enumerate(records):
        if rec.name.casefold() == text.strip().casefold():
            return i
    from .labels import card
    raise NotationError(_("no such name {name}; names: {names}").format(
        name=repr(text), names=", ".join(card(r.name) for r in records)))


def _parse(G: "InheritorsGame", kind: str, g: tuple[Any, ...]) -> int:
    if kind == "ddraw":
        return G.A_DDRAW + 3 * _card(G, g[0]) + _row(g[1])
    if kind == "market":
        r, s = _row(g[1]), _row(g[2])
        return G.A_MARKET + 9 * _card(G, g[0]) + 3 * r + s
    if kind == "disc":
        return G.A_DISC + 3 * _card(G, g[0]) + _row(g[1])
    if kind == "ask":
        t = _card(G, f"{g[1]} {g[2]}")
        if G.tkind[t] != K_INF:
            raise NotationError(_("a Spy asks for an Influence Card (colour and number)"))
        return G.A_ASK + 30 * _seat_no(G, g[0]) + t
    if kind == "take":
        d = int(g[1])
        if not 1 <= d <= MAX_DEPTH:
            raise NotationError(_("cards in a row are numbered 1 (top) to {n}").format(
                n=MAX_DEPTH))
        return G.A_TAKE + MAX_DEPTH * _row(g[0]) + d - 1
    if kind == "sabo":
        return G.A_SABO + 5 * _seat_no(G, g[0]) + _colour(G, g[1])
    if kind == "first":
        return G.C_FIRST + _seat_no(G, g[0])
    if kind == "play":
        t = _card(G, f"{g[0]} {g[1]}")
        if G.tkind[t] != K_INF:
            raise NotationError(_("'play' takes an Influence Card; use 'use NAME' for an "
                                  "Advocate"))
        return G.A_PLAY + t
    if kind == "use":
        t = _card(G, g[0])
        if not G.is_advocate[t]:
            raise NotationError(_("{card} is not an Advocate").format(card=G.tname[t]))
        return G.A_ADV + t
    if kind == "quest":
        if g[0].strip() == "white":
            return G.A_QUEST + WHITE
        return G.A_QUEST + _colour(G, g[0])
    if kind == "claim":
        return G.A_CLAN + _named(G.clans, g[0])
    if kind == "rhonor":
        return G.C_HONOR + _named(G.honors, g[0])
    if kind == "rclan":
        return G.C_CLAN + _named(G.clans, g[0])
    if kind == "honor":
        return G.A_HONOR + _named(G.honors, g[0])
    if kind == "card":
        return G.C_CARD + _card(G, g[0])
    if kind == "dquest":
        return G.C_QUEST + _named(G.quests, g[0])
    if kind == "remove":
        return G.C_COLOUR + _colour(G, g[0])
    raise NotationError(f"cannot read {kind!r}")  # pragma: no cover  # i18n: no


__all__ = ["Action", "DECISION_KINDS", "CHANCE_KINDS", "NOTATION_HELP", "notation_help", "decode",
           "action_to_string", "string_to_action"]
