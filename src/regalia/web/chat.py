"""A table's chat (issue 25): plain text between the people at a table, delivered over
the table's WebSocket (:mod:`.socket`), kept in the store with the table.

* **Who writes**: the seats; spectators only where the table allows it
  (``spectator_chat``), under a name of their own and with a player key. The server never
  writes into a chat: no move, no card, no hint, nothing the game hides.
* **What**: one line of plain text, at most ``Settings.chat_length`` characters, checked as
  names are (:func:`~.identity.check_text`: no control, bidi or zero-width character); the
  page shows it as text, never as markup.
* **How often** (after lila's chat flood control, ``modules/security/Flood.scala``): the
  named rate limit ``chat`` per writer (:data:`~.settings.RATE_LIMITS`), and a line is
  refused when it is about the same as one of the writer's two previous lines (an edit
  distance under an eighth of the shorter, and under 2 for short ones) or when the writer
  wrote 5 lines in the last 10 seconds; a table keeps at most ``Settings.chat_lines``
  lines.
* **Who is who**: a line names its seat (None for a spectator) and a ``sender`` handle,
  the same for one writer at one table only (a spectator's is a hash of the table and its
  player, never its key), so a page can mute a writer.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from regalia.core.i18n import _

from .errors import WebError
from .identity import check_name, check_text
from .settings import Settings
from .store.players import People

#: a writer's lines remembered for the flood control, and the window it counts
FLOOD_LINES, FLOOD_SECONDS = 5, 10.0
#: seconds a writer's flood memory is kept after its last line
FLOOD_MEMORY = 60.0


def distance_below(a: str, b: str, bound: int) -> bool:
    """True when the edit distance (Levenshtein) of ``a`` and ``b`` is under ``bound``,
    computed only as far as needed (each row stops mattering once all of it is over)."""
    if abs(len(a) - len(b)) >= bound:
        return False
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
        if min(row) >= bound:
            return False
    return row[-1] < bound


def similar(a: str, b: str) -> bool:
    """Two lines about the same: an edit distance under an eighth of the shorter one's
    length, and under 2 however short (case and spacing ignored)."""
    x, y = " ".join(a.casefold().split()), " ".join(b.casefold().split())
    return distance_below(x, y, max(2, min(len(x), len(y)) // 8))


@dataclass
class Room:
    """A live table's chat: its last lines (``Settings.chat_history``) and the id of the
    newest, loaded from the store on first use."""

    lines: deque[dict[str, Any]] = field(default_factory=deque)
    last: int = 0


class Chat:
    """The chats of every live table (``db``: the store's rows)."""

    def __init__(self, db: People, settings: Settings):
        self.db = db
        self.settings = settings
        self._flood: dict[str, deque[tuple[str, float]]] = {}
        self._lock = threading.Lock()

    def room(self, t: Any) -> Room:
        """The table's chat (``t.people.chat``), loaded from the store on first use."""
        folk = t.people
        with t.lock:
            if folk.chat is None:
                room = Room()
                for line in self.db.chat_lines(t.id, self.settings.chat_history):
                    room.lines.append(line)
                    room.last = line["id"]
                folk.chat = room
            found: Room = folk.chat
            return found

    def behind(self, t: Any, line_id: int) -> bool:
        """True when the table's chat is loaded here and does not hold line ``line_id``
        yet (another process stored it)."""
        room = t.people.chat
        if room is None:
            return False   # not loaded here: its first use reads the store
        with t.lock:
            return line_id > room.last or all(x["id"] != line_id for x in room.lines)

    def catch_up(self, t: Any) -> int:
        """Read the lines other processes stored that this one does not keep yet (kept in
        their stored order); returns how many were added."""
        room = self.room(t)
        fresh = self.db.chat_lines(t.id, self.settings.chat_history)
        with t.lock:
            known = {x["id"] for x in room.lines}
            new = [line for line in fresh if line["id"] not in known
                   and (not room.lines or line["id"] > room.lines[0]["id"])]
            if new:
                merged = sorted([*room.lines, *new], key=lambda x: int(x["id"]))
                room.lines = deque(merged[-self.settings.chat_history:])
                room.last = max(room.last, int(merged[-1]["id"]))
        return len(new)

    def since(self, t: Any, after: int) -> list[dict[str, Any]]:
        """The lines after id ``after`` that the room keeps, oldest first."""
        room = self.room(t)
        with t.lock:
            return [x for x in room.lines if x["id"] > after]

    def flood(self, sender: str, text: str) -> None:
        """Refuse a line about the same as one of ``sender``'s two previous ones, or past
        :data:`FLOOD_LINES` lines in :data:`FLOOD_SECONDS`; else remember it.

        Raises:
            WebError(429): the refusal, in words."""
        now = time.monotonic()
        with self._lock:
            if len(self._flood) > 10_000:   # forget the quiet writers
                for k in [k for k, q in self._flood.items() if now - q[-1][1] > FLOOD_MEMORY]:
                    del self._flood[k]
            past = self._flood.setdefault(sender, deque(maxlen=FLOOD_LINES))
            if any(similar(text, old) for old, _at in list(past)[-2:]):
                raise WebError(429, _("you wrote about the same line just before; say "
                                    "something new"), retry_after=1)
            if len(past) == FLOOD_LINES and now - past[0][1] < FLOOD_SECONDS:
                raise WebError(429, _('at most {FLOOD_LINES} lines in {FLOOD_SECONDS:g} seconds; wait a moment').format(FLOOD_LINES=FLOOD_LINES, FLOOD_SECONDS=FLOOD_SECONDS),
                               retry_after=int(FLOOD_SECONDS - (now - past[0][1])) + 1)
            past.append((text, now))

    def post(self, t: Any, seat: int | None, player: str | None, name: Any,
             text: Any) -> dict[str, Any]:
        """Write ``text`` into the chat of ``t`` as ``seat`` (None: a spectator ``player``
        named ``name``); the line as stored, every page of the table told.

        Raises:
            WebError: 403 a spectator where the table does not allow it, or without a key;
                422 a bad text or name; 429 flood (:meth:`flood`) or a full chat.
        """
        s = self.settings
        clean = check_text(text, _("a chat line"), s.chat_length)
        if seat is None:
            if not t.options.get("spectator_chat"):
                raise WebError(403, _("spectators read this table's chat but do not write in it"))
            if player is None:
                raise WebError(403, _("writing as a spectator needs a player key"))
            who = check_name(name, _("your name"), s.max_name)
            sender = "v" + hashlib.sha256(f"{t.id}:{player}".encode()).hexdigest()[:12]
        else:
            who = t.seats[seat].label
            sender = f"s{seat}"
        self.flood(f"{t.id}/{sender}", clean)
        room = self.room(t)
        with t.lock:   # stored and kept in one order: a socket sends the lines after its last
            stored = self.db.chat_add(t.id, seat, sender, who, clean, s.chat_lines)
            if stored is None:
                raise WebError(429, _("this table's chat holds {chat_lines} lines, its most").format(chat_lines=s.chat_lines))
            line = {"id": stored[0], "at": stored[1], "seat": seat, "sender": sender,
                    "name": who, "text": clean}
            room.lines.append(line)
            while len(room.lines) > s.chat_history:
                room.lines.popleft()
            room.last = max(room.last, stored[0])
        t.notify(t.id)
        return line
