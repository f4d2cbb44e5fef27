"""GameRecord: building, JSON, files, and every refusal of a bad record."""

from __future__ import annotations

import json

import pytest

import regalia
from regalia import GameRecord, RecordError, RegaliaError
from regalia.arena import play_match


@pytest.fixture(scope="module")
def finished():
    """A finished 2-player Kingdomino game (terminal state) and its record."""
    game = regalia.load_game("kingdomino", players=2)
    result = play_match(game, ["random", "greedy"], seed=2024)
    return result.state, result.record


@pytest.fixture
def record(finished) -> GameRecord:
    return finished[1].model_copy(deep=True)


def _first_decision_ply(rec: GameRecord, start: int) -> int:
    """The first ply at or after ``start`` where a player (not chance) acts."""
    state = regalia.load_game(rec.game, **rec.params).new_initial_state(rec.seed)
    for ply, action in enumerate(rec.actions):
        if ply >= start and not state.is_chance_node():
            return ply
        state.apply_action(action)
    raise AssertionError("no decision after ply start")


def _state_before(rec: GameRecord, ply: int):
    state = regalia.load_game(rec.game, **rec.params).new_initial_state(rec.seed)
    for action in rec.actions[:ply]:
        state.apply_action(action)
    return state


# ---------------------------------------------------------------------------- good records
def test_record_fields(finished):
    state, rec = finished
    assert rec.format == "regalia-record" and rec.version == 1
    assert rec.game == "kingdomino"
    assert rec.params == {"players": 2, "variants": []}
    assert rec.seed == 2024
    assert rec.players == ["random", "greedy"]
    assert rec.actions == state.history()
    assert rec.notation == state.history_strings()
    assert len(rec.notation) == len(rec.actions)
    assert rec.scores == [float(s) for s in state.scores()]
    assert len(rec.digest) == 64 and rec.digest == rec.compute_digest()


def test_replay_gives_the_final_state(finished, record):
    state, _ = finished
    replayed = record.replay()
    assert replayed == state
    assert replayed.scores() == state.scores()
    assert replayed.is_terminal()


def test_record_without_digest_still_replays(finished, record):
    record.digest = None
    assert record.replay() == finished[0]


def test_record_without_notation_still_replays(finished, record):
    record.notation = None
    record.digest = record.compute_digest()
    assert record.replay() == finished[0]


def test_chance_is_in_the_record_so_the_seed_is_not_needed(finished, record):
    """Every draw is an action of the record: a record without its seed replays the same
    game (only the state's seed differs)."""
    state, _ = finished
    record.seed = None
    record.digest = record.compute_digest()
    replayed = record.replay()
    assert replayed.history() == state.history()
    assert replayed.scores() == state.scores()
    assert replayed.returns() == state.returns()


def test_digest_covers_every_field(record):
    digest = record.compute_digest()
    for change in (lambda r: r.actions.append(0), lambda r: setattr(r, "seed", 1),
                   lambda r: r.players.reverse(), lambda r: r.params.update(players=3),
                   lambda r: setattr(r, "scores", None)):
        edited = record.model_copy(deep=True)
        change(edited)
        assert edited.compute_digest() != digest


def test_json_string_round_trip(record):
    text = record.to_json_string()
    data = json.loads(text)
    assert data["format"] == "regalia-record"
    assert data["actions"] == record.actions
    again = GameRecord.from_json_string(text)
    assert again == record
    assert again.compute_digest() == record.digest


def test_save_and_load(tmp_path, finished, record):
    path = tmp_path / "sub" / "game.json"
    path.parent.mkdir()
    record.save(path)
    assert path.read_text(encoding="utf-8").endswith("\n")
    loaded = GameRecord.load(path)
    assert loaded == record
    assert loaded.replay() == finished[0]


def test_unfinished_game_record():
    game = regalia.load_game("kingdomino", players=3)
    state = game.new_initial_state(5)
    for _ in range(30):
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(state.legal_actions()[-1])
    rec = GameRecord.from_state(state, players=["a", "b", "c"])
    assert rec.scores is None
    assert rec.actions == state.history() and len(rec.actions) == 30
    replayed = rec.replay()
    assert replayed == state and not replayed.is_terminal()


def test_replay_on_step_sees_every_action_before_it_is_applied(record):
    seen = []

    def on_step(state, action, text):
        assert len(state.history()) == len(seen)
        assert state.action_to_string(action) == text
        seen.append(action)

    record.replay(on_step=on_step)
    assert seen == record.actions


# ---------------------------------------------------------------------------- refusals
def test_tampered_digest_is_refused(record):
    record.digest = "0" * 64
    with pytest.raises(RecordError) as exc:
        record.replay()
    assert "edited" in str(exc.value)
    assert isinstance(exc.value, ValueError) and isinstance(exc.value, RegaliaError)


def test_edit_without_new_digest_is_refused(record):
    record.players = ["greedy", "greedy"]
    with pytest.raises(RecordError, match="edited"):
        record.replay()


def test_illegal_edited_action_is_refused_naming_the_ply(record):
    """Digest and notation are made consistent with the edit, so only the legality check
    of the replay can catch it."""
    ply = _first_decision_ply(record, len(record.actions) // 2)
    state = _state_before(record, ply)
    legal = set(state.legal_actions())
    bad = next(a for a in range(state.game.num_distinct_actions) if a not in legal)
    record.actions[ply] = bad
    record.notation[ply] = state.action_to_string(bad)
    record.digest = record.compute_digest()
    with pytest.raises(RecordError) as exc:
        record.replay()
    message = str(exc.value)
    assert message.startswith(f"ply {ply}:")
    assert "illegal action" in message and str(bad) in message


def test_illegal_edited_chance_outcome_is_refused(record):
    state = _state_before(record, 0)
    assert state.is_chance_node()
    # a draw that was already drawn at ply 0 cannot be drawn again at ply 1
    record.actions[1] = record.actions[0]
    record.notation[1] = record.notation[0]
    record.digest = record.compute_digest()
    with pytest.raises(RecordError, match=r"^ply 1:"):
        record.replay()


def test_notation_mismatch_is_refused(record):
    ply = _first_decision_ply(record, 10)
    record.notation[ply] = "something else"
    record.digest = record.compute_digest()
    with pytest.raises(RecordError) as exc:
        record.replay()
    message = str(exc.value)
    assert f"ply {ply}" in message and "'something else'" in message


def test_notation_length_mismatch_is_refused(record):
    record.notation = record.notation[:-1]
    record.digest = record.compute_digest()
    with pytest.raises(RecordError, match="notation entries"):
        record.replay()


def test_claimed_scores_mismatch_is_refused(record):
    record.scores = [record.scores[0] + 1, record.scores[1]]
    record.digest = record.compute_digest()
    with pytest.raises(RecordError, match="differ"):
        record.replay()


def test_claimed_scores_of_an_unfinished_game_are_refused(record):
    record.actions = record.actions[:-3]
    record.notation = record.notation[:-3]
    record.digest = record.compute_digest()
    with pytest.raises(RecordError, match="not over"):
        record.replay()


@pytest.mark.parametrize("game, params", [
    ("no-such-game", {"players": 2}),
    ("kingdomino", {"players": 7}),
])
def test_record_of_a_game_that_cannot_be_built(record, game, params):
    record.game, record.params = game, params
    record.digest = record.compute_digest()
    with pytest.raises(RecordError, match="cannot be built"):
        record.replay()


def test_non_json_text_is_refused():
    with pytest.raises(RecordError) as exc:
        GameRecord.from_json_string("this is { not json", source="x.json")
    assert str(exc.value).startswith("x.json: not JSON")


@pytest.mark.parametrize("text", [
    "[]", "42", '"regalia-record"', '{"game": "kingdomino", "actions": []}',
    '{"format": "pgn", "game": "kingdomino", "params": {}, "actions": []}',
])
def test_json_that_is_not_a_record_is_refused(text):
    with pytest.raises(RecordError, match="not a regalia game record"):
        GameRecord.from_json_string(text)


@pytest.mark.parametrize("field", ["game", "params", "actions"])
def test_missing_field_is_refused_naming_it(record, field):
    data = json.loads(record.to_json_string())
    del data[field]
    with pytest.raises(RecordError) as exc:
        GameRecord.from_json_string(json.dumps(data), source="r.json")
    message = str(exc.value)
    assert message.startswith("r.json: malformed record")
    assert field in message


@pytest.mark.parametrize("change, field", [
    ({"actions": ["d5-e5"]}, "actions"),
    ({"version": 2}, "version"),
    ({"seed": "soon"}, "seed"),
    ({"comment": "hello"}, "comment"),
])
def test_wrong_field_is_refused_naming_it(record, change, field):
    data = json.loads(record.to_json_string())
    data.update(change)
    with pytest.raises(RecordError) as exc:
        GameRecord.from_json_string(json.dumps(data))
    assert "malformed record" in str(exc.value) and field in str(exc.value)


def test_load_missing_file(tmp_path):
    path = tmp_path / "nope.json"
    with pytest.raises(RecordError) as exc:
        GameRecord.load(path)
    assert str(exc.value) == f"{path}: no such file"


def test_load_binary_file(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match="not UTF-8 text, so not a game record .* at byte 0"):
        GameRecord.load(path)


def test_load_reports_the_file_name(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(RecordError) as exc:
        GameRecord.load(path)
    assert str(exc.value).startswith(str(path))


def test_toy_game_record_round_trip(dice_race):
    """Records work for any registered game, through the registry."""
    game = regalia.load_game("dice-race", players=3, variants=["short"])
    state = game.new_initial_state(9)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(3)  # keep
    rec = GameRecord.from_state(state)
    assert rec.game == "dice-race"
    assert rec.notation[0].startswith("roll ")
    again = GameRecord.from_json_string(rec.to_json_string())
    assert again.replay() == state
    assert again.replay().scores() == state.scores()
