"""The dealers (issue 29): PCG64 in Python and in C against the PCG reference and NumPy,
the compiled Kingdomino engine dealing with it, and records that say which generator dealt
and replay exactly on either engine (old records, without the field, as the Mersenne
Twister's)."""

from __future__ import annotations

import copy
import json
import pickle
import random

import numpy as np
import pytest

import regalia
from regalia.cli.session import restore
from regalia.core.dealers import (DEALERS, Pcg64, dealer_name, initial_state, make_dealer,
                                  pcg64_initial)
from regalia.core.errors import ParameterError, RecordError, RegaliaError
from regalia.core.record import GameRecord
from regalia.games.kingdomino import compiled

needs_compiled = pytest.mark.skipif(not compiled.available(),
                                    reason="the compiled engine is not built")
SEEDS = [0, 1, -7, 2**63 - 1, 2**63, -(2**64) - 3, 2**127 + 5, 2**128 + 9,
         2**255 + 2**200 + 17]


def test_pcg64_draws_the_pcg_reference_sequence():
    """pcg64_srandom_r(42, 54): the first outputs of the PCG reference's check program."""
    g = Pcg64(0)
    mult_inc = ((54 << 1) | 1)
    state = (mult_inc + 42) & (2**128 - 1)
    g._state, g._inc = (state * 0x2360ED051FC65DA44385DF649FCCF645 + mult_inc) % 2**128, \
        mult_inc
    assert [g.next_uint64() for _ in range(3)] == [0x86B1DA1D72062B68, 0x1304AA46C9853D39,
                                                   0xA3670E9E0DD50358]


@pytest.mark.parametrize("seed", SEEDS)
def test_pcg64_is_numpy_pcg64_from_the_same_state(seed):
    ours = Pcg64(seed)
    state, inc = pcg64_initial(seed)
    bits = np.random.PCG64()
    bits.state = {"bit_generator": "PCG64", "state": {"state": state, "inc": inc},
                  "has_uint32": 0, "uinteger": 0}
    assert [ours.next_uint64() for _ in range(5)] == [int(x) for x in bits.random_raw(5)]
    assert [ours.random() for _ in range(5)] == list(np.random.Generator(bits).random(5))


@needs_compiled
@pytest.mark.parametrize("seed", SEEDS)
def test_the_c_dealer_draws_what_the_python_one_does(seed):
    from regalia._compiled.pcg64 import Pcg64 as CPcg64
    c, p = CPcg64(seed), Pcg64(seed)
    assert c.state() == p.state()
    assert [c.random() for _ in range(50)] == [p.random() for _ in range(50)]
    assert make_dealer("pcg64", seed).random() == Pcg64(seed).random()


@needs_compiled
def test_a_dealer_is_never_copied_or_pickled():
    d = make_dealer("pcg64", 5)
    for attempt in (lambda: copy.copy(d), lambda: copy.deepcopy(d), lambda: pickle.dumps(d)):
        with pytest.raises(TypeError, match="future draws"):
            attempt()


def test_dealer_names_are_checked():
    assert DEALERS == ("mt19937", "pcg64")
    assert dealer_name(make_dealer("mt19937", 3)) == "mt19937"
    assert dealer_name(make_dealer("pcg64", 3)) == "pcg64"
    with pytest.raises(ParameterError, match="dealer must be one of mt19937, pcg64"):
        make_dealer("xorshift", 3)


# ---------------------------------------------------------------------- the engines
def play(game, seed, dealer=None, agents_seed=3):
    """A game with random decisions (their own generator) and the state's own dealer."""
    s = initial_state(game, seed, dealer)
    rng = random.Random(agents_seed)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.random() * len(legal))])
    return s


@needs_compiled
def test_the_compiled_engine_deals_with_pcg64_and_the_pure_one_with_the_twister():
    comp = regalia.load_game("kingdomino", players=4, engine="compiled")
    pure = regalia.load_game("kingdomino", players=4, engine="pure")
    assert comp.new_initial_state(1).dealer_name == "pcg64"
    assert pure.new_initial_state(1).dealer_name == "mt19937"
    # the same generator deals the same game on both engines, whichever it is
    for dealer in DEALERS:
        assert play(comp, 11, dealer).history() == play(pure, 11, dealer).history()
    assert play(comp, 11).history() == play(pure, 11, "pcg64").history()
    assert play(comp, 11).history() != play(pure, 11).history()


@needs_compiled
def test_copies_of_a_compiled_state_carry_no_dealer():
    s = regalia.load_game("kingdomino", players=2, engine="compiled").new_initial_state(2**127)
    for c in (s.clone(), copy.deepcopy(s), s.game.state_from_json(s.to_json()),
              pickle.loads(pickle.dumps(s))):
        assert c.seed is None and c.dealer_name is None
        with pytest.raises(RegaliaError, match="no dealer"):
            c.apply_random_chance()
        # the copy draws from a generator of its own, as the real state would
        assert c.apply_random_chance(make_dealer("pcg64", 4)) == \
            s.clone().apply_random_chance(Pcg64(4))


@needs_compiled
def test_apply_random_chance_in_c_is_sample_then_apply():
    g = regalia.load_game("kingdomino", players=3, engine="compiled")
    a, b = g.new_initial_state(99), g.new_initial_state(99)
    while a.is_chance_node():
        x = b.sample_chance_outcome(b.dealer())
        b.apply_action(x)
        assert a.apply_random_chance() == x
        assert a.history() == b.history()
    assert len(a.history()) == 4   # three draws and the first king
    with pytest.raises(RegaliaError, match="not a chance node"):
        a.apply_random_chance()


# ---------------------------------------------------------------------- records
@needs_compiled
@pytest.mark.parametrize("players", [2, 4])
def test_a_record_dealt_in_c_replays_on_both_engines(players, monkeypatch):
    g = regalia.load_game("kingdomino", players=players, engine="compiled")
    state = play(g, 2**127 + players)
    rec = GameRecord.from_state(state, ["random"] * players)
    assert rec.dealer == "pcg64" and rec.seed == 2**127 + players
    for pure in ("", "1"):
        monkeypatch.setenv("REGALIA_PURE", pure)
        again = GameRecord.from_json_string(rec.to_json_string()).replay()
        assert again.game.engine == ("pure" if pure else "compiled")
        assert again.history() == state.history() and again.scores() == state.scores()
    # an edited draw is caught by the record's own generator
    data = json.loads(rec.to_json_string())
    data["actions"][0] = data["actions"][1]
    data["notation"] = None
    data["digest"] = None
    with pytest.raises(RecordError, match="ply 0: chance outcome .* dealer pcg64"):
        GameRecord.model_validate(data).replay()


@needs_compiled
def test_an_old_record_replays_as_the_twisters_and_keeps_its_digest(monkeypatch):
    g = regalia.load_game("kingdomino", players=2, engine="pure")
    state = play(g, 77)
    rec = GameRecord.from_state(state, ["random", "random"])
    assert rec.dealer is None and rec.dealer_name == "mt19937"
    data = json.loads(rec.to_json_string())
    del data["dealer"]          # a record written before the field existed
    old = GameRecord.model_validate(data)
    assert old.compute_digest() == rec.digest
    for pure in ("", "1"):
        monkeypatch.setenv("REGALIA_PURE", pure)
        assert old.replay().history() == state.history()
    # the same draws claimed by PCG64 are refused (the digest recomputed: not an edit check)
    data["dealer"] = "pcg64"
    data["digest"] = None
    with pytest.raises(RecordError, match="is not what seed 77 deals here"):
        GameRecord.model_validate(data).replay()


@needs_compiled
def test_a_resumed_game_goes_on_with_the_generator_that_dealt_it():
    """A game dealt by the pure engine's Mersenne Twister, resumed on the compiled engine:
    its dealer deals the rest of the game as the uninterrupted one."""
    pure = regalia.load_game("kingdomino", players=2, engine="pure")
    comp = regalia.load_game("kingdomino", players=2, engine="compiled")
    whole = play(pure, 5)
    again = restore(comp, 5, whole.history()[:40], dealer="mt19937")
    assert again.dealer_name == "mt19937"
    for action in whole.history()[40:]:
        if again.is_chance_node():
            assert again.apply_random_chance() == action
        else:
            again.apply_action(action)
    assert again.is_terminal() and again.scores() == whole.scores()
    with pytest.raises(RecordError, match="is not what seed 5 deals"):
        restore(comp, 5, whole.history()[:40])   # its own dealer deals another game
