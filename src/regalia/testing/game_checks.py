"""Game-level conformance checks: ``GameInfo``, parameters, and refusal of bad state data.

Each check is a plain function raising ``AssertionError`` (with a message saying what was
expected) when a game breaks the contract of ``regalia.core`` (docs/architecture.md, "The
core contract"). The info checks take a ``GameInfo`` and load the game by its registry
name, so the game must be registered (``regalia.core.register_game``).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, Mapping

from regalia.core import (Game, GameInfo, ParameterError, RecordError, RegaliaError, State,
                          UnknownNameError, list_games, load_game)

from ._assert import NotApplicable, expect_raises

_NAME = r"[a-z0-9]+(-[a-z0-9]+)*"


def valid_player_count(info: GameInfo) -> int:
    """The smallest player count that loads with default parameters."""
    for n in range(info.min_players, info.max_players + 1):
        try:
            load_game(info.name, players=n)
        except ParameterError:
            continue
        return n
    raise AssertionError(f"{info.name}: no player count in {info.min_players}.."
                         f"{info.max_players} loads with default parameters")


def mid_game_state(game: Game, seed: int, plies: int) -> State:
    """The state after ``plies`` actions of a game dealt with seed ``seed`` (chance from the
    dealer, decisions uniformly at random from ``random.Random(seed)``), or the end."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


# ------------------------------------------------------------------------ the registry
def check_registered_games() -> None:
    """At least one game is registered; ``list_games()`` gives ``GameInfo``s sorted by name."""
    infos = list_games()
    assert infos, "no game registered"
    assert all(isinstance(info, GameInfo) for info in infos), infos
    names = [info.name for info in infos]
    assert names == sorted(names), f"list_games() is not sorted by name: {names}"


# ------------------------------------------------------------------------ one GameInfo
def check_game_info(info: GameInfo) -> None:
    """Name and variant names lower case with hyphens, a title, a sane player range, a
    description per variant, ``perfect_information`` a bool."""
    assert re.fullmatch(_NAME, info.name), f"game name {info.name!r}: use a-z, 0-9, hyphens"
    assert isinstance(info.title, str) and info.title.strip(), f"{info.name}: empty title"
    assert 1 <= info.min_players <= info.max_players, (
        f"{info.name}: player range {info.min_players}..{info.max_players}")
    for name, description in info.variants.items():
        assert re.fullmatch(_NAME, name), f"{info.name}: variant name {name!r}"
        assert isinstance(description, str) and description.strip(), (
            f"{info.name}: variant {name!r} has no description")
    assert isinstance(info.perfect_information, bool), (
        f"{info.name}: perfect_information must be a bool")


def check_every_player_count_and_variant_loads(info: GameInfo) -> None:
    """Every count in the declared range loads (and reports it); each variant loads at
    some count."""
    for n in range(info.min_players, info.max_players + 1):
        game = load_game(info.name, players=n)
        assert game.num_players == n, f"{info.name}: players={n} gave {game.num_players} seats"
        assert game.info is info, f"{info.name}: game.info is not the registered GameInfo"
    for variant in info.variants:
        accepted = []
        for n in range(info.min_players, info.max_players + 1):
            try:
                load_game(info.name, players=n, variants=[variant])
            except ParameterError:
                continue
            accepted.append(n)
        assert accepted, f"{info.name}: variant {variant!r} is refused at every player count"


def check_player_counts_outside_the_range_are_refused(info: GameInfo) -> None:
    """A count outside the range raises ParameterError (a ValueError) naming the range."""
    for n in (info.min_players - 1, info.max_players + 1, 0, -1):
        with expect_raises(ParameterError, f"{info.name} with players={n}") as exc:
            load_game(info.name, players=n)
        assert isinstance(exc.value, ValueError), "ParameterError must be a ValueError"
        message = str(exc.value)
        assert str(info.min_players) in message and str(info.max_players) in message, (
            f"{info.name}: the error for players={n} does not name the range "
            f"{info.min_players}..{info.max_players}: {message!r}")


def check_unknown_variant_is_refused(info: GameInfo) -> None:
    """An unknown variant is refused with a message naming it and every known variant."""
    with expect_raises((ParameterError, UnknownNameError),
                       f"{info.name} with variants=['no-such-variant']") as exc:
        load_game(info.name, players=valid_player_count(info), variants=["no-such-variant"])
    message = str(exc.value)
    assert "no-such-variant" in message, f"the error does not name the variant: {message!r}"
    for variant in info.variants:
        assert variant in message, f"the error does not name variant {variant!r}: {message!r}"


# ------------------------------------------------------------------------ one Game
def check_parameters_rebuild_the_game(game: Game,
                                      requested: Mapping[str, Any] | None = None) -> None:
    """``game.params`` is JSON-able and rebuilds an equal game (equal hash too); the sizes
    are positive ints. ``requested``: the ``load_game`` arguments the game was made with
    (their player count and variants must show)."""
    name = game.info.name
    requested = dict(game.params if requested is None else requested)
    assert game.num_players == requested["players"], (
        f"players={requested['players']} gave {game.num_players} seats")
    assert isinstance(game.num_distinct_actions, int) and game.num_distinct_actions > 0, (
        f"num_distinct_actions {game.num_distinct_actions!r}")
    assert isinstance(game.max_game_length, int) and game.max_game_length > 0, (
        f"max_game_length {game.max_game_length!r}")
    for variant in requested.get("variants") or []:
        assert variant in json.dumps(game.params), f"variant {variant!r} not in game.params"
    assert load_game(name, **requested) == game, (
        f"load_game({name!r}, **{requested}) gave another game than {game!r}")
    again = load_game(name, **json.loads(json.dumps(game.params)))
    assert again == game, f"load_game({name!r}, **game.params) gave another game: {again!r}"
    assert hash(again) == hash(game), "equal games with different hashes"
    assert again.params == game.params, f"{again.params} != {game.params}"
    assert name in repr(game), f"repr(game) does not name the game: {game!r}"


def check_games_with_different_parameters_differ(game: Game) -> None:
    """A game with another player count is not equal to this one."""
    info = game.info
    others = [n for n in range(info.min_players, info.max_players + 1)
              if n != game.num_players]
    if not others:
        raise NotApplicable("a single player count")
    other = load_game(info.name, players=others[0])
    assert other != game, f"{other!r} == {game!r}"


def check_state_from_json_refuses_other_games_data(game: Game) -> None:
    """``state_from_json`` refuses ``{}`` and states of the same game at another player
    count with a RecordError."""
    with expect_raises(RecordError, "state_from_json({})"):
        game.state_from_json({})
    info = game.info
    for n in range(info.min_players, info.max_players + 1):
        if n == game.num_players:
            continue
        try:
            other = load_game(info.name, players=n)
        except ParameterError:
            continue
        data = other.new_initial_state(1).to_json()
        with expect_raises(RecordError, f"state_from_json of a {n}-player state"):
            game.state_from_json(data)


#: the plies of the states whose JSON :func:`check_state_from_json_refuses_damaged_data`
#: damages (10**6: a finished game)
DAMAGE_PLIES = (0, 17, 10**6)


def check_state_from_json_refuses_damaged_data(game: Game, plies: int) -> None:
    """Each top-level field dropped, or replaced by a junk string, is refused with a
    RecordError (or, for an optional field, gives back the same state): never another
    exception, never a silently different state. The state: ``plies`` into a game."""
    state = mid_game_state(game, 4, plies)
    data = state.to_json()
    assert isinstance(data, dict) and data, "to_json() must give a non-empty dict"
    for key in data:
        for damaged in ({k: v for k, v in data.items() if k != key},
                        {**data, key: "%junk%"}):
            try:
                loaded = game.state_from_json(damaged)
            except RecordError:
                continue
            assert loaded == state, f"damaged field {key!r} gave a different state"


def check_observation_of_a_seat_that_does_not_exist(game: Game) -> None:
    """``observation(-1)`` and ``observation(num_players)`` raise a ValueError."""
    state = mid_game_state(game, 0, 5)
    for seat in (-1, game.num_players):
        with expect_raises(ValueError, f"observation({seat})"):
            state.observation(seat)


def check_state_errors_are_regalia_errors(game: Game) -> None:
    """At a decision node, ``chance_outcomes()`` and ``apply_random_chance()`` (dealer or
    own generator) raise a RegaliaError and change nothing."""
    state = game.new_initial_state(0)
    while state.is_chance_node():  # decision node: no chance outcomes, no random chance
        state.apply_random_chance()
    with expect_raises(RegaliaError, "chance_outcomes() at a decision node"):
        state.chance_outcomes()
    before = state.to_json()
    with expect_raises(RegaliaError, "apply_random_chance() at a decision node"):
        state.apply_random_chance()
    assert state.to_json() == before, "a failed apply_random_chance() changed the state"
    with expect_raises(RegaliaError, "apply_random_chance(rng) at a decision node"):
        state.apply_random_chance(random.Random(0))
    assert state.to_json() == before, "a failed apply_random_chance(rng) changed the state"


__all__ = [
    "DAMAGE_PLIES", "valid_player_count", "mid_game_state", "check_registered_games",
    "check_game_info", "check_every_player_count_and_variant_loads",
    "check_player_counts_outside_the_range_are_refused", "check_unknown_variant_is_refused",
    "check_parameters_rebuild_the_game", "check_games_with_different_parameters_differ",
    "check_state_from_json_refuses_other_games_data",
    "check_state_from_json_refuses_damaged_data",
    "check_observation_of_a_seat_that_does_not_exist", "check_state_errors_are_regalia_errors",
]
