"""The agent contract and agent spec strings.

An agent chooses an action for the current player of a state: ``agent.step(state)``.
Agents are built by name from a *spec string*: a name, optionally followed by ``:`` and
comma-separated ``key=value`` options, e.g. ``"random"``, ``"greedy:seed=7"``. Every agent
owns its own seeded generator and never uses the game's dealer.
"""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar

from regalia.core.errors import RegaliaError, UnknownNameError
from regalia.core.game import Game
from regalia.core.state import State
from regalia.core.i18n import _


#: What an agent's choice may depend on (:attr:`Agent.information`, declared by its class):
#: ``SEAT``: only what the acting seat knows, its information state (its observations, its
#: own cards, its legal actions): two states the seat cannot tell apart give the same choice
#: for the same generator, so the agent may be handed any state consistent with that
#: knowledge (a determinization); ``STATE``: anything in the state it is handed, hidden
#: parts included (honest only in a game of perfect information).
SEAT, STATE = "seat", "state"


def derive_seed(*parts: Any) -> int:
    """A 63-bit seed derived deterministically from ``parts`` (stable across runs/platforms)."""
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def parse_bool(text: str) -> bool:
    """An option's yes/no value: true/1/yes or false/0/no (any case).

    Raises:
        ValueError: anything else."""
    low = text.strip().lower()
    if low in ("true", "1", "yes"):
        return True
    if low in ("false", "0", "no"):
        return False
    raise ValueError(_("expected true or false"))


class Agent(ABC):
    """Base class: ``step(state)`` returns a legal action of ``state.current_player()``.

    Args:
        seed: seeds the agent's own generator (``None``: fresh entropy).
    """

    name: str = "agent"
    #: ``SEAT`` or ``STATE`` (see :data:`SEAT`): what this agent's choice may depend on.
    #: ``STATE`` unless the class shows otherwise (tests/agents/test_seat_information.py).
    information: ClassVar[str] = STATE
    #: True for an agent that reads a file named in its spec (a server must not let a
    #: visitor name one)
    reads_files: ClassVar[bool] = False
    #: option name -> (converter from the spec string, one-line description)
    OPTIONS: ClassVar[dict[str, tuple[Callable[[str], Any], str]]] = {}

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def step(self, state: State) -> int:
        """The chosen action (an element of ``state.legal_actions()``).

        Raises:
            RegaliaError: if ``state`` is a chance node or terminal.
        """

    def spec(self) -> str:
        return self.name

    def check_game(self, game: "Game") -> None:
        """Check that this agent can play ``game`` before the game starts (the default
        accepts every game; a search agent checks its playout policy).

        Raises:
            UnknownNameError: naming what the game does not offer and what it does.
        """

    def information_used(self, game: "Game") -> str:
        """``SEAT`` when this agent's choices in ``game`` depend only on the acting seat's
        information state, else ``STATE``. In a game of perfect information every agent
        uses only what its seat sees (the state is public; future draws are chance nodes
        no copy can predict)."""
        return SEAT if game.info.perfect_information else self.information

    def seat_counterpart(self) -> "Agent | None":
        """An agent like this one that decides from the seat's information only (for a
        game with hidden information), or None when there is none. An agent whose
        :attr:`information` is ``SEAT`` is its own counterpart."""
        return self if self.information == SEAT else None

    def limit_time(self, seconds: float) -> None:
        """Bound the thinking time of each decision to at most ``seconds`` (a server's
        budget). A fixed heuristic has no time option and does nothing here: its caller
        must bound it from outside (a worker process it can stop)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec()!r} seed={self.seed}>"

    @staticmethod
    def _check_decision(state: State) -> list[int]:
        if state.is_terminal():
            raise RegaliaError(_("the game is over: there is no action to choose"))
        if state.is_chance_node():
            raise RegaliaError(_("a chance node is played by the dealer, not by an agent"))
        return state.legal_actions()


_AGENTS: dict[str, tuple[type[Agent], str]] = {}


def register_agent(name: str, description: str) -> Callable[[type[Agent]], type[Agent]]:
    def deco(cls: type[Agent]) -> type[Agent]:
        cls.name = name
        _AGENTS[name] = (cls, description)
        return cls
    return deco


def list_agents() -> dict[str, str]:
    """Agent name -> one-line description."""
    return {k: _(v[1]) for k, v in sorted(_AGENTS.items())}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name:key=value,key=value"`` into the name and its options. An agent that
    declares a ``POSITIONAL`` option takes its value without the key as the first option
    (``policy:FILE`` is ``policy:file=FILE``).

    Raises:
        UnknownNameError: malformed options (the message shows the expected form).
    """
    name = spec.strip().partition(":")[0].strip().lower()
    cls = _AGENTS.get(name, (None, ""))[0]
    return _split_spec(spec, getattr(cls, "POSITIONAL", None))


def _split_spec(spec: str, positional: str | None = None) -> tuple[str, dict[str, str]]:
    """:func:`parse_spec`; with ``positional``, a first option without ``=`` is the value of
    that option (``policy:FILE`` is ``policy:file=FILE``)."""
    name, _sep, rest = spec.strip().partition(":")
    opts: dict[str, str] = {}
    for i, item in enumerate(filter(None, (x.strip() for x in rest.split(",")))):
        key, eq, value = item.partition("=")
        if not eq and positional is not None and i == 0:
            key, value = positional, item
        elif not eq or not key.strip():
            raise UnknownNameError(_("agent spec {spec!r}: option {item!r} is not key=value "
                                     "(e.g. 'greedy:seed=7')").format(spec=spec, item=item))
        opts[key.strip()] = value.strip()
    return name.strip().lower(), opts


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build an agent from a spec string; a ``seed=`` option overrides ``seed``.

    Raises:
        UnknownNameError: an unknown agent name (the message lists the known ones) or a bad
            option.
    """
    name = spec.strip().partition(":")[0].strip().lower()
    if name not in _AGENTS:
        raise UnknownNameError(_("unknown agent {name!r}; agents: {agents}").format(name=name, agents=', '.join(sorted(_AGENTS))))
    cls = _AGENTS[name][0]
    name, opts = _split_spec(spec, getattr(cls, "POSITIONAL", None))
    if "seed" in opts:
        try:
            seed = int(opts.pop("seed"))
        except ValueError:
            raise UnknownNameError(_("agent spec {spec!r}: seed must be an integer").format(spec=spec)) from None
    kwargs: dict[str, Any] = {}
    for key, text in opts.items():
        if key not in cls.OPTIONS:
            allowed = ", ".join(["seed", *cls.OPTIONS])
            raise UnknownNameError(_("agent {name!r} has no option {key!r}; options: "
                                     "{allowed}").format(name=name, key=key, allowed=allowed))
        convert, what = cls.OPTIONS[key]
        try:
            kwargs[key] = convert(text)
        except ValueError as exc:
            raise UnknownNameError(_("agent spec {spec!r}: bad {key}={text!r}: {exc} ({key}: "
                                     "{what})").format(spec=spec, key=key, text=text, exc=exc,
                                                       what=option_text(cls, what))) from None
    return cls(seed=seed, **kwargs)


def check_spec(spec: str, game: Game) -> Agent:
    """Build the agent of ``spec`` and check it can play ``game`` (a playout policy the
    game offers, ...), so that a bad spec is refused before the game starts.

    Returns:
        The agent (seed 0), for callers that want to look at it.

    Raises:
        UnknownNameError: a bad spec, or an option the game does not support.
    """
    agent = make_agent(spec, seed=0)
    try:
        agent.check_game(game)
    except UnknownNameError as exc:
        raise UnknownNameError(f"agent {spec.strip()!r}: {exc}") from None
    return agent


def seat_spec(spec: str, game: Game) -> str | None:
    """The spec of an agent like ``spec``'s that decides from the acting seat's
    information only in ``game`` (:meth:`Agent.information_used`): ``spec`` itself when it
    already does, its :meth:`Agent.seat_counterpart`'s spec (``mcts`` -> ``ismcts`` with
    the same options), or None when it has none.

    Raises:
        UnknownNameError: a bad spec.
    """
    agent = make_agent(spec, seed=0)
    if agent.information_used(game) == SEAT:
        return spec
    other = agent.seat_counterpart()
    return other.spec() if other is not None and other.information_used(game) == SEAT else None


def agent_options(name: str) -> dict[str, str]:
    """Option name -> description for agent ``name`` (``seed`` included)."""
    if name not in _AGENTS:
        raise UnknownNameError(_("unknown agent {name!r}; agents: {agents}").format(name=name, agents=', '.join(sorted(_AGENTS))))
    cls = _AGENTS[name][0]
    return {"seed": _("integer seed of the agent's own generator"),
            **{k: option_text(cls, v[1]) for k, v in cls.OPTIONS.items()}}


def option_text(cls: type, what: str) -> str:
    """An option's description (marked with ``N_`` in ``cls.OPTIONS``) in the language in
    force, its ``{placeholders}`` filled from ``cls.OPTION_DEFAULTS``."""
    return _(what).format(**getattr(cls, "OPTION_DEFAULTS", {}))
