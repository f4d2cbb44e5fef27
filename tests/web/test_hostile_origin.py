"""Issue 23, attack 2: another site's page using the visitor's local server, against a real
``regalia serve`` process.

Before: any content type was read as JSON and neither ``Origin`` nor ``Host`` was checked,
so a page of another origin created tables with a ``no-cors`` ``text/plain`` fetch or a
``<form enctype="text/plain">``, and a cross-origin WebSocket read the spectators' view.
Now each is refused (403 or 415; the WebSocket at its handshake) and nothing changes,
while the server's own page still works. The browser part runs in a real Chromium (the
attacking page served from another port, another origin).
"""

from __future__ import annotations

import http.server
import os
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
websockets = pytest.importorskip("websockets")

from live_server import LiveServer, Victim  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from browser_driver import chromium_path  # noqa: E402

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

    async def attempt(origin: str | None) -> str:
        headers = {"Origin": origin} if origin else {}
        try:
            async with websockets.connect(url, additional_headers=headers,
                                          open_timeout=10) as ws:
                return str(await ws.recv())
        except websockets.exceptions.InvalidStatus as exc:
            return f"refused {exc.response.status_code}"
    import asyncio
    assert asyncio.run(attempt("http://evil.example")) == "refused 403"
    assert asyncio.run(attempt(server.url)).startswith("{")      # the page's own origin
    assert asyncio.run(attempt(None)).startswith("{")            # a script, no browser


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


ATTACK_PAGE = """<!doctype html><html><body>
<form id="f" method="POST" enctype="text/plain" action="{target}/api/tables" target="sink">
<input name='{{"game": "kingdomino", "players": 2, "seats": [{{"kind": "computer"}}, {{"kind": "computer"}}], "x": "' value='"}}'>
</form>
<iframe name="sink"></iframe>
<pre id="out"></pre>
<script>
const out = document.getElementById("out");
const say = (t) => {{ out.textContent += t + "\\n"; }};
fetch("{target}/api/tables", {{method: "POST", mode: "no-cors",
  headers: {{"content-type": "text/plain"}}, body: '{body}'}})
  .then(() => say("fetch sent")).catch((e) => say("fetch failed " + e));
const ws = new WebSocket("{ws}");
ws.onmessage = (e) => say("ws read " + e.data.slice(0, 40));
ws.onerror = () => say("ws refused");
document.getElementById("f").submit();
say("form sent");
</script></body></html>"""


def _chromium() -> str:
    exe = chromium_path()
    if exe is None or not _has_playwright():
        if os.environ.get("REGALIA_REQUIRE_BROWSER") == "1":
            pytest.fail("REGALIA_REQUIRE_BROWSER=1 but no Chromium or Playwright")
        pytest.skip("no Chromium or Playwright")
    return exe


def _has_playwright() -> bool:
    try:
        import playwright  # noqa: F401
    except ImportError:
        return False
    return True


def test_another_sites_page_in_chromium_changes_nothing(server, tmp_path):
    """A real Chromium opens a page of another origin (127.0.0.1 on another port) that
    posts a text/plain form and a no-cors fetch to the server and opens a WebSocket on a
    table: no table is created, the socket reads nothing. The server's own page, in the
    same browser, creates a table with its JSON post."""
    exe = _chromium()
    from playwright.sync_api import sync_playwright
    made = server.create([{"kind": "here"}, {"kind": "here"}])
    page_html = ATTACK_PAGE.format(
        target=server.url, body=BODY,
        ws=server.url.replace("http", "ws") + f"/api/tables/{made['table']}/ws")
    (tmp_path / "attack.html").write_text(page_html)
    handler = lambda *a, **k: http.server.SimpleHTTPRequestHandler(  # noqa: E731
        *a, directory=str(tmp_path), **k)
    evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    before = server.tables()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, headless=True)
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{evil.server_address[1]}/attack.html")
            page.wait_for_function("document.getElementById('out').textContent"
                                   ".includes('ws refused')", timeout=20_000)
            page.wait_for_function("document.getElementById('out').textContent"
                                   ".includes('fetch')", timeout=20_000)
            # the form's answer arrives in the iframe: wait for that navigation
            page.wait_for_function("(() => { try { return frames[0].document.body"
                                   ".textContent.length > 0 } catch (e) { return true } })()",
                                   timeout=20_000)
            shown = page.inner_text("#out")
            assert "ws read" not in shown
            # the real page, same browser: the lobby posts JSON from its own origin
            own = browser.new_page()
            own.goto(server.url + "/")
            status = own.evaluate("""async (body) => (await fetch('/api/tables', {method:
                'POST', headers: {'content-type': 'application/json'}, body})).status""",
                                  BODY)
            assert status == 201
            browser.close()
    finally:
        evil.shutdown()
    after = server.tables()
    assert len(after) == len(before) + 1   # only the real page's table
    assert "Traceback" not in server.log()
