"""``mcts``: UCT (Kocsis & Szepesvári 2006) with chance nodes handled by sampling.

Each iteration copies the root state and descends the tree: at a decision node an untried
legal action is expanded (chosen at random), otherwise the child maximising
``mean + c * sqrt(ln(availability) / visits)`` is followed, where the mean is the acting
player's value and availability counts the iterations in which that child was legal (for
perfect-information games this is the parent's visit count: plain UCB1). At a chance node an
outcome is sampled with the agent's generator and the tree branches on it. A playout from
the new leaf gives every player's value (victory shares), added along the path (max^n
backup for any number of players).

Two options help when a budget buys few playouts for many legal actions (e.g. Inheritors,
~30 actions a turn, ~30 informed playouts a second): ``expand=policy`` expands the playout
policy's own choice first (then the untried actions at random), and ``widen=K``
(progressive widening, Coulom 2007 / Chaslot et al. 2008) lets a node with n visits have at
most ``max(1, K * sqrt(n))`` expanded children, the others are chosen by UCB among those.
Together the search starts from the policy's move and tries alternatives as the budget
allows, instead of spending one playout on each legal action. Both are off by default.

``reuse=true`` keeps the tree between moves: the next search starts from the node of the
last tree that the actions played since (the agent's own, the other seats', chance
outcomes) lead to, with its statistics, and adds its budget of iterations to them; a
position the old tree does not reach starts a fresh tree. Decisions stay reproducible for a
fixed seed and the same sequence of positions searched. Off by default; not offered by
``ismcts`` (its edges depend on the root's information state).

With ``value=points`` (playouts valued in game points, unbounded) the means in the UCB
formula are rescaled to [0, 1] by the lowest and highest playout value seen so far in this
search (min-max normalisation, as in MuZero), so the exploration constant keeps its
meaning; the statistics reported stay in game points.

This agent searches the true state: in a game with hidden information it sees what the
acting player may not (use ``ismcts`` for honest play, whose tree also merges the chance
outcomes the searching seat cannot tell apart: :meth:`MCTSAgent._outcome_key`).

After a search :attr:`MCTSAgent.last_tree` is the root of its tree, for inspection.

:meth:`MCTSAgent.value_of` searches one root action alone (every iteration goes through it,
the tree below grows as usual): the estimate of a move on a budget of its own, as the game
review (:mod:`regalia.review`) compares a played move with the search's choice.
"""

from __future__ import annotations

import math
import random
from typing import Hashable

from regalia.core.game import Game
from regalia.core.state import State

from .base import Agent, derive_seed, make_agent, parse_bool, parse_spec, register_agent
from .search import SEARCH_OPTIONS, ActionStat, SearchAgent, choice_of, playout, playout_policy
from regalia.core.i18n import N_, _


class Node:
    """A node of the search tree (read it, do not change it).

    Attributes:
        children: edge key -> child. At a decision node the key is the action id; at a
            chance node, what :meth:`MCTSAgent._outcome_key` makes of the outcome (``mcts``:
            the outcome's action id; ``ismcts``: what the searching seat observes of it).
        visits: iterations through this node.
        avail: iterations in which this node's action was legal (availability count).
        total: per seat, the sum of the playout values backed up through this node.
    """

    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self, num_players: int):
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = [0.0] * num_players


def _exploration(text: str) -> float:
    value = float(text)
    if value < 0 or math.isinf(value) or math.isnan(value):
        raise ValueError(_("must be a finite number >= 0"))
    return value


@register_agent("mcts", N_("UCT tree search, chance nodes sampled (searches the true state)"))
class MCTSAgent(SearchAgent):
    """UCT search.

    Args:
        c: exploration constant (default 0.7; values are victory shares in [0, 1]).
        final: ``robust`` (most visited root action, default) or ``max`` (best mean).
        expand: ``random`` (default) or ``policy`` (the playout policy's choice first).
        widen: progressive widening constant (default 0: every legal action is expanded
            before UCB chooses among them).
        (plus ``iterations``, ``seconds``, ``playout``, ``seed`` of :class:`SearchAgent`)
    """

    OPTIONS = {**SEARCH_OPTIONS,
               "c": (_exploration, N_("exploration constant (default 0.7)")),
               "final": (choice_of("robust", "max"),
                         N_("final move: robust = most visits (default), max = best mean")),
               "expand": (choice_of("random", "policy"),
                          N_("which untried action to expand: random (default) or policy = "
                             "the playout policy's choice first")),
               "widen": (_exploration, N_("progressive widening: at most max(1, widen * "
                                          "sqrt(visits)) children per node (default 0: off)")),
               "reuse": (parse_bool, N_("keep the tree between moves: start from the node the "
                                        "actions played since lead to (default false)"))}
    determinize = False

    def __init__(self, seed: int | None = None, iterations: int | None = None,
                 seconds: float | None = None, playout: str = "random", c: float = 0.7,
                 final: str = "robust", expand: str = "random", widen: float = 0.0,
                 value: str = "win", reuse: bool = False, horizon: int = 0):
        super().__init__(seed, iterations, seconds, playout, value, horizon)
        if reuse and self.determinize:
            raise ValueError(_("{name} cannot reuse its tree (its edges depend on the root's "
                               "information state); use mcts").format(name=self.name))
        if final not in ("robust", "max"):
            raise ValueError(_("final must be 'robust' or 'max'"))
        if expand not in ("random", "policy"):
            raise ValueError(_("expand must be 'random' or 'policy'"))
        if not widen >= 0 or math.isinf(widen):
            raise ValueError(_("widen must be a finite number >= 0"))
        self.c = c
        self.final = final
        self.expand = expand
        self.widen = widen
        self.reuse = reuse
        #: the root of the last search's tree (None before the first search)
        self.last_tree: Node | None = None
        #: reuse: the last searched state's game and history, and its tree's root
        self._kept: tuple[Game, list[int], Node] | None = None
        #: value_of: the only root action searched (-1: every legal action), and the
        #: generator of the deals of hidden cards (None: the agent's own)
        self._only = -1
        self._deals: random.Random | None = None

    def _extra_spec(self) -> list[str]:
        out = []
        if self.c != 0.7:
            out.append(f"c={self.c:g}")
        if self.final != "robust":
            out.append(f"final={self.final}")
        if self.expand != "random":
            out.append(f"expand={self.expand}")
        if self.widen:
            out.append(f"widen={self.widen:g}")
        if self.reuse:
            out.append("reuse=true")
        return out

    def seat_counterpart(self) -> Agent | None:
        """``ismcts`` with this agent's options (but ``reuse``): the same search over the
        seat's information sets instead of the true state."""
        if self.determinize:
            return self
        options = parse_spec(self.spec())[1]
        options.pop("reuse", None)
        return make_agent("ismcts" + (":" + ",".join(f"{k}={v}" for k, v in options.items())
                                      if options else ""), seed=self.seed)

    def step(self, state: State) -> int:
        self.last_tree = None   # a forced move is not searched: no tree
        return super().step(state)

    def _final_choice(self, stats: list[ActionStat]) -> int:
        if self.final == "max":
            return super()._final_choice(stats)
        most = max(s.visits for s in stats)
        best = max(s.value for s in stats if s.visits == most)
        return min(s.action for s in stats if s.visits == most and s.value == best)

    def value_of(self, state: State, action: int) -> ActionStat:
        """The search's estimate of ``action`` alone: a search of this agent's budget whose
        root tries only ``action`` (below it the tree grows as in :meth:`step`), so a move
        the search did not favour is valued on as many iterations as another. Its visits
        and mean value for the acting player (in the unit of ``value``). ``ismcts`` draws
        the deals of the cards the player cannot see from a generator seeded by the
        agent's seed alone, so two agents of one seed value two actions on the same deals.

        Raises:
            RegaliaError: ``state`` is a chance node or terminal.
            IllegalActionError: ``action`` is not legal in ``state``.
        """
        if action not in self._check_decision(state):
            raise state.illegal(action, _("it is not one of the legal actions here"))
        self.last_tree = None
        self._only = action
        # the deals of hidden cards (ismcts) come from a generator of their own, seeded
        # by the agent's seed alone: two actions valued by agents of one seed are valued
        # on the same deals, so their difference is not blurred by the luck of the deal
        self._deals = random.Random(derive_seed("deals", self.seed))
        try:
            stats = self._search(state, [action])
        finally:
            self._only = -1
            self._deals = None
        self.last_stats = stats
        return stats[0]

    def _reused_root(self, state: State) -> Node | None:
        """reuse: the node of the kept tree that ``state`` is reached at (the kept state's
        history followed by the actions played since; ``mcts`` keys a chance outcome's edge
        by its action id, as a decision's), or None (no kept tree, another game or deal, or
        a path the tree never took)."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        game, old, node = kept
        now = state.history()
        if game != state.game or now[:len(old)] != old:
            return None
        for a in now[len(old):]:
            child = node.children.get(a)
            if child is None:
                return None
            node = child
        return node

    def _root_copy(self, state: State, player: int) -> State:
        return state.clone()

    def _outcome_key(self, state: State, outcome: int, player: int) -> Hashable:
        """The key of the edge a chance outcome follows from a chance node of the tree:
        ``mcts`` branches on the outcome itself (its action id). ``state`` is the state
        after the outcome; ``player`` the searching seat."""
        return outcome

    def _search(self, state: State, legal: list[int]) -> list[ActionStat]:
        player = state.current_player()
        n = state.game.num_players
        policy = playout_policy(state, self.playout_name)
        rng = self.rng
        c = self.c
        by_policy = self.expand == "policy"
        widen = self.widen
        log = math.log
        sqrt = math.sqrt
        root = (self._reused_root(state) if self.reuse and self._only < 0 else None) or Node(n)
        only = self._only
        self.last_tree = root
        outcome_key = self._outcome_key
        # value=points: UCB means rescaled by the range of playout values seen so far
        rescale = self.value == "points"
        lo, hi = math.inf, -math.inf
        shift, span = 0.0, 1.0
        more = self._budget()
        i = 0
        while more(i):
            s = self._root_copy(state, player)
            node = root
            path = [root]
            while not s.is_terminal():
                if s.is_chance_node():
                    a = s.sample_chance_outcome(rng)
                    s.apply_action(a)
                    key = outcome_key(s, a, player)
                    child = node.children.get(key)
                    if child is None:
                        child = node.children[key] = Node(n)
                    node = child
                    path.append(node)
                    continue
                acts = s.legal_actions() if only < 0 or node is not root else [only]
                children = node.children
                untried = [a for a in acts if a not in children]
                p = s.current_player()
                if untried and (not widen or len(untried) == len(acts)
                                or len(acts) - len(untried) < widen * sqrt(node.visits)):
                    for a in acts:
                        if a in children:
                            children[a].avail += 1
                    a = -1
                    if by_policy:
                        a = policy(s, rng)
                        if a not in untried:   # a child already (or not the root's action)
                            a = -1
                    if a < 0:
                        a = untried[int(rng.random() * len(untried))]
                    child = children[a] = Node(n)
                    s.apply_action(a)
                    path.append(child)
                    break
                best_a, best_score, best_child = -1, -1.0, None
                for a in acts:
                    ch = children.get(a)
                    if ch is None:
                        continue
                    ch.avail += 1
                    mean = ch.total[p] / ch.visits
                    if rescale:
                        mean = (mean - shift) / span
                    score = mean + c * sqrt(log(ch.avail) / ch.visits)
                    if score > best_score:
                        best_a, best_score, best_child = a, score, ch
                s.apply_action(best_a)
                assert best_child is not None  # a child was tried (else the node expands)
                node = best_child
                path.append(node)
            values = playout(s, rng, policy, self.value, self.horizon)
            if rescale:
                lo, hi = min(lo, *values), max(hi, *values)
                shift, span = lo, (hi - lo) or 1.0
            for nd in path:
                nd.visits += 1
                tot = nd.total
                for k in range(n):
                    tot[k] += values[k]
            i += 1
        self.last_iterations = i
        if self.reuse and only < 0:
            self._kept = (state.game, state.history(), root)
        stats = []
        for a in legal:
            ch = root.children.get(a)
            if ch is None or ch.visits == 0:
                stats.append(ActionStat(a, 0, 0.0))
            else:
                stats.append(ActionStat(a, ch.visits, ch.total[player] / ch.visits))
        return stats
