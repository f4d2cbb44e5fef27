"""Fixtures for the command-line tests: ``cli`` (a CliRunner with a fixed, colourless
80-column console), ``kingdomino2``, and ``human_inputs`` (computes what a person types in
a `regalia play` run, so a whole game can be driven through stdin).

The project runs pytest with ``--import-mode=importlib``: tests cannot import sibling
modules, so every helper is reached through a fixture.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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


@dataclass
class Turn:
    """One move a person types at `regalia play`: the text, the history before it, and what
    happens between it and the person's next prompt (the facts undo depends on)."""

    typed: str
    before: list[int]
    chance_after: bool = False  # a chance outcome was dealt before the next prompt
    others_after: bool = False  # another seat played before the next prompt
    prompt_after: bool = False  # the person is asked again (the game is not over)
    legal: list[str] = field(default_factory=list)  # the legal moves, in notation

    @property
    def undoable(self) -> bool:
        return self.prompt_after and not self.chance_after


def table_script(game, specs: Sequence[str], seed: int, turns: int,
                 choose: Callable[[object, list[int]], int]) -> list[Turn]:
    """The first ``turns`` moves the person (the only 'human' seat) types in `regalia play`
    with these seats and seed, as :func:`regalia.cli.session.run_play` deals and seats
    them (forced moves are played for the person and not listed)."""
    from regalia.cli.session import build_seats
    seats = build_seats(specs, seed)
    state = game.new_initial_state(seed)
    out: list[Turn] = []
    while not state.is_terminal():
        if state.is_chance_node():
            if out:
                out[-1].chance_after = True
            state.apply_action(state.sample_chance_outcome(state.dealer()))
            continue
        agent = seats[state.current_player()]
        if agent is not None:
            if out:
                out[-1].others_after = True
            state.apply_action(agent.step(state))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        if out:
            out[-1].prompt_after = True
        if len(out) == turns:
            break
        action = choose(state, legal)
        out.append(Turn(state.action_to_string(action), list(state.history()),
                        legal=[state.action_to_string(a) for a in legal]))
        state.apply_action(action)
    return out


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


@pytest.fixture(name="table_script")
def table_script_fixture():
    """``table_script(game, specs, seed, turns, choose=middle_choice) -> [Turn, ...]``."""
    def run(game, specs, seed, turns, choose=middle_choice):
        return table_script(game, specs, seed, turns, choose)
    return run


@pytest.fixture(name="middle_choice")
def middle_choice_fixture():
    return middle_choice
