"""What the research interfaces share: building the game, playing chance with the
environment's own generator, rewards, and the terminal text of a position."""

from __future__ import annotations

import io
import random
from typing import Any, Mapping

from regalia.core.errors import ParameterError
from regalia.core.game import Game
from regalia.core.registry import game_drawing, load_game
from regalia.core.state import State

#: Reward schemes: ``returns`` (the game's victory shares, 1 for a sole winner) or
#: ``margin`` (the seat's score minus the best opponent's, in game points; a solo game
#: without an opponent gives its score).
REWARDS = ("returns", "margin")


def resolve_game(game: str | Game, params: Mapping[str, Any]) -> Game:
    """``game`` itself, or ``load_game(game, **params)`` for a name.

    Raises:
        UnknownNameError, ParameterError: as ``load_game``; ParameterError also for
        parameters given with a Game object.
    """
    import regalia  # noqa: F401  (registers the built-in games)

    if isinstance(game, Game):
        if params:
            raise ParameterError(f"parameters {sorted(params)} given with a game object; "
                                 f"pass the game's name to build it from parameters")
        return game
    return load_game(game, **params)


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ParameterError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


def play_chance(state: State, rng: random.Random) -> None:
    """Apply chance outcomes drawn with ``rng`` until a seat is to act or the game ends."""
    while state.is_chance_node():
        state.apply_random_chance(rng)


def final_rewards(state: State, reward: str) -> list[float]:
    """Per seat: the game's returns, or each seat's score margin (see :data:`REWARDS`)."""
    if reward == "returns":
        return [float(r) for r in state.returns()]
    return state.margins()


def ansi_text(state: State, viewer: int | None) -> str:
    """The terminal view of ``state`` as ``viewer`` sees it (ANSI colours), the text
    ``regalia play`` shows. The terminal views live in :mod:`regalia.cli`, imported here
    only when a text render is asked for."""
    from rich.console import Console

    import regalia.cli.app  # noqa: F401  (registers every game's view)
    from regalia.cli.frontends import ui_for

    ui = ui_for(state.game.info.name)
    labels = [f"player_{p}" for p in range(state.game.num_players)]
    buf = io.StringIO()
    console = Console(file=buf, width=120, force_terminal=True, color_system="standard")
    console.print(ui.position(state, labels, viewer=viewer))
    return buf.getvalue()


def svg_text(state: State, viewer: int) -> str | None:
    """The game's own drawing of what ``viewer`` sees (SVG text), or None when the game
    does not draw itself."""
    drawing = game_drawing(state.game.info.name)
    if drawing is None:
        return None
    legal = state.legal_actions() if state.current_player() == viewer else []
    return str(drawing.render(state.observation(viewer), legal))


def has_drawing(game: Game) -> bool:
    return game_drawing(game.info.name) is not None
