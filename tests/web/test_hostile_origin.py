"""Issue 23, attack 2: another site's page using the visitor's local server, against a real
``regalia serve`` process.

Before: any content type was read as JSON and neither ``Origin`` nor ``Host`` was checked,
so a page of another origin created tables with a ``no-cors`` ``text/plain`` fetch or a
``<form enctype="text/plain">``, and a cross-origin WebSocket read the spectators' view.
Now each is refused (403 or 415; the WebSocket at its handshake) and nothing changes,
while the server's own page still works. The browser part runs in a real Chromium
(tests/browser/test_browser_cross_origin.py: the attacking page served from another port,
another origin).
"""

from __future__ import annotations

import time

import pytest

pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
websockets = pytest.importorskip("websockets")

from live_server import LiveServer, Victim  # noqa: E402

BODY = ('{"game": "kingdomino", "players": 2, "seats": [{"kind": "computer"}, '
        '{"kind": "computer"}]}')


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the module (the attacks come from 127.0.0.2, each victim from its
    own address: their own rate limits)."""
    srv = LiveServer(tmp_path_factory.mktemp("serve"))
    yield srv
    srv.stop()


def test_a_no_cors_text_plain_post_and_a_form_post_are_refused(server):
    before = server.tables()
    with server.client() as c:
        # what fetch(url, {mode: "no-cors", headers: {"content-type": "text/plain"}}) sends
        r = c.post("/api/tables", content=BODY, headers={
            "content-type": "text/plain;charset=UTF-8", "origin": "http://evil.example",
            "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors"})
        assert r.status_code == 403 and "evil.example" in r.json()["detail"]
        # the same without Origin (a script, not a browser): the content type is refused
        r = c.post("/api/tables", content=BODY, headers={"content-type": "text/plain"})
        assert r.status_code == 415 and "application/json" in r.json()["detail"]
        r = c.post("/api/tables", content=BODY + "=",
                   headers={"content-type": "application/x-www-form-urlencoded"})
        assert r.status_code == 415
        # JSON from another origin: refused too (a CORS preflight would stop a browser;
        # the server does not rely on it)
        r = c.post("/api/tables", content=BODY, headers={
            "content-type": "application/json", "origin": "http://127.0.0.1:1"})
        assert r.status_code == 403
        # a page of this server (same origin) may
        r = c.post("/api/tables", content=BODY, headers={
            "content-type": "application/json", "origin": server.url,
            "sec-fetch-site": "same-origin"})
        assert r.status_code == 201
    after = server.tables()
    assert len(after) == len(before) + 1


def test_dns_rebinding_host_is_refused(server):
    with server.client() as c:
        r = c.get("/api/tables", headers={"host": f"rebind.example:{server.port}"})
        assert r.status_code == 403 and "rebind.example" in r.json()["detail"]
        assert c.get("/api/tables", headers={"host": f"localhost:{server.port}"}
                     ).status_code == 200


def test_a_cross_origin_websocket_cannot_read_a_table(server):
    made = server.create([{"kind": "here"}, {"kind": "here"}])
    url = server.url.replace("http", "ws") + f"/api/tables/{made['table']}/ws"

    # the synchronous client: no event loop of this thread's (the browser tests' Playwright
    # runs one in it for the whole session)
    from websockets.sync.client import connect

    def attempt(origin: str | None) -> str:
        headers = {"Origin": origin} if origin else {}
        try:
            with connect(url, additional_headers=headers, open_timeout=10) as ws:
                return str(ws.recv(timeout=10))
        except websockets.exceptions.InvalidStatus as exc:
            return f"refused {exc.response.status_code}"
    assert attempt("http://evil.example") == "refused 403"
    assert attempt(server.url).startswith("{")      # the page's own origin
    assert attempt(None).startswith("{")            # a script, no browser


def test_an_attack_leaves_a_victim_table_playing(server):
    """Hundreds of refused cross-origin posts from another client while a person plays."""
    before = server.tables()
    with Victim(server, source="127.0.1.1") as victim:
        with server.client("127.0.0.2") as c:
            refused = 0
            deadline = time.monotonic() + 4   # four seconds of attack, 3,000 posts at most
            for _ in range(3000):
                if time.monotonic() > deadline:
                    break
                r = c.post("/api/tables", content=BODY, headers={
                    "content-type": "text/plain", "origin": "http://evil.example"})
                refused += r.status_code in (403, 429)
    print(victim.summary(), f"({refused} refused)")
    assert refused >= 100 and not victim.failures and victim.p95() < 2.0
    assert {t["table"] for t in server.tables()} == {t["table"] for t in before} | {
        victim.table}   # the victim's own table, nothing else
