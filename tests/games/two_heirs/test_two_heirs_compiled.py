"""The compiled Two Heirs engine against the pure one (issue 15, differential tests).

The pure engine (``PureTwoHeirsState``) is the reference: it implements the rulebook
(``shared/rules/two-heirs.rulebook.en.txt``, the solo rules ``two-heirs.solo.en.md``) and
every other test in this folder checks it (and runs on the default engine, the compiled
one when it is built). Here the compiled engine (``_engine.pyx``) must give, for seeded
games of every configuration (2 players and solo at each level, several set choices,
roads scored or not) played by the random, greedy and fast policies: the same legal actions
in the same order, the same player, chance outcomes and scores after every action, the
same history, JSON, observations, breakdowns and returns (hash-compared); its compiled
playouts must play the games of the Python loop and draw the same numbers from the
generator; and the search agents must decide the same with the same statistics. The
fallback (no extension, ``REGALIA_PURE=1``) is tested too. A larger sweep is marked
``slow``.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import regalia
from regalia.agents.search import playout, playout_policy, random_action
from regalia.core.errors import ParameterError, RecordError, RegaliaError
from regalia.core.policies import compiled_name
from regalia.games.two_heirs import compiled
from regalia.games.two_heirs.rules import TwoHeirsGame
from regalia.games.two_heirs.state import PureTwoHeirsState

from engine_diff import (check_clones_are_independent, check_engine_choice,
                         check_engine_is_not_a_parameter, check_fallback_without_extension,
                         check_phase_codes, check_phases_agree_at_every_ply,
                         check_pickles_as_a_copy, check_refusals_along_a_game, playout_game,
                         python_twins, search_decisions, step_together)
from engine_diff import check_same_errors

pytestmark = pytest.mark.skipif(not compiled.available(),
                                reason="the compiled engine is not built (setup.py build_ext)")
_engine = pytest.importorskip("regalia.games.two_heirs._engine")

#: The game's own test configurations, plus the defaults of both modes and solo without
#: roads: every set appears, both modes, all three levels, roads on and off.
CONFIGS = [dict(c) for c in TwoHeirsGame.info.test_configs] + [
    {"players": 2},
    {"players": 1, "level": 2},
    {"players": 1, "level": 2, "roads": False, "sets": ["trade-church", "crafts", "travel"]},
]
IDS = ["{}p-{}-{}{}".format(c["players"], "+".join(c.get("sets", ["default"])),
                            "roads" if c.get("roads", True) else "noroads",
                            f"-L{c['level']}" if "level" in c else "") for c in CONFIGS]


POLICIES = tuple(python_twins("two-heirs").values())


def game(config: dict, engine: str) -> TwoHeirsGame:
    return regalia.load_game("two-heirs", engine=engine, **config)


def traced_game(config: dict, engine: str, policy_name: str, seed: int, deep: bool) -> str:
    """A digest of one seeded game played ply by ply through the contract by the named
    policy (chance sampled with the same generator): player, legal actions, chance
    outcomes and scores at every ply; ``deep``: also the JSON and every seat's observation
    and information state (slower); at the end history, returns, winners, breakdowns."""
    s = game(config, engine).new_initial_state(seed)
    rng = random.Random(seed)
    policy = playout_policy(s, policy_name)
    seats = s.game.num_players
    h = hashlib.sha256()
    while not s.is_terminal():
        h.update(repr((s.current_player(), s.legal_actions(), s.scores(), s.phase_name,
                       s.chance_outcomes() if s.is_chance_node() else None)).encode())
        if deep:
            h.update(s.to_json_string().encode())
            h.update(json.dumps([s.observation(p) for p in range(seats)]).encode())
            h.update(repr([s.information_state_string(p) for p in range(seats)]).encode())
        a = s.sample_chance_outcome(rng) if s.is_chance_node() else policy(s, rng)
        s.apply_action(a)
    h.update(repr((s.history(), s.returns(), s.scores(), s.winners(), s.heinrich_score,
                   [s.score_margin(p) for p in range(seats)],
                   [b.to_json() for b in s.breakdowns()])).encode())
    h.update(s.to_json_string().encode())
    h.update(json.dumps(s.observation(0)).encode())
    return h.hexdigest()


def playouts_digest(config: dict, engine: str, policy_name: str, seeds: range) -> str:
    """A digest of the playouts (:func:`engine_diff.playout_game`) of the given seeds."""
    g = game(config, engine)
    h = hashlib.sha256()
    for seed in seeds:
        h.update(repr(playout_game(g, policy_name, seed)).encode())
    return h.hexdigest()


# ---------------------------------------------------------------------- the policies
def test_every_compiled_playout_has_a_python_twin():
    """A compiled playout is used only for the Python policy marked as its twin: if that
    policy changes and loses its mark, this test says so."""
    twins = python_twins("two-heirs")
    assert set(twins) == set(_engine.POLICIES) == {"random", "greedy", "fast"}
    assert compiled_name(random_action) == "random"
    assert twins["greedy"] == "greedy" and twins["fast"] == "fast"


# ---------------------------------------------------------------------- engine choice
def test_the_default_engine_is_the_compiled_one_and_regalia_pure_selects_the_pure_one(
        monkeypatch):
    check_engine_choice('two-heirs', {'players': 1}, monkeypatch)


def test_engine_is_not_a_parameter_of_the_game():
    """Equal games and JSON on both engines; an unknown engine is refused naming them."""
    check_engine_is_not_a_parameter('two-heirs', CONFIGS[1])


def test_without_the_extension_the_pure_engine_is_used(tmp_path):
    """The fallback: a Python where the extension cannot be imported plays on the pure
    engine (the same game), and asking for the compiled one is a clear error."""
    check_fallback_without_extension('two-heirs', {'players': 1}, tmp_path, '(s.scores(), s.heinrich_score)')


# ---------------------------------------------------------------------- differential
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_games_traced_ply_by_ply_are_identical(config, policy):
    """Legal actions, player, chance outcomes and scores after every action (JSON,
    observations and information states in the first game), and the final results."""
    for seed in range(2):
        deep = seed == 0
        assert (traced_game(config, "pure", policy, seed, deep)
                == traced_game(config, "compiled", policy, seed, deep)), seed


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_compiled_playouts_play_the_python_loops_games(config, policy):
    """``playout`` on the compiled engine runs in C (State.compiled_playout); it must play
    the games the Python loop plays on the pure engine, with the same values, JSON and
    generator state after: 250 random, 10 greedy and 40 fast games per configuration
    (1,750 random games in all, hash-compared)."""
    seeds = range({"random": 250, "fast": 40}.get(policy, 10))
    assert (playouts_digest(config, "pure", policy, seeds)
            == playouts_digest(config, "compiled", policy, seeds))


@pytest.mark.slow
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_sweep_of_many_games_is_identical(config, policy):
    """The large sweep (``pytest -m slow``): 2,000 random, 150 greedy and 400 fast playouts
    and 20 traced games per configuration."""
    seeds = range(1000, 1000 + {"random": 2000, "fast": 400}.get(policy, 150))
    assert (playouts_digest(config, "pure", policy, seeds)
            == playouts_digest(config, "compiled", policy, seeds))
    for seed in range(100, 120):
        assert (traced_game(config, "pure", policy, seed, seed < 103)
                == traced_game(config, "compiled", policy, seed, seed < 103)), seed


@pytest.mark.parametrize("config", CONFIGS[::2], ids=IDS[::2])
def test_a_playout_from_the_middle_of_a_game_matches(config):
    """Compiled playouts start from any state (loaded from the pure engine's JSON): from
    every 9th ply of a game, random and greedy."""
    base = game(config, "pure").new_initial_state(11)
    rng = random.Random(11)
    ply = 0
    while not base.is_terminal():
        if ply % 9 == 0:
            comp = game(config, "compiled").state_from_json(base.to_json())
            for policy in POLICIES:
                results = []
                for s in (base.clone(), comp.clone()):
                    r = random.Random(ply)
                    values = playout(s, r, playout_policy(s, policy))
                    results.append((s.history(), values, s.to_json(), r.random()))
                assert results[0] == results[1], (ply, policy)
        a = (base.sample_chance_outcome(rng) if base.is_chance_node()
             else random_action(base, rng))
        base.apply_action(a)
        ply += 1


def test_compiled_playout_refuses_a_policy_it_does_not_have_and_changes_nothing():
    s = game(CONFIGS[0], "compiled").new_initial_state(2)
    rng = random.Random(5)
    before = (s.to_json_string(), rng.getstate())
    assert s.compiled_playout("onestep", rng) is False
    assert (s.to_json_string(), rng.getstate()) == before
    # the pure engine offers none (the core's default)
    assert game(CONFIGS[0], "pure").new_initial_state(2).compiled_playout("random",
                                                                          rng) is False


SEARCHES = [  # (agent spec, configuration index): every agent, both playouts, each value
    ("mcts:iterations=150", 4),
    ("mcts:iterations=40,playout=greedy", 5),
    ("mce:iterations=120", 1),
    ("mce:iterations=30,playout=greedy", 2),
    ("ismcts:iterations=100", 3),
    ("ismcts:iterations=30,playout=greedy", 0),
    ("mcts:iterations=100,value=margin", 6),
    ("mcts:iterations=60,value=points,playout=greedy", 4),
    ("mcts:iterations=60,playout=fast", 6),
    ("ismcts:iterations=40,playout=fast", 1),
]


@pytest.mark.parametrize("spec, k", SEARCHES, ids=[f"{a}-{IDS[k]}" for a, k in SEARCHES])
def test_search_agents_decide_the_same_with_the_same_statistics(spec, k):
    """Fixed seeds: the same move, visits and values on both engines, at the first three
    decisions of a game (played on by the searching agent)."""
    results = {engine: search_decisions(game(CONFIGS[k], engine).new_initial_state(21), spec)
               for engine in ("pure", "compiled")}
    assert results["pure"] == results["compiled"]
    assert any(it > 0 for _, _, it in results["pure"])


def test_resampling_the_starting_tile_draws_the_same():
    """ismcts redraws the face-down starting tile (information.resample_from_infostate):
    the same tile, history and generator state on both engines."""
    for config in CONFIGS[:4]:
        states = [game(config, e).new_initial_state(6) for e in ("pure", "compiled")]
        rng = random.Random(6)
        for _ in range(40):
            step_together(states, rng)
        for seat in range(states[0].game.num_players):
            out = []
            for s in states:
                r = random.Random(seat)
                c = s.resample_from_infostate(seat, r)
                out.append((c.to_json(), c.history(), r.random(), type(c) is type(s)))
            assert out[0] == out[1]


# ---------------------------------------------------------------------- the contract
def test_refused_actions_give_the_pure_engines_errors():
    """An illegal action gets the reference's error word for word, and changes nothing."""
    for config in (CONFIGS[0], CONFIGS[3]):
        check_refusals_along_a_game([game(config, e).new_initial_state(1)
                                     for e in ("pure", "compiled")], 70, 23,
                                    [True, "end", -1, 10**30, 2.0])


def test_errors_outside_the_phase_are_the_pure_engines():
    states = [game(CONFIGS[4], e).new_initial_state(1) for e in ("pure", "compiled")]
    for s in states:
        while s.is_chance_node():
            s.apply_action(s.legal_actions()[0])
    check_same_errors(states, [(RegaliaError, lambda s: s.chance_outcomes()),
                               (RegaliaError,
                                lambda s: s.sample_chance_outcome(random.Random(1))),
                               (ParameterError, lambda s: s.player_score(9))])


def test_the_compiled_class_meets_the_phased_state_contract():
    """Both engines declare the same phase codes through their shared base; the compiled
    one answers is_terminal, is_chance_node and apply_action in C, which must agree with
    those codes at every ply, and refuses ids past Game.action_bound as the pure one."""
    check_phase_codes(compiled.CompiledTwoHeirsState, PureTwoHeirsState, _engine.Core)
    for config in CONFIGS[::3]:
        states = [game(config, e).new_initial_state(5) for e in ("pure", "compiled")]
        check_phases_agree_at_every_ply(states, random.Random(5))


def test_clones_are_independent_and_carry_no_seed():
    check_clones_are_independent(game(CONFIGS[1], "compiled").new_initial_state(8))


def test_json_round_trip_between_the_engines():
    """A position saved by either engine loads in the other, equal, mid-game and at the
    end (Heinrich's last words included)."""
    for config in CONFIGS:
        s = game(config, "pure").new_initial_state(4)
        rng = random.Random(4)
        for ply in range(400):
            if s.is_terminal():
                break
            if ply in (57, 133):
                comp = game(config, "compiled").state_from_json(s.to_json())
                assert type(comp).__name__ == "CompiledTwoHeirsState" and comp.seed is None
                assert comp.to_json() == s.to_json()
                assert comp.legal_actions() == s.legal_actions()
                back = game(config, "pure").state_from_json(comp.to_json())
                assert back.to_json() == s.to_json()
            s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node()
                           else random_action(s, rng))
        comp = game(config, "compiled").state_from_json(s.to_json())
        assert comp.is_terminal() and comp.scores() == s.scores()
        assert comp.returns() == s.returns() and comp.last_h == s.last_h


@pytest.mark.parametrize("path, value, message", [
    (("solo", "scaffold"), None, "scaffold"),
    (("solo", "step"), 3, "solo tile"),
    (("supply",), ["no-such-tile"], "unknown tile"),
])
def test_positions_the_c_struct_cannot_hold_are_refused(path, value, message):
    """Hostile JSON: fields the pure engine's reader lets through but no game reaches,
    where C would read outside its arrays, are refused with a RecordError naming them."""
    g = game({"players": 1, "level": 2}, "compiled")
    s = g.new_initial_state(1)
    rng = random.Random(1)
    for _ in range(30):
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node()
                       else random_action(s, rng))
    data = s.to_json()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(RecordError, match=message):
        g.state_from_json(data)


def test_hand_set_positions_and_fields_score_like_the_pure_engine():
    """set_position and fields set from Python (tests, tools) act on both engines alike;
    the seed is kept."""
    kw = dict(landscape=[(0, 0, "land-5", "open"), (1, 0, "trade-9", "white"),
                         (0, 1, "travel-1", "blue"), (1, 1, "land-1", "white")],
              troops=[[(1, 0), "reserve", "reserve"], [(0, 1), "reserve", (1, 1)]],
              reserve=["travel-5", "travel-4", "travel-6", "land-2", "land-3", "land-4"])
    results = []
    for engine in ("pure", "compiled"):
        s = game({"players": 2}, engine).new_initial_state(3)
        s.set_position(**kw)
        first = (s.scores(), s.legal_actions(), [b.to_json() for b in s.breakdowns()])
        s.turn = 7
        s.discounts = 2
        results.append((first, s.turn, s.legal_actions(), s.to_json(), s.seed))
    assert results[0] == results[1]
    assert results[1][1] == 7 and results[1][4] == 3


def test_a_compiled_state_pickles_as_a_copy():
    s = game(CONFIGS[0], "compiled").new_initial_state(6)
    rng = random.Random(6)
    for _ in range(50):
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node()
                       else random_action(s, rng))
    check_pickles_as_a_copy(s)
