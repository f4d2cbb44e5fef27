"""The web table's JSON API and WebSocket (issue 12), through FastAPI's TestClient on a real
SQLite store: tables, seats and tokens, every kind of bad request, computer seats, and
hidden information (no seed, no future draw) in any response."""

from __future__ import annotations

import json
import re
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from xml.sax.saxutils import quoteattr

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient  # noqa: E402

from regalia.web import create_app  # noqa: E402
from regalia.web import views  # noqa: E402
from regalia.web.store import PERSON, SeatRow  # noqa: E402

HOT = [{"kind": "here"}, {"kind": "here"}]


@pytest.fixture
def server(db_url):
    """The app on a real store, SQLite then PostgreSQL (``db_url``); ``client.db_url``.
    Rate limits off: these tests poll views in tight loops (tests/web/test_hostile_*.py
    test the limits)."""
    app = create_app(db_url, hint_spec="mcts:iterations=40", pace=0,
                     rate_limits={"request": "off", "hint": "off"},
                     allowed_origins=("http://testserver",))
    with TestClient(app) as client:
        client.app_tables = app.state.rooms
        client.db_url = db_url
        yield client
    app.state.rooms.store.close()


def stored_bytes(server, request) -> bytes:
    """Everything the store holds at rest: the SQLite file and its WAL, or PostgreSQL's
    dump of the database."""
    if server.db_url.startswith("sqlite"):
        db = Path(server.db_url.removeprefix("sqlite:///"))
        return db.read_bytes() + b"".join(p.read_bytes() for p in db.parent.glob(db.name + "-*"))
    return request.getfixturevalue("postgres").dump(server.db_url)


def create(server, seats=HOT, players=2, **extra):
    r = server.post("/api/tables", json={"game": "kingdomino", "players": players,
                                         "seats": seats, **extra})
    assert r.status_code == 201, r.text
    d = r.json()
    return d["table"], [s.get("token") for s in d["seats"]]


def view(server, tid, token=None):
    r = server.get(f"/api/tables/{tid}", headers={"x-seat-token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def to_move(server, tid, tokens):
    v = view(server, tid)
    return v["current_player"], tokens[v["current_player"]]


def test_games_come_from_the_registry(server):
    games = {g["name"]: g for g in server.get("/api/games").json()}
    assert {"kingdomino", "two-heirs", "cascadito", "inheritors"} <= set(games)
    k = games["kingdomino"]
    assert (k["min_players"], k["max_players"], k["playable"]) == (2, 4, True)
    assert "mighty-duel" in k["variants"]


def test_a_table_gets_unguessable_tokens_stored_only_as_hashes(server, request):
    tid, tokens = create(server)
    assert all(len(t) >= 43 for t in tokens)          # 32 bytes, URL-safe base64
    assert tokens[0] != tokens[1]
    raw = stored_bytes(server, request)
    assert tid.encode() in raw                        # the dump holds the table
    assert all(t.encode() not in raw for t in tokens)
    v = view(server, tid, tokens[0])
    assert v["seat"] == 0 and v["seats"][1]["kind"] == "here"
    assert "token" not in json.dumps(server.get("/api/tables").json())
    # the first line is drawn and the kings drawn: a person is to pick
    assert v["ply"] > 0 and view(server, tid)["current_player"] in (0, 1)


def test_moves_by_notation_and_by_id_are_committed(server):
    tid, tokens = create(server)
    seat, tok = to_move(server, tid, tokens)
    v = view(server, tid, tok)
    r = server.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tok},
                    json={"notation": v["legal"][0]["notation"], "ply": v["ply"]})
    assert r.status_code == 200, r.text
    assert r.json()["log"][v["ply"]] == v["legal"][0]["notation"]
    seat, tok = to_move(server, tid, tokens)
    v = view(server, tid, tok)
    r = server.post(f"/api/tables/{tid}/actions?token={tok}", json={"action": v["legal"][-1]["id"]})
    assert r.status_code == 200 and r.json()["ply"] > v["ply"]
    stored = server.app_tables.store.load(tid).actions
    assert len(stored) == r.json()["ply"]


def _unchanged(server, tid, before):
    assert view(server, tid) == before


@pytest.mark.parametrize("case", [
    "no token", "wrong token", "other table's token", "out of turn", "illegal id",
    "illegal notation", "unreadable notation", "id out of range", "id as text", "both",
    "neither", "not json", "json list", "stale ply", "ply as text", "huge body"])
def test_bad_requests_are_refused_and_change_nothing(server, case):
    tid, tokens = create(server)
    other_tid, other_tokens = create(server)
    seat, tok = to_move(server, tid, tokens)
    before = view(server, tid)
    v = view(server, tid, tok)
    legal = {m["id"] for m in v["legal"]}
    illegal = next(a for a in range(400) if a not in legal)
    headers = {"x-seat-token": tok}
    body: object = {"action": v["legal"][0]["id"]}
    status = 422
    if case == "no token":
        headers, status = {}, 401
    elif case == "wrong token":
        headers, status = {"x-seat-token": "A" * 43}, 403
    elif case == "other table's token":
        headers, status = {"x-seat-token": other_tokens[0]}, 403
    elif case == "out of turn":
        headers, status = {"x-seat-token": tokens[1 - seat]}, 409
    elif case == "illegal id":
        body = {"action": illegal}
    elif case == "illegal notation":
        body = {"notation": "pick 99" if v["observation"]["phase"] == "pick" else "a1-a2"}
    elif case == "unreadable notation":
        body = {"notation": "<script>"}
    elif case == "id out of range":
        body = {"action": 10**30}
    elif case == "id as text":
        body = {"action": str(v["legal"][0]["id"])}
    elif case == "both":
        body = {"action": v["legal"][0]["id"], "notation": v["legal"][0]["notation"]}
    elif case == "neither":
        body = {}
    elif case == "not json":
        body, status = None, 400
    elif case == "json list":
        body, status = [1, 2], 400
    elif case == "stale ply":
        body, status = {"action": v["legal"][0]["id"], "ply": v["ply"] - 1}, 409
    elif case == "ply as text":
        body, status = {"action": v["legal"][0]["id"], "ply": str(v["ply"])}, 409
    elif case == "huge body":
        body, status = {"notation": "x" * 70000}, 413
    if body is None:
        r = server.post(f"/api/tables/{tid}/actions", content=b"{oops",
                        headers={**headers, "content-type": "application/json"})
    else:
        r = server.post(f"/api/tables/{tid}/actions", headers=headers, json=body)
    assert r.status_code == status, r.text
    assert isinstance(r.json()["detail"], str) and r.json()["detail"]
    _unchanged(server, tid, before)


def test_an_illegal_move_gets_the_engines_reason(server):
    tid, tokens = create(server)
    for _ in range(10):
        seat, tok = to_move(server, tid, tokens)
        v = view(server, tid, tok)
        taken = [d["domino"] for d in v["observation"]["next_line"] if d["king"] is not None]
        if v["observation"]["phase"] == "pick" and taken:
            break
        server.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tok},
                    json={"action": v["legal"][0]["id"]})
    else:
        raise AssertionError("no pick with a taken domino in 10 moves")
    r = server.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tok},
                    json={"notation": f"pick {taken[0]}"})
    assert r.status_code == 422 and "already has king" in r.json()["detail"]


def test_unknown_tables_and_bad_tables_are_refused(server):
    assert server.get("/api/tables/nope").status_code == 404
    assert server.post("/api/tables/nope/actions", json={"action": 1},
                       headers={"x-seat-token": "x"}).status_code == 404
    bad = [
        {"game": "chess", "players": 2, "seats": HOT},
        {"game": "kingdomino", "players": 7, "seats": HOT},
        {"game": "kingdomino", "players": 2, "seats": [{"kind": "here"}]},
        {"game": "kingdomino", "players": 2, "seats": [{"kind": "robot"}, {"kind": "here"}]},
        {"game": "kingdomino", "players": 2,
         "seats": [{"kind": "here"}, {"kind": "computer", "agent": "deep-blue"}]},
        {"game": "kingdomino", "players": 2,
         "seats": [{"kind": "here"}, {"kind": "computer", "strength": "godlike"}]},
        {"game": "kingdomino", "players": 2, "variants": ["chaos"], "seats": HOT},
        {"game": "kingdomino", "players": 2, "seats": [{"kind": "here", "label": "\x1b[31m"},
                                                         {"kind": "here"}]},
        {"game": 5, "players": 2, "seats": HOT},
    ]
    for d in bad:
        r = server.post("/api/tables", json=d)
        assert r.status_code == 422, (d, r.text)
        assert r.json()["detail"]
    assert server.get("/api/tables").json() == []


def test_spectators_see_the_table_but_cannot_act_or_click(server):
    tid, tokens = create(server)
    v = view(server, tid)
    assert v["seat"] is None and v["legal"] == [] and "data-click" not in v["svg"]
    assert server.post(f"/api/tables/{tid}/click", json={"clicks": []}).status_code == 401


def click(server, tid, tok, clicks):
    r = server.post(f"/api/tables/{tid}/click", headers={"x-seat-token": tok},
                    json={"clicks": clicks})
    assert r.status_code == 200, r.text
    return r.json()


def _click_move(server, tid, tok, pick_last=False):
    """One move by clicks only, as the page makes it: ask click([]), follow the first
    target (or the first choice), Rotate once when offered, then Place; post the action.
    Returns the answers seen."""
    answers = [click(server, tid, tok, [])]
    clicks: list = []
    while "next" in answers[-1]:
        nxt = answers[-1]["next"]
        labels = [c["label"] for c in nxt["choices"]]
        if clicks and "Rotate" in labels and {"choice": "rotate"} not in clicks:
            c = {"choice": "rotate"}
        elif clicks and "Place" in labels:
            c = {"choice": "place"}
        elif nxt["targets"]:
            c = json.loads(nxt["targets"][-1 if pick_last else 0])
        else:
            c = nxt["choices"][0]["click"]
        clicks.append(c)
        answers.append(click(server, tid, tok, clicks))
        assert len(clicks) < 6, answers
    assert "action" in answers[-1], answers
    v = view(server, tid, tok)
    assert answers[-1]["action"] in {m["id"] for m in v["legal"]}
    assert answers[-1]["notation"] == next(m["notation"] for m in v["legal"]
                                           if m["id"] == answers[-1]["action"])
    r = server.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tok},
                    json={"action": answers[-1]["action"], "ply": v["ply"]})
    assert r.status_code == 200, r.text
    return answers


def test_a_whole_game_by_clicks_only_through_the_api(server):
    tid, tokens = create(server)
    v = view(server, tid)
    previews = 0
    while not v["terminal"]:
        tok = tokens[v["current_player"]]
        answers = _click_move(server, tid, tok, pick_last=v["ply"] % 2 == 1)
        for a in answers:
            if "next" in a:
                assert a["next"]["prompt"]
                svg = a["next"]["svg"]
                if svg is not None:             # a placement in progress: drawn with
                    ET.fromstring(svg)          # its preview
                    previews += 'class="preview"' in svg
                    # every target is a clickable element of that drawing
                    for t in a["next"]["targets"]:
                        assert f"data-click={quoteattr(t, {chr(34): '&quot;'})}" in svg
        v = view(server, tid)
    assert previews > 10
    assert v["terminal"] and v["winners"]
    rows = {r["label"]: r["cells"] for r in v["score_table"]["rows"]}
    assert rows["Total"] == v["scores"] and "Largest property (tie-break)" in rows
    assert v["scoring_help"][0]["heading"] == "Properties"


def test_clicks_through_the_api_give_the_legal_action(server):
    tid, tokens = create(server)
    seat, tok = to_move(server, tid, tokens)
    v = view(server, tid, tok)
    start = click(server, tid, tok, [])
    assert start["next"]["svg"] is None and start["next"]["prompt"].startswith("Pick")
    first = json.loads(start["next"]["targets"][0])
    assert f"data-click={quoteattr(start['next']['targets'][0], {chr(34): '&quot;'})}" in v["svg"]
    r = click(server, tid, tok, [first])
    assert r["action"] in {m["id"] for m in v["legal"]} and r["notation"].startswith("pick")
    # nothing was played: the client posts the action
    assert view(server, tid, tok) == v
    # the other seat, out of turn, gets an error, not a move
    assert "error" in click(server, tid, tokens[1 - seat], [first])


@pytest.mark.parametrize("body", [
    {"clicks": "e5"}, {"clicks": [1, 2]}, {"clicks": [{"square": "e5"}] * 40},
    {"clicks": None}, {}, {"clicks": {"square": "e5"}}])
def test_malformed_click_requests_are_refused(server, body):
    tid, tokens = create(server)
    seat, tok = to_move(server, tid, tokens)
    before = view(server, tid)
    r = server.post(f"/api/tables/{tid}/click", headers={"x-seat-token": tok}, json=body)
    assert r.status_code == 422 and "clicks must be a list" in r.json()["detail"]
    assert view(server, tid) == before


@pytest.mark.parametrize("clicks", [
    [{"square": "z99"}], [{"action": 10**30}], [{"domino": "1"}], [{"action": True}],
    [{"square": {"$gt": ""}}], [{"choice": "rotate"}], [{"x": [[[[[]]]]]}],
    [{"square": "<script>alert(1)</script>"}], [{"domino": 2.0}]])
def test_hostile_click_objects_get_an_error_and_change_nothing(server, clicks):
    tid, tokens = create(server)
    seat, tok = to_move(server, tid, tokens)
    before = view(server, tid)
    res = click(server, tid, tok, clicks)
    assert set(res) == {"error"} and res["error"]    # shown as text by the page
    assert view(server, tid) == before
    r = server.post(f"/api/tables/{tid}/click", headers={"x-seat-token": tok,
                                                         "content-type": "application/json"},
                    content=b'{"clicks": [{"action": NaN}]}')
    assert r.status_code == 400


def test_a_computer_seat_plays_in_the_background(server):
    tid, tokens = create(server, seats=[{"kind": "here"}, {"kind": "computer",
                                                           "strength": "easy"}])
    assert tokens[1] is None
    for _ in range(12):
        server.app_tables.wait(tid)
        v = view(server, tid, tokens[0])
        if v["terminal"]:
            break
        assert v["current_player"] == 0 and v["thinking"] is None
        r = server.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tokens[0]},
                        json={"action": v["legal"][0]["id"]})
        assert r.status_code == 200, r.text
    server.app_tables.wait(tid)
    v = view(server, tid)
    # the computer moved too: some non-chance moves were the computer's
    assert len(v["log"]) > 24


def test_the_websocket_pushes_each_change_to_each_seat(server):
    tid, tokens = create(server)
    seat, tok = to_move(server, tid, tokens)
    with server.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1 - seat]}") as other, \
            server.websocket_connect(f"/api/tables/{tid}/ws") as spectator:
        first = other.receive_json()
        assert first["seat"] == 1 - seat and spectator.receive_json()["seat"] is None
        v = view(server, tid, tok)
        server.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tok},
                    json={"action": v["legal"][0]["id"]})
        pushed = other.receive_json()
        assert pushed["ply"] > first["ply"] and pushed["log"][first["ply"]] == v["legal"][0]["notation"]
        assert spectator.receive_json()["ply"] > first["ply"]


def test_a_websocket_with_a_bad_token_or_table_is_accepted_then_closed_with_the_reason(server):
    """A refused handshake reaches a page as a bare failure (it would retry for ever): the
    socket is accepted, then closed with 4403 (bad token) or 4404 (no such table) and the
    reason, before any view is sent."""
    tid, _ = create(server)
    from starlette.websockets import WebSocketDisconnect
    for path, code, reason in ((f"{tid}/ws?token=forged", 4403, "not valid"),
                               ("nosuchtable/ws", 4404, "no table 'nosuchtable'"),
                               ("x" * 500 + "/ws", 4404, "no table 'xxx")):
        with pytest.raises(WebSocketDisconnect) as exc:
            with server.websocket_connect(f"/api/tables/{path}") as ws:
                ws.receive_json()
        assert exc.value.code == code and reason in exc.value.reason
        assert len(exc.value.reason.encode()) <= 123     # the protocol's limit


def _play_all(server, tid, tokens, bodies=None):
    """Play to the end through the API; ``bodies`` collects every response of every seat
    and of a spectator."""
    v = view(server, tid)
    while not v["terminal"]:
        seat = v["current_player"]
        mine = view(server, tid, tokens[seat])
        if bodies is not None:
            bodies += [json.dumps(v), json.dumps(mine),
                       json.dumps(view(server, tid, tokens[1 - seat]))]
        r = server.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tokens[seat]},
                        json={"action": mine["legal"][len(mine["legal"]) // 2]["id"]})
        assert r.status_code == 200, r.text
        if bodies is not None:
            bodies.append(r.text)
        v = view(server, tid)
    if bodies is not None:
        bodies.append(json.dumps(v))
    return v


def test_no_response_holds_the_seed_and_the_future_draws_cannot_be_told(server):
    tid, tokens = create(server)
    bodies: list[str] = []
    with server.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws:
        bodies.append(json.dumps(ws.receive_json()))
        final = _play_all(server, tid, tokens, bodies)
    store = server.app_tables.store
    seed = store.load(tid).seed
    assert seed.bit_length() > 100                       # fresh OS entropy, 128 bits
    digits = str(seed)
    assert not any(digits in b for b in bodies)
    assert not any(digits[:12] in b for b in bodies)
    assert final["terminal"] and len(final["winners"]) >= 1
    # the same moves dealt from another seed give the same views at every ply: nothing in
    # a view depends on the future draws (the attacker's test)
    row = store.load(tid)
    # written with a person to move: on PostgreSQL the server's sweep that takes over
    # tables whose server is to move (Rooms.adopt) would otherwise deal into a copy while
    # its moves are written here (a ConflictError about 1 run in 4)
    for ply in (10, 30, len(row.actions)):
        twin = f"twin{ply}"
        store.create_table(twin, row.game, row.params, seed + 1,
                           [SeatRow(s.seat, s.kind, s.agent, s.label, s.token_hash)
                            for s in row.seats], status=PERSON)
        cut = f"cut{ply}"
        store.create_table(cut, row.game, row.params, seed,
                           [SeatRow(s.seat, s.kind, s.agent, s.label, s.token_hash)
                            for s in row.seats], status=PERSON)
        for i, a in enumerate(row.actions[:ply]):
            store.append_action(twin, i, a)
            store.append_action(cut, i, a)
        for token in (None, *tokens):
            a = view(server, cut, token)
            b = view(server, twin, token)
            for x in (a, b):
                x.pop("table"), x.pop("version")
            assert a == b


def test_the_web_layer_imports_no_game_module():
    root = Path(__file__).parents[2] / "src" / "regalia" / "web"
    for path in root.rglob("*.py"):
        text = path.read_text()
        assert "regalia.games" not in text and "from ..games" not in text, path


def test_the_record_of_a_finished_game_replays_and_has_no_seed(server):
    from regalia.core.record import GameRecord

    tid, tokens = create(server)
    assert server.get(f"/api/tables/{tid}/record").status_code == 409   # not over yet
    final = _play_all(server, tid, tokens)
    r = server.get(f"/api/tables/{tid}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rec = GameRecord.from_json_string(r.text)
    assert rec.seed is None
    state = rec.replay()
    assert state.is_terminal() and state.scores() == final["scores"]
    assert rec.actions == server.app_tables.store.load(tid).actions


def test_undo_against_the_computer_until_a_draw(server):
    tid, (tok, _) = create(server, seats=[{"kind": "here"},
                                          {"kind": "computer", "strength": "easy"}])
    server.app_tables.wait(tid)
    undone = refused = 0
    for _ in range(30):
        server.app_tables.wait(tid)
        before = view(server, tid, tok)
        if before["terminal"]:
            break
        r = server.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tok},
                        json={"action": before["legal"][-1]["id"]})
        assert r.status_code == 200
        server.app_tables.wait(tid)
        after = view(server, tid, tok)
        drew = any(m.startswith(("draw", "king")) for m in after["log"][before["ply"]:])
        r = server.post(f"/api/tables/{tid}/undo", headers={"x-seat-token": tok})
        if drew:
            assert r.status_code == 409 and "drawn" in r.json()["detail"]
            assert view(server, tid, tok) == after
            refused += 1
        else:
            assert r.status_code == 200, r.text
            undone_view = r.json()
            assert undone_view.pop("version") > before.pop("version")   # newer, same view
            assert undone_view == before
            assert len(server.app_tables.store.load(tid).actions) == before["ply"]
            undone += 1
            server.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tok},
                        json={"action": before["legal"][0]["id"]})
    assert undone and refused


def test_undo_is_refused_at_a_table_of_people(server):
    tid, tokens = create(server)
    seat, tok = to_move(server, tid, tokens)
    server.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tok},
                json={"action": view(server, tid, tok)["legal"][0]["id"]})
    before = view(server, tid)
    r = server.post(f"/api/tables/{tid}/undo", headers={"x-seat-token": tok})
    assert r.status_code == 409 and "alone against computer" in r.json()["detail"]
    assert server.post(f"/api/tables/{tid}/undo").status_code == 401
    assert view(server, tid) == before


def test_hints_on_request_where_enabled(server):
    tid, tokens = create(server, hints=True)
    seat, tok = to_move(server, tid, tokens)
    v = view(server, tid, tok)
    assert v["hints"] is True
    r = server.post(f"/api/tables/{tid}/hint", headers={"x-seat-token": tok})
    assert r.status_code == 200, r.text
    assert r.json()["action"] in {m["id"] for m in v["legal"]} and r.json()["summary"]
    assert view(server, tid, tok) == v                       # a hint changes nothing
    assert server.post(f"/api/tables/{tid}/hint",
                       headers={"x-seat-token": tokens[1 - seat]}).status_code == 409
    off, off_tokens = create(server)
    seat, tok = to_move(server, off, off_tokens)
    r = server.post(f"/api/tables/{off}/hint", headers={"x-seat-token": tok})
    assert r.status_code == 409 and "hints are off" in r.json()["detail"]
    assert server.post("/api/tables", json={"game": "kingdomino", "players": 2, "seats": HOT,
                                            "hints": "yes"}).status_code == 422


def test_a_finished_game_replays_step_by_step(server):
    tid, tokens = create(server)
    assert server.get(f"/api/tables/{tid}/replay/0").status_code == 409    # not over
    final = _play_all(server, tid, tokens)
    first = server.get(f"/api/tables/{tid}/replay/0").json()
    assert first["ply"] == 0 and first["plies"] == final["ply"]
    assert first["move"] == final["log"][0] and first["scores"] == [0, 0]
    last = server.get(f"/api/tables/{tid}/replay/{final['ply']}").json()
    assert last["move"] is None and last["scores"] == final["scores"]
    mid = server.get(f"/api/tables/{tid}/replay/30").json()
    assert mid["move"] == final["log"][30]
    for bad in (final["ply"] + 1, "x", "-1", "9" * 40):
        assert server.get(f"/api/tables/{tid}/replay/{bad}").status_code in (404, 422)


class _Timers:
    """Stands in for ``threading.Timer`` in regalia.web.compute: records each paced
    computer move (its delay) instead of waiting, so a test fires them one by one."""

    def __init__(self):
        self.made = []

    def __call__(self, delay, fn, args):
        timers = self

        class _T:
            daemon = False

            def start(self):
                timers.made.append((delay, fn, args))
        return _T()

    def next(self, limit=2000):
        for _ in range(limit):              # the computer thinks in the pool: let it finish
            if self.made:
                return self.made.pop(0)
            time.sleep(0.005)
        raise AssertionError("no computer move was scheduled")


def test_computer_moves_are_paced_and_pushed_one_by_one(server, monkeypatch):
    from regalia.web import compute, table

    timers = _Timers()
    monkeypatch.setattr(compute, "Timer", timers)
    monkeypatch.setattr(table, "_clock", lambda: 1000.0)   # no time passes
    tid, (tok, _) = create(server, seats=[{"kind": "here"},
                                          {"kind": "computer", "strength": "easy"}], pace=0.5)
    assert view(server, tid, tok)["pace"] == 0.5
    paced = 0
    with server.websocket_connect(f"/api/tables/{tid}/ws?token={tok}") as ws:
        last = ws.receive_json()
        while paced < 6:
            if last["current_player"] == 0:
                if last["thinking"] is not None or not last["legal"]:
                    last = ws.receive_json()
                    continue
                server.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tok},
                            json={"action": last["legal"][0]["id"], "ply": last["ply"]})
                last = ws.receive_json()
                continue
            # the computer is to move: it is shown thinking, and its move waits for the pace
            delay, fn, args = timers.next()
            assert delay == 0.5
            now = view(server, tid, tok)
            assert now["thinking"] == 1 and now["ply"] == last["ply"]
            while last["thinking"] != 1:
                last = ws.receive_json()
            fn(*args)                            # the pace is over: the move is made
            pushed = ws.receive_json()
            while pushed["ply"] == last["ply"]:   # a repeated push of the same position
                pushed = ws.receive_json()
            # exactly one computer move (and the draws it triggers) per push
            new = pushed["log_seats"][last["ply"]:]
            assert new[0] == 1 and all(p is None for p in new[1:]), new
            paced += 1
            last = pushed


def test_pace_is_a_table_option_and_only_where_a_person_sits(server):
    for bad in ("fast", -1, 11, True, [1]):
        r = server.post("/api/tables", json={"game": "kingdomino", "players": 2,
                                              "seats": HOT, "pace": bad})
        assert r.status_code == 422 and "pace" in r.json()["detail"], bad
    tid, _ = create(server, seats=[{"kind": "computer", "strength": "easy"}] * 2, pace=3)
    server.app_tables.wait(tid)
    v = view(server, tid)
    assert v["pace"] == 0 and v["terminal"]            # no person: no pause
    tid, tokens = create(server, seats=[{"kind": "here"}, {"kind": "computer"}])
    assert view(server, tid, tokens[0])["pace"] == 0     # the server's default (tests: 0)


def _hidden_game_played(server):
    """A finished 2-seat Inheritors table (hot seat), played through the API; skipped
    while Inheritors has no drawing."""
    from regalia.core.registry import game_drawing

    if game_drawing("inheritors") is None:
        pytest.skip("Inheritors has no drawing on this branch yet")
    r = server.post("/api/tables", json={"game": "inheritors", "players": 2, "seats": HOT})
    assert r.status_code == 201, r.text
    tid = r.json()["table"]
    tokens = [s["token"] for s in r.json()["seats"]]
    n = 0
    v = view(server, tid)
    while not v["terminal"]:
        tok = tokens[v["current_player"]]
        mine = view(server, tid, tok)
        r = server.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tok},
                        json={"action": mine["legal"][n * 7 % len(mine["legal"])]["id"]})
        assert r.status_code == 200, r.text
        n += 1
        v = view(server, tid)
    return tid, tokens, v


def test_a_hidden_information_game_replays_as_each_seat_saw_it(server):
    tid, tokens, final = _hidden_game_played(server)
    from regalia.core.registry import game_drawing, load_game

    drawing = game_drawing("inheritors")
    row = server.app_tables.store.load(tid)
    game = load_game(row.game, **row.params)
    labels = [s.label for s in row.seats]
    for ply in (0, 7, len(row.actions) // 2, len(row.actions)):
        state = game.new_initial_state(0)
        for a in row.actions[:ply]:
            state.apply_action(a)
        for seat, token in ((0, tokens[0]), (1, tokens[1]), (None, None)):
            r = server.get(f"/api/tables/{tid}/replay/{ply}",
                           headers={"x-seat-token": token} if token else {})
            assert r.status_code == 200, r.text
            obs = state.observation(seat if seat is not None else 0)
            if seat is None:
                obs = drawing.public_observation(obs)
            # drawn from that seat's observation then (spectators: the public part), the
            # other seats' moves since its last one marked: only plies it saw, as its log
            # wrote them (a card drawn into another hand is never handed to the drawing)
            recent = r.json()["recent"]
            assert r.json()["svg"] == drawing.render(obs, (), labels, recent=recent)
            vis = state.visibility()
            truth = state.history_strings()
            for item in recent:
                assert vis[item["ply"]] in (-1, seat) and item["seat"] != seat
                assert item["notation"] == truth[item["ply"]]
    # the log has one line per ply; the spectator's names no card drawn into a hand
    spectator = view(server, tid)
    assert len(spectator["log"]) == len(row.actions) == len(spectator["log_seats"])
    assert "P1 drew a card" in spectator["log"] or "Player 1 drew a card" in spectator["log"]


def test_a_hidden_information_record_is_each_seats_own_seat_record(server, tmp_path):
    """A seat downloads the seat record of what it saw (never the full record: no seed,
    no action ids, no other hand); a spectator the public one; `regalia replay` shows
    the downloaded file and its final scores."""
    import subprocess
    import sys

    from regalia.core.seat_record import SeatRecord

    tid, tokens, final = _hidden_game_played(server)
    state = server.app_tables.get(tid).state
    for seat, token in ((None, None), *enumerate(tokens)):
        r = server.get(f"/api/tables/{tid}/record",
                       headers={"x-seat-token": token} if token else {})
        assert r.status_code == 200, r.text
        assert '"regalia-seat-record"' in r.text and '"seed"' not in r.text
        rec = SeatRecord.from_json_string(r.text)
        rec.check()
        assert rec.seat == seat and rec.returns == state.returns()
        expected = SeatRecord.from_state(state.clone(), seat, rec.players, observe=(
            None if seat is not None else lambda s: views.observe(
                server.app_tables.get(tid), s, None)))
        assert rec == expected
        if seat is not None:     # what only the other seat saw is not in it
            other = 1 - seat
            hidden = [i for i, v in enumerate(state.visibility()) if v == other]
            assert hidden and all(rec.plies[i].notation is None for i in hidden)
    # the seat link's own query-string token (the page's download link) works too
    r = server.get(f"/api/tables/{tid}/record?token={tokens[1]}")
    path = tmp_path / "seat2.json"
    path.write_text(r.text)
    run = subprocess.run([sys.executable, "-m", "regalia", "replay", str(path), "--brief"],
                         capture_output=True, text=True, timeout=300,
                         env={**__import__("os").environ, "COLUMNS": "120",
                              "PYTHONPATH": str(Path(__file__).parents[2] / "src")})
    assert run.returncode == 0, run.stderr
    assert "as seat 2" in run.stdout and "Final scores" in run.stdout


def test_computer_seats_are_told_apart_by_their_labels(server):
    r = server.post("/api/tables", json={"game": "kingdomino", "players": 4, "pace": 0, "seats": [
        {"kind": "here"}, {"kind": "computer"}, {"kind": "computer", "strength": "normal"},
        {"kind": "computer", "label": "Hal"}]})
    assert [s["label"] for s in r.json()["seats"]] == [
        "Player 1", "Computer 2 (easy)", "Computer 3 (normal)", "Hal (computer)"]
    r = server.post("/api/tables", json={"game": "kingdomino", "players": 2, "pace": 0,
                                         "seats": [{"kind": "here"}, {"kind": "computer"}]})
    assert r.json()["seats"][1]["label"] == "Computer (easy)"


def test_friendly_strengths_are_the_opponents_each_game_recommends(server):
    # "easy", "normal" and "strong" are the settings a game registers with
    # register_strengths (measured; docs/agents.md), not one table for every game
    from regalia.core.registry import game_strengths

    declared = game_strengths("kingdomino")
    assert declared is not None and declared.easy != declared.strong
    for strength in ("easy", "normal", "strong"):
        r = server.post("/api/tables", json={
            "game": "kingdomino", "players": 2,
            "seats": [{"kind": "here"}, {"kind": "computer", "strength": strength}]})
        assert r.status_code == 201, r.text
        seat = r.json()["seats"][1]
        assert seat["agent"] == declared.as_dict()[strength]
