"""The per-seat move log of the web table (issue 13): every game gets one, each ply's
notation where the seat saw it, a redacted line where it did not, checked as an attacker
against the engine's truth (the state rebuilt from the store's record)."""

from __future__ import annotations

import random
import re

import pytest

from regalia.core.state import SEEN_BY_NONE

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")


from regalia.core.registry import game_drawing, load_game  # noqa: E402
from regalia.web.movelog import MoveLog  # noqa: E402


def _play(web_client, game, players, seed, params=None):
    """A finished table of people only (hot seat), random legal moves through the API;
    returns the table id, the tokens and the state rebuilt from the store."""
    r = web_client.post("/api/tables", json={"game": game, "players": players,
                                         "seats": [{"kind": "here"}] * players,
                                         "params": params or {}, "pace": 0})
    assert r.status_code == 201, r.text
    tid, tokens = r.json()["table"], [s["token"] for s in r.json()["seats"]]
    rng = random.Random(seed)
    v = web_client.get(f"/api/tables/{tid}").json()
    while not v["terminal"]:
        tok = tokens[v["current_player"]]
        mine = web_client.get(f"/api/tables/{tid}", headers={"x-seat-token": tok}).json()
        r = web_client.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tok},
                        json={"action": rng.choice(mine["legal"])["id"], "ply": mine["ply"]})
        assert r.status_code == 200, r.text
        v = r.json()
    row = web_client.app_tables.store.load(tid)
    state = load_game(row.game, **row.params).new_initial_state(0)
    for a in row.actions:
        state.apply_action(a)
    return tid, tokens, state


def _logs(web_client, tid, tokens):
    out = {None: web_client.get(f"/api/tables/{tid}").json()["log"]}
    for seat, tok in enumerate(tokens):
        out[seat] = web_client.get(f"/api/tables/{tid}",
                               headers={"x-seat-token": tok}).json()["log"]
    return out


def test_inheritors_logs_name_no_card_dealt_to_another_seat(web_client):
    tid, tokens, truth = _play(web_client, "inheritors", 3, seed=5)
    logs = _logs(web_client, tid, tokens)
    full = truth.history_strings()
    vis = truth.visibility()
    assert all(len(log) == len(full) for log in logs.values())
    hidden_plies = [i for i, v in enumerate(vis) if v >= 0]
    assert hidden_plies, "a game deals hands: some plies are seen by one seat only"
    for viewer, log in logs.items():
        for i, line in enumerate(log):
            if vis[i] == -1 or vis[i] == viewer:
                assert line == full[i]                 # seen: the notation itself
            else:                                      # not seen: no card is named
                assert line == f"Player {vis[i] + 1} drew a card", (viewer, i, line)
    # the attacker: every card that ended in another seat's hand or Quests and came there
    # by a hidden draw is absent from my log's hidden plies
    for seat in range(3):
        mine = "\n".join(logs[seat][i] for i in hidden_plies if vis[i] != seat)
        assert not re.search(r"\b(purple|red|blue|green|yellow|orange|white)\b \d", mine)


def test_two_heirs_hides_only_the_face_down_starting_tile(web_client):
    tid, tokens, truth = _play(web_client, "two-heirs", 2, seed=3)
    logs = _logs(web_client, tid, tokens)
    full = truth.history_strings()
    # the draws no seat saw, by the engine's own account: the face-down starting tile
    hidden = [i for i, v in enumerate(truth.visibility()) if v == SEEN_BY_NONE]
    assert len(hidden) == 1
    for viewer, log in logs.items():
        differ = [i for i, (a, b) in enumerate(zip(log, full)) if a != b]
        # that draw and nothing else
        assert differ == hidden, (viewer, [(i, log[i], full[i]) for i in differ])
        for i in differ:
            assert log[i] == "a face-down draw"
            assert full[i] not in "\n".join(log)       # the tile's notation shows nowhere


@pytest.mark.parametrize("game,players", [("kingdomino", 2), ("cascadito", 2)])
def test_perfect_information_logs_are_the_history(web_client, game, players):
    tid, tokens, truth = _play(web_client, game, players, seed=1)
    for log in _logs(web_client, tid, tokens).values():
        assert log == truth.history_strings()


def test_the_log_is_built_one_ply_at_a_time_and_follows_an_undo():
    game = load_game("two-heirs", players=2)
    s = game.new_initial_state(11)
    rng = random.Random(2)
    log = MoveLog(game, ["Ann", "Bo"], game_drawing("two-heirs").public_observation)
    plies = []
    for _ in range(40):
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            s.apply_action(rng.choice(s.legal_actions()))
        log.update(s.history())
        plies.append(list(log.log(0)))
    # each update kept the earlier lines (extended, not rebuilt)
    assert all(b[:len(a)] == a for a, b in zip(plies, plies[1:]))
    state_after = log.state
    log.update(s.history())
    assert log.state is state_after                    # nothing new: nothing replayed
    log.update(s.history()[:10])                       # an undo: rebuilt to 10 plies
    assert log.log(0) == plies[9] and len(log.seats()) == 10
