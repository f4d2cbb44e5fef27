"""The game registry: ``load_game(name, **params)`` and ``list_games()``."""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, TypeVar, cast

from .errors import ParameterError, UnknownNameError
from .game import Game, GameInfo
from regalia.core.i18n import _

if TYPE_CHECKING:
    from .state import State

_GAMES: dict[str, type[Game]] = {}
#: (game name, policy name) -> policy(state, rng) -> action
Policy = Callable[["State", random.Random], int]
_POLICIES: dict[tuple[str, str], Policy] = {}
#: A game class (what :func:`register_game` returns unchanged).
G = TypeVar("G", bound=type[Game])
#: A game's own state type (what a policy registered for it takes).
S = TypeVar("S", bound="State")


def normalise_name(name: str) -> str:
    """``"Two Heirs"`` / ``"two_heirs"`` -> ``"two-heirs"``."""
    return "-".join(str(name).strip().lower().replace("_", " ").split())


def register_game(cls: G) -> G:
    """Register a :class:`Game` subclass under ``cls.info.name`` (usable as a decorator)."""
    _GAMES[cls.info.name] = cls
    return cls


def load_game(name: str, **params: Any) -> Game:
    """Build a game by registry name.

    Example: ``load_game("kingdomino", players=4, variants=["harmony"])``.

    Raises:
        UnknownNameError: an unregistered name (the message lists the registered ones).
        ParameterError: parameters the game does not accept.
    """
    cls = game_class(name)
    accepted = [p for p in inspect.signature(cls.__init__).parameters if p != "self"]
    unknown = sorted(set(params) - set(accepted))
    if unknown:
        raise ParameterError(_("{title} has no parameter(s) {unknown}; parameters: {accepted}").format(title=cls.info.title, unknown=', '.join(unknown), accepted=', '.join(accepted)))
    return cls(**params)


def list_games() -> list[GameInfo]:
    """The :class:`GameInfo` of every registered game, sorted by name."""
    return [_GAMES[n].info for n in sorted(_GAMES)]


def game_class(name: str) -> type[Game]:
    """The registered class for ``name`` (raises ``UnknownNameError``).

    Names are matched case-insensitively, with spaces and underscores read as hyphens.
    """
    key = normalise_name(name)
    if key not in _GAMES:
        known = ", ".join(sorted(_GAMES)) or "(none)"
        raise UnknownNameError(_("unknown game {name!r}; known games: {known}").format(name=name, known=known))
    return _GAMES[key]


def register_policy(game: str, name: str,
                    policy: Callable[[S, random.Random], int]) -> None:
    """Offer a playout policy for a game (e.g. a fast ``"greedy"``), found by agents through
    :func:`game_policy` without importing the game. ``policy(state, rng)`` returns a legal
    action of the current player, using only ``rng`` for its random choices; it takes the
    game's own state type (agents call it on states of that game only)."""
    _POLICIES[(normalise_name(game), name)] = cast(Policy, policy)


def game_policy(game: str, name: str) -> Policy | None:
    """The policy ``name`` offered by ``game``, or None when the game offers none."""
    return _POLICIES.get((normalise_name(game), name))


def game_policies(game: str) -> list[str]:
    """The names of the playout policies ``game`` offers, sorted."""
    key = normalise_name(game)
    return sorted(n for g, n in _POLICIES if g == key)


def all_policy_names() -> list[str]:
    """Every policy name some registered game offers, sorted."""
    return sorted({n for _, n in _POLICIES})


@dataclass(frozen=True)
class Strengths:
    """A game's recommended computer opponents, as agent specs (see docs/agents.md).

    Attributes:
        easy / normal / strong: agent specs, weakest to strongest; ``strong`` is the best
            setting measured at no more than 1 second per move.
        evidence: where the ``strong`` figure comes from (a short sentence with the
            measured win rate, or empty).
    """

    easy: str
    normal: str
    strong: str
    evidence: str = ""

    def as_dict(self) -> dict[str, str]:
        """``{"easy": spec, "normal": spec, "strong": spec}``."""
        return {"easy": self.easy, "normal": self.normal, "strong": self.strong}


_STRENGTHS: dict[str, Strengths] = {}


def register_strengths(game: str, *, easy: str, normal: str, strong: str,
                       evidence: str = "") -> None:
    """Declare ``game``'s recommended opponents (agent spec strings, checked when an agent
    is made from them), read by ``regalia agents`` and the web table through
    :func:`game_strengths`. A game registers them when its package is imported."""
    _STRENGTHS[normalise_name(game)] = Strengths(easy, normal, strong, evidence)


def game_strengths(game: str) -> Strengths | None:
    """The recommended opponents of ``game``, or None when it declares none."""
    return _STRENGTHS.get(normalise_name(game))


@dataclass(frozen=True)
class ReviewSettings:
    """How the game review (:mod:`regalia.review`) judges a game's decisions; see
    docs/review.md.

    Attributes:
        spec: the search, an ``ismcts`` agent spec without budget, value or seed (e.g.
            ``"ismcts:playout=greedy"``); the review adds ``iterations`` (and ``seconds``)
            and ``value`` (``win`` with opponents, ``points`` in a solo game).
        iterations: the search's iterations per decision (the documented budget); the check
            of a move the search did not choose runs two searches of half as many.
        thresholds: ``(best, inaccuracy, mistake, blunder)``, ascending, in the review's
            unit (a victory share in [0, 1], or game points in a solo game): a decision
            whose cost is at most ``best`` is labelled best, below ``inaccuracy`` good, then
            inaccuracy, mistake, and blunder from ``blunder`` up.
        evidence: where the budget and thresholds were measured (a short sentence).
    """

    spec: str
    iterations: int
    thresholds: tuple[float, float, float, float]
    evidence: str = ""


#: game name -> (its review settings with opponents, in a solo game)
_REVIEWS: dict[str, tuple[ReviewSettings | None, ReviewSettings | None]] = {}


def register_review(game: str, settings: ReviewSettings | None = None, *,
                    solo: ReviewSettings | None = None) -> None:
    """Declare how the game review judges ``game``: ``settings`` for games with opponents
    (values are victory shares), ``solo`` for its one-seat game (values in game points:
    the margin over an automated opponent, or the score). Read with :func:`game_review`.

    Raises:
        ValueError: thresholds that are not four ascending numbers >= 0, or iterations
            below 1.
    """
    for s in (settings, solo):
        if s is None:
            continue
        t = s.thresholds
        if len(t) != 4 or any(b < a for a, b in zip(t, t[1:])) or t[0] < 0:
            raise ValueError(_("review thresholds of {game}: four ascending numbers >= 0 "
                               "(best, inaccuracy, mistake, blunder), not {t}").format(game=game, t=t))
        if s.iterations < 1:
            raise ValueError(_("review iterations of {game}: at least 1, not {iterations}").format(game=game, iterations=s.iterations))
    _REVIEWS[normalise_name(game)] = (settings, solo)


def game_review(game: str, players: int) -> ReviewSettings | None:
    """The review settings ``game`` declares for ``players`` seats (its solo settings for
    one seat), or None when it declares none."""
    multi, solo = _REVIEWS.get(normalise_name(game), (None, None))
    return solo if players == 1 else multi


#: game name -> module path of its drawing (observation -> SVG, clicks -> actions)
_DRAWINGS: dict[str, str] = {}


def register_drawing(game: str, module: str) -> None:
    """Declare the module that draws ``game`` (e.g. ``"regalia.games.kingdomino.svg"``),
    imported only when first needed. The module offers ``render(observation,
    legal_actions=(), names=None) -> str`` (an SVG document), ``click(observation,
    legal_actions, clicks) -> dict`` and ``public_observation(observation) -> dict`` (what a
    spectator may see of any seat's observation). See ARCHITECTURE.md, "Presentation"."""
    _DRAWINGS[normalise_name(game)] = module


def game_drawing(game: str) -> Any | None:
    """The drawing module of ``game`` (imported now), or None when the game has none."""
    import importlib

    path = _DRAWINGS.get(normalise_name(game))
    return importlib.import_module(path) if path else None


#: game name -> module path of its scoring pad (``/score``; :mod:`regalia.core.pad`)
_PADS: dict[str, str] = {}


def register_pad(game: str, module: str) -> None:
    """Declare the module of ``game``'s scoring pad (e.g. ``"regalia.games.kingdomino.pad"``),
    imported only when first needed; its functions are described in :mod:`regalia.core.pad`."""
    _PADS[normalise_name(game)] = module


def game_pad(game: str) -> Any | None:
    """The scoring pad module of ``game`` (imported now), or None when the game has none."""
    import importlib

    path = _PADS.get(normalise_name(game))
    return importlib.import_module(path) if path else None


def pad_games() -> list[str]:
    """The games that offer a scoring pad, in registration order."""
    return list(_PADS)


#: game name -> module path of its observation tensor (``layout(game)``, ``encode(game,
#: observation)``; see :mod:`regalia.core.tensors`)
_TENSORS: dict[str, str] = {}


def register_tensors(game: str, module: str) -> None:
    """Declare the module that turns ``game``'s observations into tensors (e.g.
    ``"regalia.games.kingdomino.tensors"``), imported (with numpy) only when first needed.
    The module offers ``layout(game) -> TensorLayout`` and ``encode(game, observation) ->
    float32 array``."""
    _TENSORS[normalise_name(game)] = module


def game_tensors(game: str) -> Any | None:
    """The tensor module of ``game`` (imported now), or None when the game has none."""
    import importlib

    path = _TENSORS.get(normalise_name(game))
    return importlib.import_module(path) if path else None


def has_perfect_recall_tensor(game: str) -> bool:
    """Whether ``game``'s tensor module offers a perfect-recall information state tensor
    (``information_state_layout``, ``information_state``, ``encode_information_state``:
    :meth:`~regalia.core.state.State.information_state_tensor`)."""
    return hasattr(game_tensors(game), "information_state_layout")


#: game name -> module path of its balance facts (components, turn order, variants to
#: compare; see :mod:`regalia.core.balance`)
_BALANCE: dict[str, str] = {}


def register_balance(game: str, module: str) -> None:
    """Declare the module that tells a balance study about ``game`` (e.g.
    ``"regalia.games.kingdomino.balance"``), imported only when first needed. What the module
    offers is described in :mod:`regalia.core.balance`."""
    _BALANCE[normalise_name(game)] = module


def game_balance(game: str) -> Any | None:
    """The balance module of ``game`` (imported now), or None when the game has none."""
    import importlib

    path = _BALANCE.get(normalise_name(game))
    return importlib.import_module(path) if path else None
