"""The move log of a web table as each seat may see it, built once per ply and kept.

Every game gets a log, hidden information included. A ply's notation is shown to a seat
only when that seat saw the move:

* perfect-information games: every ply, to everyone (``history_strings()``, but built one
  ply at a time instead of replaying the whole history per request);
* a state with ``visibility()`` (Inheritors: per history entry, the only seat that saw a
  chance outcome, or -1 for everyone): the notation to everyone or to that seat alone;
* otherwise (Two Heirs' face-down starting tile): the seat saw the ply when its own
  observation after it tells it apart from every other possible outcome (chance) or legal
  action (a decision) whose notation differs -- so the line shown is a function of what
  the seat saw. A spectator is tested the same way on the drawing's
  ``public_observation``.

A ply a seat did not see is written as a redacted line ("Bo drew a card", "a card was drawn
face down", "a hidden move"). The log is extended incrementally (:meth:`MoveLog.update`)
and rebuilt only when the history shrank or changed (an undo).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from regalia.core.game import Game
from regalia.core.i18n import N_
from regalia.core.state import State

from .errors import Later

#: A viewer: a seat number, or None for a spectator.
Viewer = int | None


class MoveLog:
    """The per-viewer move log of one table.

    Args:
        game: the table's game.
        names: the seats' labels (for the redacted lines).
        public: the drawing's ``public_observation`` (observation -> what a spectator may
            see).
    """

    def __init__(self, game: Game, names: Sequence[str],
                 public: Callable[[dict[str, Any]], Any]):
        self.game = game
        self.names = list(names)
        self.public = public
        self.viewers: list[Viewer] = [*range(game.num_players), None]
        self._reset()

    def _reset(self) -> None:
        self.state: State = self.game.new_initial_state(0)
        self.actions: list[int] = []
        #: per viewer, one line per ply (a redacted one said in each reader's language)
        self.lines: dict[Viewer, list[str | Later]] = {v: [] for v in self.viewers}
        #: who made each ply (a seat; None for a chance outcome)
        self.movers: list[int | None] = []
        #: per viewer, whether it saw each ply (its line is then the notation)
        self.seen: dict[Viewer, list[bool]] = {v: [] for v in self.viewers}

    def update(self, history: Sequence[int]) -> None:
        """Bring the log up to ``history`` (the table's actions): the new plies only, or
        everything again when the history is not an extension of the logged one."""
        n = len(self.actions)
        if len(history) < n or list(history[:n]) != self.actions:
            self._reset()
        for a in history[len(self.actions):]:
            self._add(a)

    def log(self, viewer: Viewer, plies: int | None = None) -> list[str]:
        """The log of ``viewer`` (None: a spectator), its first ``plies`` lines (all for
        None)."""
        return [str(line) for line in self.lines[viewer][:plies]]

    def seats(self, plies: int | None = None) -> list[int | None]:
        """Who made each ply (None: a chance outcome), the first ``plies``."""
        return list(self.movers[:plies])

    def saw(self, viewer: Viewer, plies: int | None = None) -> list[bool]:
        """Whether ``viewer`` saw each ply (its log line is the notation, not a redacted
        line), the first ``plies``."""
        return list(self.seen[viewer][:plies])

    # ------------------------------------------------------------------ one ply
    def _add(self, action: int) -> None:
        s = self.state
        chance = s.is_chance_node()
        mover = None if chance else s.current_player()
        text = s.safe_string(action) or f"action {action}"  # i18n: no (notation's fallback)
        seen = self._seen(s, action, chance, text)
        s.apply_action(action)
        visibility = getattr(s, "visibility", None)
        if visibility is not None and not self.game.info.perfect_information:
            vis = visibility()[-1]           # the only seat that saw it, or -1: everyone
            seen = {v: vis == -1 or v == vis for v in self.viewers}
        witnesses = [v for v in self.viewers if v is not None and seen[v]]
        for v in self.viewers:
            self.lines[v].append(text if seen[v] else self._redacted(chance, witnesses))
            self.seen[v].append(bool(seen[v]))
        self.actions.append(action)
        self.movers.append(mover)

    def _redacted(self, chance: bool, witnesses: list[int]) -> Later:
        """The line for a ply the viewer did not see; ``witnesses``: the seats that saw it."""
        if not chance:
            return Later.of(N_("a hidden move"))
        if len(witnesses) == 1:
            return Later.of(N_("{name} drew a card"), name=self.names[witnesses[0]])
        if not witnesses:
            return Later.of(N_("a face-down draw"))
        return Later.of(N_("a card was drawn ({names} saw it)"),
                        names=", ".join(self.names[w] for w in witnesses))

    def _seen(self, s: State, action: int, chance: bool, text: str) -> dict[Viewer, bool]:
        """Which viewers saw ``action`` at ``s`` (see the module docstring)."""
        if self.game.info.perfect_information or hasattr(s, "visibility"):
            return {v: True for v in self.viewers}   # visibility(): decided after applying
        others = ([a for a, _p in s.chance_outcomes()] if chance else s.legal_actions())
        rivals = [a for a in others if a != action and s.safe_string(a) != text]
        if not rivals:
            return {v: True for v in self.viewers}
        mine = s.clone()
        mine.apply_action(action)
        seen: dict[Viewer, bool] = {}
        looks = {v: self._look(mine, v) for v in self.viewers}
        alive = set(self.viewers)
        for a in rivals:
            if not alive:
                break
            other = s.clone()
            other.apply_action(a)
            for v in list(alive):
                if self._look(other, v) == looks[v]:
                    alive.discard(v)           # v cannot tell them apart: not seen
        for v in self.viewers:
            seen[v] = v in alive
        return seen

    def _look(self, state: State, viewer: Viewer) -> Any:
        obs = state.observation(0 if viewer is None else viewer)
        return self.public(obs) if viewer is None else obs
