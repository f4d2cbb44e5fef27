"""What the commands that run many games share (``regalia tournament``, ``regalia study``):
the lineup of agents (``--agents``, seats) and the progress of a run (a bar with the games'
rate and the time left on a terminal, plain progress lines elsewhere)."""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Callable, Iterator, Optional

from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task,
                           TextColumn, TimeElapsedColumn, TimeRemainingColumn)
from rich.text import Text

from regalia.core.errors import ParameterError
from regalia.core.registry import game_class

from .common import make_console, split_players
from regalia.core.i18n import format_decimal, format_number, _, N_


def split_agents(text: str) -> list[str]:
    """``--agents`` split like ``--players``: ``"mcts:iterations=9,c=0.5,greedy"`` ->
    ``["mcts:iterations=9,c=0.5", "greedy"]`` (a ``key=value`` item without a colon belongs
    to the agent before it)."""
    try:
        return split_players(text)
    except ParameterError:
        raise ParameterError(_("--agents {text!r} has an empty entry; write agent specs "
                               "separated by commas (e.g. --agents greedy,mcts:seconds=0.2)").format(text=text)
                             ) from None


def seat_count(game_name: str, agents: int, players: Optional[int]) -> int:
    """The number of seats: ``--players``, else one per agent (at least the game's minimum).

    Raises:
        ParameterError: a count the game does not allow, or more agents than seats.
    """
    info = game_class(game_name).info
    span = (f"{info.min_players}" if info.min_players == info.max_players
            else f"{info.min_players} to {info.max_players}")
    if players is None:
        if agents > info.max_players:
            raise ParameterError(_("--agents lists {agents} agents; {title} is for {span} "
                                   "players (one agent per seat at most)").format(agents=agents, title=info.title, span=span))
        return max(agents, info.min_players)
    if not info.min_players <= players <= info.max_players:
        raise ParameterError(_("--players {players}: {title} is for {span} players").format(players=players, title=info.title, span=span))
    if agents > players:
        raise ParameterError(_("--agents lists {agents} agents for {players} seats; list at "
                               "most one agent per seat").format(agents=agents, players=players))
    return players


class ProgressLines:
    """Progress of a run as plain lines, for an output that is not a terminal (a log file,
    CI): ``"12/40 games, 3.1 games/s, 9 s left"``, written at the first item, then at
    least every ``seconds`` seconds while items finish and at each tenth of them (but
    not twice within a second), and at the end.

    Args:
        total: the number of items (games, decisions).
        write: where a line goes (e.g. ``print`` to stderr).
        seconds: the longest silence between two lines while games finish.
        clock: a monotonic clock in seconds (a test passes its own).
        already: games finished before this run (a resumed study): counted in the lines,
            not in the rate.
        unit: what an item is called, plural (``"decisions"``).
    """

    def __init__(self, total: int, write: Callable[[str], None], seconds: float = 5.0,
                 clock: Callable[[], float] = time.monotonic, already: int = 0,
                 unit: str = N_("games")):
        self.total, self.write, self.seconds, self.clock = total, write, seconds, clock
        self.unit = _(unit)
        self.start = clock()
        self.last_time = self.start
        self.already = self.last_done = already
        self.step = max(1, total // 10)

    def __call__(self, done: int) -> None:
        """``done`` items have finished."""
        now = self.clock()
        quiet_for = now - self.last_time
        due = (self.last_done == self.already or done >= self.total or quiet_for >= self.seconds
               or (done // self.step > self.last_done // self.step and quiet_for >= 1.0))
        if not due or done <= self.last_done:
            return
        self.last_time, self.last_done = now, done
        self.write(self.line(done, now - self.start))

    def line(self, done: int, elapsed: float) -> str:
        """``"12/40 games, 3.1 games/s, 9 s left"`` (``done in 12 s`` at the end)."""
        head = f"{format_number(done)}/{format_number(self.total)} {self.unit}"
        if elapsed <= 0:
            return head
        rate = (done - self.already) / elapsed
        if rate <= 0:
            return head
        if done >= self.total:
            return _("{head}, {rate} {unit}/s, done in {duration}").format(head=head, rate=format_decimal(rate, 1), unit=self.unit, duration=_duration(elapsed))
        return (_("{head}, {rate} {unit}/s, {duration} left").format(head=head, rate=format_decimal(rate, 1), unit=self.unit, duration=_duration((self.total - done) / rate)))


class RateColumn(ProgressColumn):
    """``3.1 games/s``: the bar's recent rate (rich's estimate over the last samples)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(_("- games/s") if speed is None else
                    _("{rate} games/s").format(rate=format_decimal(speed, 1)))


@contextmanager
def game_progress(total: int, done: int = 0) -> Iterator[Callable[[int], None]]:
    """Progress of a run of ``total`` games on stderr: a bar with the count, the rate and the
    time left on a terminal, else :class:`ProgressLines`. Yields ``advance(done)``, to call
    with the number of games finished so far (``done`` at the start: games finished by an
    earlier, interrupted run)."""
    err = make_console(stderr=True)
    progress = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), RateColumn(),
                        TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                        console=err, transient=True, disable=not err.is_terminal)
    bar = progress.add_task("games", total=total, completed=done)
    lines = None if err.is_terminal else ProgressLines(
        total, lambda text: err.print(text, markup=False, highlight=False), already=done)

    def advance(finished: int) -> None:
        if lines is not None:
            lines(finished)
        else:
            progress.update(bar, completed=finished)

    with progress:
        yield advance


def _duration(seconds: float) -> str:
    """``"4 s"``, ``"2 min 05 s"``, ``"1 h 02 min"``."""
    s = int(round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return _("{s} min {s2:02d} s").format(s=s // 60, s2=s % 60)
    return _("{s} h {s2:02d} min").format(s=s // 3600, s2=s % 3600 // 60)


__all__ = ["split_agents", "seat_count", "ProgressLines", "RateColumn", "game_progress"]
