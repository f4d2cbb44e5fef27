"""Players, not seats (issue 25): player keys, the seats a player holds, the people at a
live table (:class:`Folk`) and what each move's transaction writes of them
(:class:`Players`).

A browser holds a **player key** (:mod:`.identity`); the server keeps only its SHA-256 and
the player it belongs to. A seat is held by a player once its link is opened with the key
(:meth:`Players.sit`), or when it is joined from the lobby (:mod:`.lobby`), or by whoever
made the table for the seats played on their screen; the key then opens it without the
link (``X-Player-Key`` + ``X-Seat``), and "Your games" lists the table.

Each move's commit writes, in its own transaction (:meth:`Players.in_commit`): the seat a
person plays next and the deadline of that move (a table with a move time limit,
:mod:`.clocks`); at the game's end the ratings (:mod:`.ratings`). The people of a table
change only through its lock (:meth:`Players.seat_changed`), as its state does.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable

from regalia.core.i18n import N_, _

from . import clocks, ratings
from .errors import WebError
from .identity import check_name, new_key, token_hash
from .settings import Settings
from .store import SeatRow, Store
from .store.players import People, TableListing
from .table import COMPUTER, Table

#: seconds a key's player is remembered in memory (a key revoked by another server
#: process stops working at most this long after)
KEY_CACHE_SECONDS = 30.0


@dataclass
class Folk:
    """The people at one live table: the player holding each seat (ids, never sent), the
    forfeits (seat -> ply), the move time limit and the deadline of the move due (UTC ISO),
    the seat whose time ran out while the computer plays its move, each seat's rating at
    this game (``(ordinal, games)``), the rematch, and the chat (:mod:`.chat`)."""

    holders: dict[int, str] = field(default_factory=dict)
    forfeits: dict[int, int] = field(default_factory=dict)
    clock: clocks.Clock | None = None
    deadline: str | None = None
    expired: int | None = None
    ratings: dict[int, tuple[float, int]] = field(default_factory=dict)
    rated: Any = None   # why the game will not be rated (a Later), or None
    next_table: str | None = None
    chat: Any = None


def epoch_ms(iso: str | None) -> int | None:
    """A UTC ISO time as milliseconds since the epoch (what a page's clock counts from)."""
    return None if iso is None else int(datetime.fromisoformat(iso).timestamp() * 1000)


class Players:
    """Player keys and the people at every live table of a store.

    Args:
        store: the table store; its engine holds the rows (:class:`~.store.players.People`).
        settings: the limits (names, lists).
    """

    def __init__(self, store: Store, settings: Settings):
        self.db = People(store.engine)
        self.settings = settings
        self._keys: dict[str, tuple[str, bool, float]] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ keys
    def make_key(self) -> str:
        """A new player and its key (returned this once; only its hash is kept)."""
        key = new_key()
        self.db.new_player(token_hash(key))
        return key

    def player(self, key: Any, needed: str = N_("this needs a player key (X-Player-Key)")) -> str:
        """The player id of ``key``.

        Raises:
            WebError: 401 no key; 403 a key this server never made, or one revoked (the
                message says so: the page then makes a new one).
        """
        if not isinstance(key, str) or not key:
            raise WebError(401, _(needed))   # a message marked N_ by the caller
        if len(key) > 64:
            raise WebError(403, _("this player key is not known here"), code="key-unknown")
        h = token_hash(key)
        now = time.monotonic()
        with self._lock:
            cached = self._keys.get(h)
        if cached is None or now - cached[2] > KEY_CACHE_SECONDS:
            found = self.db.player_of(h)
            if found is None:
                raise WebError(403, _("this player key is not known here"), code="key-unknown")
            cached = (found[0], found[1], now)
            with self._lock:
                if len(self._keys) > 10_000:
                    self._keys.clear()
                self._keys[h] = cached
        if cached[1]:
            raise WebError(403, _("this player key was revoked (a new one was made on another "
                                  "device)"), code="key-revoked")
        return cached[0]

    def rotate(self, key: Any) -> str:
        """Revoke ``key`` and give its player a new one (returned): a device still holding
        the old key is refused from now on, in this process at once, in others within
        :data:`KEY_CACHE_SECONDS`.

        Raises:
            WebError: :meth:`player`'s refusals; 409 revoked meanwhile."""
        self.player(key, N_("revoking needs a player key (X-Player-Key)"))
        fresh = new_key()
        if self.db.rotate(token_hash(key), token_hash(fresh)) is None:
            raise WebError(409, _("this player key was revoked meanwhile"))
        with self._lock:
            self._keys.pop(token_hash(key), None)
        return fresh

    # ------------------------------------------------------------------ a live table
    def creation(self, table_id: str, rows: list[SeatRow], holders: dict[int, str] | None,
                 options: dict[str, Any] | None) -> Callable[[Any], None]:
        """The writes of a new table's transaction: the seats held by players from the
        start (``holders``: seat -> player id), each player's name (the seat's label), and
        the free seats of a table open to anyone (its invited seats nobody holds)."""
        held = dict(holders or {})
        free = (sum(1 for r in rows if r.kind == "invited" and r.seat not in held)
                if (options or {}).get("open") else None)

        def write(conn: Any) -> None:
            People.hold(conn, table_id, held, free)
            for seat, pid in held.items():
                self.db.set_name(conn, pid, rows[seat].label)
        return write

    def attach(self, t: Table) -> None:
        """Give a table just loaded its people (from the store), its in-commit writes, and a
        computer player for each seat that forfeited (the game goes on without it)."""
        stored = self.db.table_people(t.id)
        folk = Folk(holders=stored.holders, forfeits=stored.forfeits,
                    clock=clocks.clock_of(t.options), deadline=stored.deadline,
                    next_table=stored.next_table)
        folk.ratings = self._ratings(t.game.info.name, folk.holders)
        folk.rated = ratings.unrated_reason(t, folk, self.settings)
        t.people = folk
        for seat in folk.forfeits:
            t.agents[seat] = clocks.stand_in(t.game, self.settings)
        t.in_commit = lambda conn: self.in_commit(t, conn)

    def _ratings(self, game: str, holders: dict[int, str]) -> dict[int, tuple[float, int]]:
        found = self.db.ratings_of(sorted(set(holders.values())))
        return {seat: found[(pid, game)] for seat, pid in holders.items()
                if (pid, game) in found}

    def in_commit(self, t: Table, conn: Any) -> None:
        """What a move's transaction writes besides the move (the caller holds the table's
        lock): the seat a person plays next and its deadline; at the end, the ratings."""
        folk: Folk = t.people
        s = t.state
        person = (not s.is_terminal() and not s.is_chance_node()
                  and s.current_player() not in t.agents)
        folk.deadline = clocks.deadline_after(folk.clock) if person else None
        folk.expired = None
        People.set_turn(conn, t.id, s.current_player() if person else None, folk.deadline)
        if s.is_terminal() and folk.rated is None:
            fresh = ratings.finish(self.db, conn, t, folk, self.settings)
            folk.ratings.update(fresh)

    def holders(self, t: Table) -> Callable[[str], set[int]]:
        """``holders(key)``: the seats of ``t`` the key's player holds (for
        :func:`~.identity.seat_of`)."""
        def held(key: str) -> set[int]:
            pid = self.player(key)
            folk: Folk | None = t.people
            return {s for s, p in (folk.holders.items() if folk else ()) if p == pid}
        return held

    def mine(self, t: Table, key: Any) -> list[int]:
        """The seats of ``t`` held by ``key``'s player."""
        self.player(key, N_("finding your seats needs a player key (X-Player-Key)"))
        return sorted(self.holders(t)(key))

    def sit(self, t: Table, seat: int, key: Any, name: Any) -> dict[str, Any]:
        """The link of ``seat`` was opened with ``key``: the key's player holds the seat from
        now on, under ``name``, unless a player holds it already. ``{seat, label, yours}``
        (``yours``: this key's player holds the seat).

        Raises:
            WebError: 401/403 the key; 422 a name :func:`~.identity.check_name` refuses
                (asked only when the seat is free).
        """
        pid = self.player(key, N_("sitting down needs a player key (X-Player-Key)"))
        folk: Folk = t.people
        holder = folk.holders.get(seat)
        if holder is None and t.seats[seat].kind != COMPUTER:
            label = check_name(name, _("your name"), self.settings.max_name)
            if self.db.bind(t.id, seat, pid, label):
                self.seat_changed(t, seat, label, pid)
            else:   # another process bound it first: read who
                folk.holders.update(self.db.table_people(t.id).holders)
            holder = folk.holders.get(seat)
        return {"seat": seat, "label": t.seats[seat].label, "yours": holder == pid}

    def seat_changed(self, t: Table, seat: int, label: str, pid: str,
                     token_cleared: bool = False) -> None:
        """A player holds ``seat`` now, named ``label`` (stored already): the live table's
        seats, move log and drawings (which name the seats) follow, and every page is told."""
        with t.lock:
            old = t.seats[seat]
            t.seats[seat] = SeatRow(old.seat, old.kind, old.agent, label,
                                    None if token_cleared else old.token_hash)
            folk: Folk = t.people
            folk.holders[seat] = pid
            folk.ratings = self._ratings(t.game.info.name, folk.holders)
            folk.rated = ratings.unrated_reason(t, folk, self.settings)
            t.movelog = None          # built with the seats' names
            t.forget_views()
            t.version += 1
        t.notify(t.id)

    # ------------------------------------------------------------------ your games
    def your_games(self, key: Any, labels: Callable[[str], str]) -> list[dict[str, Any]]:
        """The tables where ``key``'s player holds a seat (:meth:`People.your_games`):
        ``[{table, game, title, seats: [{seat, label, kind, mine}], ply, over, turn (a seat
        of yours to play, or None), to_move (the seat a person plays next), waiting (seconds
        since the last move), deadline (ms since the epoch), rating (this player's at the
        game: ``{value, games}`` or None)}]``. ``labels(game)``: a game's title."""
        pid = self.player(key, N_("your games need a player key (X-Player-Key)"))
        now = time.time()
        rated = self.db.ratings_of([pid])
        out = []
        for x in self.db.your_games(pid, self.settings.your_games):
            item = listing(x, labels, pid, now)
            r = rated.get((pid, x.game))
            item["rating"] = {"value": round(r[0], 1), "games": r[1]} if r else None
            out.append(item)
        return out


def people_view(t: Table, seat: int | None) -> dict[str, Any]:
    """What a view says of the people (the caller holds the table's lock):
    ``{seats: [{seat, held, forfeited, rating}], clock, open, chat, next, rated}``.
    ``held``: a person holds the seat (on an open table a seat not held is free);
    ``rating``: ``{value, games}`` at this game; ``clock``: ``{seconds, timeout,
    deadline (ms since the epoch, UTC), expired (the seat whose time ran out)}``;
    ``chat``: whether this viewer may write; ``rated``: None when the game will be
    rated at its end, else why not. No player id, no key."""
    folk: Folk | None = t.people
    if folk is None:
        return {}
    seats = []
    for x in t.seats:
        r = folk.ratings.get(x.seat)
        seats.append({"seat": x.seat, "held": x.seat in folk.holders,
                      "forfeited": x.seat in folk.forfeits,
                      "rating": {"value": round(r[0], 1), "games": r[1]} if r else None})
    clock = None
    if folk.clock is not None:
        clock = {"seconds": folk.clock.seconds, "timeout": folk.clock.timeout,
                 "deadline": epoch_ms(folk.deadline) if folk.expired is None else None,
                 "expired": folk.expired}
    spectators = bool(t.options.get("spectator_chat"))
    return {"seats": seats, "clock": clock, "open": bool(t.options.get("open")),
            "chat": {"write": seat is not None or spectators},
            "next": folk.next_table,
            "rated": str(folk.rated) if folk.rated is not None else None}


def listing(x: TableListing, title: Callable[[str], str], pid: str | None,
            now: float) -> dict[str, Any]:
    """A table as a list shows it (Your games, open tables): no player id, no key."""
    over = x.status == "over"
    mine = {s.seat for s in x.seats if pid is not None and s.player_id == pid}
    waited = (now - datetime.fromisoformat(x.updated).timestamp()) if x.updated else None
    return {"table": x.id, "game": x.game, "title": title(x.game), "ply": x.ply or 0,
            "over": over,
            "seats": [{"seat": s.seat, "label": s.label, "kind": s.kind,
                       "mine": s.seat in mine, "held": s.player_id is not None}
                      for s in x.seats],
            "to_move": None if over else x.to_move,
            "turn": x.to_move if (not over and x.to_move in mine) else None,
            "waiting": None if over or waited is None else max(0, int(waited)),
            "deadline": epoch_ms(x.deadline), "created": x.created}
