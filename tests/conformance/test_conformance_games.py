"""Game-level conformance: GameInfo, parameters, and state JSON refusal, for every game.

Thin callers of ``regalia.testing.game_checks`` (the checks are documented there)."""

from __future__ import annotations

import pytest

import regalia
from regalia import testing as rt
from regalia.testing import NotApplicable

INFOS = regalia.list_games()
INFO_IDS = [info.name for info in INFOS]


def test_at_least_one_game_is_registered():
    rt.check_registered_games()


def test_config_ids_are_distinct():
    ids = [rt.config_id(c) for c in rt.conformance_configs()]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


@pytest.mark.parametrize("info", INFOS, ids=INFO_IDS)
def test_game_info_is_well_formed(info):
    rt.check_game_info(info)


@pytest.mark.parametrize("info", INFOS, ids=INFO_IDS)
def test_every_player_count_and_variant_loads(info):
    rt.check_every_player_count_and_variant_loads(info)


@pytest.mark.parametrize("info", INFOS, ids=INFO_IDS)
def test_player_counts_outside_the_range_are_refused(info):
    rt.check_player_counts_outside_the_range_are_refused(info)


@pytest.mark.parametrize("info", INFOS, ids=INFO_IDS)
def test_unknown_variant_is_refused_naming_the_known_ones(info):
    rt.check_unknown_variant_is_refused(info)


def test_game_parameters_rebuild_the_game(game_config):
    name, params = game_config
    game = regalia.load_game(name, **params)
    assert game.info.name == name
    rt.check_parameters_rebuild_the_game(game, params)


def test_games_with_different_parameters_differ(game):
    try:
        rt.check_games_with_different_parameters_differ(game)
    except NotApplicable as why:
        pytest.skip(str(why))


def test_state_from_json_refuses_other_games_data(game):
    rt.check_state_from_json_refuses_other_games_data(game)


@pytest.mark.parametrize("plies", rt.DAMAGE_PLIES)
def test_state_from_json_refuses_damaged_data(game, plies):
    rt.check_state_from_json_refuses_damaged_data(game, plies)


def test_observation_of_a_seat_that_does_not_exist(game):
    rt.check_observation_of_a_seat_that_does_not_exist(game)


def test_state_errors_are_regalia_errors(game):
    rt.check_state_errors_are_regalia_errors(game)
