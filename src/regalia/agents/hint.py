"""Move hints for people: the suggestion of a strong search agent, with its estimated
win rate (or, in a solo game, its expected score or margin).

The default hint agent is ``ismcts`` with greedy playouts for one second: it decides from
what the player to move knows (``resample_from_infostate``), so a hint never leaks hidden
cards or future draws; in a perfect-information game it searches exactly as ``mcts`` would.
A game whose greedy playouts are too slow for a second's search offers a cheaper policy
named ``fast`` (Inheritors does: ~30 legal actions a turn, ~10 greedy playouts a second);
its default hint then uses ``FAST_HINT_AGENT``: ``fast`` playouts, the policy's move expanded
first and progressive widening, so the suggestion is the policy's move unless the search
finds better, and its win rate is a mean over many playouts rather than one.

Solo games. With one seat the victory share cannot rank moves: Cascadito played alone is
always "won", Two Heirs against Heinrich at level 3 nearly always lost. There the hint
agent values playouts in game points (``value=points``, unless the spec names a value):
the expected margin over the automated opponent (Two Heirs' Heinrich) or, without one,
the expected score (Cascadito), and the hint says which.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from regalia.core.state import State

from regalia.core.registry import game_policy

from .base import make_agent, parse_spec
from .search import SearchAgent, points_kind
from regalia.core.i18n import _, ngettext, format_decimal, format_number, format_percent

DEFAULT_HINT_AGENT = "ismcts:seconds=1,playout=greedy"
#: the fewest playouts through a suggestion for :attr:`Hint.ranked`
MIN_RANKED_VISITS = 20
#: the default hint agent of a game that offers a ``fast`` playout policy
FAST_HINT_AGENT = "ismcts:seconds=1,playout=fast,expand=policy,widen=1"


def default_hint_spec(game: str) -> str:
    """The default hint agent spec for ``game`` (a registry name): ``FAST_HINT_AGENT`` when
    the game offers a ``fast`` playout policy, else ``DEFAULT_HINT_AGENT``."""
    return FAST_HINT_AGENT if game_policy(game, "fast") is not None else DEFAULT_HINT_AGENT


@dataclass(frozen=True)
class Hint:
    """A suggested move.

    Attributes:
        action, notation: the suggested action and how to type it.
        value: the search's estimate for the player after it, in the unit ``measure``
            names (NaN for a forced move, which needs no search).
        visits: playouts through the suggestion.
        alternatives: up to 3 runner-up moves as ``(notation, value, visits)``.
        agent: the spec of the agent that searched.
        measure: ``"win"`` (victory share in [0, 1], an estimated win rate), ``"margin"``
            (expected score margin over the best opponent, in game points), ``"score"``
            (expected final score, in game points; a solo game without opponent) or
            ``"blend"`` (the [0, 1] blend of ``value=margin``).
    """

    action: int
    notation: str
    value: float
    visits: int
    alternatives: tuple[tuple[str, float, int], ...]
    agent: str
    measure: str = "win"

    @property
    def win_rate(self) -> float:
        """:attr:`value` (an estimated win rate when :attr:`measure` is ``"win"``)."""
        return self.value

    def format_value(self, value: float) -> str:
        """``value`` as the hint shows it: ``"63%"``, ``"+3.1"`` (margin), ``"47.2"``."""
        if self.measure == "margin":
            return ("+" if value >= 0 else "-") + format_decimal(abs(value), 1)
        if self.measure == "score":
            return format_decimal(value, 1)
        return format_percent(value)

    @property
    def ranked(self) -> bool:
        """True when the search ranked the suggestion for sure enough to say so: at least
        :data:`MIN_RANKED_VISITS` playouts through it and no runner-up with a better
        value. The suggestion is the search's final choice (its most visited move); with
        few playouts a less visited move may show a better mean, and then the ranking is
        noise, which :meth:`plain` says instead of contradicting the numbers shown."""
        if self.visits == 0:
            return True          # the only legal move
        if self.visits < MIN_RANKED_VISITS:
            return False
        return all(v <= self.value for _, v, _ in self.alternatives)

    def outlook(self) -> str:
        """What the suggestion is expected to bring, in words: ``"from here you win about
        6 games in 10"``, ``"you finish about 3 points ahead on average"``, ``"you score
        about 47 points on average"``."""
        v = self.value
        if self.measure == "win":
            k = round(10 * v)
            if k >= 10:
                return _("from here you win nearly every game")
            if k <= 0:
                return _("from here you win fewer than 1 game in 10")
            return ngettext("from here you win about {k} game in 10",
                            "from here you win about {k} games in 10", k).format(k=k)
        if self.measure == "margin":
            m = round(abs(v))
            if m == 0:
                return _("you finish about level on average")
            return ((ngettext("you finish about {m} point ahead on average",
                              "you finish about {m} points ahead on average", m) if v > 0 else
                     ngettext("you finish about {m} point behind on average",
                              "you finish about {m} points behind on average", m)).format(m=m))
        if self.measure == "score":
            return _("you score about {v} points on average").format(v=round(v))
        return _("its value (win chance and margin together) is about {value} in 100").format(value=round(100 * v))

    def plain(self, words: Callable[[str], str] | None = None) -> str:
        """The hint for a person, without the search's jargon (:meth:`summary` holds the
        agent and the playouts): ``"Suggested: pick domino 42 (lake and forest); from here
        you win about 6 games in 10."`` ``words``: a move's notation -> the move in the
        game's words (default: the notation). When the playouts were too few to rank the
        moves (:attr:`ranked`), it says so and names the moves that look about as good."""
        say = words or (lambda notation: notation)
        what = say(self.notation)
        if self.visits == 0:
            return _("Suggested: {what}, the only move you can make.").format(what=what)
        if self.ranked:
            return _("Suggested: {what}; {outlook}.").format(what=what, outlook=self.outlook())
        others = [say(n) for n, _, _ in self.alternatives]
        also = (_(": {others} look about as good").format(others=', '.join(others)) if len(others) > 1 else
                _(": {other} looks about as good").format(other=others[0]) if others else "")
        return _("Suggested: {what}, though the search had too little time to rank the "
                 "moves{also}.").format(what=what, also=also)

    def summary(self) -> str:
        """One line of the search's details: the agent, the move, what it is expected to
        bring, the playouts and the runners-up (a person reads :meth:`plain`; this goes
        behind a details toggle).

        Example: ``Hint (ismcts:...): pick 19, estimated win rate 63% (1,204 playouts).
        Next best: pick 27 51%, pick 12 40%.``"""
        if self.visits == 0:
            return _("Hint: {notation} (the only legal move).").format(notation=self.notation)
        what = {"margin": _("expected margin"), "score": _("expected score"),
                "blend": _("estimated value (win and margin blended)")}.get(
                    self.measure, _("estimated win rate"))
        also = ", ".join(f"{n} {self.format_value(v)}" for n, v, _w in self.alternatives)
        return (ngettext("Hint ({agent}): {notation}, {what} {value} ({n} playout).",
                         "Hint ({agent}): {notation}, {what} {value} ({n} playouts).",
                         self.visits).format(agent=self.agent, notation=self.notation,
                                             what=what, value=self.format_value(self.value),
                                             n=format_number(self.visits))
                + (_(" Next best: {also}.").format(also=also) if also else ""))


def solo_hint_spec(spec: str, state: State) -> str:
    """``spec`` with ``value=points`` added in a solo game (one seat) when the spec names
    no value: the hint then ranks moves by expected margin or score, not by a victory
    share that is the same for every move."""
    if state.game.num_players != 1 or "value" in parse_spec(spec)[1]:
        return spec
    return spec + ("," if ":" in spec else ":") + "value=points"


def hint(state: State, spec: str | None = None, seed: int | None = None) -> Hint:
    """Search ``state`` for the current player and suggest a move.

    Args:
        state: a decision node (not chance, not terminal); it is not changed.
        spec: a search agent spec (``mce``, ``mcts`` or ``ismcts`` with options); None:
            :func:`default_hint_spec` of the game. In a solo game ``value=points`` is
            added unless the spec names a value (:func:`solo_hint_spec`).
        seed: the search's seed (reproducible with an iteration budget).

    Raises:
        UnknownNameError: a bad spec, or an agent that does not search.
        RegaliaError: ``state`` is a chance node or terminal.
    """
    from regalia.core.errors import UnknownNameError

    if spec is None:
        spec = default_hint_spec(state.game.info.name)
    agent = make_agent(spec, seed=seed)
    if not isinstance(agent, SearchAgent):
        raise UnknownNameError(_("hints need a search agent (mce, mcts, ismcts), not {spec!r}").format(spec=spec))
    spec = solo_hint_spec(spec, state)
    agent = make_agent(spec, seed=seed)
    assert isinstance(agent, SearchAgent)  # solo_hint_spec adds an option, not another agent
    action = agent.step(state)
    by_action = {s.action: s for s in agent.last_stats}
    best = by_action[action]
    others = tuple((state.action_to_string(s.action), s.value, s.visits)
                   for s in agent.last_stats if s.action != action)[:3]
    measure = {"win": "win", "margin": "blend"}.get(agent.value) or points_kind(
        state, state.current_player())
    return Hint(action, state.action_to_string(action), best.value, best.visits, others,
                agent.spec(), measure)
