"""The store's rows of issue 25 (revision 0006): players and their keys, the seats they
hold, whose turn it is and its deadline, rematches, open tables, chat lines and ratings
(:class:`People`). SQL only: what the rows mean is said by :mod:`regalia.web.players`,
:mod:`~regalia.web.lobby`, :mod:`~regalia.web.chat`, :mod:`~regalia.web.ratings` and
:mod:`~regalia.web.clocks`.

Functions taking ``conn`` run inside a transaction of the caller's (a move's commit, a
table's creation: :meth:`Store.append_actions`' and :meth:`Store.create_table`'s
``extra``); the others open their own. Every write that races another (two processes
binding one seat, sweeping one deadline, making one rematch) is a compare-and-set: an
``UPDATE ... WHERE`` the old value, whose row count says who won.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Engine, and_, func, insert, select, update

from . import OVER, PERSON, now_iso
from .schema import chat_t, player_keys_t, players_t, ratings_t, seats_t, tables_t


@dataclass
class TablePeople:
    """What the store says of a table's people: the player holding each seat, the ply at
    which each forfeited seat forfeited, the deadline of the move due, the rematch."""

    holders: dict[int, str] = field(default_factory=dict)
    forfeits: dict[int, int] = field(default_factory=dict)
    deadline: str | None = None
    next_table: str | None = None


@dataclass
class SeatSummary:
    seat: int
    kind: str
    label: str
    player_id: str | None


@dataclass
class TableListing:
    """A table as "Your games" and the open tables list it (read without loading it)."""

    id: str
    game: str
    created: str
    status: str | None
    ply: int | None
    to_move: int | None
    updated: str | None
    deadline: str | None
    options: str
    seats: list[SeatSummary]


class People:
    """The rows of revision 0006 in one database (``engine``: the Store's)."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.postgresql = engine.dialect.name == "postgresql"

    # ------------------------------------------------------------------ players, keys
    def new_player(self, key_hash: str) -> str:
        """A new player holding the key of SHA-256 ``key_hash``; its id."""
        pid = secrets.token_hex(16)
        now = now_iso()
        with self.engine.begin() as conn:
            conn.execute(insert(players_t).values(id=pid, name=None, created=now))
            conn.execute(insert(player_keys_t).values(key_hash=key_hash, player_id=pid,
                                                      created=now, revoked=None))
        return pid

    def player_of(self, key_hash: str) -> tuple[str, bool] | None:
        """``(player id, revoked)`` of a key, or None for a key never made here."""
        with self.engine.connect() as conn:
            row = conn.execute(select(player_keys_t.c.player_id, player_keys_t.c.revoked)
                               .where(player_keys_t.c.key_hash == key_hash)).first()
        return None if row is None else (row.player_id, row.revoked is not None)

    def rotate(self, old_hash: str, new_hash: str) -> str | None:
        """Revoke the key ``old_hash`` and give its player the key ``new_hash`` in one
        transaction; the player id, or None when ``old_hash`` is unknown or revoked
        already (a compare-and-set: of two devices revoking at once, one wins)."""
        now = now_iso()
        with self.engine.begin() as conn:
            pid = conn.execute(select(player_keys_t.c.player_id).where(
                player_keys_t.c.key_hash == old_hash,
                player_keys_t.c.revoked.is_(None))).scalar()
            if pid is None:
                return None
            done = conn.execute(update(player_keys_t).where(
                player_keys_t.c.key_hash == old_hash, player_keys_t.c.revoked.is_(None))
                .values(revoked=now)).rowcount
            if done != 1:
                return None
            conn.execute(insert(player_keys_t).values(key_hash=new_hash, player_id=pid,
                                                      created=now, revoked=None))
        return str(pid)

    def set_name(self, conn: Connection, player_id: str, name: str) -> None:
        conn.execute(update(players_t).where(players_t.c.id == player_id).values(name=name))

    # ------------------------------------------------------------------ a table's people
    def table_people(self, table_id: str) -> TablePeople:
        with self.engine.connect() as conn:
            t = conn.execute(select(tables_t.c.deadline, tables_t.c.next_table)
                             .where(tables_t.c.id == table_id)).first()
            seats = conn.execute(select(seats_t.c.seat, seats_t.c.player_id,
                                        seats_t.c.forfeit_ply)
                                 .where(seats_t.c.table_id == table_id)).all()
        out = TablePeople(deadline=t.deadline if t else None,
                          next_table=t.next_table if t else None)
        for s in seats:
            if s.player_id is not None:
                out.holders[s.seat] = s.player_id
            if s.forfeit_ply is not None:
                out.forfeits[s.seat] = s.forfeit_ply
        return out

    @staticmethod
    def hold(conn: Connection, table_id: str, holders: dict[int, str], open_seats: int | None
             ) -> None:
        """Seats held by players at a table's creation, and its free seats (None: the table
        is not open to anyone)."""
        for seat, pid in holders.items():
            conn.execute(update(seats_t).where(seats_t.c.table_id == table_id,
                                               seats_t.c.seat == seat).values(player_id=pid))
        conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                     .values(open_seats=open_seats))

    def bind(self, table_id: str, seat: int, player_id: str, label: str,
             lobby: bool = False) -> bool:
        """Let ``player_id`` hold ``seat`` under the name ``label``, if no player holds it
        (a compare-and-set). ``lobby``: a free seat of an open table joined from the lobby:
        only an invited seat, and its link's token stops opening it (the key does)."""
        where = [seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                 seats_t.c.player_id.is_(None)]
        values: dict[str, Any] = {"player_id": player_id, "label": label}
        if lobby:
            where.append(seats_t.c.kind == "invited")
            values["token_hash"] = None
        with self.engine.begin() as conn:
            if conn.execute(update(seats_t).where(*where).values(**values)).rowcount != 1:
                return False
            free = conn.execute(select(func.count()).select_from(seats_t).where(
                seats_t.c.table_id == table_id, seats_t.c.kind == "invited",
                seats_t.c.player_id.is_(None))).scalar_one()
            conn.execute(update(tables_t).where(tables_t.c.id == table_id,
                                                tables_t.c.open_seats.is_not(None))
                         .values(open_seats=free))
            self.set_name(conn, player_id, label)
        return True

    def forfeit(self, table_id: str, seat: int, ply: int) -> bool:
        """Record that ``seat`` forfeited at ``ply``: only while the table is at that ply
        and the seat has not forfeited (a compare-and-set)."""
        with self.engine.begin() as conn:
            at = conn.execute(select(tables_t.c.ply).where(tables_t.c.id == table_id)
                              ).scalar()
            if at != ply:
                return False
            return bool(conn.execute(update(seats_t).where(
                seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                seats_t.c.forfeit_ply.is_(None)).values(forfeit_ply=ply)).rowcount == 1)

    @staticmethod
    def set_turn(conn: Connection, table_id: str, to_move: int | None,
                 deadline: str | None) -> None:
        """The seat a person plays next and that move's deadline (None: none)."""
        conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                     .values(to_move=to_move, deadline=deadline))

    def claim_next(self, table_id: str, next_id: str) -> str | None:
        """Name ``next_id`` the rematch of the finished table ``table_id`` unless one is
        named already (a compare-and-set); None when claimed, else the one named."""
        with self.engine.begin() as conn:
            done = conn.execute(update(tables_t).where(
                tables_t.c.id == table_id, tables_t.c.next_table.is_(None),
                tables_t.c.status == OVER).values(next_table=next_id)).rowcount
            if done == 1:
                return None
            return conn.execute(select(tables_t.c.next_table)
                                .where(tables_t.c.id == table_id)).scalar()

    def release_next(self, table_id: str, next_id: str) -> None:
        """Undo :meth:`claim_next` (the new table could not be made)."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id,
                                                tables_t.c.next_table == next_id)
                         .values(next_table=None))

    # ------------------------------------------------------------------ deadlines
    def claim_due(self, now: str, lease: str, limit: int) -> list[tuple[str, int]]:
        """The tables whose person's move deadline is ``now`` or earlier, claimed: each
        deadline moved on to ``lease`` (so that no other sweep takes it meanwhile, and a
        sweep that dies leaves it to be taken again at ``lease``) by a compare-and-set on
        the deadline and the ply. ``(table id, ply)`` of each, oldest deadline first, at
        most ``limit``. On PostgreSQL the rows are read ``FOR UPDATE SKIP LOCKED``: several
        server processes sweep the same store without waiting for one another."""
        q = (select(tables_t.c.id, tables_t.c.ply, tables_t.c.deadline)
             .where(tables_t.c.deadline <= now, tables_t.c.status == PERSON)
             .order_by(tables_t.c.deadline).limit(limit))
        if self.postgresql:
            q = q.with_for_update(skip_locked=True)
        out = []
        with self.engine.begin() as conn:
            for r in conn.execute(q).all():
                done = conn.execute(update(tables_t).where(
                    tables_t.c.id == r.id, tables_t.c.deadline == r.deadline,
                    tables_t.c.ply == r.ply).values(deadline=lease)).rowcount
                if done == 1:
                    out.append((r.id, int(r.ply or 0)))
        return out

    # ------------------------------------------------------------------ listings
    def _listings(self, conn: Connection, ids: list[str]) -> list[TableListing]:
        if not ids:
            return []
        rows = {r.id: r for r in conn.execute(select(
            tables_t.c.id, tables_t.c.game, tables_t.c.created, tables_t.c.status,
            tables_t.c.ply, tables_t.c.to_move, tables_t.c.updated, tables_t.c.deadline,
            tables_t.c.options).where(tables_t.c.id.in_(ids))).all()}
        seats: dict[str, list[SeatSummary]] = {i: [] for i in ids}
        for s in conn.execute(select(seats_t.c.table_id, seats_t.c.seat, seats_t.c.kind,
                                     seats_t.c.label, seats_t.c.player_id)
                              .where(seats_t.c.table_id.in_(ids))
                              .order_by(seats_t.c.table_id, seats_t.c.seat)):
            seats[s.table_id].append(SeatSummary(s.seat, s.kind, s.label, s.player_id))
        return [TableListing(r.id, r.game, r.created, r.status, r.ply, r.to_move, r.updated,
                             r.deadline, r.options, seats[r.id])
                for i in ids if (r := rows.get(i)) is not None]

    def your_games(self, player_id: str, limit: int) -> list[TableListing]:
        """The tables where ``player_id`` holds a seat: the unfinished ones by their last
        change (oldest first: the longest waiting), then the finished ones, newest first;
        at most ``limit``."""
        with self.engine.connect() as conn:
            mine = select(seats_t.c.table_id).where(seats_t.c.player_id == player_id)
            ids = [r.id for r in conn.execute(
                select(tables_t.c.id, tables_t.c.status, tables_t.c.updated)
                .where(tables_t.c.id.in_(mine))
                .order_by((tables_t.c.status == OVER), tables_t.c.updated.desc())
                .limit(limit)).all()]
            return self._listings(conn, ids)

    def open_tables(self, limit: int) -> list[TableListing]:
        """Unfinished tables open to anyone with a seat free, newest first."""
        with self.engine.connect() as conn:
            ids = list(conn.execute(
                select(tables_t.c.id).where(tables_t.c.open_seats > 0,
                                            tables_t.c.status != OVER)
                .order_by(tables_t.c.created.desc()).limit(limit)).scalars().all())
            return self._listings(conn, ids)

    # ------------------------------------------------------------------ chat
    def chat_add(self, table_id: str, seat: int | None, sender: str, name: str,
                 text: str, most: int) -> tuple[int, str] | None:
        """Store a chat line; ``(id, time)``, or None when the table holds ``most`` lines
        already. On PostgreSQL the other processes are told at commit
        (``"<table> chat <id>"`` on :data:`~regalia.web.store.CHANNEL`)."""
        at = now_iso()
        with self.engine.begin() as conn:
            n = conn.execute(select(func.count()).select_from(chat_t)
                             .where(chat_t.c.table_id == table_id)).scalar_one()
            if n >= most:
                return None
            key = conn.execute(insert(chat_t).values(
                table_id=table_id, at=at, seat=seat, sender=sender, name=name, text=text)
                ).inserted_primary_key
            assert key is not None   # an INSERT of one row names it
            lid = key[0]
            if self.engine.dialect.name == "postgresql":   # the other processes' sockets
                from . import CHANNEL
                conn.execute(select(func.pg_notify(CHANNEL, f"{table_id} chat {int(lid)}")))
        return int(lid), at

    def chat_lines(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        """The last ``limit`` lines of a table's chat, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat_t).where(chat_t.c.table_id == table_id)
                                .order_by(chat_t.c.id.desc()).limit(limit)).all()
        return [{"id": r.id, "at": r.at, "seat": r.seat, "sender": r.sender, "name": r.name,
                 "text": r.text} for r in reversed(rows)]

    # ------------------------------------------------------------------ ratings
    def ratings_in(self, conn: Connection, game: str, player_ids: list[str]
                   ) -> dict[str, tuple[float, float, int]]:
        """``player -> (mu, sigma, games)`` of the players rated at ``game``, read in the
        caller's transaction (``FOR UPDATE`` on PostgreSQL: two games ending at once for one
        player are rated one after the other)."""
        q = select(ratings_t).where(ratings_t.c.game == game,
                                    ratings_t.c.player_id.in_(player_ids))
        if self.postgresql:
            q = q.with_for_update()
        return {r.player_id: (r.mu, r.sigma, r.games) for r in conn.execute(q).all()}

    @staticmethod
    def put_ratings(conn: Connection, game: str, new: dict[str, tuple[float, float, float]],
                    before: dict[str, tuple[float, float, int]]) -> None:
        """Write ``player -> (mu, sigma, ordinal)`` of ``game``, one more game each."""
        now = now_iso()
        for pid, (mu, sigma, ordinal) in new.items():
            values = {"mu": mu, "sigma": sigma, "ordinal": ordinal, "updated": now}
            if pid in before:
                conn.execute(update(ratings_t).where(
                    ratings_t.c.player_id == pid, ratings_t.c.game == game)
                    .values(**values, games=before[pid][2] + 1))
            else:
                conn.execute(insert(ratings_t).values(player_id=pid, game=game, games=1,
                                                      **values))

    def ratings_of(self, player_ids: list[str]) -> dict[tuple[str, str], tuple[float, int]]:
        """``(player, game) -> (ordinal, games)`` of the given players."""
        if not player_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(ratings_t.c.player_id, ratings_t.c.game,
                                       ratings_t.c.ordinal, ratings_t.c.games)
                                .where(ratings_t.c.player_id.in_(player_ids))).all()
        return {(r.player_id, r.game): (r.ordinal, r.games) for r in rows}

    def leaderboard(self, game: str, limit: int) -> list[dict[str, Any]]:
        """The best rated players of ``game`` (by ordinal), with their names."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ratings_t.c.player_id, ratings_t.c.mu, ratings_t.c.sigma,
                       ratings_t.c.ordinal, ratings_t.c.games, players_t.c.name)
                .select_from(ratings_t.join(players_t, and_(players_t.c.id ==
                                                            ratings_t.c.player_id)))
                .where(ratings_t.c.game == game)
                .order_by(ratings_t.c.ordinal.desc(), ratings_t.c.games.desc())
                .limit(limit)).all()
        return [{"player": r.player_id, "name": r.name, "mu": r.mu, "sigma": r.sigma,
                 "ordinal": r.ordinal, "games": r.games} for r in rows]
