"""Seat records (issue 12): a game as one seat saw it, attacked as a player would.

The attacker holds seat p's seat record and wants another seat's cards or Quests, or the
identity of Two Heirs' face-down starting tile. The test builds, from the engine's
truth, other games that differ exactly in something p never saw (a hidden outcome
replaced by another legal one, the rest of the game replayed) and checks that p's seat
record of each is byte-for-byte the same: nothing in the record can tell them apart, so
nothing in it predicts the hidden thing better than p's information state does.
Hostile seat records are refused at load with a clear message and exit code.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from regalia.core.errors import RecordError
from regalia.core.seat_record import SeatRecord, load_any_record
from regalia.core.state import SEEN_BY_ALL

from hidden_cards import played, twins

SRC = str(Path(__file__).parents[2] / "src")


CASES = [("inheritors", {"players": 2}, 70), ("inheritors", {"players": 3}, 90),
         ("inheritors", {"players": 4}, 110), ("two-heirs", {}, 40)]


@pytest.mark.parametrize("pure", [False, True], ids=["default-engine", "pure-engine"])
@pytest.mark.parametrize("name,params,plies", CASES)
def test_another_seats_hidden_cards_cannot_be_read_from_a_seat_record(name, params, plies,
                                                                      pure, monkeypatch):
    """On the default engine (compiled where it is built) and on the pure one."""
    if pure:
        monkeypatch.setenv("REGALIA_PURE", "1")
    state = played(name, 11, plies, **params)
    assert not state.is_terminal()   # mid-game: the hands are not shown yet
    n = state.game.num_players
    for seat in range(n):
        text = SeatRecord.from_state(state, seat).to_json_string()
        found = 0
        for ply, twin in twins(state, seat):
            # the truth differs: another seat holds other cards, or another tile lies
            # face down at the start
            assert twin.history() != state.history()
            assert (any(twin.observation(q) != state.observation(q) for q in range(n)
                        if q != seat) or twin.to_json() != state.to_json())
            assert SeatRecord.from_state(twin, seat).to_json_string() == text, ply
            found += 1
            if found >= 6:
                break
        assert found, f"no hidden outcome of another seat found for seat {seat}"
        rec = json.loads(text)
        assert "seed" not in rec and "actions" not in rec
        for i, v in enumerate(state.visibility()):
            assert (rec["plies"][i]["notation"] is None) == (v not in (SEEN_BY_ALL, seat))


def test_the_face_down_starting_tile_is_named_nowhere():
    state = played("two-heirs", 5, 40)
    start = state.T.ids[state.start_tile]
    same_colour = [state.T.ids[u] for u in state.supply
                   if state.T.colour[u] == state.T.colour[state.start_tile]]
    for seat in (0, 1, None):
        observe = None if seat is not None else (lambda s: {**s.observation(0),
                                                            "player": None})
        text = SeatRecord.from_state(state, seat, observe=observe).to_json_string()
        assert json.dumps(start) not in text
        # nor any tile it could be (they are in the supply, whose order is hidden)
        assert not any(json.dumps(t) in text for t in same_colour)


def test_a_seat_sees_its_own_draws_and_a_spectator_none():
    state = played("inheritors", 3, None, players=3)
    own = [i for i, v in enumerate(state.visibility()) if v == 1]
    rec = SeatRecord.from_state(state, 1)
    truth = state.history_strings()
    assert own and all(rec.plies[i].notation == truth[i] for i in own)
    public = SeatRecord.from_state(state, None,
                                   observe=lambda s: {**s.observation(0), "player": None,
                                                      "hand": [], "quests": []})
    assert all(public.plies[i].notation is None for i in own)
    # the final result is public at the end
    assert rec.scores == state.scores() and rec.returns == state.returns()


# ---------------------------------------------------------------------- the command line
def replay(path, *args):
    return subprocess.run([sys.executable, "-m", "regalia", "replay", str(path), *args],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": SRC, "COLUMNS": "120"})


@pytest.mark.parametrize("name,params", [("inheritors", {"players": 3}), ("two-heirs", {})])
def test_regalia_replay_shows_a_seat_record_and_its_final_scores(tmp_path, name, params):
    state = played(name, 7, None, **params)
    n = state.game.num_players
    labels = [f"P{i}" for i in range(n)]
    SeatRecord.from_state(state, 1, labels).save(tmp_path / "seat.json")
    run = replay(tmp_path / "seat.json")
    assert run.returncode == 0, run.stderr
    assert "as seat 2 (Seat 2 (P1)) saw it" in run.stdout
    assert "Final scores" in run.stdout
    scores = state.scores()
    for p in range(n):
        assert f"{scores[p]:g}" in run.stdout.split("Final scores")[1]
    refused = replay(tmp_path / "seat.json", "--as", "1")
    assert refused.returncode == 2
    assert "seat record of seat 2" in refused.stderr + refused.stdout
    assert replay(tmp_path / "seat.json", "--as", "2", "--brief").returncode == 0


# ---------------------------------------------------------------------- hostile files
@pytest.fixture(scope="module")
def good():
    state = played("inheritors", 9, None, players=2)
    return json.loads(SeatRecord.from_state(state, 0, ["a", "b"]).to_json_string())


def forged(data: dict) -> dict:
    """``data`` with its digest recomputed, as a forger would."""
    body = {k: v for k, v in data.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return {**body, "digest": hashlib.sha256(text.encode()).hexdigest()}


def edit(good, change):
    data = json.loads(json.dumps(good))
    change(data)
    return data


HOSTILE = {
    "edited without a new digest": (lambda g: edit(g, lambda d: d.update(scores=[99, 0])),
                                    "edited after it was written"),
    "a string with ESC": (lambda g: forged(edit(g, lambda d: d["plies"][3].update(
        notation="\x1b[2J"))), "control character"),
    "a hand that is not a list": (lambda g: forged(edit(g, lambda d: d["plies"][5][
        "observation"].update(hand="Spy"))), "hand"),
    "another seat's view": (lambda g: forged(edit(g, lambda d: d["plies"][5][
        "observation"].update(player=1))), "player"),
    "an observation without keys": (lambda g: forged(edit(g, lambda d: d["plies"][5].update(
        observation={"game": "inheritors", "params": {"players": 2}, "player": 0}))),
        "lacks"),
    "a mover that is no seat": (lambda g: forged(edit(g, lambda d: d["plies"][0].update(
        mover=7))), "not a seat"),
    "a seat that is no seat": (lambda g: forged(edit(g, lambda d: d.update(seat=5))),
                               "not a seat"),
    "a file to open": (lambda g: forged(edit(g, lambda d: d["params"].update(
        data="/etc/passwd"))), "never opens a file"),
    "an unknown field": (lambda g: edit(g, lambda d: d.update(seed=1)), "seed"),
    "a full record's kind": (lambda g: edit(g, lambda d: d.update(format="regalia-recrd")),
                             "not a regalia game record"),
    "a market of numbers": (lambda g: forged(edit(g, lambda d: d["plies"][-1][
        "observation"].update(market=[[1, 2], [3], []], phase=3))), "phase"),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_seat_records_are_refused(tmp_path, good, kind):
    make, words = HOSTILE[kind]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(make(good)))
    with pytest.raises(RecordError, match=words):
        rec = load_any_record(path)
        assert isinstance(rec, SeatRecord)
        rec.check()
    run = replay(path)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "Traceback" not in run.stderr and words in " ".join(run.stderr.split())


def test_a_forged_observation_that_cannot_be_drawn_is_refused(tmp_path, good):
    """Right shape, wrong content: the view cannot draw it; exit 1, no traceback."""
    data = forged(edit(good, lambda d: d["plies"][-1]["observation"].update(
        play_areas=[{"nowhere": "x"}], clans=[{}])))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    run = replay(path)
    assert run.returncode == 1 and "cannot be drawn" in " ".join(run.stderr.split())
    assert "Traceback" not in run.stderr


def test_huge_and_malformed_files_are_refused(tmp_path):
    huge = tmp_path / "huge.json"
    huge.write_text('{"format": "regalia-seat-record", "x": "' + "a" * (9 << 20) + '"}')
    run = replay(huge)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    deep = tmp_path / "deep.json"
    deep.write_text('{"format": "regalia-seat-record", "start": ' + "[" * 100000
                    + "]" * 100000 + "}")
    run = replay(deep)
    assert run.returncode in (1, 2) and "Traceback" not in run.stderr
    assert run.returncode == 2 or "nested" in run.stderr
