"""The compiled Kingdomino engine against the pure one (issue 15, differential tests).

The pure engine (``PureKingdominoState``) is the reference: it implements the rulebook
(``shared/rules/COMPONENTS.md``, Kingdomino) and every other test in this folder checks it.
Here the compiled engine (``_engine.pyx``) must give, for seeded games of every variant and
player count played by the random and the greedy policy: the same legal actions in the
same order, the same current player and scores after every action, the same history, JSON,
observation, tie-break keys and returns (hash-compared); its compiled playouts must play
the same games as the Python loop and draw the same numbers from the generator; and the
search agents must make the same decisions with the same statistics; Full Greedy's choice
made in C (``compiled_action``) must be the Python reference's, with the same draws. The
fallback (no extension, ``REGALIA_PURE=1``) is tested too. A larger sweep is marked ``slow``.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import regalia
from regalia.agents import make_agent
from regalia.agents.search import playout, playout_policy, random_action
from regalia.core.dealers import initial_state
from regalia.core.policies import compiled_name
from regalia.core.errors import ParameterError, RecordError, RegaliaError
from regalia.games.kingdomino import compiled
from regalia.games.kingdomino.state import PureKingdominoState

from engine_diff import (check_phase_codes, check_phases_agree_at_every_ply, playout_game,
                         python_twins, refusal_messages, run_without_extension,
                         search_decisions, step_together)
from engine_diff import check_same_errors

pytestmark = pytest.mark.skipif(not compiled.available(),
                                reason="the compiled engine is not built (setup.py build_ext)")
_engine = pytest.importorskip("regalia.games.kingdomino._engine")

#: Every variant and player count: (players, variants).
CONFIGS = [
    (2, ()), (3, ()), (4, ()),
    (2, ("dynasty",)), (3, ("dynasty",)), (4, ("dynasty",)),
    (2, ("middle-kingdom",)), (3, ("middle-kingdom",)), (4, ("harmony",)),
    (2, ("harmony",)), (3, ("harmony",)), (4, ("middle-kingdom",)),
    (2, ("mighty-duel",)), (2, ("mighty-duel", "dynasty", "middle-kingdom", "harmony")),
    (3, ("dynasty", "middle-kingdom", "harmony")), (4, ("dynasty", "middle-kingdom", "harmony")),
]
IDS = [f"{p}p-{'+'.join(v) or 'base'}" for p, v in CONFIGS]


#: The registered policies the compiled engine plays: random, and the one-step greedy
POLICIES = tuple(python_twins("kingdomino").values())
ONESTEP = python_twins("kingdomino").get("onestep", "greedy")


def test_every_compiled_playout_has_a_python_twin():
    """A compiled playout is used only for the Python policy marked as its twin: if that
    policy changes and loses its mark, the compiled one is no longer used (and no longer
    tested) and this test says so."""
    assert set(python_twins("kingdomino")) == set(_engine.POLICIES)
    assert compiled_name(random_action) == "random"


def game(players, variants, engine):
    return regalia.load_game("kingdomino", players=players, variants=list(variants),
                             engine=engine)


def traced_game(players, variants, engine, policy_name, seed, deep):
    """A digest of one seeded game played ply by ply through the contract by the named
    policy (chance sampled with the same generator). ``deep``: also the JSON and every
    seat's observation after each action (slower)."""
    s = game(players, variants, engine).new_initial_state(seed)
    rng = random.Random(seed)
    policy = playout_policy(s, policy_name)
    h = hashlib.sha256()
    while not s.is_terminal():
        h.update(repr((s.current_player(), s.legal_actions(), s.scores(),
                       s.is_chance_node())).encode())
        if deep:
            h.update(s.to_json_string().encode())
            h.update(json.dumps([s.observation(p) for p in range(players)]).encode())
        a = s.sample_chance_outcome(rng) if s.is_chance_node() else policy(s, rng)
        s.apply_action(a)
    h.update(repr((s.history(), s.returns(), s.tie_break_keys(), s.scores(), s.winners(),
                   [s.breakdown(p).to_json() for p in range(players)])).encode())
    h.update(s.to_json_string().encode())
    h.update(json.dumps(s.observation(0)).encode())
    return h.hexdigest()


# ---------------------------------------------------------------------- engine choice
def test_the_default_engine_is_the_compiled_one_and_regalia_pure_selects_the_pure_one(
        monkeypatch):
    monkeypatch.delenv("REGALIA_PURE", raising=False)
    g = regalia.load_game("kingdomino", players=3)
    assert g.engine == "compiled"
    assert type(g.new_initial_state(1)).__name__ == "CompiledKingdominoState"
    monkeypatch.setenv("REGALIA_PURE", "1")
    g = regalia.load_game("kingdomino", players=3)
    assert g.engine == "pure" and type(g.new_initial_state(1)) is PureKingdominoState


def test_engine_is_not_a_parameter_of_the_game():
    pure, comp = game(2, ("dynasty",), "pure"), game(2, ("dynasty",), "compiled")
    assert pure == comp and pure.params == comp.params and "engine" not in comp.params


def test_an_unknown_engine_is_refused_naming_the_engines():
    with pytest.raises(ParameterError, match="compiled, pure"):
        regalia.load_game("kingdomino", engine="fast")


def test_without_the_extension_the_pure_engine_is_used(tmp_path):
    """The fallback: a Python where the extension cannot be imported plays on the pure
    engine, and asking for the compiled one is a clear error."""
    out = run_without_extension("regalia.games.kingdomino._engine", (
        "import regalia, random\n"
        "from regalia.core.errors import ParameterError\n"
        "g = regalia.load_game('kingdomino', players=4)\n"
        "s = g.new_initial_state(3)\n"
        "rng = random.Random(3)\n"
        "while not s.is_terminal():\n"
        "    la = s.legal_actions(); s.apply_action(la[int(rng.random() * len(la))])\n"
        "try:\n"
        "    regalia.load_game('kingdomino', engine='compiled')\n"
        "except ParameterError as e:\n"
        "    print('refused:', e)\n"
        "print(g.engine, type(s).__name__, s.scores())\n"), tmp_path)
    assert "refused: the compiled Kingdomino engine is not built" in out
    assert "pure PureKingdominoState [" in out


# ---------------------------------------------------------------------- differential
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("players, variants", CONFIGS, ids=IDS)
def test_games_traced_ply_by_ply_are_identical(players, variants, policy):
    """Legal actions, player, scores, JSON and observations after every action, and the
    final results: a deep and a shallow seeded game per configuration and policy."""
    for seed in range(2):
        deep = seed < 1
        assert (traced_game(players, variants, "pure", policy, seed, deep)
                == traced_game(players, variants, "compiled", policy, seed, deep)), seed


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("players, variants", CONFIGS, ids=IDS)
def test_compiled_playouts_play_the_python_loops_games(players, variants, policy):
    """``playout`` on the compiled engine runs in C (State.compiled_playout); it must play
    the games the Python loop plays on the pure engine and leave the generator in the same
    state. 100 random and 25 greedy games per configuration (2,000 in all)."""
    for seed in range(100 if policy == "random" else 25):
        assert (playout_game(game(players, variants, "pure"), policy, seed)
                == playout_game(game(players, variants, "compiled"), policy, seed)), seed


@pytest.mark.slow
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("players, variants", CONFIGS, ids=IDS)
def test_sweep_of_many_games_is_identical(players, variants, policy):
    """The large sweep (``pytest -m slow``): 1,000 random and 200 greedy playouts and
    30 traced games per configuration."""
    for seed in range(1000, 2000 if policy == "random" else 1200):
        assert (playout_game(game(players, variants, "pure"), policy, seed)
                == playout_game(game(players, variants, "compiled"), policy, seed)), seed
    for seed in range(100, 130):
        assert (traced_game(players, variants, "pure", policy, seed, seed < 105)
                == traced_game(players, variants, "compiled", policy, seed, seed < 105)), seed


def test_a_playout_from_the_middle_of_a_game_matches():
    """Compiled playouts start from any state: from every 7th ply of a game."""
    base = game(4, ("harmony",), "pure").new_initial_state(11)
    rng = random.Random(11)
    ply = 0
    while not base.is_terminal():
        if ply % 7 == 0:
            comp = game(4, ("harmony",), "compiled").state_from_json(base.to_json())
            results = []
            for s in (base.clone(), comp):
                r = random.Random(ply)
                values = playout(s, r, playout_policy(s, ONESTEP))
                results.append((s.history(), values, r.random()))
            assert results[0] == results[1], ply
        la = base.legal_actions()
        base.apply_action(la[int(rng.random() * len(la))])
        ply += 1


def test_compiled_playout_refuses_a_policy_it_does_not_have_and_changes_nothing():
    s = game(4, (), "compiled").new_initial_state(2)
    rng = random.Random(5)
    before = (s.to_json_string(), rng.getstate())
    assert s.compiled_playout("fast", rng) is False
    assert (s.to_json_string(), rng.getstate()) == before
    # the pure engine offers none (the core's default)
    assert game(4, (), "pure").new_initial_state(2).compiled_playout("random", rng) is False


SEARCHES = [  # (agent spec, players, variants): every agent, both playouts, each value
    ("mcts:iterations=120", 4, ()),
    (f"mcts:iterations=60,playout={ONESTEP}", 2, ("mighty-duel",)),
    ("mce:iterations=100", 3, ("middle-kingdom", "harmony")),
    (f"mce:iterations=60,playout={ONESTEP}", 2, ("dynasty",)),
    (f"ismcts:iterations=60,playout={ONESTEP}", 4, ("harmony",)),
    ("ismcts:iterations=80", 2, ()),
    ("mcts:iterations=80,value=margin", 2, ("dynasty",)),
    (f"mcts:iterations=60,value=points,expand=policy,playout={ONESTEP}", 3,
     ("middle-kingdom", "harmony")),
]


@pytest.mark.parametrize("spec, players, variants", SEARCHES,
                         ids=[f"{a}-{p}p-{'+'.join(v) or 'base'}" for a, p, v in SEARCHES])
def test_search_agents_decide_the_same_with_the_same_statistics(spec, players, variants):
    """Fixed seeds: the same move, visits and values on both engines, at several decisions
    of a game (the game itself is played on by the searching agent)."""
    results = {engine: search_decisions(game(players, variants, engine).new_initial_state(21),
                                        spec)
               for engine in ("pure", "compiled")}
    assert results["pure"] == results["compiled"]
    assert any(it > 0 for _, _, it in results["pure"])


# ---------------------------------------------------------------------- the contract
def test_refused_actions_give_the_pure_engines_errors():
    """An illegal action gets the reference's error word for word, and changes nothing."""
    for seed in range(3):
        states = [game(2, (), e).new_initial_state(seed) for e in ("pure", "compiled")]
        rng = random.Random(seed)
        for _ in range(60):
            s0 = states[0]
            if s0.is_terminal():
                break
            legal = set(s0.legal_actions())
            bad = [a for a in range(s0.game.num_distinct_actions) if a not in legal][::37]
            wrong = [True, "d5-e5", -1, 10**30, 2.0]
            assert refusal_messages(states[0], bad + wrong) == \
                refusal_messages(states[1], bad + wrong)
            step_together(states, rng)


def test_errors_outside_the_phase_are_the_pure_engines():
    states = [game(4, (), e).new_initial_state(1) for e in ("pure", "compiled")]
    for s in states:
        while s.is_chance_node():
            s.apply_action(s.legal_actions()[0])
    check_same_errors(states, [(RegaliaError, lambda s: s.chance_outcomes()),
                               (RegaliaError, lambda s: s.num_placements()),
                               (ParameterError, lambda s: s.player_score(9))])


def test_the_compiled_class_meets_the_phased_state_contract():
    """The core's PhasedState contract (issue 18): both engines declare the same phase codes
    through their shared base; the compiled one answers is_terminal, is_chance_node and
    apply_action in C, which must agree with those codes at every ply, and refuses the
    first id past Game.action_bound as the pure engine does."""
    check_phase_codes(compiled.CompiledKingdominoState, PureKingdominoState, _engine.Core)
    for players, variants in CONFIGS[::4]:
        states = [game(players, variants, e).new_initial_state(5) for e in ("pure", "compiled")]
        assert states[0].game.action_bound == states[0].game.num_distinct_actions
        check_phases_agree_at_every_ply(states, random.Random(5))


def test_clones_are_independent_and_carry_no_seed():
    s = game(3, ("dynasty",), "compiled").new_initial_state(8)
    rng = random.Random(8)
    snapshots = []
    for _ in range(300):
        if s.is_terminal():
            break
        c = s.clone()
        assert c.seed is None and c.to_json() == s.to_json()
        snapshots.append((c, c.to_json_string()))
        la = s.legal_actions()
        s.apply_action(la[int(rng.random() * len(la))])
    assert s.game_no >= 1 and len(s.finished_kingdoms) >= 1
    for c, text in snapshots:
        assert c.to_json_string() == text
    assert s.seed == 8 and len(s.history_strings()) == len(s.history())


def test_json_round_trip_between_the_engines():
    """A position saved by either engine loads in the other, equal."""
    for players, variants in CONFIGS[::3]:
        s = game(players, variants, "pure").new_initial_state(4)
        rng = random.Random(4)
        for _ in range(97 if players > 2 else 61):
            la = s.legal_actions()
            s.apply_action(la[int(rng.random() * len(la))])
        comp = game(players, variants, "compiled").state_from_json(s.to_json())
        assert type(comp).__name__ == "CompiledKingdominoState" and comp.seed is None
        assert comp.to_json() == s.to_json()
        assert comp.legal_actions() == s.legal_actions()
        back = game(players, variants, "pure").state_from_json(comp.to_json())
        assert back == s


def test_damaged_json_is_refused_by_the_compiled_engine_too():
    g = game(2, (), "compiled")
    s = g.new_initial_state(1)
    data = s.to_json()
    data["past_games"] = [0] * 100
    with pytest.raises(RecordError, match="past_games"):
        g.state_from_json(data)
    data = s.to_json()
    data["box"] = [1, 2]
    with pytest.raises(RecordError, match="must add up to 48"):
        g.state_from_json(data)


def dynasty_state_after_first_game(engine):
    s = game(2, ("dynasty",), engine).new_initial_state(2)
    rng = random.Random(2)
    while s.game_no == 0:
        la = s.legal_actions()
        s.apply_action(la[int(rng.random() * len(la))])
    return s


@pytest.mark.parametrize("token", ["W*****", "X", "C", "F?", "W**x"])
def test_a_finished_kingdom_with_a_bad_square_is_refused(token):
    """Hostile JSON: a finished Dynasty kingdom's square the C struct could not hold (five
    crowns would write past the crown masks) is refused, naming it."""
    s = dynasty_state_after_first_game("compiled")
    data = s.to_json()
    rows = data["finished_kingdoms"][0][1]
    rows[0] = " ".join([token] + rows[0].split()[1:])
    with pytest.raises(RecordError, match="not a square of a kingdom"):
        s.game.state_from_json(data)


@pytest.mark.parametrize("field, value, message", [
    ("idx", 3, "'idx'"), ("phase", "pick", "free domino"),
])
def test_positions_no_game_reaches_are_refused_before_c_reads_them(field, value, message):
    g = game(4, (), "compiled")
    s = g.new_initial_state(1)
    while s.phase_name != "place":
        s.apply_action(s.legal_actions()[0])
    data = s.to_json()
    data["current_line"] = {"dominoes": [], "kings": []} if field == "idx" else \
        data["current_line"]
    data[field] = value
    if field == "phase":   # a pick with every domino of the next line taken
        data["next_line"]["kings"] = [0, 1, 2, 3]
        data["current_line"] = {"dominoes": [], "kings": []}
    with pytest.raises(RecordError, match=message):
        g.state_from_json(data)


def test_set_kingdom_on_the_compiled_engine_scores_like_the_pure_one():
    grid = """
    . . . . .
    . W W* F .
    . L C F .
    . L G G* .
    . . . . .
    """
    results = []
    for engine in ("pure", "compiled"):
        s = game(2, ("middle-kingdom",), engine).new_initial_state(3)
        s.set_kingdom(1, grid)
        results.append((s.kingdom_rows(1), s.scores(), s.kingdom_extent(1),
                        s.breakdown(1).to_json(), s.seed))
    assert results[0] == results[1]
    assert results[1][1][1] == 2 + 2   # W* x2 squares, G* x2 squares


def test_a_compiled_state_pickles_as_a_copy():
    import pickle

    s = game(4, (), "compiled").new_initial_state(6)
    for _ in range(30):
        s.apply_action(s.legal_actions()[0])
    c = pickle.loads(pickle.dumps(s))
    assert c.to_json() == s.to_json() and c.seed is None


# ---------------------------------------------------------------------- Full Greedy in C
def full_greedy_decisions(players, variants, seeds):
    """A digest of Full Greedy's choice, made on the pure engine by the Python reference
    (``full_greedy_python``) and on the compiled engine in C (``full_greedy_policy``, which
    calls ``compiled_action``), at every decision of seeded games whose moves are half
    random, half Full Greedy (so that discards, destructive kingdoms and odd positions
    occur): each choice and the generator's state after it. Returns (pure digest,
    compiled digest, decisions compared)."""
    from regalia.games.kingdomino.policies import full_greedy_policy, full_greedy_python

    digests = [hashlib.sha256(), hashlib.sha256()]
    count = 0
    comp_game = game(players, variants, "compiled")
    for seed in seeds:
        s = game(players, variants, "pure").new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
                continue
            c = comp_game.state_from_json(s.to_json())
            assert type(c).__name__ == "CompiledKingdominoState"
            chosen = []
            for k, (state, policy) in enumerate(((s, full_greedy_python),
                                                 (c, full_greedy_policy))):
                r = random.Random(count)
                a = policy(state, r)
                digests[k].update(repr((a, r.random())).encode())
                chosen.append(a)
            count += 1
            legal = s.legal_actions()
            s.apply_action(chosen[0] if rng.random() < 0.5
                           else legal[int(rng.random() * len(legal))])
    return digests[0].hexdigest(), digests[1].hexdigest(), count


@pytest.mark.parametrize("players, variants", CONFIGS, ids=IDS)
def test_full_greedy_in_c_chooses_as_the_python_reference(players, variants):
    """Identical Full Greedy choices and generator draws on every decision of 5 seeded
    games per configuration (about 11,000 positions in all)."""
    pure, comp, count = full_greedy_decisions(players, variants, range(5))
    assert count >= 50
    assert pure == comp


@pytest.mark.slow
@pytest.mark.parametrize("players, variants", CONFIGS, ids=IDS)
def test_full_greedy_in_c_sweep(players, variants):
    """The large sweep (``pytest -m slow``): 40 more games per configuration."""
    pure, comp, _ = full_greedy_decisions(players, variants, range(100, 140))
    assert pure == comp


def test_the_greedy_agent_plays_the_same_games_on_both_engines(monkeypatch):
    """The ``greedy`` agent (Full Greedy, its choice in C on the compiled engine) plays the
    same 4-player Middle Kingdom + Harmony games as on the pure engine chosen by
    ``REGALIA_PURE=1`` (the fallback, where the Python reference decides), both dealt by
    PCG64 (in C on the compiled engine, in Python on the pure one)."""
    results = {}
    for pure in (False, True):
        if pure:
            monkeypatch.setenv("REGALIA_PURE", "1")
        else:
            monkeypatch.delenv("REGALIA_PURE", raising=False)
        g = regalia.load_game("kingdomino", players=4, variants=["middle-kingdom", "harmony"])
        assert g.engine == ("pure" if pure else "compiled")
        out = []
        for seed in range(3):
            agents = [make_agent("greedy", seed=seed * 10 + k) for k in range(4)]
            s = initial_state(g, seed, "pcg64")
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_random_chance()
                else:
                    s.apply_action(agents[s.current_player()].step(s))
            out.append((s.history(), s.scores()))
        results[pure] = out
    assert results[False] == results[True]


def test_compiled_action_is_none_for_other_policies_and_chance_nodes():
    s = game(4, (), "compiled").new_initial_state(2)
    rng = random.Random(1)
    before = rng.getstate()
    assert s.is_chance_node() and s.compiled_action("greedy", rng) is None
    while s.is_chance_node():
        s.apply_random_chance()
    assert s.compiled_action("onestep", rng) is None
    assert s.compiled_action("no-such-policy", rng) is None
    assert rng.getstate() == before
    assert s.compiled_action("greedy", rng) in s.legal_actions()
