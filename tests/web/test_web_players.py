"""Players, not seats (issue 25) through the real app on a real store (SQLite, then
PostgreSQL): player keys and names, Your games, open tables, chat, move time limits swept
by the server, rematch and openskill ratings; every kind of hostile input refused with a
clear error and nothing changed; no answer carries a player key or a player id."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("openskill")

from fastapi.testclient import TestClient  # noqa: E402
from openskill.models import PlackettLuce  # noqa: E402
from sqlalchemy import select  # noqa: E402

from regalia.web import create_app  # noqa: E402
from regalia.web.identity import check_name  # noqa: E402
from regalia.web.errors import WebError  # noqa: E402
from regalia.web.store.schema import players_t, ratings_t  # noqa: E402


@pytest.fixture
def server(db_url):
    """The app with short move time limits allowed (1 s) and swept often; the request,
    player and join rates off (tests make many keys from one address); chat's own rate
    and flood control on."""
    app = create_app(db_url, pace=0, min_move_seconds=1.0, clock_sweep=0.2,
                     rate_limits={"request": "off", "player": "off", "join": "off",
                                  "create": "off"},
                     allowed_origins=("http://testserver",))
    with TestClient(app) as client:
        client.rooms = app.state.rooms
        yield client
    app.state.rooms.store.close()


def new_key(server):
    r = server.post("/api/players")
    assert r.status_code == 201, r.text
    return r.json()["key"]


def create(server, seats, key=None, players=2, game="kingdomino", **extra):
    r = server.post("/api/tables", json={"game": game, "players": players, "seats": seats,
                                         **extra},
                    headers={"x-player-key": key} if key else {})
    assert r.status_code == 201, r.text
    d = r.json()
    return d["table"], [s.get("token") for s in d["seats"]]


def as_key(key, seat=None):
    h = {"x-player-key": key}
    if seat is not None:
        h["x-seat"] = str(seat)
    return h


def view(server, tid, headers=None):
    r = server.get(f"/api/tables/{tid}", headers=headers or {})
    assert r.status_code == 200, r.text
    return r.json()


def games_of(server, key):
    r = server.get("/api/players/me/games", headers=as_key(key))
    assert r.status_code == 200, r.text
    return r.json()


def table_count(server):
    return len(server.get("/api/tables").json())


def wait_for(pred, timeout=30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("condition not met in time")


# ------------------------------------------------------------------ keys and names
def test_a_key_is_made_once_stored_as_a_hash_and_revoked(server):
    key = new_key(server)
    assert len(key) == 43
    assert server.get("/api/players/me", headers=as_key(key)).json() == {"ok": True}
    with server.rooms.store.engine.connect() as conn:
        rows = conn.execute(select(players_t)).all()
    assert key not in json.dumps([tuple(r) for r in rows])
    fresh = server.post("/api/players/me/revoke", headers=as_key(key)).json()["key"]
    assert fresh != key
    r = server.get("/api/players/me", headers=as_key(key))
    assert r.status_code == 403 and "revoked" in r.json()["detail"]
    assert server.get("/api/players/me", headers=as_key(fresh)).status_code == 200
    link = server.post("/api/players/me/link", headers=as_key(fresh)).json()
    assert link["url"].endswith("#key=" + fresh) and "<svg" in link["qr"]


@pytest.mark.parametrize("forged", ["", "x" * 43, "x" * 5000, "' OR 1=1 --"])
def test_a_forged_key_is_refused_and_sees_nothing(server, forged):
    owner = new_key(server)
    tid, _ = create(server, [{"kind": "here", "label": "Ann"}, {"kind": "invited"}], owner)
    r = server.get("/api/players/me/games", headers=as_key(forged))
    assert r.status_code in (401, 403) and r.json()["detail"]
    ply = view(server, tid)["ply"]
    r = server.post(f"/api/tables/{tid}/actions", headers=as_key(forged, 0),
                    json={"action": 0})
    assert r.status_code in (401, 403)
    if forged:   # (an empty header is no key: a spectator)
        r = server.get(f"/api/tables/{tid}", headers=as_key(forged, 0))
        assert r.status_code == 403 and "not known" in r.json()["detail"]
    assert view(server, tid)["ply"] == ply


@pytest.mark.parametrize("name,why", [
    ("Computer", "looks like"), ("c0mputer 2", "looks like"), ("Com puter", "looks like"),
    ("Сomputer", "looks like"),              # a Cyrillic С
    ("you", "names its reader"),
    ("A" * 25, "at most 24"), ("   ", "empty"),
    ("Ann\u202eevil", "invisible formatting"), ("Ann\u200b", "invisible formatting"),
    ("Ann\nBob", "control character"), ("Ann\u00a0Bob", "space other"),
    ("x\u0301\u0302\u0303", "combining marks"), (42, "must be text"),
])
def test_hostile_names_are_refused_and_no_table_is_made(server, name, why):
    key = new_key(server)
    before = table_count(server)
    r = server.post("/api/tables", headers=as_key(key), json={
        "game": "kingdomino", "players": 2,
        "seats": [{"kind": "here", "label": name}, {"kind": "invited"}]})
    assert r.status_code == 422 and why in r.json()["detail"], r.text
    assert table_count(server) == before and games_of(server, key) == []


def test_markup_in_a_name_is_kept_as_plain_text():
    assert check_name("  <b>Ann</b>  &  co ") == "<b>Ann</b> & co"
    with pytest.raises(WebError):
        check_name("Cornputer")            # "rn" reads as "m"


def test_computer_seats_carry_the_mark_and_names_reach_the_view(server):
    key = new_key(server)
    tid, _ = create(server, [{"kind": "here", "label": "Ann"},
                             {"kind": "computer", "label": "Hal", "strength": "easy"}], key)
    v = view(server, tid, as_key(key, 0))
    assert [s["label"] for s in v["seats"]] == ["Ann", "Hal (computer)"]
    assert v["people"]["seats"][0]["held"] and not v["people"]["seats"][1]["held"]


# ------------------------------------------------------------------ your games
def test_your_games_finds_a_seat_again_without_its_link(server):
    ann, bob, eve = new_key(server), new_key(server), new_key(server)
    tid, tokens = create(server, [{"kind": "here", "label": "Ann"}, {"kind": "invited"}], ann)
    # Bob opens his invitation link with his key and a name: the key holds the seat
    r = server.post(f"/api/tables/{tid}/sit", headers={"x-seat-token": tokens[1],
                                                        "x-player-key": bob},
                    json={"name": "<b>Bob</b>&amp;"})
    assert r.status_code == 200 and r.json()["yours"], r.text
    # Eve cannot take it over with the same link any more
    r = server.post(f"/api/tables/{tid}/sit", headers={"x-seat-token": tokens[1],
                                                        "x-player-key": eve},
                    json={"name": "Eve"})
    assert r.status_code == 200 and not r.json()["yours"]
    mine = games_of(server, bob)
    assert [g["table"] for g in mine] == [tid]
    g = mine[0]
    assert [s["label"] for s in g["seats"]] == ["Ann", "<b>Bob</b>&amp;"]
    assert [s["mine"] for s in g["seats"]] == [False, True]
    assert g["title"] == "Kingdomino" and not g["over"] and g["waiting"] >= 0
    assert games_of(server, eve) == []
    # the key alone opens the seat, and only the seat it holds
    v = view(server, tid, as_key(bob, 1))
    assert v["seat"] == 1
    assert server.get(f"/api/tables/{tid}", headers=as_key(bob, 0)).status_code == 403
    assert server.get(f"/api/tables/{tid}", headers=as_key(ann, 0)).json()["seat"] == 0
    assert server.get(f"/api/tables/{tid}/mine", headers=as_key(bob)).json() == {"seats": [1]}
    # whose turn it is
    cur = v["current_player"]
    waiting = {0: ann, 1: bob}[cur]
    assert games_of(server, waiting)[0]["turn"] == cur
    # no answer carries a key or a player id
    with server.rooms.store.engine.connect() as conn:
        pids = [r.id for r in conn.execute(select(players_t.c.id))]
    bodies = json.dumps([games_of(server, ann), games_of(server, bob), view(server, tid),
                         view(server, tid, as_key(bob, 1)),
                         server.get("/api/tables/open").json()])
    for secret in [ann, bob, eve, *pids]:
        assert secret not in bodies


def test_a_move_by_key_is_played(server):
    ann = new_key(server)
    tid, _ = create(server, [{"kind": "here", "label": "Ann"},
                             {"kind": "computer", "strength": "easy"}], ann)
    v = wait_for(lambda: (x := view(server, tid, as_key(ann, 0)))["current_player"] == 0
                 and x["legal"] and x)
    r = server.post(f"/api/tables/{tid}/actions", headers=as_key(ann, 0),
                    json={"action": v["legal"][0]["id"], "ply": v["ply"]})
    assert r.status_code == 200, r.text
    assert view(server, tid)["ply"] > v["ply"]


# ------------------------------------------------------------------ open tables
def test_an_open_table_is_joined_from_the_lobby(server):
    ann, bob, cat = new_key(server), new_key(server), new_key(server)
    tid, tokens = create(server, [{"kind": "here", "label": "Ann"}, {"kind": "invited"}], ann,
                         open=True)
    private, _ = create(server, [{"kind": "here", "label": "Ann"}, {"kind": "invited"}], ann)
    listed = server.get("/api/tables/open").json()
    assert [t["table"] for t in listed] == [tid]
    assert [s["free"] for s in listed[0]["seats"]] == [False, True]
    r = server.post(f"/api/tables/{private}/join", headers=as_key(bob),
                    json={"seat": 1, "name": "Bob"})
    assert r.status_code == 403 and "not open" in r.json()["detail"]
    for body, status in [({"seat": 0, "name": "Bob"}, 409), ({"seat": 9, "name": "Bob"}, 422),
                         ({"seat": "1; drop", "name": "Bob"}, 422),
                         ({"seat": 1, "name": "Computer"}, 422)]:
        r = server.post(f"/api/tables/{tid}/join", headers=as_key(bob), json=body)
        assert r.status_code == status, (body, r.text)
    r = server.post(f"/api/tables/{tid}/join", headers=as_key(bob),
                    json={"seat": 1, "name": "Bob"})
    assert r.status_code == 200 and r.json()["label"] == "Bob", r.text
    assert server.get("/api/tables/open").json() == []          # no free seat left
    r = server.post(f"/api/tables/{tid}/join", headers=as_key(cat),
                    json={"seat": 1, "name": "Cat"})
    assert r.status_code == 409
    # the link's token of a joined seat no longer opens it; Bob's key does
    assert server.get(f"/api/tables/{tid}", headers={"x-seat-token": tokens[1]}
                      ).status_code == 403
    assert view(server, tid, as_key(bob, 1))["seat"] == 1
    assert view(server, tid)["seats"][1]["label"] == "Bob"


# ------------------------------------------------------------------ chat
def test_chat_is_plain_text_limited_and_spectators_only_read(server):
    ann, bob, eve = new_key(server), new_key(server), new_key(server)
    tid, tokens = create(server, [{"kind": "here", "label": "Ann"}, {"kind": "invited"}], ann)
    payload = "<img src=x onerror=alert(1)>"
    r = server.post(f"/api/tables/{tid}/chat", headers={"x-seat-token": tokens[0]},
                    json={"text": payload})
    assert r.status_code == 201, r.text
    line = r.json()
    assert line["text"] == payload and line["name"] == "Ann" and line["seat"] == 0
    # a spectator (with or without a key) reads but does not write
    for headers in [{}, as_key(eve)]:
        r = server.post(f"/api/tables/{tid}/chat", headers=headers,
                        json={"text": "hi", "name": "Eve"})
        assert r.status_code == 403 and "spectators" in r.json()["detail"]
    assert [x["text"] for x in server.get(f"/api/tables/{tid}/chat").json()] == [payload]
    # hostile lines
    for text, why in [("x" * 301, "at most 300"), ("a\u202eb", "invisible"), ("", "empty"),
                      (["a"], "must be text")]:
        r = server.post(f"/api/tables/{tid}/chat", headers={"x-seat-token": tokens[0]},
                        json={"text": text})
        assert r.status_code == 422 and why in r.json()["detail"], r.text
    # a flood: repeats, then too many lines
    r = server.post(f"/api/tables/{tid}/chat", headers={"x-seat-token": tokens[0]},
                    json={"text": payload.upper()})
    assert r.status_code == 429 and "same line" in r.json()["detail"]
    codes = [server.post(f"/api/tables/{tid}/chat", headers={"x-seat-token": tokens[0]},
                         json={"text": f"line number {i} " + "abcdefgh"[i] * (8 * i)}
                         ).status_code for i in range(7)]
    assert codes[:4] == [201] * 4 and codes[4:] == [429] * 3
    assert len(server.get(f"/api/tables/{tid}/chat").json()) == 5
    # no key, no player id in the chat
    body = server.get(f"/api/tables/{tid}/chat").text
    assert ann not in body and bob not in body


def test_spectators_write_where_the_table_allows_under_a_name(server):
    ann, eve = new_key(server), new_key(server)
    tid, _ = create(server, [{"kind": "here", "label": "Ann"}, {"kind": "invited"}], ann,
                    spectator_chat=True)
    r = server.post(f"/api/tables/{tid}/chat", json={"text": "hi", "name": "Eve"})
    assert r.status_code == 403 and "player key" in r.json()["detail"]
    r = server.post(f"/api/tables/{tid}/chat", headers=as_key(eve),
                    json={"text": "hi", "name": "Computer"})
    assert r.status_code == 422
    r = server.post(f"/api/tables/{tid}/chat", headers=as_key(eve),
                    json={"text": "hi", "name": "Eve"})
    assert r.status_code == 201 and r.json()["seat"] is None and r.json()["name"] == "Eve"
    assert eve not in r.text


def test_chat_lines_reach_the_websocket_and_no_frame_carries_a_key(server):
    ann, bob = new_key(server), new_key(server)
    tid, tokens = create(server, [{"kind": "here", "label": "Ann"}, {"kind": "invited"}], ann)
    server.post(f"/api/tables/{tid}/sit", headers={"x-seat-token": tokens[1],
                                                    "x-player-key": bob}, json={"name": "Bob"})
    server.post(f"/api/tables/{tid}/chat", headers={"x-seat-token": tokens[0]},
                json={"text": "before"})
    frames = []
    # Bob's seat by his key, offered as a subprotocol (never in the URL)
    with server.websocket_connect(f"/api/tables/{tid}/ws?seat=1",
                                  subprotocols=["regalia", "key." + bob]) as ws:
        assert ws.accepted_subprotocol == "regalia"
        frames.append(ws.receive_text())
        assert json.loads(frames[0])["seat"] == 1
        frames.append(ws.receive_text())
        first = json.loads(frames[-1])
        assert first["type"] == "chat" and [x["text"] for x in first["lines"]] == ["before"]
        server.post(f"/api/tables/{tid}/chat", headers={"x-seat-token": tokens[1]},
                    json={"text": "after"})
        frames.append(ws.receive_text())
        while json.loads(frames[-1]).get("type") != "chat":
            frames.append(ws.receive_text())
        assert [x["text"] for x in json.loads(frames[-1])["lines"]] == ["after"]
    with server.rooms.store.engine.connect() as conn:
        pids = [r.id for r in conn.execute(select(players_t.c.id))]
    for secret in [ann, bob, *pids]:
        assert not any(secret in f for f in frames)


@pytest.mark.parametrize("offer,seat", [("key.forged", "1"), ("key." + "A" * 43, "1"),
                                        ("key.{bob}", "0"), ("key.{bob}", "x")])
def test_a_websocket_with_a_forged_key_or_seat_is_closed_with_the_reason(server, offer, seat):
    from starlette.websockets import WebSocketDisconnect

    ann, bob = new_key(server), new_key(server)
    tid, tokens = create(server, [{"kind": "here", "label": "Ann"}, {"kind": "invited"}], ann)
    server.post(f"/api/tables/{tid}/sit", headers={"x-seat-token": tokens[1],
                                                    "x-player-key": bob}, json={"name": "Bob"})
    with server.websocket_connect(f"/api/tables/{tid}/ws?seat={seat}",
                                  subprotocols=["regalia", offer.format(bob=bob)]) as ws:
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert closed.value.code in (4403, 4422) and closed.value.reason


# ------------------------------------------------------------------ clocks
@pytest.mark.parametrize("bad", [{"seconds": 0.5}, {"seconds": 10 ** 9}, {"seconds": "60"},
                                 {"seconds": 60, "timeout": "explode"}, "1 hour",
                                 {"seconds": 60, "x": 1}])
def test_a_bad_clock_is_refused(server, bad):
    before = table_count(server)
    r = server.post("/api/tables", json={"game": "kingdomino", "players": 2, "clock": bad,
                                         "seats": [{"kind": "here"}, {"kind": "here"}]})
    assert r.status_code == 422 and "clock" in r.json()["detail"]
    assert table_count(server) == before


def person_to_move(server, tid, key, seat):
    return wait_for(lambda: (v := view(server, tid, as_key(key, seat)))["current_player"]
                    == seat and v["legal"] and v)


def test_a_timeout_lets_the_computer_play_that_one_move(server):
    ann = new_key(server)
    tid, _ = create(server, [{"kind": "here", "label": "Ann"},
                             {"kind": "computer", "strength": "easy"}], ann,
                    clock={"seconds": 1, "timeout": "computer"})
    v = person_to_move(server, tid, ann, 0)
    clock = v["people"]["clock"]
    assert clock["seconds"] == 1 and clock["timeout"] == "computer" and clock["deadline"]
    ply = v["ply"]
    after = wait_for(lambda: (x := view(server, tid))["ply"] > ply and x)
    assert after["movers"][ply] == 0 if "movers" in after else True
    # the seat was not taken away: it is the person's again later
    v2 = person_to_move(server, tid, ann, 0)
    assert not v2["people"]["seats"][0]["forfeited"]
    r = server.post(f"/api/tables/{tid}/actions", headers=as_key(ann, 0),
                    json={"action": v2["legal"][0]["id"], "ply": v2["ply"]})
    assert r.status_code in (200, 409), r.text   # 409: the sweep played it first


def test_a_timeout_that_forfeits_ranks_the_seat_last(server):
    ann, bob = new_key(server), new_key(server)
    tid, tokens = create(server, [{"kind": "here", "label": "Ann"}, {"kind": "invited"}], ann,
                         clock={"seconds": 1, "timeout": "forfeit"})
    server.post(f"/api/tables/{tid}/sit", headers={"x-seat-token": tokens[1],
                                                    "x-player-key": bob}, json={"name": "Bob"})
    v = view(server, tid)
    late = v["current_player"]
    v = wait_for(lambda: (x := view(server, tid))["people"]["seats"][late]["forfeited"] and x)
    r = server.post(f"/api/tables/{tid}/actions", headers=as_key([ann, bob][late], late),
                    json={"action": 0})
    assert r.status_code == 409
    # the other seat plays to the end (the computer plays the forfeited one on)
    other = 1 - late
    key = [ann, bob][other]
    while True:
        x = wait_for(lambda: y if (y := view(server, tid, as_key(key, other)))["terminal"]
                     or (y["current_player"] == other and y["legal"]) else None, timeout=60)
        if x["terminal"]:
            break
        r = server.post(f"/api/tables/{tid}/actions", headers=as_key(key, other),
                        json={"action": x["legal"][0]["id"], "ply": x["ply"]})
        assert r.status_code in (200, 409), r.text
    assert x["winners"] == [other]
    assert any("forfeited" in n for n in x["result"]["notes"])


# ------------------------------------------------------------------ a whole game, rated
def play_out(server, tid, keys):
    """Play a table of persons held by ``keys`` (seat -> key) to its end by key."""
    while True:
        v = view(server, tid)
        if v["terminal"]:
            return v
        seat = v["current_player"]
        mine = view(server, tid, as_key(keys[seat], seat))
        r = server.post(f"/api/tables/{tid}/actions", headers=as_key(keys[seat], seat),
                        json={"action": mine["legal"][len(mine["legal"]) // 2]["id"],
                              "ply": mine["ply"]})
        assert r.status_code == 200, r.text


def test_ratings_equal_openskills_own_and_rematch_rotates_the_seats(server):
    ann, bob = new_key(server), new_key(server)
    tid, tokens = create(server, [{"kind": "here", "label": "Ann"}, {"kind": "invited"}], ann)
    r = server.post(f"/api/tables/{tid}/rematch", headers=as_key(ann, 0))
    assert r.status_code == 409 and "finished" in r.json()["detail"]
    server.post(f"/api/tables/{tid}/sit", headers={"x-seat-token": tokens[1],
                                                    "x-player-key": bob}, json={"name": "Bob"})
    v = play_out(server, tid, {0: ann, 1: bob})
    returns = v["returns"]
    model = PlackettLuce()
    ranks = [1 + sum(1 for w in returns if w > x) for x in returns]
    expect = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    with server.rooms.store.engine.connect() as conn:
        rows = {r.name: r for r in conn.execute(
            select(ratings_t, players_t.c.name).join(
                players_t, players_t.c.id == ratings_t.c.player_id)).all()}
    for seat, name in enumerate(["Ann", "Bob"]):
        assert rows[name].mu == pytest.approx(expect[seat][0].mu)
        assert rows[name].sigma == pytest.approx(expect[seat][0].sigma)
        assert rows[name].games == 1
    board = server.get("/api/ratings?game=kingdomino", headers=as_key(bob)).json()
    assert {b["name"] for b in board} == {"Ann", "Bob"}
    assert [b["you"] for b in board if b["name"] == "Bob"] == [True]
    assert all(b["games"] == 1 for b in board) and ann not in json.dumps(board)
    mine = games_of(server, bob)[0]["rating"]
    assert mine == {"value": round(rows["Bob"].ordinal, 1), "games": 1}
    seen = view(server, tid, as_key(ann, 0))["people"]["seats"]
    assert [s["rating"]["games"] for s in seen] == [1, 1]
    # the rematch: made once, seats rotated, each held by the same key
    first = server.post(f"/api/tables/{tid}/rematch", headers=as_key(bob, 1)).json()
    again = server.post(f"/api/tables/{tid}/rematch", headers=as_key(ann, 0)).json()
    assert first["made"] and not again["made"] and again["table"] == first["table"]
    new = first["table"]
    assert view(server, tid)["people"]["next"] == new
    assert view(server, new, as_key(bob, 0))["seat"] == 0
    assert view(server, new, as_key(ann, 1))["seat"] == 1
    assert [s["label"] for s in view(server, new)["seats"]] == ["Bob", "Ann"]
    r = server.post(f"/api/tables/{tid}/rematch")
    assert r.status_code == 401


def test_a_game_alone_or_against_an_unrated_computer_is_not_rated(server):
    ann = new_key(server)
    tid, _ = create(server, [{"kind": "here", "label": "Ann"}, {"kind": "here"}], ann)
    v = view(server, tid, as_key(ann, 0))
    assert "one player holds several seats" in v["people"]["rated"]
    play_out(server, tid, {0: ann, 1: ann})
    with server.rooms.store.engine.connect() as conn:
        assert conn.execute(select(ratings_t)).all() == []


def test_a_game_against_the_computer_is_rated_with_its_strength_as_a_fixed_anchor(server):
    from regalia.web.ratings import ANCHORS

    ann = new_key(server)
    tid, _ = create(server, [{"kind": "here", "label": "Ann"},
                             {"kind": "computer", "strength": "normal"}], ann,
                    rate_computers=True)
    assert view(server, tid)["people"]["rated"] is None
    while True:
        v = wait_for(lambda: y if (y := view(server, tid, as_key(ann, 0)))["terminal"]
                     or (y["current_player"] == 0 and y["legal"]) else None, timeout=60)
        if v["terminal"]:
            break
        r = server.post(f"/api/tables/{tid}/actions", headers=as_key(ann, 0),
                        json={"action": v["legal"][0]["id"], "ply": v["ply"]})
        assert r.status_code == 200, r.text
    returns = v["returns"]
    ranks = [1 + sum(1 for w in returns if w > x) for x in returns]
    model = PlackettLuce()
    mu, sigma = ANCHORS["normal"]
    expect = model.rate([[model.rating()], [model.rating(mu=mu, sigma=sigma)]], ranks=ranks)
    with server.rooms.store.engine.connect() as conn:
        rows = conn.execute(select(ratings_t)).all()
    assert len(rows) == 1 and rows[0].games == 1          # the anchor is no player
    assert rows[0].mu == pytest.approx(expect[0][0].mu)
    assert rows[0].sigma == pytest.approx(expect[0][0].sigma)
    # without the option, the same kind of table says why it is not rated
    tid2, _ = create(server, [{"kind": "here", "label": "Ann"},
                              {"kind": "computer", "strength": "normal"}], ann)
    assert "computer plays" in view(server, tid2)["people"]["rated"]
