"""Game-level conformance: GameInfo, parameters, and state JSON refusal, for every game."""

from __future__ import annotations

import json
import random
import re

import pytest

import regalia
from regalia import (GameInfo, ParameterError, RecordError, RegaliaError, UnknownNameError)

INFOS = regalia.list_games()
INFO_IDS = [info.name for info in INFOS]


def _valid_count(info: GameInfo) -> int:
    for n in range(info.min_players, info.max_players + 1):
        try:
            regalia.load_game(info.name, players=n)
        except ParameterError:
            continue
        return n
    pytest.fail(f"{info.name}: no player count in {info.min_players}..{info.max_players} "
                f"loads with default parameters")


def _mid_game(game: regalia.Game, seed: int, plies: int) -> regalia.State:
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


def test_at_least_one_game_is_registered():
    assert INFOS, "no game registered"
    assert all(isinstance(info, GameInfo) for info in INFOS)
    assert [info.name for info in INFOS] == sorted(info.name for info in INFOS)


@pytest.mark.parametrize("info", INFOS, ids=INFO_IDS)
def test_game_info_is_well_formed(info):
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", info.name), info.name
    assert isinstance(info.title, str) and info.title.strip()
    assert 1 <= info.min_players <= info.max_players
    for name, description in info.variants.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name), name
        assert isinstance(description, str) and description.strip()
    assert isinstance(info.perfect_information, bool)


@pytest.mark.parametrize("info", INFOS, ids=INFO_IDS)
def test_every_player_count_and_variant_loads(info):
    for n in range(info.min_players, info.max_players + 1):
        game = regalia.load_game(info.name, players=n)
        assert game.num_players == n
        assert game.info is info
    for variant in info.variants:
        accepted = []
        for n in range(info.min_players, info.max_players + 1):
            try:
                regalia.load_game(info.name, players=n, variants=[variant])
            except ParameterError:
                continue
            accepted.append(n)
        assert accepted, f"variant {variant!r} is refused at every player count"


@pytest.mark.parametrize("info", INFOS, ids=INFO_IDS)
def test_player_counts_outside_the_range_are_refused(info):
    for n in (info.min_players - 1, info.max_players + 1, 0, -1):
        with pytest.raises(ParameterError) as exc:
            regalia.load_game(info.name, players=n)
        assert isinstance(exc.value, ValueError)
        message = str(exc.value)
        assert str(info.min_players) in message and str(info.max_players) in message, message


@pytest.mark.parametrize("info", INFOS, ids=INFO_IDS)
def test_unknown_variant_is_refused_naming_the_known_ones(info):
    with pytest.raises((ParameterError, UnknownNameError)) as exc:
        regalia.load_game(info.name, players=_valid_count(info), variants=["no-such-variant"])
    message = str(exc.value)
    assert "no-such-variant" in message
    for variant in info.variants:
        assert variant in message


def test_game_parameters_rebuild_the_game(game_config):
    name, params = game_config
    game = regalia.load_game(name, **params)
    assert game.info.name == name
    assert game.num_players == params["players"]
    assert isinstance(game.num_distinct_actions, int) and game.num_distinct_actions > 0
    assert isinstance(game.max_game_length, int) and game.max_game_length > 0
    for variant in params.get("variants", []):
        assert variant in json.dumps(game.params)
    again = regalia.load_game(name, **json.loads(json.dumps(game.params)))
    assert again == game
    assert hash(again) == hash(game)
    assert again.params == game.params
    assert name in repr(game)


def test_games_with_different_parameters_differ(game_config):
    name, params = game_config
    game = regalia.load_game(name, **params)
    info = game.info
    others = [n for n in range(info.min_players, info.max_players + 1)
              if n != params["players"]]
    if not others:
        pytest.skip("a single player count")
    other = regalia.load_game(name, players=others[0])
    assert other != game


def test_state_from_json_refuses_other_games_data(game_config):
    name, params = game_config
    game = regalia.load_game(name, **params)
    with pytest.raises(RecordError):
        game.state_from_json({})
    info = game.info
    for n in range(info.min_players, info.max_players + 1):
        if n == params["players"]:
            continue
        try:
            other = regalia.load_game(name, players=n)
        except ParameterError:
            continue
        data = other.new_initial_state(1).to_json()
        with pytest.raises(RecordError):
            game.state_from_json(data)


@pytest.mark.parametrize("plies", [0, 17, 10**6])
def test_state_from_json_refuses_damaged_data(game_config, plies):
    """Each top-level field dropped, or replaced by a junk string, is refused with a
    RecordError (or, for an optional field, gives back the same state): never another
    exception, never a silently different state."""
    name, params = game_config
    game = regalia.load_game(name, **params)
    state = _mid_game(game, 4, plies)
    data = state.to_json()
    assert isinstance(data, dict) and data
    for key in data:
        for damaged in ({k: v for k, v in data.items() if k != key},
                        {**data, key: "%junk%"}):
            try:
                loaded = game.state_from_json(damaged)
            except RecordError:
                continue
            assert loaded == state, f"damaged field {key!r} gave a different state"


def test_observation_of_a_seat_that_does_not_exist(game_config):
    name, params = game_config
    game = regalia.load_game(name, **params)
    state = _mid_game(game, 0, 5)
    for seat in (-1, game.num_players):
        with pytest.raises(ValueError):
            state.observation(seat)


def test_state_errors_are_regalia_errors(game_config):
    name, params = game_config
    game = regalia.load_game(name, **params)
    state = game.new_initial_state(0)
    # decision node: no chance outcomes, no random chance
    while state.is_chance_node():
        state.apply_random_chance()
    with pytest.raises(RegaliaError):
        state.chance_outcomes()
    before = state.to_json()
    with pytest.raises(RegaliaError):
        state.apply_random_chance()
    assert state.to_json() == before
    with pytest.raises(RegaliaError):
        state.apply_random_chance(random.Random(0))
    assert state.to_json() == before
