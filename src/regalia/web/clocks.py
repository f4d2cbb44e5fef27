"""Move time limits (issue 25): a table may give each person's move a time limit (a
minute, an hour, a day: any number of seconds from ``Settings.min_move_seconds`` to
``Settings.max_move_seconds``) and choose what a timeout does:

* ``computer``: the computer (the game's ``easy`` strength, deciding from the seat's
  information only) plays that one move for the absent seat; the seat keeps its place and
  plays its next move itself;
* ``forfeit``: the seat forfeits. The computer plays it from then on, so that the others
  play the game to its end, and the result ranks it last whatever its score: below every
  seat that had not forfeited, and below a seat that forfeited later (:func:`standing`).
  Ratings count the game with that ranking.

Deadlines are rows, not timers: each move's transaction writes the deadline of the next
person's move (``tables.deadline``, indexed; :meth:`regalia.web.players.Players.in_commit`),
so a deadline survives a restart and is seen by every server process. :class:`Clocks`
sweeps the due ones every ``Settings.clock_sweep`` seconds: each is claimed by moving its
deadline on by a lease (a compare-and-set on the deadline and the ply; PostgreSQL reads the
rows ``FOR UPDATE SKIP LOCKED``, so processes sweeping together never take one table
twice), then the timeout goes through the table's one writer: the computer's move is
committed by :meth:`~regalia.web.compute.Computer.play_for`, which commits only if the
table is still at that ply with that seat to play. A sweep that dies leaves the claim to
be taken again when the lease runs out. A person's move that arrives before the sweep
claims the deadline is played.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from regalia.core.i18n import N_, _

from .catalogue import table_agent, table_strengths
from .errors import WebError
from .settings import Settings
from .store import now_iso

log = logging.getLogger("regalia.web")

#: what a timeout does -> the words of the table's options
TIMEOUTS = {"computer": N_("the computer plays the move for the absent seat"),
            "forfeit": N_("the seat forfeits (ranked last; the computer plays it on)")}
#: the choices the page offers (seconds); the API takes any number in the settings' bounds
OFFERED = {N_("1 minute"): 60, N_("1 hour"): 3600, N_("1 day"): 86400}


@dataclass(frozen=True)
class Clock:
    """A table's move time limit: ``seconds`` per move, and what a ``timeout`` does."""

    seconds: float
    timeout: str

    def as_option(self) -> dict[str, Any]:
        return {"seconds": self.seconds, "timeout": self.timeout}


def parse_clock(value: Any, settings: Settings) -> dict[str, Any] | None:
    """The ``clock`` of a new table's request (None or ``{"seconds": 3600, "timeout":
    "computer" | "forfeit"}``) as its stored option.

    Raises:
        WebError(422): not such an object, seconds out of the server's bounds, an unknown
            timeout.
    """
    if value is None or value is False:
        return None
    lo, hi = settings.min_move_seconds, settings.max_move_seconds
    if not isinstance(value, dict) or set(value) - {"seconds", "timeout"}:
        raise WebError(422, _("clock must be null or {'seconds': N, 'timeout': 'computer' or "
                            "'forfeit'}"))
    seconds, timeout = value.get("seconds"), value.get("timeout", "computer")
    if (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
            or not lo <= seconds <= hi):
        raise WebError(422, _("clock seconds must be a number from {lo:g} to {hi:g} (a move's time limit)").format(lo=lo, hi=hi))
    if timeout not in TIMEOUTS:
        raise WebError(422, _('clock timeout must be one of {values}').format(values=', '.join(TIMEOUTS)))
    return Clock(float(seconds), str(timeout)).as_option()


def clock_of(options: dict[str, Any]) -> Clock | None:
    """A table's clock from its stored options (None: no time limit)."""
    c = options.get("clock")
    if not isinstance(c, dict):
        return None
    return Clock(float(c["seconds"]), str(c["timeout"]))


def deadline_after(clock: Clock | None) -> str | None:
    """The deadline of a move starting now (UTC ISO), or None without a clock."""
    return None if clock is None else now_iso(clock.seconds)


def stand_in(game: Any, settings: Settings) -> tuple[str, float]:
    """The computer player that plays for an absent seat: the game's ``easy`` strength as
    a web table plays it (``(spec, budget)``)."""
    spec = table_strengths(game, settings)["easy"]
    return table_agent(game, spec, settings.max_think)


def standing(returns: Sequence[float], forfeits: dict[int, int]) -> list[float]:
    """The values the result and the ratings rank the seats by: the game's ``returns``,
    except that a seat that forfeited ranks below every seat that did not, and below a seat
    that forfeited later (at a higher ply). Without forfeits, ``returns`` itself."""
    if not forfeits:
        return list(returns)
    low = min(returns) - 1.0
    order = sorted(forfeits.items(), key=lambda kv: -kv[1])   # the latest forfeit first
    out = list(returns)
    for k, (seat, _ply) in enumerate(order):
        out[seat] = low - k
    return out


def forfeit_notes(forfeits: dict[int, int], names: Sequence[str]) -> list[str]:
    """The result's words for the seats that forfeited, in the order they did."""
    return [_("{name} forfeited at move {move} (the move time ran out): the computer played "
              "on for that seat, which ranks below every seat that had not forfeited."
              ).format(name=names[seat], move=ply + 1)
            for seat, ply in sorted(forfeits.items(), key=lambda kv: kv[1])]


class Clocks:
    """The sweeper of due deadlines, for the tables of ``rooms`` (:class:`~.rooms.Rooms`).

    ``claim(now, lease, limit)`` claims due deadlines (:meth:`.store.players.People.claim_due`).
    """

    def __init__(self, rooms: Any, claim: Callable[[str, str, int], list[tuple[str, int]]],
                 forfeit: Callable[[str, int, int], bool], settings: Settings):
        self.rooms = rooms
        self.claim = claim
        self.record_forfeit = forfeit
        self.settings = settings

    def sweep(self) -> int:
        """Claim and run the timeouts due now; how many were claimed."""
        s = self.settings
        claimed = self.claim(now_iso(), now_iso(s.clock_lease), s.clock_batch)
        for table_id, ply in claimed:
            try:
                self.expire(table_id, ply)
            except Exception:   # the lease runs out and the next sweep tries again
                log.exception("table %s: the timeout at ply %d failed", table_id, ply)
        return len(claimed)

    def expire(self, table_id: str, ply: int) -> bool:
        """The move due at ``ply`` of the table timed out: do what its clock says, through
        the table's writer. False when the table moved on meanwhile (nothing done)."""
        t = self.rooms.get(table_id)
        folk = t.people
        clock = folk.clock if folk is not None else None
        with t.lock:
            s = t.state
            seat = s.current_player()
            if (clock is None or s.is_terminal() or len(s.history()) != ply
                    or seat in t.agents or s.is_chance_node()):
                return False
            spec, budget = stand_in(t.game, self.settings)
            if clock.timeout == "forfeit":
                if not self.record_forfeit(table_id, seat, ply):
                    return False
                folk.forfeits[seat] = ply
                t.agents[seat] = (spec, budget)
                t.version += 1
                t.forget_views(drawn=False)
            else:
                folk.expired = seat
                t.version += 1
        if clock.timeout == "forfeit":
            t.notify(table_id)
            self.rooms.computer.advance(t)
            return True
        if not self.rooms.computer.play_for(t, seat, spec, budget):
            with t.lock:
                folk.expired = None
                t.version += 1
            t.notify(table_id)
            return False
        return True
