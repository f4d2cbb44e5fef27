"""What a balance study may ask a game: its components, which of them a finished game had in
play and which each seat took, its turn order, and the variants worth comparing.

This is game knowledge, so each game package offers it in a module of its own, declared with
:func:`regalia.core.registry.register_balance` (imported only when a study first asks) and
read here through :func:`balance_module`. The study (:mod:`regalia.study`) never imports a
game; it calls the functions below, which fall back to neutral defaults for a game that
offers nothing (no components, seat 0 first, every declared variant).

A game's balance module offers:

* ``KINDS``: a tuple of :class:`ComponentKind` (e.g. Kingdomino's ``domino`` and
  ``first-pick``);
* ``components(state) -> GameComponents`` for a terminal state: per kind, the components in
  play in the game and those each seat took;
* optionally ``settings(params, fixed) -> list[dict]``: the ``load_game`` parameters a
  components study cycles through, deal by deal (Cascadito: each of the four sheets; Two
  Heirs: every choice of 3 of the 6 sets), leaving alone the parameters the user fixed;
* optionally ``turn_order(state) -> tuple[int, ...]``: the seats in the order of their first
  turn (Kingdomino: the order of the kings drawn for the first line);
* optionally ``variant_arms(params) -> (base, [VariantOption, ...])``: the parameters of the
  base game and of each option compared with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .errors import ParameterError
from .registry import game_balance, game_class, load_game

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True)
class ComponentKind:
    """One kind of component a game has (dominoes, sets, Clans...).

    Attributes:
        name: a short key (``"domino"``), unique in the game, as written in files.
        title: the plural shown in a report (``"Dominoes"``).
        in_play: what "in play" means for this kind (``"drawn in the game"``).
        taken: what "taken" means (``"in the seat's kingdom"``), or ``""`` for a kind that is
            in play for the whole game only (a Cascadito sheet, a Two Heirs set): such a kind
            is compared game against game, never seat against seat.
    """

    name: str
    title: str
    in_play: str
    taken: str = ""

    @property
    def per_seat(self) -> bool:
        """True when seats take components of this kind (their results are compared)."""
        return bool(self.taken)


@dataclass(frozen=True)
class GameComponents:
    """The components of one finished game.

    Attributes:
        in_play: kind name -> names of the components in play (sorted, distinct).
        taken: per seat, kind name -> names of the components the seat took (a subset of
            those in play); empty dicts for kinds that are not taken.
    """

    in_play: Mapping[str, tuple[str, ...]]
    taken: tuple[Mapping[str, tuple[str, ...]], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"in_play": {k: list(v) for k, v in self.in_play.items()},
                "taken": [{k: list(v) for k, v in seat.items()} for seat in self.taken]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GameComponents":
        return cls(in_play={str(k): tuple(map(str, v)) for k, v in data["in_play"].items()},
                   taken=tuple({str(k): tuple(map(str, v)) for k, v in seat.items()}
                               for seat in data["taken"]))


@dataclass(frozen=True)
class VariantOption:
    """One variant or ruling option of a variants study.

    Attributes:
        name: its key (``"middle-kingdom"``, ``"no-roads"``).
        description: one line for the report.
        params: the complete ``load_game`` parameters of the game with the option.
    """

    name: str
    description: str
    params: Mapping[str, Any] = field(hash=False)


def components(name: str, params: Mapping[str, Any], fixed: Sequence[str] = ()
               ) -> tuple[tuple[ComponentKind, ...], list[dict[str, Any]]]:
    """The component kinds of game ``name`` and the parameter settings a components study
    cycles through (``[params]`` unless the game varies some, e.g. Cascadito's sheets).

    Args:
        params: the game's ``load_game`` parameters (``Game.params``).
        fixed: names of parameters the user set, which the settings keep as given.

    Raises:
        ParameterError: the game offers no components (the message says which games do).
    """
    module = game_balance(name)
    kinds = tuple(getattr(module, "KINDS", ())) if module is not None else ()
    if not kinds:
        raise ParameterError(f"{game_class(name).info.title} offers no components to study")
    settings = getattr(module, "settings", None)
    out = settings(dict(params), frozenset(fixed)) if settings else [dict(params)]
    return kinds, [dict(s) for s in out]


def game_components(state: "State") -> GameComponents:
    """The components in play and taken in a terminal ``state`` (its game's module)."""
    module = game_balance(state.game.info.name)
    if module is None:
        return GameComponents({}, tuple({} for _ in range(state.game.num_players)))
    result: GameComponents = module.components(state)
    return result


def turn_order(state: "State") -> tuple[int, ...]:
    """The seats of a finished game in the order of their first turn (default: seat order,
    seat 0 first)."""
    module = game_balance(state.game.info.name)
    order = getattr(module, "turn_order", None) if module is not None else None
    if order is None:
        return tuple(range(state.game.num_players))
    return tuple(order(state))


def variant_arms(name: str, params: Mapping[str, Any]
                 ) -> tuple[dict[str, Any], list[VariantOption]]:
    """The base parameters and each option a variants study compares with it.

    The game's own ``variant_arms`` when it offers one; otherwise every variant the game
    declares (``GameInfo.variants``) that loads with these parameters: the base is
    ``params`` without any of them, each option the base plus that one variant.
    """
    module = game_balance(name)
    arms = getattr(module, "variant_arms", None) if module is not None else None
    if arms is not None:
        base, options = arms(dict(params))
        return dict(base), list(options)
    return toggled_variants(name, params, list(game_class(name).info.variants))


def toggled_variants(name: str, params: Mapping[str, Any], names: Sequence[str]
                     ) -> tuple[dict[str, Any], list[VariantOption]]:
    """The base (``params`` without the variants ``names``) and, for each of ``names`` that
    the game accepts with these parameters, the base with it added."""
    info = game_class(name).info
    kept = [v for v in params.get("variants") or [] if v not in names]
    base = {**params, "variants": kept}
    options = []
    for v in names:
        on = {**base, "variants": sorted(kept + [v])}
        try:
            load_game(name, **on)
        except ParameterError:
            continue  # e.g. a solo-only variant in a multiplayer study
        options.append(VariantOption(v, info.variants.get(v, v), on))
    return base, options


__all__ = ["ComponentKind", "GameComponents", "VariantOption", "components", "game_components",
           "turn_order", "variant_arms", "toggled_variants"]
