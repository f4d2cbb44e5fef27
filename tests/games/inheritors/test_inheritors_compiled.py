"""The compiled Inheritors engine against the pure one (issue 29, differential tests).

The pure engine (``PureInheritorsState``) is the reference: it implements the rulebook
(``shared/rules/inheritors.rulebook.en.txt``) and the rulings (``docs/rulings/
inheritors.md``), and every other test in this folder checks it (most of them on the
default engine, the compiled one when it is built). Here the compiled engine
(``_engine.pyx``) must give, for seeded games of every player count and the variant,
played by the random, greedy and fast policies: the same legal actions in the same order,
the same player, chance outcomes and scores after every action, the same history,
visibility, public notes, JSON, observations and information states of every seat, and
the same returns (hash-compared); its compiled playouts must play the games of the
Python loop and draw the same numbers from the generator; its determinizations must
deal the same hidden cards; and the search agents must decide the same with the same
statistics. The fallback (no extension, ``REGALIA_PURE=1``, card data beyond the C
arrays) is tested too. A larger sweep is marked ``slow``. The hidden-information attacks
of ``tests/security`` run on both engines.
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
from regalia.games.inheritors import compiled
from regalia.games.inheritors.positions import position, swap_with_deck, with_bounds
from regalia.games.inheritors.rules import InheritorsGame
from regalia.games.inheritors.state import PureInheritorsState

from engine_diff import (check_clones_are_independent, check_engine_choice,
                         check_engine_is_not_a_parameter, check_fallback_without_extension,
                         check_phase_codes, check_phases_agree_at_every_ply,
                         check_pickles_as_a_copy, check_refusals_along_a_game, playout_game,
                         python_twins, search_decisions, step_together)

pytestmark = pytest.mark.skipif(not compiled.available(),
                                reason="the compiled engine is not built (setup.py build_ext)")
_engine = pytest.importorskip("regalia.games.inheritors._engine")

VARIANT = ["honors-count-covered-cards"]
#: Every player count, and the variant at two of them.
CONFIGS = [{"players": 2}, {"players": 3}, {"players": 4},
           {"players": 2, "variants": VARIANT}, {"players": 4, "variants": VARIANT}]
IDS = ["{}p{}".format(c["players"], "-covered" if "variants" in c else "") for c in CONFIGS]
POLICIES = tuple(python_twins("inheritors").values())
#: Playouts per configuration in the fast differential test (greedy copies the state
#: once per legal action on the pure engine: slow).
PLAYOUTS = {"random": 60, "fast": 10, "greedy": 3}


def game(config: dict, engine: str) -> InheritorsGame:
    return regalia.load_game("inheritors", engine=engine, **config)


def traced_game(config: dict, engine: str, policy_name: str, seed: int, deep: bool) -> str:
    """A digest of one seeded game played ply by ply through the contract by the named
    policy (chance sampled with the same generator): player, legal actions, chance
    outcomes and scores at every ply; ``deep``: also the JSON, every seat's observation
    and information state (slower); at the end history, visibility, returns, winners,
    breakdowns."""
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
    h.update(repr((s.history(), s.visibility(), s.notes, s.returns(), s.scores(), s.winners(),
                   s.tie_break_keys(), [s.breakdown(p).to_json() for p in range(seats)])
                  ).encode())
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


def midgame(config: dict, seed: int, plies: int):
    """The same position on both engines (pure first), ``plies`` plies of random play into
    a seeded game, then on to a decision."""
    states = [game(config, e).new_initial_state(seed) for e in ("pure", "compiled")]
    rng = random.Random(seed)
    while not states[0].is_terminal() and (len(states[0].history()) < plies
                                           or states[0].is_chance_node()):
        step_together(states, rng)
    return states


# ---------------------------------------------------------------------- the policies
def test_every_compiled_playout_has_a_python_twin():
    """A compiled playout is used only for the Python policy marked as its twin: if that
    policy changes and loses its mark, this test says so."""
    twins = python_twins("inheritors")
    assert set(twins) == set(_engine.POLICIES) == {"random", "greedy", "fast"}
    assert compiled_name(random_action) == "random"
    assert twins["greedy"] == "greedy" and twins["fast"] == "fast"


# ---------------------------------------------------------------------- engine choice
def test_the_default_engine_is_the_compiled_one_and_regalia_pure_selects_the_pure_one(
        monkeypatch):
    check_engine_choice('inheritors', {'players': 3}, monkeypatch)


def test_engine_is_not_a_parameter_of_the_game():
    """Equal games and JSON on both engines; an unknown engine is refused naming them."""
    check_engine_is_not_a_parameter('inheritors', CONFIGS[1])


def test_without_the_extension_the_pure_engine_is_used(tmp_path):
    """The fallback: a Python where the extension cannot be imported plays on the pure
    engine (the same game), and asking for the compiled one is a clear error."""
    check_fallback_without_extension('inheritors', {'players': 3}, tmp_path, 's.scores()')


def test_card_data_beyond_the_c_arrays_is_played_by_the_pure_engine(monkeypatch):
    """Card data the C arrays cannot hold (here: a limit lowered below the bundled cards'
    46 types, since the data's validation keeps real files within the limits) plays on the
    pure engine by default; asking for the compiled one names the limit."""
    monkeypatch.setitem(_engine.LIMITS, "card types", 40)
    g = regalia.load_game("inheritors", players=3)
    assert g.engine == "pure"
    assert _engine.unfit(g) == "46 card types, more than the 40 it holds"
    with pytest.raises(ParameterError, match="cannot hold this game's data .*46 card types"):
        regalia.load_game("inheritors", players=3, engine="compiled")


# ---------------------------------------------------------------------- differential
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_games_traced_ply_by_ply_are_identical(config, policy):
    """Legal actions, player, chance outcomes and scores after every action (JSON,
    observations and information states of every seat in the first game), and the final
    results, notes and visibility."""
    for seed in range(2 if policy != "greedy" else 1):
        deep = seed == 0
        assert (traced_game(config, "pure", policy, seed, deep)
                == traced_game(config, "compiled", policy, seed, deep)), seed


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_compiled_playouts_play_the_python_loops_games(config, policy):
    """``playout`` on the compiled engine runs in C (State.compiled_playout); it must play
    the games the Python loop plays on the pure engine, with the same values, JSON (public
    notes included) and generator state after: 60 random, 10 fast and 3 greedy games per
    configuration (300 random games in all, hash-compared)."""
    seeds = range(PLAYOUTS[policy])
    assert (playouts_digest(config, "pure", policy, seeds)
            == playouts_digest(config, "compiled", policy, seeds))


@pytest.mark.slow
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_sweep_of_many_games_is_identical(config, policy):
    """The large sweep (``pytest -m slow``): 1,000 random, 150 fast and 25 greedy playouts
    and 10 traced games per configuration."""
    seeds = range(1000, 1000 + {"random": 1000, "fast": 150}.get(policy, 25))
    assert (playouts_digest(config, "pure", policy, seeds)
            == playouts_digest(config, "compiled", policy, seeds))
    for seed in range(100, 110):
        assert (traced_game(config, "pure", policy, seed, seed < 102)
                == traced_game(config, "compiled", policy, seed, seed < 102)), seed


@pytest.mark.parametrize("config", CONFIGS[:3], ids=IDS[:3])
def test_a_playout_from_the_middle_of_a_game_matches(config):
    """Compiled playouts start from any state (loaded from the pure engine's JSON): from
    every 25th ply of a game, random and fast; and greedy's and fast's single choices
    (State.compiled_action) are the Python policies' at every decision on the way."""
    base = game(config, "pure").new_initial_state(11)
    rng = random.Random(11)
    policies = {name: playout_policy(base, name) for name in ("greedy", "fast")}
    ply = 0
    while not base.is_terminal():
        comp = game(config, "compiled").state_from_json(base.to_json())
        if not base.is_chance_node() and ply % 3 == 0:
            for name, fn in policies.items():
                r1, r2 = random.Random(ply), random.Random(ply)
                assert fn(base, r1) == comp.compiled_action(name, r2), (ply, name)
                assert r1.getstate() == r2.getstate()
        if ply % 25 == 0:
            for policy in ("random", "fast"):
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
    assert s.compiled_action("random", rng) is None
    assert s.compiled_action("fast", rng) is None     # a chance node: no decision
    assert (s.to_json_string(), rng.getstate()) == before
    assert game(CONFIGS[1], "pure").new_initial_state(2).compiled_playout("random",
                                                                          rng) is False


SEARCHES = [  # (agent spec, configuration index)
    ("ismcts:iterations=60", 0),
    ("ismcts:iterations=30,playout=fast", 1),
    ("ismcts:iterations=12,playout=greedy", 4),
    ("mcts:iterations=80", 2),
    ("mce:iterations=60,playout=fast", 3),
    ("ismcts:iterations=40,value=margin", 2),
]


@pytest.mark.parametrize("spec, k", SEARCHES, ids=[f"{a}-{IDS[k]}" for a, k in SEARCHES])
def test_search_agents_decide_the_same_with_the_same_statistics(spec, k):
    """Fixed seeds: the same move, visits and values on both engines, at the first three
    decisions of a game (played on by the searching agent; ismcts determinizes every
    iteration)."""
    results = {engine: search_decisions(game(CONFIGS[k], engine).new_initial_state(21), spec)
               for engine in ("pure", "compiled")}
    assert results["pure"] == results["compiled"]
    assert any(it > 0 for _, _, it in results["pure"])


@pytest.mark.parametrize("config", CONFIGS[:3], ids=IDS[:3])
def test_determinizations_deal_the_same_hidden_cards(config):
    """resample_from_infostate (IS-MCTS' determinizations) on both engines: the same deal,
    history (hidden outcomes blanked) and generator state, a compiled copy without seed
    or dealer that keeps what the seat knows."""
    for plies in (30, 90, 160):
        states = midgame(config, plies, plies)
        if states[0].is_terminal():
            continue
        for seat in range(states[0].game.num_players):
            out = []
            for s in states:
                r = random.Random(seat + plies)
                c = s.resample_from_infostate(seat, r)
                assert c.seed is None and type(c) is type(s)
                with pytest.raises(RegaliaError):
                    c.dealer()
                assert c.information_state_string(seat) == s.information_state_string(seat)
                out.append((c.to_json(), c.history(), r.random()))
            assert out[0] == out[1], (plies, seat)


# ---------------------------------------------------------------------- the contract
def test_refused_actions_give_the_pure_engines_errors():
    """An illegal action gets the reference's error word for word, and changes nothing."""
    for config in (CONFIGS[0], CONFIGS[2]):
        check_refusals_along_a_game([game(config, e).new_initial_state(1)
                                     for e in ("pure", "compiled")], 90, 67,
                                    [True, "play purple 1", -1, 10**30, 2.0])


def test_errors_outside_the_phase_are_the_pure_engines():
    states = midgame(CONFIGS[1], 5, 60)
    msgs = []
    for s in states:
        with pytest.raises(RegaliaError) as info:
            s.chance_outcomes()
        with pytest.raises(RegaliaError) as info2:
            s.sample_chance_outcome(random.Random(1))
        with pytest.raises(ParameterError) as info3:
            s.player_score(9)
        with pytest.raises(ParameterError) as info4:
            s.resample_from_infostate(7, random.Random(1))
        msgs.append((str(info.value), str(info2.value), str(info3.value), str(info4.value)))
    assert msgs[0] == msgs[1]


def test_the_compiled_class_meets_the_phased_state_contract():
    """Both engines declare the same phase codes through their shared base; the compiled
    one answers is_terminal, is_chance_node and apply_action in C, which must agree with
    those codes at every ply, and refuses ids past Game.action_bound as the pure one."""
    check_phase_codes(compiled.CompiledInheritorsState, PureInheritorsState, _engine.Core)
    for config in CONFIGS[::2]:
        states = [game(config, e).new_initial_state(5) for e in ("pure", "compiled")]
        check_phases_agree_at_every_ply(states, random.Random(5))


def test_clones_are_independent_and_carry_no_seed():
    check_clones_are_independent(game(CONFIGS[2], "compiled").new_initial_state(8))


def test_json_round_trip_between_the_engines():
    """A position saved by either engine loads in the other, equal (notes, bounds and
    pending effects included), mid-game and at the end."""
    for config in CONFIGS:
        s = game(config, "pure").new_initial_state(4)
        rng = random.Random(4)
        while not s.is_terminal():
            if len(s.history()) % 37 == 0:
                comp = game(config, "compiled").state_from_json(s.to_json())
                assert type(comp).__name__ == "CompiledInheritorsState" and comp.seed is None
                assert comp.to_json() == s.to_json()
                assert comp.legal_actions() == s.legal_actions()
                back = game(config, "pure").state_from_json(comp.to_json())
                assert back.to_json() == s.to_json()
            s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node()
                           else random_action(s, rng))
        comp = game(config, "compiled").state_from_json(s.to_json())
        assert comp.is_terminal() and comp.scores() == s.scores()
        assert comp.returns() == s.returns() and comp.notes == s.notes


@pytest.mark.parametrize("field, value, message", [
    ("phase", "effect", "no pending effect"),
    ("pending", [[5, 44, 40]], "card types in order"),
    ("pending", [[2, 0, 0]], "not an effect of a turn"),
    ("quest_colour", 9, "Quest colour"),
    ("pending", [[0, 10]] * 20, "more than 128 draws waiting"),
])
def test_positions_the_c_struct_cannot_hold_are_refused(field, value, message):
    """Hostile JSON: fields the pure engine's reader lets through but no game reaches,
    where C would read outside its arrays, are refused with a RecordError naming them."""
    s = midgame(CONFIGS[1], 3, 50)[1]
    data = s.to_json()
    data[field] = value
    if field == "phase":
        data["pending"] = []
    with pytest.raises(RecordError, match=message):
        s.game.state_from_json(data)


def test_hand_made_positions_and_twins_act_like_the_pure_engine():
    """positions.position (keeping its dealer), swap_with_deck and with_bounds, and fields
    set from Python, act on both engines alike."""
    results = []
    for engine in ("pure", "compiled"):
        g = game({"players": 3}, engine)
        s = position(g, seed=5, hands={0: ["Spy", "red 1", "purple 2"], 1: ["purple 2"]},
                     stacks={0: {"purple": [1]}}, turn=0)
        assert type(s) is g._state_class and s.seed == 5
        twin = swap_with_deck(s, 1, "purple 2", "red 2")
        bounded = with_bounds(s, 1, {"red 1": 0})
        s.first = 2
        rng = random.Random(2)
        moves = []
        while not s.is_terminal() and len(moves) < 30:
            a = s.sample_chance_outcome(s.dealer()) if s.is_chance_node() \
                else random_action(s, rng)
            moves.append(a)
            s.apply_action(a)
        results.append((twin.to_json(), bounded.to_json(), twin.seed, moves, s.to_json()))
    assert results[0] == results[1]


def test_a_compiled_state_pickles_as_a_copy():
    check_pickles_as_a_copy(midgame(CONFIGS[2], 6, 80)[1])
