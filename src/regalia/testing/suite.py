"""``api_test``: every conformance check on one game, as pgx's ``api_test`` does for an
environment. For a game you are adding: register it, then

>>> import regalia
>>> from regalia.testing import api_test
>>> report = api_test(regalia.load_game("kingdomino", players=2), seeds=[0])
>>> report["random game, seed 0"]
'ok'
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Iterable, Mapping

from regalia.core import Game, load_game

from . import game_checks as g
from . import state_checks as s
from ._assert import NotApplicable


def info_checks(game: Game) -> list[tuple[str, Callable[[], Any]]]:
    """The checks of the game's ``GameInfo`` and loading by name, as ``(name, check)``."""
    info = game.info
    return [
        ("registered games", g.check_registered_games),
        ("game info", lambda: g.check_game_info(info)),
        ("every player count and variant loads",
         lambda: g.check_every_player_count_and_variant_loads(info)),
        ("player counts outside the range are refused",
         lambda: g.check_player_counts_outside_the_range_are_refused(info)),
        ("unknown variant is refused", lambda: g.check_unknown_variant_is_refused(info)),
    ]


def game_checks(game: Game, requested: Mapping[str, Any] | None = None
                ) -> list[tuple[str, Callable[[], Any]]]:
    """The checks of one game with its parameters that do not play a full checked game,
    as ``(name, check)`` pairs."""
    checks: list[tuple[str, Callable[[], Any]]] = [
        ("parameters rebuild the game",
         lambda: g.check_parameters_rebuild_the_game(game, requested)),
        ("games with different parameters differ",
         lambda: g.check_games_with_different_parameters_differ(game)),
        ("state_from_json refuses other games' data",
         lambda: g.check_state_from_json_refuses_other_games_data(game)),
    ]
    for plies in g.DAMAGE_PLIES:
        checks.append((f"state_from_json refuses damaged data, ply {plies}",
                       partial(g.check_state_from_json_refuses_damaged_data, game, plies)))
    checks += [
        ("observation of a seat that does not exist",
         lambda: g.check_observation_of_a_seat_that_does_not_exist(game)),
        ("state errors are regalia errors",
         lambda: g.check_state_errors_are_regalia_errors(game)),
        ("same seed, same game with the dealer",
         lambda: s.check_same_seed_same_game_with_dealer(game)),
        ("chance on a clone uses its own generator",
         lambda: s.check_clone_chance_uses_its_own_generator(game)),
        ("a state from JSON continues like the original",
         lambda: s.check_json_state_continues_like_the_original(game)),
        ("returned lists are fresh", lambda: s.check_returned_lists_are_fresh(game)),
        ("sample_chance_outcome follows the probabilities",
         lambda: s.check_sample_chance_outcome_follows_probabilities(game)),
        ("bad notation raises NotationError",
         lambda: s.check_bad_notation_raises_notation_error(game)),
        ("a terminal state refuses every action",
         lambda: s.check_terminal_state_refuses_every_action(game)),
    ]
    return checks


def api_test(game: Game | str, seeds: Iterable[int] = s.DEFAULT_SEEDS, *,
             info: bool = True, **params: Any) -> dict[str, str]:
    """Run every conformance check on ``game`` (a ``Game``, or a registered name with
    ``load_game`` keyword ``params``): its ``GameInfo`` and loading (``info=False``
    skips them), its parameters and JSON refusals, and one fully checked random game per
    seed in ``seeds`` (every state: legal actions, chance outcomes, notation round trip,
    illegal actions refused, JSON round trip, observations and resampling, clones that
    never change, returns).

    Returns:
        check name -> ``"ok"``, or ``"not applicable: <why>"`` (e.g. no chance node).

    Raises:
        AssertionError: at the first failing check (or a check that raised anything
            else), its message prefixed by the check's name and the game (``repr``, which
            shows the parameters).
        regalia.UnknownNameError / ParameterError: a name or parameters that do not load.
    """
    if isinstance(game, str):
        game = load_game(game, **params)
    elif params:
        raise TypeError("api_test: give parameters only with a game name, not a Game")
    checks = (info_checks(game) if info else []) + game_checks(game)
    for seed in seeds:
        checks.append((f"random game, seed {seed}",
                       partial(s.check_random_game, game, seed)))
    report: dict[str, str] = {}
    for name, check in checks:
        try:
            check()
        except NotApplicable as why:
            report[name] = f"not applicable: {why}"
            continue
        except AssertionError as exc:
            raise AssertionError(f"{name} ({game!r}): {exc}") from exc
        except Exception as exc:  # a broken game often fails by raising something else
            raise AssertionError(f"{name} ({game!r}): unexpected {type(exc).__name__}: "
                                 f"{exc}") from exc
        report[name] = "ok"
    return report
