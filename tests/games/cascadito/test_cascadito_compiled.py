"""The compiled Cascadito engine against the pure one (issue 29, differential tests).

The pure engine (``PureCascaditoState``) is the reference: it implements the rulebook
(``shared/rules/cascadito.rulebook.en.txt``) and the rulings (``docs/rulings/
cascadito.md``), and every other test in this folder checks it (most of them on the
default engine, the compiled one when it is built). Here the compiled engine
(``_engine.pyx``) must give, for seeded games of every sheet and player count and both
variants, played by the random and greedy policies: the same legal actions in the same
order, the same player, chance outcomes and scores after every action, the same history,
JSON and observations, and the same returns (hash-compared); its compiled playouts must
play the games of the Python loop and draw the same numbers from the generator; and the
search agents must decide the same with the same statistics. The fallback (no extension,
``REGALIA_PURE=1``, a sheet larger than the C arrays) is tested too. A larger sweep is
marked ``slow``.
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
from regalia.games.cascadito import compiled
from regalia.games.cascadito.rules import CascaditoGame
from regalia.games.cascadito.state import PureCascaditoState

from engine_diff import (check_clones_are_independent, check_engine_choice,
                         check_engine_is_not_a_parameter, check_fallback_without_extension,
                         check_phase_codes, check_phases_agree_at_every_ply,
                         check_pickles_as_a_copy, check_refusals_along_a_game, playout_game,
                         python_twins, search_decisions)
from engine_diff import check_same_errors

pytestmark = pytest.mark.skipif(not compiled.available(),
                                reason="the compiled engine is not built (setup.py build_ext)")
_engine = pytest.importorskip("regalia.games.cascadito._engine")

#: Every sheet at every player count, and both variants.
CONFIGS = [{"players": n, "sheet": k} for k in (1, 2, 3, 4) for n in (1, 2, 3, 4)] + [
    {"players": 1, "sheet": 1, "variants": ["harder-start"]},
    {"players": 2, "sheet": 2, "variants": ["deferred-bottom-row"]},
    {"players": 4, "sheet": 1, "variants": ["deferred-bottom-row"]},
]
IDS = ["{}p-sheet{}{}".format(c["players"], c["sheet"],
                              "-" + c["variants"][0] if "variants" in c else "")
       for c in CONFIGS]
POLICIES = tuple(python_twins("cascadito").values())


def game(config: dict, engine: str) -> CascaditoGame:
    return regalia.load_game("cascadito", engine=engine, **config)


def traced_game(config: dict, engine: str, policy_name: str, seed: int, deep: bool) -> str:
    """A digest of one seeded game played ply by ply through the contract by the named
    policy (chance sampled with the same generator): player, legal actions, chance
    outcomes and scores at every ply; ``deep``: also the JSON, every seat's observation
    and the breakdowns (slower); at the end history, returns, winners, margins."""
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
            h.update(repr([s.breakdown(p).to_json() for p in range(seats)]).encode())
        a = s.sample_chance_outcome(rng) if s.is_chance_node() else policy(s, rng)
        s.apply_action(a)
    h.update(repr((s.history(), s.returns(), s.scores(), s.winners(), s.margins(),
                   s.tie_break_keys(), s.end_reason)).encode())
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
    twins = python_twins("cascadito")
    assert set(twins) == set(_engine.POLICIES) == {"random", "greedy"}
    assert compiled_name(random_action) == "random" and twins["greedy"] == "greedy"


# ---------------------------------------------------------------------- engine choice
def test_the_default_engine_is_the_compiled_one_and_regalia_pure_selects_the_pure_one(
        monkeypatch):
    check_engine_choice('cascadito', {'players': 3, 'sheet': 2}, monkeypatch)


def test_engine_is_not_a_parameter_of_the_game():
    """Equal games and JSON on both engines; an unknown engine is refused naming them."""
    check_engine_is_not_a_parameter('cascadito', CONFIGS[5])


def test_without_the_extension_the_pure_engine_is_used(tmp_path):
    """The fallback: a Python where the extension cannot be imported plays on the pure
    engine (the same game), and asking for the compiled one is a clear error."""
    check_fallback_without_extension('cascadito', {'players': 2, 'sheet': 3}, tmp_path, 's.scores()')


def test_a_sheet_larger_than_the_c_arrays_is_played_by_the_pure_engine(sheet_file):
    """A user's transcription with more cells than the compiled engine holds (128) plays
    on the pure engine by default; asking for the compiled one names the limit."""
    rows = ["".join("." if (x + y) % 2 == 0 else " " for x in range(26)) for y in range(11)]
    path = sheet_file("big", rows, [("pink", [2, 0]), ("orange", [10, 4])])
    g = regalia.load_game("cascadito", players=2, data=path)
    assert g.tables.num_cells > _engine.LIMITS["cells"]
    assert g.engine == "pure"
    assert _engine.unfit(g) == (f"{g.tables.num_cells} cells, more than the "
                                f"{_engine.LIMITS['cells']} it holds")
    with pytest.raises(ParameterError, match="cannot hold this game's data .*cells.*engine='pure'"):
        regalia.load_game("cascadito", players=2, data=path, engine="compiled")
    s = g.new_initial_state(1)
    playout(s, random.Random(1), random_action)
    assert s.is_terminal()


# ---------------------------------------------------------------------- differential
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_games_traced_ply_by_ply_are_identical(config, policy):
    """Legal actions, player, chance outcomes and scores after every action (JSON,
    observations and breakdowns in the first game), and the final results."""
    for seed in range(2):
        deep = seed == 0
        assert (traced_game(config, "pure", policy, seed, deep)
                == traced_game(config, "compiled", policy, seed, deep)), seed


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_compiled_playouts_play_the_python_loops_games(config, policy):
    """``playout`` on the compiled engine runs in C (State.compiled_playout); it must play
    the games the Python loop plays on the pure engine, with the same values, JSON and
    generator state after: 60 random and 15 greedy games per configuration (1,140 random
    games in all, hash-compared)."""
    seeds = range({"random": 60}.get(policy, 15))
    assert (playouts_digest(config, "pure", policy, seeds)
            == playouts_digest(config, "compiled", policy, seeds))


@pytest.mark.slow
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_sweep_of_many_games_is_identical(config, policy):
    """The large sweep (``pytest -m slow``): 1,000 random and 200 greedy playouts and 20
    traced games per configuration."""
    seeds = range(1000, 1000 + {"random": 1000}.get(policy, 200))
    assert (playouts_digest(config, "pure", policy, seeds)
            == playouts_digest(config, "compiled", policy, seeds))
    for seed in range(100, 120):
        assert (traced_game(config, "pure", policy, seed, seed < 103)
                == traced_game(config, "compiled", policy, seed, seed < 103)), seed


@pytest.mark.parametrize("config", CONFIGS[1::3], ids=IDS[1::3])
def test_a_playout_from_the_middle_of_a_game_matches(config):
    """Compiled playouts start from any state (loaded from the pure engine's JSON): from
    every 7th ply of a game, random and greedy; and greedy's single choice
    (State.compiled_action) is the Python policy's at every decision on the way."""
    base = game(config, "pure").new_initial_state(11)
    rng = random.Random(11)
    greedy = playout_policy(base, "greedy")
    ply = 0
    while not base.is_terminal():
        comp = game(config, "compiled").state_from_json(base.to_json())
        if not base.is_chance_node():
            r1, r2 = random.Random(ply), random.Random(ply)
            assert greedy(base, r1) == comp.compiled_action("greedy", r2)
            assert r1.getstate() == r2.getstate()
        if ply % 7 == 0:
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
    s = game(CONFIGS[1], "compiled").new_initial_state(2)
    rng = random.Random(5)
    before = (s.to_json_string(), rng.getstate())
    assert s.compiled_playout("onestep", rng) is False
    assert s.compiled_action("onestep", rng) is None
    assert s.compiled_action("greedy", rng) is None   # a chance node: no decision
    assert (s.to_json_string(), rng.getstate()) == before
    assert game(CONFIGS[1], "pure").new_initial_state(2).compiled_playout("random",
                                                                          rng) is False


SEARCHES = [  # (agent spec, configuration index)
    ("mcts:iterations=150", 5),
    ("mcts:iterations=40,playout=greedy", 10),
    ("mce:iterations=120", 15),
    ("mce:iterations=40,playout=greedy", 2),
    ("ismcts:iterations=100", 7),
    ("ismcts:iterations=40,playout=greedy", 18),
    ("mcts:iterations=100,value=margin", 13),
    ("mcts:iterations=80,value=points,playout=greedy", 16),
]


@pytest.mark.parametrize("spec, k", SEARCHES, ids=[f"{a}-{IDS[k]}" for a, k in SEARCHES])
def test_search_agents_decide_the_same_with_the_same_statistics(spec, k):
    """Fixed seeds: the same move, visits and values on both engines, at the first three
    decisions of a game (played on by the searching agent)."""
    results = {engine: search_decisions(game(CONFIGS[k], engine).new_initial_state(21), spec)
               for engine in ("pure", "compiled")}
    assert results["pure"] == results["compiled"]
    assert any(it > 0 for _, _, it in results["pure"])


# ---------------------------------------------------------------------- the contract
def test_refused_actions_give_the_pure_engines_errors():
    """An illegal action gets the reference's error word for word, and changes nothing:
    ids of every kind (die, task, roll, claim) in every phase."""
    for config in (CONFIGS[1], CONFIGS[11], CONFIGS[16]):
        check_refusals_along_a_game([game(config, e).new_initial_state(1)
                                     for e in ("pure", "compiled")], 60, 17,
                                    [True, "blue c5", -1, 10**30, 2.0])


def test_errors_outside_the_phase_are_the_pure_engines():
    states = [game(CONFIGS[6], e).new_initial_state(1) for e in ("pure", "compiled")]
    for s in states:
        s.apply_action(s.legal_actions()[0])
    check_same_errors(states, [(RegaliaError, lambda s: s.chance_outcomes()),
                               (RegaliaError,
                                lambda s: s.sample_chance_outcome(random.Random(1))),
                               (ParameterError, lambda s: s.player_score(9))])


def test_the_compiled_class_meets_the_phased_state_contract():
    """Both engines declare the same phase codes through their shared base; the compiled
    one answers is_terminal, is_chance_node and apply_action in C, which must agree with
    those codes at every ply, and refuses ids past Game.action_bound as the pure one."""
    check_phase_codes(compiled.CompiledCascaditoState, PureCascaditoState, _engine.Core)
    for config in CONFIGS[::4]:
        states = [game(config, e).new_initial_state(5) for e in ("pure", "compiled")]
        check_phases_agree_at_every_ply(states, random.Random(5))


def test_clones_are_independent_and_carry_no_seed():
    check_clones_are_independent(game(CONFIGS[9], "compiled").new_initial_state(8))


def test_json_round_trip_between_the_engines():
    """A position saved by either engine loads in the other, equal, mid-game and at the
    end."""
    for config in CONFIGS[::2]:
        s = game(config, "pure").new_initial_state(4)
        rng = random.Random(4)
        for ply in range(500):
            if s.is_terminal():
                break
            if ply in (37, 91):
                comp = game(config, "compiled").state_from_json(s.to_json())
                assert type(comp).__name__ == "CompiledCascaditoState" and comp.seed is None
                assert comp.to_json() == s.to_json()
                assert comp.legal_actions() == s.legal_actions()
                assert comp.groups(0) == s.groups(0)
                back = game(config, "pure").state_from_json(comp.to_json())
                assert back.to_json() == s.to_json()
            s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node()
                           else random_action(s, rng))
        comp = game(config, "compiled").state_from_json(s.to_json())
        assert comp.is_terminal() and comp.scores() == s.scores()
        assert comp.returns() == s.returns() and comp.end_reason == s.end_reason


def test_a_position_the_c_struct_cannot_hold_is_refused():
    """Hostile JSON: more pending tasks than the C array holds (the pure engine's reader
    lets any number through; no game reaches that many) is a RecordError naming it."""
    g = game(CONFIGS[4], "compiled")
    s = g.new_initial_state(1)
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    data = s.to_json()
    data["phase"] = "task"
    data["tasks"] = ["advance_track"] * 600
    with pytest.raises(RecordError, match="at most 512 pending tasks"):
        g.state_from_json(data)
    assert game(CONFIGS[4], "pure").state_from_json(data).pending_tasks()[:1] == \
        ["advance_track"]


def test_hand_set_positions_and_fields_act_like_the_pure_engine():
    """set_marks, set_tracks, set_claims and fields set from Python (tests, tools) act on
    both engines alike; the seed is kept."""
    results = []
    for engine in ("pure", "compiled"):
        s = game({"players": 2, "sheet": 3}, engine).new_initial_state(3)
        s.apply_action(s.string_to_action("roll BBYO"))
        s.set_marks(0, ["c5", "c7", "d6"])
        s.set_tracks(1, {"blue": 4, "pink": 2})
        s.set_claims(1, ["top 1"])
        first = (s.scores(), s.legal_actions(), s.groups(0), s.claimable_achievements(0))
        s.turns = 7
        s.pool = [0, 0, 1, 0, 0]
        results.append((first, s.turns, s.legal_actions(), s.to_json(), s.seed))
    assert results[0] == results[1]
    assert results[1][1] == 7 and results[1][4] == 3


def test_a_compiled_state_pickles_as_a_copy():
    s = game(CONFIGS[10], "compiled").new_initial_state(6)
    rng = random.Random(6)
    for _ in range(50):
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node()
                       else random_action(s, rng))
    check_pickles_as_a_copy(s)
