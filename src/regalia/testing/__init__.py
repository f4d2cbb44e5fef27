"""Conformance checks and golden playthroughs for regalia games, importable by anyone
adding a game (as pgx's ``api_test`` and OpenSpiel's playthroughs).

* :func:`api_test` runs every check on one game; the checks are also plain functions
  (``check_*``) raising ``AssertionError`` with a message saying what broke. No test
  framework is needed (pytest is not imported).
* :func:`playthrough` writes the fixed-seed transcript of one game (every ply: player,
  legal actions in notation, chance outcomes, each seat's observation and information
  state, the action taken); ``python -m regalia.testing.golden`` checks or rewrites the
  committed transcripts in ``tests/golden/``.
* :func:`conformance_configs` lists the parameter sets every registered game is checked
  with; :func:`config_id` names one.

See docs/testing.md.
"""

from ._assert import NotApplicable, expect_raises
from .configs import Config, config_id, conformance_configs, game_configs
from .game_checks import (DAMAGE_PLIES, check_every_player_count_and_variant_loads,
                          check_game_info, check_games_with_different_parameters_differ,
                          check_observation_of_a_seat_that_does_not_exist,
                          check_parameters_rebuild_the_game,
                          check_player_counts_outside_the_range_are_refused,
                          check_registered_games, check_state_errors_are_regalia_errors,
                          check_state_from_json_refuses_damaged_data,
                          check_state_from_json_refuses_other_games_data,
                          check_unknown_variant_is_refused, mid_game_state,
                          valid_player_count)
from .playthrough import playthrough
from .state_checks import (DEFAULT_SEEDS, Walk, assert_clean_replay_matches,
                           check_action_ids, check_bad_notation_raises_notation_error,
                           check_clone, check_clone_chance_uses_its_own_generator,
                           check_illegal_actions, check_json,
                           check_json_state_continues_like_the_original, check_notation,
                           check_quick_random_game, check_random_game, check_results,
                           check_returned_lists_are_fresh,
                           check_same_seed_same_game_with_dealer,
                           check_sample_chance_outcome_follows_probabilities,
                           check_terminal_state_refuses_every_action, check_views,
                           checked_game, random_action, rollout)
from .suite import api_test, game_checks, info_checks

__all__ = [
    "api_test", "info_checks", "game_checks", "playthrough", "NotApplicable",
    "expect_raises", "Config", "config_id", "conformance_configs", "game_configs",
    "DAMAGE_PLIES", "DEFAULT_SEEDS", "Walk", "checked_game", "assert_clean_replay_matches",
    "random_action", "rollout", "mid_game_state", "valid_player_count",
    "check_registered_games", "check_game_info", "check_every_player_count_and_variant_loads",
    "check_player_counts_outside_the_range_are_refused", "check_unknown_variant_is_refused",
    "check_parameters_rebuild_the_game", "check_games_with_different_parameters_differ",
    "check_state_from_json_refuses_other_games_data",
    "check_state_from_json_refuses_damaged_data",
    "check_observation_of_a_seat_that_does_not_exist", "check_state_errors_are_regalia_errors",
    "check_action_ids", "check_notation", "check_illegal_actions", "check_results",
    "check_json", "check_views", "check_clone", "check_random_game",
    "check_quick_random_game", "check_same_seed_same_game_with_dealer",
    "check_clone_chance_uses_its_own_generator",
    "check_json_state_continues_like_the_original", "check_returned_lists_are_fresh",
    "check_sample_chance_outcome_follows_probabilities",
    "check_bad_notation_raises_notation_error", "check_terminal_state_refuses_every_action",
]
