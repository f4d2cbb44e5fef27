"""Fixtures for the command-line tests: ``cli`` (a CliRunner with a fixed, colourless
80-column console), ``kingdomino2``, and ``human_inputs`` (computes what a person types in
a `regalia play` run, so a whole game can be driven through stdin).

The project runs pytest with ``--import-mode=importlib``: tests cannot import sibling
modules, so every helper is reached through a fixture.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pytest
from typer.testing import CliRunner

import regalia
from regalia.agents import derive_seed, make_agent
from regalia.cli.app import app

ENV = {"COLUMNS": "80", "LINES": "50", "NO_COLOR": "1", "FORCE_COLOR": None,
       "TERM": "dumb"}


class Cli:
    """Invoke the app with a fixed, colourless 80-column console."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None):
        return self.runner.invoke(app, list(args), input=input, env=ENV)


def human_inputs(game, specs: Sequence[str], seed: int,
                 choose: Callable[[object, list[int]], int]) -> tuple[list[str], list[float]]:
    """Play the game the way `regalia play` will (same dealer, same agent seeds) and return
    what the person types at each decision with more than one legal move, and the final
    scores. Forced decisions are not typed: the command plays them itself."""
    seats = [None if s == "human" else make_agent(s, seed=derive_seed(seed, "seat", i))
             for i, s in enumerate(specs)]
    state = game.new_initial_state(seed)
    typed = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(state.dealer()))
            continue
        agent = seats[state.current_player()]
        if agent is not None:
            state.apply_action(agent.step(state))
            continue
        legal = state.legal_actions()
        action = choose(state, legal)
        if len(legal) > 1:
            typed.append(state.action_to_string(action))
        state.apply_action(action)
    return typed, state.scores()


def middle_choice(state, legal: list[int]) -> int:
    return legal[len(legal) // 2]


@pytest.fixture(autouse=True)
def _in_a_scratch_directory(tmp_path, monkeypatch):
    """Every command runs in an empty directory: 'regalia play' keeps an unfinished game
    in regalia-GAME-SEED.json in the current directory."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def cli() -> Cli:
    return Cli()


@pytest.fixture
def kingdomino2():
    return regalia.load_game("kingdomino", players=2)


@pytest.fixture(name="human_inputs")
def human_inputs_fixture():
    """``human_inputs(game, specs, seed, choose=middle_choice) -> (typed, scores)``."""
    def run(game, specs, seed, choose=middle_choice):
        return human_inputs(game, specs, seed, choose)
    return run


@pytest.fixture(name="middle_choice")
def middle_choice_fixture():
    return middle_choice
