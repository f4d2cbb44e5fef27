"""The :class:`State` contract: one position of one game.

A state is mutated in place by :meth:`State.apply_action`; :meth:`State.clone` makes a cheap
independent copy. Chance is explicit: at a chance node ``current_player()`` is
:data:`~regalia.core.game.CHANCE` and :meth:`State.chance_outcomes` lists the outcomes with
their probabilities.

The dealer. A state made by ``Game.new_initial_state(seed)`` owns a seeded generator, its
*dealer*, used by :meth:`State.apply_random_chance` to play chance nodes in a real game. A
game started without a seed gets a fresh one from :func:`fresh_seed` (128 bits from
:mod:`secrets`, so nobody can find it by trying seeds against what they see).

Copies never carry the dealer nor the seed: :meth:`State.clone`,
:meth:`State.resample_from_infostate`, :meth:`State.to_json` and ``Game.state_from_json``
give states whose :attr:`State.seed` is ``None`` and that have no dealer, so nothing an
agent or a page can reach tells a future draw of the real game (the seed and the history
would). A copy asked to play chance with :meth:`State.apply_random_chance` and no generator
raises :class:`~regalia.core.errors.RegaliaError`; agents bring their own generator. Only a
:class:`~regalia.core.record.GameRecord` keeps the seed, to replay and verify a game.
"""

from __future__ import annotations

import json
import random
import secrets
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, Sequence, cast

from typing_extensions import TypeVar

from .breakdown import Breakdown, ScoreItem
from .dealers import Dealer, dealer_name, make_dealer
from .errors import IllegalActionError, NotationError, ParameterError, RegaliaError
from .game import CHANCE, TERMINAL
from regalia.core.i18n import _

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from .game import Game
    from .tensors import Tensor

#: The game class of a state (``State[KingdominoGame]``): what :attr:`State.game` returns.
GameT = TypeVar("GameT", bound="Game", default="Game", covariant=True)

#: Bits of a fresh seed (:func:`fresh_seed`): too many to find by trying seeds.
FRESH_SEED_BITS = 128
#: The largest seed accepted, in bits (a seed is an int of at most this many bits, sign
#: apart): 256 bits are 78 decimal digits; a longer number is refused, not hashed.
MAX_SEED_BITS = 256


#: In :meth:`State.visibility`: an action every seat saw.
SEEN_BY_ALL = -1
#: In :meth:`State.visibility`: an outcome no seat saw (e.g. a tile placed face down).
SEEN_BY_NONE = -2


def fresh_seed() -> int:
    """An unguessable seed for a new game: ``FRESH_SEED_BITS`` (128) random bits from
    :mod:`secrets` (the operating system's entropy), an int in ``[0, 2**128)``."""
    return secrets.randbits(FRESH_SEED_BITS)


def check_seed(seed: object) -> int:
    """``seed`` if it is a usable dealer seed: an int (not a bool) of at most
    ``MAX_SEED_BITS`` bits, sign apart.

    Raises:
        ParameterError: naming the value and what is allowed.
    """
    if type(seed) is not int:
        raise ParameterError(_("a seed is a whole number, not {name} {short}").format(name=type(seed).__name__, short=_short(seed)))
    if seed.bit_length() > MAX_SEED_BITS:
        raise ParameterError(_("a seed has at most {max_seed_bits} bits (78 digits); this "
                               "one has {bit_length} bits").format(max_seed_bits=MAX_SEED_BITS, bit_length=seed.bit_length()))
    return seed


def _short(value: object) -> str:
    text = repr(value) if not isinstance(value, int) or value.bit_length() < 200 else "(huge)"
    return text if len(text) <= 40 else text[:37] + "..."


class State(ABC, Generic[GameT]):
    """One position of a game. See the module docstring for the dealer.

    A game's state class names its game class (``class KingdominoState(
    PhasedState["KingdominoGame"])``), so :attr:`game` has that type."""

    __slots__ = ()

    # ------------------------------------------------------------------ identity
    # A subclass stores ``_game``, ``_seed`` and ``_dealer`` (as slots or attributes);
    # ``_start`` sets them for a new game.
    _game: GameT
    _seed: int | None
    _dealer: Dealer | None   # random.Random (mt19937) or PCG64 (see .dealers)

    #: The generator that deals a new game of this class (:mod:`.dealers`): the pure
    #: engines' Mersenne Twister; a compiled engine names its own (``pcg64``).
    DEALER: ClassVar[str] = "mt19937"

    def _start(self, game: "Game", seed: int | None) -> None:
        """Set the game and the dealer of a new game: ``seed`` None draws a fresh seed
        (:func:`fresh_seed`), kept in :attr:`seed` so the game can be replayed.

        Raises:
            ParameterError: ``seed`` is not an int of at most ``MAX_SEED_BITS`` bits.
        """
        seed = fresh_seed() if seed is None else check_seed(seed)
        # The slots are the subclass's (State's own __slots__ is empty), which mypy
        # cannot see from here; setattr stores them all the same.
        setattr(self, "_game", game)
        setattr(self, "_seed", seed)
        setattr(self, "_dealer", random.Random(seed) if self.DEALER == "mt19937"
                else make_dealer(self.DEALER, seed))

    @property
    def dealer_name(self) -> str | None:
        """Which generator deals this game (:data:`.dealers.DEALERS`): ``mt19937`` or
        ``pcg64``; None for a copy, which has no dealer."""
        dealer = getattr(self, "_dealer", None)  # a game without chance may keep none
        return None if dealer is None else dealer_name(dealer)

    def _set_dealer(self, name: str) -> None:
        """Deal from now on with a new dealer ``name`` seeded with this game's seed: a
        record or a resumed game dealt by another engine's generator is continued with
        that generator (:func:`.dealers.initial_state`).

        Raises:
            ParameterError: an unknown dealer.
            RegaliaError: a copy (no seed).
        """
        if self._seed is None:
            raise no_dealer_error()
        setattr(self, "_dealer", make_dealer(name, self._seed))

    @classmethod
    def _blank(cls, game: "Game") -> Self:
        """A new state of this class holding only ``game``, without a seed or a dealer:
        a game's JSON reader starts from it and fills the position in."""
        s = object.__new__(cls)
        slots: Any = s  # the slots are the subclass's, which mypy cannot see from here
        slots._game = game
        slots._seed = None
        slots._dealer = None
        return s

    def _blank_copy(self) -> Self:
        """A new state of the same class holding only the game, without the seed and the
        dealer (as every copy): :meth:`clone` starts from it and copies the position."""
        s = object.__new__(type(self))
        slots: Any = s  # the slots are the subclass's, which mypy cannot see from here
        slots._game = self._game
        slots._seed = None
        slots._dealer = None
        return s

    @property
    def game(self) -> GameT:
        """The game this state belongs to."""
        return self._game

    @property
    def seed(self) -> int | None:
        """The dealer's seed this game started from; ``None`` for every copy (clone,
        resample, JSON), which never carries it."""
        return self._seed

    # ------------------------------------------------------------------ whose turn
    @abstractmethod
    def current_player(self) -> int:
        """A seat ``0 .. num_players-1``, or ``CHANCE`` (-1), or ``TERMINAL`` (-4)."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    # ------------------------------------------------------------------ actions
    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Sorted, distinct action ids of the current player; at a chance node, the outcomes'
        action ids; empty at a terminal state."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(action, probability), ...]`` sorted by action, probabilities summing to 1.

        Raises:
            RegaliaError: if the state is not a chance node.
        """

    #: A move in the game's notation, shown when apply_action is given text or another
    #: non-int (``"apply_action takes an int action id ...; use string_to_action(...)"``).
    NOTATION_EXAMPLE: ClassVar[str] = "..."

    def apply_action(self, action: int) -> None:
        """Apply a player's action or a chance outcome, mutating the state.

        The template every game shares (OpenSpiel's base state, pgx's ``Env.step``): the
        id's type and range are checked, a terminal state refuses every action, then the
        game's :meth:`_apply_action` makes the transition (it raises through
        :meth:`illegal` before changing anything) and the action joins the history
        (``self.hist``).

        Raises:
            IllegalActionError: naming the action, the reason and (where it has one) its
                notation; the state is unchanged.
        """
        # one test on the hot path (playouts apply millions of actions); the message is
        # built only for a refusal
        if (type(action) is not int or action < 0 or action >= self._game.action_bound
                or self.is_terminal()):
            raise self._refusal(action)
        self._apply_action(action)
        self.hist.append(action)

    def _refusal(self, action: object) -> IllegalActionError:
        """The error for an action refused before the game's transition is asked: not an
        int id, out of range, or the game is over (checked in that order)."""
        if type(action) is not int:
            return IllegalActionError(action, _("apply_action takes an int action id, not "  # type: ignore[arg-type]
                                                "{name}; use "
                                                "string_to_action({notation_example!r}) to "
                                                "read the notation").format(name=type(action).__name__, notation_example=self.NOTATION_EXAMPLE))
        n = self._game.num_distinct_actions
        if not 0 <= action < n:
            return IllegalActionError(action, _("action ids run from 0 to {n}").format(n=n - 1))
        return IllegalActionError(action, _("the game is over"), self.safe_string(action))

    def _apply_action(self, action: int) -> None:
        """The game's transition for an id in range at a non-terminal state: check that
        ``action`` is legal here (else ``raise self.illegal(action, reason)``, changing
        nothing), then apply it. The history is kept by :meth:`apply_action`.

        A game that overrides :meth:`apply_action` itself need not implement this.
        """
        raise NotImplementedError(_("{name} implements neither apply_action nor _apply_action").format(name=type(self).__name__))

    def illegal(self, action: int, reason: str) -> IllegalActionError:
        """The error for an illegal ``action`` here: ``reason`` is a sentence in the
        rulebook's terms saying why; the notation is added where the action has one."""
        return IllegalActionError(action, reason, self.safe_string(action))

    def safe_string(self, action: int) -> str | None:
        """``action_to_string(action)``, or None where the action has no notation here."""
        try:
            return self.action_to_string(action)
        except RegaliaError:
            return None

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The action in the game's notation, as a person would type it, in this state."""

    @abstractmethod
    def string_to_action(self, text: str) -> int:
        """Parse the notation (inverse of :meth:`action_to_string` in this state).

        Raises:
            NotationError: text that names no action here; the message shows the notation.
        """

    def sample_chance_outcome(self, rng: random.Random) -> int:
        """One chance outcome drawn from ``chance_outcomes()`` with generator ``rng``."""
        outcomes = self.chance_outcomes()
        r = rng.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    def apply_random_chance(self, rng: random.Random | None = None) -> int:
        """Sample a chance outcome and apply it; returns the action applied.

        Args:
            rng: the generator to use. ``None`` uses the state's dealer (real games only).

        Raises:
            RegaliaError: if this is not a chance node, or if ``rng`` is None and the state
                has no dealer (copies never have one: bring your own generator).
        """
        if rng is None:
            rng = self.dealer()
        action = self.sample_chance_outcome(rng)
        self.apply_action(action)
        return action

    def dealer(self) -> random.Random:
        """The state's own seeded generator for chance nodes of a real game: a
        :class:`random.Random`, or for a compiled engine PCG64 (:mod:`.dealers`), which
        offers the same ``random()`` that :meth:`sample_chance_outcome` draws from (typed
        as a Random for the games' ``sample_chance_outcome(rng)``).

        Raises:
            RegaliaError: if the state has none (a clone, resample or JSON-loaded state).
        """
        if self._dealer is None:
            raise no_dealer_error()
        return cast("random.Random", self._dealer)

    def compiled_playout(self, policy: str, rng: random.Random) -> bool:
        """Play this state to its end inside the game's compiled code, the hook by which
        a game offers whole playouts at C speed (ARCHITECTURE.md, "Compiled kernels").

        ``policy`` names a playout policy (``random``, ``greedy``, ...); chance nodes and
        decisions must draw from ``rng`` exactly as the Python loop of
        ``regalia.agents.search.playout`` does with the game's policy of that name, so that
        a search gives the same result either way (records, seeds and statistics stay
        reproducible). Returns True once the state is terminal; False, with the state
        unchanged and ``rng`` untouched, when the game offers no compiled playout for
        ``policy`` (the default: no game has to).
        """
        return False

    def compiled_action(self, policy: str, rng: random.Random) -> int | None:
        """The action the game's policy named ``policy`` plays at this decision, chosen
        inside the game's compiled code (the one-move companion of
        :meth:`compiled_playout`, so that an agent playing the policy, such as
        Kingdomino's Full Greedy, pays no Python per move).

        It must draw from ``rng`` exactly as the Python policy does, so both give the same
        action and leave ``rng`` in the same state. Returns None, with ``rng`` untouched,
        when the game offers no compiled choice for ``policy`` here (the default: no game
        has to; the caller then runs the Python policy).
        """
        return None

    # ------------------------------------------------------------------ results
    @abstractmethod
    def scores(self) -> list[float]:
        """Per-player game points so far (the printed score; :meth:`breakdown` itemises it)."""

    def tie_break_keys(self) -> list[tuple[Any, ...]]:
        """Per seat, what decides the winner, compared as tuples (the best wins, equal
        best keys share the victory). The default is ``(score,)``; games add their
        rulebook's tie-breaks."""
        return [(v,) for v in self.scores()]

    def winners(self) -> list[int]:
        """The seats that win (several share a victory; none where a solo player loses),
        at a terminal state: those with the best :meth:`tie_break_keys`."""
        keys = self.tie_break_keys()
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def returns(self) -> list[float]:
        """Per-player utility: at a terminal state the victory share (a sole winner 1.0,
        ``k`` players sharing a victory ``1/k`` each, others 0.0; a solo game 1.0 won, 0.0
        lost); zeros before the end. The default reads :meth:`winners`."""
        n = self._game.num_players
        if not self.is_terminal():
            return [0.0] * n
        win = self.winners()
        share = 1.0 / len(win) if win else 0.0
        return [share if p in win else 0.0 for p in range(n)]

    def player_score(self, player: int) -> float:
        """``scores()[player]``; games override it when one player's score is cheaper."""
        return self.scores()[player]

    def breakdown(self, player: int) -> Breakdown:
        """Seat ``player``'s score as it stands, itemised in the rulebook's order
        (:class:`~regalia.core.breakdown.Breakdown`; its total is
        :meth:`player_score`). The default is one item ``"score"``; games override it.

        Raises:
            ParameterError: ``player`` is not a seat.
        """
        points = self.player_score(self.check_seat(player))
        if points == int(points):
            points = int(points)  # 12, not 12.0, for a game whose scores are floats
        return Breakdown((ScoreItem("score", "score", points),))

    def score_margin(self, player: int) -> float | None:
        """Seat ``player``'s score minus the best score among its opponents, an automated
        opponent of a solo game included (Two Heirs' Heinrich), in game points; None when
        the seat has no opponent at all (a solo game played for points alone). Search
        agents use it to value playouts by margin (``value=margin``). The default reads
        :meth:`scores`; a game with an automated opponent overrides it."""
        sc = self.scores()
        others = [v for i, v in enumerate(sc) if i != player]
        return None if not others else sc[player] - max(others)

    def margins(self) -> list[float]:
        """Per seat, in game points: its :meth:`score_margin`, or its own score when it has
        no opponent at all (a solo game played for points alone). Search agents' playout
        value ``value=points`` and the adapters' ``reward="margin"``."""
        out = []
        for k in range(self.game.num_players):
            m = self.score_margin(k)
            out.append(float(self.player_score(k) if m is None else m))
        return out

    #: Every action applied since the initial state (kept by :meth:`apply_action`).
    hist: list[int]

    def history(self) -> list[int]:
        """Every action applied since the initial state, chance outcomes included."""
        return list(self.hist)

    def history_strings(self) -> list[str]:
        """The history in notation, each action rendered in the state it was applied to."""
        replay = self.game.new_initial_state(self.seed)
        out = []
        for action in self.history():
            out.append(replay.action_to_string(action))
            replay.apply_action(action)
        return out

    def visibility(self) -> list[int]:
        """Per history entry, who saw what it was: :data:`SEEN_BY_ALL` (-1) every seat, a
        seat number only that seat (a card drawn into a hand), :data:`SEEN_BY_NONE` (-2)
        no seat (a tile placed face down). Default (perfect information): every seat saw
        every action."""
        return [SEEN_BY_ALL] * len(self.history())

    def known_history(self, player: int | None) -> list[str | None]:
        """The history in notation as ``player`` (None: a spectator, who sees only what
        every seat sees) knows it: each action rendered in the state it was applied to,
        None for an outcome that player did not see (:meth:`visibility`).

        Raises:
            ParameterError: ``player`` is neither None nor a seat.
        """
        if player is not None:
            self.check_seat(player)
        seen = self.visibility()
        replay = self.game.new_initial_state(0)   # every outcome is in the history
        out: list[str | None] = []
        for action, v in zip(self.history(), seen):
            known = v == SEEN_BY_ALL or (player is not None and v == player)
            out.append(replay.action_to_string(action) if known else None)
            replay.apply_action(action)
        return out

    # ------------------------------------------------------------------ copies, views
    @abstractmethod
    def clone(self) -> "State":
        """An independent copy of the position, without the dealer and without the seed
        (``copy.seed`` is None); cheap, no deepcopy."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """A JSON-able dict of exactly what ``player`` may see now."""

    def observation_tensor(self, player: int) -> "Tensor":
        """Seat ``player``'s observation as a float32 vector of shape
        ``game.observation_tensor_shape()``, built from :meth:`observation` only (its
        segments are listed by ``game.observation_tensor_layout()`` and in the game's docs).

        Raises:
            ParameterError: ``player`` is not a seat.
            NotImplementedError: the game offers no tensor.
        """
        self.check_seat(player)
        return self.game.encode_observation(self.observation(player))

    def information_state_tensor(self, player: int) -> "Tensor":
        """Seat ``player``'s information state as a float32 vector of shape
        ``game.information_state_tensor_shape()``.

        Where the game's tensor module has a perfect-recall encoding
        (``game.perfect_recall_tensor``: Inheritors), it is built from the module's
        ``information_state(state, player)`` (the observation, the history with every
        outcome the seat did not see blanked, the visibility) and distinguishes every
        two information states. Otherwise it is the observation tensor, which holds the
        public record each game's observation keeps (kingdoms, Cascadito's sheets, Two
        Heirs' public hands) but not the order of the moves that led there.

        Raises:
            ParameterError: ``player`` is not a seat.
            NotImplementedError: the game offers no tensor.
        """
        self.check_seat(player)
        game = self.game
        if game.perfect_recall_tensor:
            module = game._tensor_module()
            return module.encode_information_state(  # type: ignore[no-any-return]
                game, module.information_state(self, player))
        return self.observation_tensor(player)

    def legal_actions_mask(self) -> "npt.NDArray[np.int8]":
        """A 0/1 int8 vector over ``[0, num_distinct_actions)``: 1 at each legal action of
        the player to move (all zeros at a terminal state; chance outcomes at a chance
        node)."""
        from .tensors import legal_actions_mask

        return legal_actions_mask(self.legal_actions(), self.game.num_distinct_actions)

    def information_state_string(self, player: int) -> str:
        """A string identifying ``player``'s information state (perfect recall): the
        sequence of observations is summarised by the observation plus the actions that
        player could see. Default for perfect-information games: the full history.

        Raises:
            ParameterError: ``player`` is not a seat.
        """
        self.check_seat(player)
        return " ".join(str(a) for a in self.history())

    def resample_from_infostate(self, player: int, rng: random.Random) -> "State":
        """A state consistent with all ``player`` knows, hidden information dealt from
        ``rng``; like every copy, without the seed or dealer. Default for
        perfect-information games: a clone.

        Raises:
            ParameterError: ``player`` is not a seat.
        """
        self.check_seat(player)
        return self.clone()

    def check_seat(self, player: int) -> int:
        """``player`` if it is a seat ``0 .. num_players-1``; else raises ParameterError."""
        n = self.game.num_players
        if type(player) is not int or not 0 <= player < n:
            raise ParameterError(_("player must be a seat 0..{n}, not {player!r}").format(n=n - 1, player=player))
        return player

    # ------------------------------------------------------------------ serialisation
    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict from which ``game.state_from_json`` rebuilds an equal state.

        It never holds the seed (nor the dealer): the rebuilt state is a copy without one.
        To save a game so that it can go on with its own dealer, save its
        :class:`~regalia.core.record.GameRecord` (seed and actions) and replay it."""

    def __copy__(self) -> "State":
        """``copy.copy`` is :meth:`clone`: no copy of a state carries the seed or dealer."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> "State":
        """``copy.deepcopy`` is :meth:`clone` (states share only immutable game tables)."""
        return self.clone()

    def to_json_string(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    # ------------------------------------------------------------------ misc
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def _repr_svg_(self) -> str | None:
        """Jupyter's picture of the position: the game's drawing (see
        :func:`regalia.core.registry.register_drawing`) of the public view, what a spectator
        sees; None when the game has no drawing."""
        from .registry import game_drawing

        drawing = game_drawing(self.game.info.name)
        if drawing is None:
            return None
        return str(drawing.render(drawing.public_observation(self.observation(0))))


class PhasedState(State[GameT]):
    """A state whose position keeps its phase code in :attr:`phase` (an int, the index of
    its name in :attr:`PHASE_NAMES`): the phase answers :meth:`is_terminal`,
    :meth:`is_chance_node` and :attr:`phase_name` without asking :meth:`current_player`.

    A subclass sets :attr:`PHASE_NAMES`, :attr:`END_PHASE` and :attr:`CHANCE_PHASES`.
    """

    __slots__ = ()

    #: The current phase code.
    phase: int
    #: Names by phase code (what ``phase_name``, observations and JSON show).
    PHASE_NAMES: ClassVar[tuple[str, ...]] = ()
    #: The phase of a finished game.
    END_PHASE: ClassVar[int] = -1
    #: The phases whose state is a chance node.
    CHANCE_PHASES: ClassVar[frozenset[int]] = frozenset()

    def is_terminal(self) -> bool:
        return self.phase == self.END_PHASE

    def is_chance_node(self) -> bool:
        return self.phase in self.CHANCE_PHASES

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A class that declares its phase codes gets :meth:`is_terminal`,
        :meth:`is_chance_node` and the :meth:`State.apply_action` template made for it,
        with its codes as constants: a class attribute read through an instance costs
        more than the whole phase test, and playouts ask these at every ply. Methods the
        class defines itself are kept."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        if "END_PHASE" not in own and "CHANCE_PHASES" not in own:
            return
        end = cls.END_PHASE
        chance = tuple(p in cls.CHANCE_PHASES for p in range(len(cls.PHASE_NAMES)))

        def is_terminal(self: PhasedState[Any]) -> bool:
            return self.phase == end

        def is_chance_node(self: PhasedState[Any]) -> bool:
            return chance[self.phase]

        def apply_action(self: PhasedState[Any], action: int) -> None:
            # two plain comparisons: cheaper than a chained one on the hot path
            if (type(action) is not int or action < 0 or action >= self._game.action_bound
                    or self.phase == end):
                raise self._refusal(action)
            self._apply_action(action)
            self.hist.append(action)

        for fn, doc in ((is_terminal, None), (is_chance_node, None),
                        (apply_action, State.apply_action.__doc__)):
            if fn.__name__ not in own:
                fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
                fn.__doc__ = doc
                setattr(cls, fn.__name__, fn)

    @property
    def phase_name(self) -> str:
        """The current phase's name (:attr:`PHASE_NAMES`)."""
        return self.PHASE_NAMES[self.phase]


def no_dealer_error() -> RegaliaError:
    return RegaliaError(
        _("this state has no dealer (it is a copy, a resample or was loaded from JSON); "
          "pass your own generator: state.apply_random_chance(rng)")
    )


#: The longest text :meth:`State.string_to_action` reads (every game's notation is far
#: shorter); longer text is refused before it is parsed.
MAX_NOTATION_LENGTH = 500


def check_action_id(action: object, num_actions: int) -> int:
    """``action`` if it is an action id: an int (not a bool) in ``[0, num_actions)``.
    Games call it first in :meth:`State.action_to_string`.

    Raises:
        NotationError: naming the value and the allowed range.
    """
    if type(action) is not int or not 0 <= action < num_actions:
        kind = "" if type(action) is int else f" ({type(action).__name__})"
        raise NotationError(_("action ids are whole numbers from 0 to {num_actions}, not "
                              "{short}{kind}").format(num_actions=num_actions - 1, short=_short(action), kind=kind))
    return action


def check_notation_text(text: object) -> str:
    """``text`` if it is a move in notation to parse: a ``str`` of at most
    ``MAX_NOTATION_LENGTH`` characters. Games call it first in
    :meth:`State.string_to_action`.

    Raises:
        NotationError: naming what was given (an int id is not notation: apply it directly).
    """
    if not isinstance(text, str):
        raise NotationError(_("a move in notation is text (str), not {name} {short}; action "
                              "ids are applied with apply_action").format(name=type(text).__name__, short=_short(text)))
    if len(text) > MAX_NOTATION_LENGTH:
        raise NotationError(_("a move in notation has at most {max_notation_length} "
                              "characters; this text has {n}").format(max_notation_length=MAX_NOTATION_LENGTH, n=len(text)))
    return text


def uniform_outcomes(actions: Sequence[int]) -> list[tuple[int, float]]:
    """Chance outcomes with equal probability for each action (sorted input)."""
    p = 1.0 / len(actions)
    return [(a, p) for a in actions]
