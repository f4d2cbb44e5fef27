"""Records verify their seed against every chance outcome, their data against the data in
use, and take only strict ints."""

from __future__ import annotations

import json
import random

import pytest

import regalia
from regalia.arena import play_match
from regalia.core.errors import IllegalActionError, RecordError
from regalia.core.record import GameRecord


def recorded(players=2, **params):
    game = regalia.load_game("kingdomino", players=players, **params)
    return play_match(game, ["greedy", "random"][:players], seed=21).record


def edited(rec: GameRecord, **changes) -> GameRecord:
    data = json.loads(rec.to_json_string())
    data.update(changes)
    out = GameRecord.model_validate(data)
    out.digest = out.compute_digest()  # a careful forger recomputes the digest
    return out


def test_seeded_records_keep_their_seed_and_replay():
    rec = recorded()
    assert rec.seed == 21 and rec.replay().is_terminal()


def test_an_edited_seed_is_refused_at_the_first_chance_outcome():
    rec = edited(recorded(), seed=22)
    with pytest.raises(RecordError, match=r"ply 0: chance outcome .* is not what seed 22 deals"):
        rec.replay()


def test_swapped_draws_are_refused_even_with_a_recomputed_digest():
    rec = recorded()
    actions = list(rec.actions)
    actions[0], actions[1] = actions[1], actions[0]  # two draws of the first line, swapped
    notation = list(rec.notation)
    notation[0], notation[1] = notation[1], notation[0]
    with pytest.raises(RecordError, match="ply 0: chance outcome"):
        edited(rec, actions=actions, notation=notation).replay()


def test_chance_from_another_generator_keeps_no_seed():
    game = regalia.load_game("kingdomino", players=2)
    s = game.new_initial_state(5)
    rng = random.Random(99)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_random_chance(rng)  # not the dealer
        else:
            s.apply_action(s.legal_actions()[0])
    rec = GameRecord.from_state(s)
    assert rec.seed is None
    replayed = rec.replay()
    assert replayed.history() == s.history() and replayed.scores() == s.scores()


def test_changed_component_data_is_refused(tmp_path):
    rec = recorded()
    assert rec.data_digest == regalia.load_game("kingdomino", players=2).data_digest()
    with pytest.raises(RecordError, match="component data differs"):
        edited(rec, data_digest="0" * 64).replay()


@pytest.mark.parametrize("field, value", [("actions", ["402"]), ("seed", "21"), ("actions", [1.0])])
def test_record_fields_are_strict(field, value):
    data = json.loads(recorded().to_json_string())
    data[field] = value
    with pytest.raises(RecordError, match=field):
        GameRecord.from_json_string(json.dumps(data))


@pytest.mark.parametrize("bad", ["d5-e5", None, 400.0, True])
def test_apply_action_takes_only_int_ids(bad):
    s = regalia.load_game("kingdomino", players=2).new_initial_state(1)
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="int action id"):
        s.apply_action(bad)
    assert s.to_json() == before
