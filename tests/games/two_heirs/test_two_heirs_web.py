"""Two Heirs at the web table (issue 13), through the web layer's JSON API on a real SQLite
store: whole games played by clicks only (board protocol v2), 2 players against a computer
seat and solo against Heinrich, to the final scores."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from xml.sax.saxutils import quoteattr

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")




def _post(web_client, path, tok, body):
    r = web_client.post(path, headers={"x-seat-token": tok} if tok else {}, json=body)
    assert r.status_code in (200, 201), r.text
    return r.json()


def _view(web_client, tid, tok):
    r = web_client.get(f"/api/tables/{tid}", headers={"x-seat-token": tok})
    assert r.status_code == 200, r.text
    return r.json()


PREFER = ('{"reserve"', '{"hand"', '{"cell"')


def _one_action(web_client, tid, tok, played_hand: set[str]) -> tuple[int, list[str]]:
    """One action by clicks, as a person would make it: take the first reachable tile, play
    each hand tile once (build where it can, else face down), then end the turn; the hand
    limit and the siege by their buttons. Returns the action and the prompts seen."""
    clicks: list = []
    prompts = []
    while True:
        r = _post(web_client, f"/api/tables/{tid}/click", tok, {"clicks": clicks})
        if "action" in r:
            return r["action"], prompts
        assert "next" in r, r
        nxt = r["next"]
        prompts.append(nxt["prompt"])
        if nxt.get("svg"):
            ET.fromstring(nxt["svg"])
            for t in nxt["targets"]:
                assert f"data-click={quoteattr(t, {chr(34): '&quot;'})}" in nxt["svg"]
        targets = [t for t in nxt["targets"]
                   if not (t.startswith('{"hand"') and json.loads(t)["hand"] in played_hand
                           and not clicks)]
        pick = next((t for p in PREFER for t in targets if t.startswith(p)
                     and not (p == '{"cell"' and not clicks)), None)
        if pick is not None:
            obj = json.loads(pick)
            if "hand" in obj:
                played_hand.add(obj["hand"])
            clicks.append(obj)
            continue
        labels = {c["label"]: c["click"] for c in nxt["choices"]}
        want = next((c for lab, c in labels.items()
                     if lab.startswith(("Return", "Spare", "End turn"))), None)
        assert want is not None, (nxt["prompt"], labels)
        clicks.append(want)


def _play_by_clicks(web_client, body):
    d = _post(web_client, "/api/tables", None, body)
    tid = d["table"]
    tok = d["seats"][0]["token"]
    web_client.app_tables.wait(tid)
    v = _view(web_client, tid, tok)
    actions = 0
    played: set[str] = set()
    while not v["terminal"]:
        assert v["current_player"] == 0, v          # the computer and Heinrich have moved
        action, prompts = _one_action(web_client, tid, tok, played)
        assert prompts and all(prompts)
        assert action in {m["id"] for m in v["legal"]}
        _post(web_client, f"/api/tables/{tid}/actions", tok, {"action": action, "ply": v["ply"]})
        web_client.app_tables.wait(tid)                 # the computer seat's moves, if any
        v = _view(web_client, tid, tok)
        actions += 1
        assert actions < 2000
    return v, actions


def test_a_two_player_game_by_clicks_only(web_client):
    v, actions = _play_by_clicks(web_client, {
        "game": "two-heirs", "players": 2,
        "seats": [{"kind": "here", "label": "Ada"}, {"kind": "computer", "strength": "easy"}]})
    assert actions > 20
    table = v["score_table"]
    assert table["headings"] == ["Scoring item", "Ada", "Computer (easy)"]   # seat names
    total = table["rows"][-1]
    assert total["label"] == "Total" and total["cells"] == [int(x) for x in v["scores"]]
    assert any(h["heading"] == "Roads" for h in v["scoring_help"])
    assert "Game over" in v["svg"]


def test_a_solo_game_against_heinrich_by_clicks_only(web_client):
    v, actions = _play_by_clicks(web_client, {
        "game": "two-heirs", "players": 1, "seats": [{"kind": "here", "label": "Ada"}]})
    assert actions > 10
    assert v["score_table"]["headings"] == ["Scoring item", "Ada", "Heinrich"]
    rows = {r["label"]: r["cells"] for r in v["score_table"]["rows"]}
    assert any(k.startswith("Treasures left") for k in rows)
    assert "Heinrich&apos;s last turn:" in v["svg"] or "Heinrich's last turn:" in v["svg"]
    assert "Game over" in v["svg"]
