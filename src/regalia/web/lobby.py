"""The lobby's people (issue 25): a new table's options and first seats held, tables open
to anyone and joining them, and the rematch (:class:`Lobby`).

* **Options** of a new table (:func:`table_options`): ``open`` (listed in the lobby: its
  invited seats are free seats anyone may join; private, invite only, is the default),
  ``clock`` (a move time limit, :mod:`.clocks`), ``rate_computers`` (a game against the
  computer is rated, its strengths as anchors, :mod:`.ratings`), ``spectator_chat``
  (spectators may write in the chat).
* **Seats held from the start**: the seats the creator plays on its screen ("a person
  here") are held by the creator's player key, so "Your games" lists the table at once.
* **Joining** a free seat of an open table (:meth:`Lobby.join`): the joining player holds
  it under the name it chose, and its link's token stops opening it (the key does).
* **Rematch** (:meth:`Lobby.rematch`): *Play again* at a finished table makes one new
  table, once, whoever asks first: the same game, settings and options, a new seed, and the
  seats rotated by one (the person of seat 2 sits at seat 1, ..., the person of seat 1 at
  the last seat), each held by the same player. In Cascadito, where seat 1 plays first,
  that alternates the first player; Kingdomino, Two Heirs and Inheritors draw the first
  player by their rules (the kings' order, the royal shield's toss, the first player
  drawn), so there it is drawn again. The finished table names the new one and every page
  on it follows; a seat nobody held gets a new link, given to whoever asked.
"""

from __future__ import annotations

import secrets
from typing import Any

from regalia.core.errors import RegaliaError
from regalia.core.registry import game_class
from regalia.core.i18n import N_, _

from . import story
from .catalogue import strengths_of, title_words
from .clocks import parse_clock
from .errors import WebError
from .identity import check_name, parse_seat
from .players import listing
from .table import HERE, INVITED

#: the options of a table issue 25 adds, and their defaults
OPTIONS = {"open": False, "clock": None, "rate_computers": False, "spectator_chat": False}


def table_options(body: dict[str, Any], settings: Any) -> dict[str, Any]:
    """The options of a new table's request (:data:`OPTIONS`), checked.

    Raises:
        WebError(422): a flag that is not true or false; a bad clock
            (:func:`.clocks.parse_clock`)."""
    out: dict[str, Any] = {}
    for name in ("open", "rate_computers", "spectator_chat"):
        value = body.get(name, False)
        if not isinstance(value, bool):
            raise WebError(422, _('{name} must be true or false').format(name=name))
        out[name] = value
    out["clock"] = parse_clock(body.get("clock"), settings)
    return out


def title_of(game: str) -> str:
    try:
        return title_words(game_class(game).info.title)
    except RegaliaError:
        return game


class Lobby:
    """The lobby's people for the tables of ``rooms`` (:class:`~.rooms.Rooms`)."""

    def __init__(self, rooms: Any):
        self.rooms = rooms
        self.players = rooms.players
        self.settings = rooms.settings

    def create(self, d: dict[str, Any], key: str | None) -> tuple[str, list[dict[str, Any]]]:
        """A new table from a ``POST /api/tables`` body (:meth:`Rooms.create` and
        :func:`table_options`), its seats played here held by ``key``'s player (a request
        without a key holds none).

        Raises:
            WebError: :meth:`Rooms.create`'s refusals, :func:`table_options`'; 403 a bad
                key."""
        options = table_options(d, self.settings)
        pid = self.players.player(key) if key else None
        seats = d.get("seats")
        holders = ({i: pid for i, s in enumerate(seats)
                    if isinstance(s, dict) and s.get("kind") == HERE}
                   if pid is not None and isinstance(seats, list) else None)
        tid, out = self.rooms.create(d.get("game"), d.get("players"), d.get("variants"),
                                     seats, d.get("hints", False), d.get("pace"),
                                     d.get("params"), options=options, holders=holders)
        return tid, out

    # ------------------------------------------------------------------ open tables
    def open_tables(self) -> list[dict[str, Any]]:
        """The unfinished tables open to anyone with a seat free, newest first: each as
        :func:`.players.listing` shows it, a seat ``free`` when anyone may join it."""
        out = []
        for x in self.players.db.open_tables(self.settings.open_list):
            item = listing(x, title_of, None, 0.0)
            for s in item["seats"]:
                s["free"] = s["kind"] == INVITED and not s["held"]
            out.append(item)
        return out

    def join(self, table_id: str, seat: Any, key: Any, name: Any) -> dict[str, Any]:
        """``key``'s player takes the free ``seat`` of an open table under ``name``.

        Raises:
            WebError: 401/403 the key; 403 a table not open to anyone; 404 no table; 409
                the game is over, the seat is not free (taken meanwhile), or the player sits
                there already; 422 a bad seat or name."""
        pid = self.players.player(key, N_("joining a table needs a player key (X-Player-Key)"))
        t = self.rooms.get(table_id)
        if not t.options.get("open"):
            raise WebError(403, _("this table is not open to anyone: ask its players for an "
                                "invitation link"))
        n = parse_seat(seat) if not isinstance(seat, int) or isinstance(seat, bool) else seat
        if n is None or not 0 <= n < len(t.seats):
            raise WebError(422, _('seat must be a seat number 0 to {value}').format(value=len(t.seats) - 1))
        label = check_name(name, _("your name"), self.settings.max_name)
        folk = t.people
        with t.lock:
            if t.state.is_terminal():
                raise WebError(409, _("the game is over"))
            if pid in folk.holders.values():
                raise WebError(409, _("you sit at this table already"))
            if t.seats[n].kind != INVITED or n in folk.holders:
                raise WebError(409, _("this seat is not free"))
        if not self.players.db.bind(t.id, n, pid, label, lobby=True):
            raise WebError(409, _("this seat was taken meanwhile"))
        self.players.seat_changed(t, n, label, pid, token_cleared=True)
        return {"table": t.id, "seat": n, "label": label}

    # ------------------------------------------------------------------ rematch
    def rematch(self, table_id: str, token: Any) -> dict[str, Any]:
        """The rematch of a finished table (made now by the first to ask, the same after):
        ``{table, made (this request made it), seats (the new table's, with a token for a
        seat nobody holds, shown to this request only)}``.

        Raises:
            WebError: 401/403 the credential (a seat of the table is needed); 409 the game
                is not over; the refusals of :meth:`Rooms.create`."""
        t, seat = self.rooms.seated(table_id, token, N_("a rematch needs the seat's token (the private link)"))
        folk = t.people
        with t.lock:
            if not t.state.is_terminal():
                raise WebError(409, _("a rematch follows a finished game"))
            if folk.next_table:
                return {"table": folk.next_table, "made": False, "seats": []}
        new_id = secrets.token_urlsafe(9)
        other = self.players.db.claim_next(table_id, new_id)
        if other is not None:
            return {"table": other, "made": False, "seats": []}
        try:
            body = story.rematch(t.game.info.name, t.game.params, t.seats, t.options,
                                 t.pace, strengths_of(t.game))
            n = len(t.seats)
            order = [(i + 1) % n for i in range(n)]          # new seat i <- old seat i + 1
            seats, holders = [], {}
            for i, old in enumerate(order):
                s = dict(body["seats"][old])
                if s["kind"] == INVITED and old not in folk.holders:
                    s.pop("label", None)      # nobody held it: the new seat's default name
                if old in folk.holders:
                    holders[i] = folk.holders[old]
                seats.append(s)
            options = {k: t.options.get(k, v) for k, v in OPTIONS.items()}
            tid, out = self.rooms.create(body["game"], body["players"], body["variants"],
                                         seats, body["hints"], body["pace"], body["params"],
                                         options=options, holders=holders, table_id=new_id)
        except Exception:
            self.players.db.release_next(table_id, new_id)
            raise
        with t.lock:
            folk.next_table = tid
            t.version += 1
        t.notify(t.id)
        return {"table": tid, "made": True,
                "seats": [s for i, s in enumerate(out) if i not in holders]}
