"""The scoring pad's routes (``/score``, ``/api/pad/...``) through FastAPI's TestClient on a
real SQLite store: a position entered and scored, refusals in the parser's words, bad
requests, nothing stored unless shared, and shared links bounded and expiring."""

from __future__ import annotations

import hashlib
import sqlite3

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient  # noqa: E402

from regalia.web import create_app  # noqa: E402


#: The test client's host name allowed, requests not rate-limited (as tests/conftest.py).
OPEN = {"allowed_origins": ("http://testserver",), "rate_limits": {"request": "off"}}


@pytest.fixture
def client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 't.sqlite'}", resume=False,
                     shares_per_client=3, max_shares=5, **OPEN)
    with TestClient(app) as c:
        c.db = tmp_path / "t.sqlite"
        yield c


def rows(client, table: str) -> list[tuple]:
    with sqlite3.connect(client.db) as conn:
        return conn.execute(f"select * from {table}").fetchall()


def test_the_page_and_the_games(client):
    page = client.get("/score")
    assert page.status_code == 200
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page.text
    assert 'src="/static/pad.js"' in page.text
    games = {g["name"]: g for g in client.get("/api/pad/games").json()}
    assert set(games) == {"kingdomino", "two-heirs", "cascadito", "inheritors"}
    sheet = next(q for q in games["cascadito"]["setup"] if q["name"] == "sheet")
    assert [o["value"] for o in sheet["options"]] == [1, 2, 3, 4]
    assert client.get("/static/pad.css").status_code == 200


def test_enter_edit_and_score_without_storing_anything(client):
    v = client.post("/api/pad/kingdomino/new", json={"choices": {"players": 2}}).json()
    text = v["text"]
    v = client.post("/api/pad/kingdomino/view", json={"text": text, "focus": "sq:0:0:1"}).json()
    forest = next(o for g in v["menu"]["groups"] for o in g["options"] if o["label"] == "Forest")
    v = client.post("/api/pad/kingdomino/edit",
                    json={"text": text, "edit": {**forest["edit"], "crowns": 2},
                          "focus": v["menu"]["focus"]}).json()
    assert "C   F**" in v["text"] and v["menu"]["focus"] == "sq:0:0:1"
    assert [p["total"] for p in v["score"]["players"]] == [2, 0]
    assert v["score"]["ranking"][0]["name"] == "Player 1"
    assert rows(client, "pad_shares") == [] and rows(client, "tables") == []


def test_refusals_are_422_in_the_parsers_words_and_change_nothing(client):
    text = client.post("/api/pad/cascadito/new", json={"choices": {"sheet": 1}}).json()["text"]
    r = client.post("/api/pad/cascadito/edit", json={
        "text": text, "edit": {"op": "track", "player": 0, "track": "blue", "value": 8}})
    assert r.status_code == 422
    assert r.json()["detail"] == "'8': the blue track has 7 spaces; expected 0 to 7 spaces marked"
    # an import keeps the line and column, which are the user's own
    r = client.post("/api/pad/cascadito/view", json={"text": "sheet 1\ntrack blue 9\n"})
    assert r.status_code == 422 and r.json()["detail"].startswith("line 2, column 12: '9': the blue")
    r = client.post("/api/pad/inheritors/view",
                    json={"text": "player A\nclan Wolf\nplayer B\n"})
    assert r.status_code == 422 and "Wolf: A's yellow stack is empty" in r.json()["detail"]


@pytest.mark.parametrize("path,body,status,words", [
    ("/api/pad/chess/new", {}, 404, "no scoring pad for 'chess'"),
    ("/api/pad/kingdomino/view", {"text": 5}, 422, "text must be the score text"),
    ("/api/pad/kingdomino/view", {"text": "C", "focus": "x" * 100}, 422, "focus must be"),
    ("/api/pad/kingdomino/view", {"text": "C", "focus": "sq:9:9:9"}, 422, "no square"),
    ("/api/pad/kingdomino/edit", {"text": "C", "edit": "square"}, 422, "edit must be an object"),
    ("/api/pad/kingdomino/edit", {"text": "C", "edit": {"op": "fly"}}, 422, "unknown edit"),
    ("/api/pad/kingdomino/new", {"choices": [1]}, 422, "choices must be an object"),
    ("/api/pad/kingdomino/new", {"choices": {"players": 9}}, 422, "players: 1 to 4"),
    ("/api/pad/shares", {"game": "kingdomino", "text": "C C"}, 422, "exactly one castle"),
    ("/api/pad/shares", {"game": 7, "text": "C"}, 404, "no scoring pad"),
])
def test_bad_requests(client, path, body, status, words):
    r = client.post(path, json=body)
    assert r.status_code == status and words in r.json()["detail"], r.text
    assert rows(client, "pad_shares") == []


def test_bodies_not_json_or_too_large(client):
    r = client.post("/api/pad/kingdomino/view", content=b"{\"text\": NaN}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 400
    r = client.post("/api/pad/kingdomino/view", json={"text": "C " * 40_000})
    assert r.status_code == 413


def test_a_shared_link_hands_the_position_over_and_stores_only_its_hash(client):
    text = client.post("/api/pad/inheritors/new", json={"choices": {"players": 2}}).json()["text"]
    r = client.post("/api/pad/shares", json={"game": "inheritors", "text": text})
    assert r.status_code == 201
    s = r.json()
    assert s["url"].endswith(f"/score#share={s['id']}") and len(s["id"]) >= 22
    assert s["qr"].startswith("<svg") and s["expires"] > "2000"
    got = client.get(f"/api/pad/shares/{s['id']}").json()
    assert got == {"game": "inheritors", "text": text, "expires": s["expires"]}
    (row,) = rows(client, "pad_shares")
    assert row[0] == hashlib.sha256(s["id"].encode()).hexdigest()
    assert s["id"] not in " ".join(map(str, row))
    assert client.get("/api/pad/shares/nope").status_code == 404
    assert client.get("/api/pad/shares/" + "x" * 100).status_code == 404


def test_shares_are_bounded_per_client_and_in_all(client):
    for _ in range(3):
        assert client.post("/api/pad/shares", json={"game": "kingdomino", "text": "C"}
                           ).status_code == 201
    r = client.post("/api/pad/shares", json={"game": "kingdomino", "text": "C"})
    assert r.status_code == 429 and "3 shared links from this address" in r.json()["detail"]
    assert len(rows(client, "pad_shares")) == 3


def test_shared_links_expire_and_are_purged(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'e.sqlite'}", resume=False, share_hours=-1.0,
                     **OPEN)
    with TestClient(app) as c:
        s = c.post("/api/pad/shares", json={"game": "kingdomino", "text": "C"}).json()
        r = c.get(f"/api/pad/shares/{s['id']}")
        assert r.status_code == 404 and "expired" in r.json()["detail"]
        c.post("/api/pad/shares", json={"game": "kingdomino", "text": "W C"})
        with sqlite3.connect(tmp_path / "e.sqlite") as conn:   # the first one is gone
            assert conn.execute("select count(*) from pad_shares").fetchone() == (1,)


def test_the_server_total_bounds_every_client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'm.sqlite'}", resume=False, max_shares=2, **OPEN)
    with TestClient(app) as c:
        for _ in range(2):
            assert c.post("/api/pad/shares", json={"game": "kingdomino", "text": "C"}
                          ).status_code == 201
        r = c.post("/api/pad/shares", json={"game": "kingdomino", "text": "C"})
        assert r.status_code == 429 and "the server holds 2 shared links" in r.json()["detail"]
