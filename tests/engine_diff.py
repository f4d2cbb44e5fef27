"""The compiled engines against the pure ones (issue 15): the differential helpers shared by
each game's ``games/<game>/test_<game>_compiled.py``.

Imported by the tests as ``engine_diff``: ``tests/conftest.py`` puts this folder on
``sys.path`` (the project imports tests with ``--import-mode=importlib``, which does not
import sibling modules) and has pytest rewrite this module's asserts, so that a failing
check shows the values it compared. A pair of ``states`` is always the same position on the
pure engine (first, the reference) and on the compiled one (second).
"""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import regalia
from regalia.agents import make_agent
from regalia.agents.search import playout, playout_policy, random_action
from regalia.core.errors import IllegalActionError, ParameterError
from regalia.core.policies import compiled_name
from regalia.core.registry import game_policies, game_policy
from regalia.core.state import PhasedState


def python_twins(game_name: str) -> dict[str, str]:
    """Compiled playout name -> the registered policy name of its Python twin in the game
    ``game_name`` (the policy marked ``compiled_as`` with that name; ``random`` is the
    agents' random_action)."""
    out = {"random": "random"}
    for name in game_policies(game_name):
        key = compiled_name(game_policy(game_name, name))
        if key is not None:
            out[key] = name
    return out


def playout_game(game: regalia.Game, policy_name: str, seed: int) -> tuple:
    """(history, values, JSON, the generator's state after) of one playout of ``game``'s
    state dealt with ``seed`` through ``agents.search.playout`` (generator
    ``random.Random(seed * 7 + 1)``): compiled on the compiled engine, the Python loop on
    the pure one."""
    s = game.new_initial_state(seed)
    rng = random.Random(seed * 7 + 1)
    values = playout(s, rng, playout_policy(s, policy_name))
    return s.history(), values, s.to_json_string(), rng.getstate()


def finite(stats) -> list[tuple]:
    """A search agent's ``last_stats`` as comparable (action, visits, value) triples, a NaN
    value (an action never valued) as None."""
    return [(a.action, a.visits, None if math.isnan(a.value) else a.value) for a in stats]


def search_decisions(state, spec: str, decisions: int = 3) -> list[tuple]:
    """The first ``decisions`` decisions of the agent ``spec`` (seed 4) playing on from
    ``state`` (mutated; chance outcomes drawn from ``random.Random(9)``): each
    (action, :func:`finite` statistics, iterations)."""
    agent = make_agent(spec, seed=4)
    rng = random.Random(9)
    out = []
    while not state.is_terminal() and len(out) < decisions:
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        a = agent.step(state)
        out.append((a, finite(agent.last_stats), agent.last_iterations))
        state.apply_action(a)
    return out


def step_together(states, rng: random.Random) -> None:
    """One action applied to every state of ``states`` (the same position on each engine):
    at a chance node the first state's outcome sampled with ``rng``, at a decision a random
    legal action (``agents.search.random_action`` with ``rng``)."""
    s0 = states[0]
    a = s0.sample_chance_outcome(rng) if s0.is_chance_node() else random_action(s0, rng)
    for s in states:
        s.apply_action(a)


def refusal_messages(state, actions) -> list[str]:
    """The ``IllegalActionError`` message of each of ``actions`` (ids or values of another
    type) applied to ``state``; each must be refused and leave the state's JSON as it was."""
    messages = []
    for a in actions:
        before = state.to_json_string()
        with pytest.raises(IllegalActionError) as info:
            state.apply_action(a)
        assert state.to_json_string() == before, a
        messages.append(str(info.value))
    return messages


def check_phase_codes(compiled_cls: type, pure_cls: type, core: type) -> None:
    """The core's PhasedState contract (issue 18), declared: both engines' classes declare
    the same phase codes through their shared base, and the compiled one answers
    is_terminal, is_chance_node and apply_action with the C methods of ``core`` (the
    extension's ``Core``), not the template's."""
    assert issubclass(compiled_cls, PhasedState) and issubclass(pure_cls, PhasedState)
    for name in ("PHASE_NAMES", "END_PHASE", "CHANCE_PHASES"):
        assert getattr(compiled_cls, name) == getattr(pure_cls, name)
    for name in ("is_terminal", "is_chance_node", "apply_action"):
        assert getattr(compiled_cls, name) is getattr(core, name)


def check_phases_agree_at_every_ply(states, rng: random.Random) -> None:
    """The PhasedState contract, played: ``states`` (pure, compiled) played to the end in
    step (:func:`step_together`); at every ply each state's is_terminal, is_chance_node and
    phase_name agree with its phase code; at the end both have the same returns and refuse
    the last id below ``Game.action_bound`` (the game is over) and the first id past it
    with the same messages."""
    cls = type(states[1])
    while True:
        for s in states:
            assert s.is_terminal() == (s.phase == cls.END_PHASE)
            assert s.is_chance_node() == (s.phase in cls.CHANCE_PHASES)
            assert s.phase_name == cls.PHASE_NAMES[s.phase]
        if states[0].is_terminal():
            break
        step_together(states, rng)
    assert states[1].is_terminal() and states[1].returns() == states[0].returns()
    bound = states[0].game.action_bound
    assert refusal_messages(states[0], [bound - 1, bound]) == \
        refusal_messages(states[1], [bound - 1, bound])


def run_without_extension(module: str, body: str, cwd: Path) -> str:
    """The output of ``body`` (Python source) run by a fresh interpreter in ``cwd`` on this
    checkout's ``regalia``, where the compiled extension ``module`` cannot be imported and
    ``REGALIA_PURE`` is unset (the fallback a machine without the built extension takes);
    the run must succeed. Returns its standard output."""
    src = Path(regalia.__file__).resolve().parents[1]
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name == {module!r}:\n"
        "            raise ImportError('blocked for the test')\n"
        "sys.meta_path.insert(0, Block())\n") + body
    env = {k: v for k, v in os.environ.items() if k != "REGALIA_PURE"}
    env["PYTHONPATH"] = str(src)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, cwd=cwd, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


# ---------------------------------------------------------------------- shared checks
# What every game's compiled engine must do alike (the tests of each game call these with
# its name and parameters; ``params`` are load_game keyword arguments).

def _package(name: str, params: dict) -> str:
    """The package of the game ``name`` (``regalia.games.two_heirs``)."""
    return type(regalia.load_game(name, engine="pure", **params)).__module__.rsplit(".", 1)[0]


def check_engine_choice(name: str, params: dict, monkeypatch) -> None:
    """The default engine is the compiled one (its state class ``Compiled...State``);
    ``REGALIA_PURE=1`` selects the pure one (``Pure...State``)."""
    monkeypatch.delenv("REGALIA_PURE", raising=False)
    g = regalia.load_game(name, **params)
    assert g.engine == "compiled"
    assert type(g.new_initial_state(1)).__name__.startswith("Compiled")
    monkeypatch.setenv("REGALIA_PURE", "1")
    g = regalia.load_game(name, **params)
    assert g.engine == "pure" and type(g.new_initial_state(1)).__name__.startswith("Pure")


def check_engine_is_not_a_parameter(name: str, params: dict) -> None:
    """Both engines make equal games with equal parameters (no ``engine``); a played
    compiled state's JSON loads on the pure engine, equal; an unknown engine is refused
    naming the engines."""
    pure, comp = (regalia.load_game(name, engine=e, **params) for e in ("pure", "compiled"))
    assert pure == comp and pure.params == comp.params and "engine" not in comp.params
    s = comp.new_initial_state(3)
    playout(s, random.Random(3), random_action)
    assert pure.state_from_json(s.to_json()).to_json() == s.to_json()
    with pytest.raises(ParameterError, match="compiled, pure"):
        regalia.load_game(name, engine="turbo", **params)


def check_fallback_without_extension(name: str, params: dict, cwd: Path,
                                     shown: str = "s.scores()") -> None:
    """A Python where the game's extension cannot be imported plays on the pure engine
    (the same game as the compiled engine here: ``shown``, a Python expression of the
    played state ``s``, prints the same), and asking for the compiled one is a clear
    error naming the game."""
    out = run_without_extension(_package(name, params) + "._engine", (
        "import regalia, random\n"
        "from regalia.core.errors import ParameterError\n"
        "from regalia.agents.search import playout, random_action\n"
        f"g = regalia.load_game({name!r}, **{params!r})\n"
        "s = g.new_initial_state(3)\n"
        "playout(s, random.Random(3), random_action)\n"
        "try:\n"
        f"    regalia.load_game({name!r}, engine='compiled')\n"
        "except ParameterError as e:\n"
        "    print('refused:', e)\n"
        f"print(g.engine, type(s).__name__, {shown})\n"), cwd)
    g = regalia.load_game(name, engine="compiled", **params)
    assert f"refused: the compiled {g.info.title} engine is not built" in out
    assert "pure Pure" in out
    s = g.new_initial_state(3)
    playout(s, random.Random(3), random_action)
    assert out.strip().endswith(str(eval(shown, {"s": s})))


def check_clones_are_independent(state) -> None:
    """Play ``state`` (a compiled state with a seed) to its end with a random policy,
    cloning it at every ply: each clone has no seed, equals the state when made and never
    changes afterwards; the state keeps its seed and history."""
    rng = random.Random(8)
    seed = state.seed
    snapshots = []
    while not state.is_terminal():
        c = state.clone()
        assert c.seed is None and c.to_json() == state.to_json()
        snapshots.append((c, c.to_json_string()))
        state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node()
                           else random_action(state, rng))
    for c, text in snapshots:
        assert c.to_json_string() == text
    assert state.seed == seed and len(state.history_strings()) == len(state.history())


def check_pickles_as_a_copy(state) -> None:
    """A compiled state pickles as its JSON: an equal copy of the same class, no seed."""
    import pickle

    c = pickle.loads(pickle.dumps(state))
    assert type(c) is type(state) and c.to_json() == state.to_json() and c.seed is None


def check_refusals_along_a_game(states, plies: int, every: int, wrong: list) -> None:
    """For ``plies`` plies of a random game played on ``states`` (pure, compiled): every
    ``every``-th illegal id and the ``wrong`` values get the same errors on both engines,
    and change nothing."""
    rng = random.Random(1)
    for _ in range(plies):
        s0 = states[0]
        if s0.is_terminal():
            break
        legal = set(s0.legal_actions())
        bad = [a for a in range(s0.game.num_distinct_actions) if a not in legal][::every]
        assert refusal_messages(states[0], bad + wrong) == \
            refusal_messages(states[1], bad + wrong)
        step_together(states, rng)


def check_same_errors(states, calls) -> None:
    """Every engine refuses each call alike: ``calls`` is a list of ``(exception class,
    call(state))``; each must raise that class, with the same message on every state."""
    msgs = []
    for s in states:
        row = []
        for exc, call in calls:
            with pytest.raises(exc) as info:
                call(s)
            row.append(str(info.value))
        msgs.append(row)
    assert all(m == msgs[0] for m in msgs[1:]), msgs
