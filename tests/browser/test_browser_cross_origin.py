"""Issue 23, attack 2 in a real browser: a page of another origin (127.0.0.1 on another
port) tries to use the visitor's local ``regalia serve`` with a ``text/plain`` form, a
``no-cors`` fetch and a WebSocket; the server's own page in the same browser still works.
The other requests of the attack: tests/web/test_hostile_origin.py."""

from __future__ import annotations

import http.server
import threading

import pytest

from live_server import LiveServer  # noqa: E402

BODY = ('{"game": "kingdomino", "players": 2, "seats": [{"kind": "computer"}, '
        '{"kind": "computer"}]}')


@pytest.fixture(scope="module")
def server(tmp_path_factory, browser_parts):
    srv = LiveServer(tmp_path_factory.mktemp("serve"))
    yield srv
    srv.stop()


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


def test_another_sites_page_in_chromium_changes_nothing(server, chromium_browser, tmp_path):
    """A real Chromium opens a page of another origin (127.0.0.1 on another port) that
    posts a text/plain form and a no-cors fetch to the server and opens a WebSocket on a
    table: no table is created, the socket reads nothing. The server's own page, in the
    same browser, creates a table with its JSON post."""
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
        context = chromium_browser.new_context()
        try:
            page = context.new_page()
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
            own = context.new_page()
            own.goto(server.url + "/")
            status = own.evaluate("""async (body) => (await fetch('/api/tables', {method:
                'POST', headers: {'content-type': 'application/json'}, body})).status""",
                                  BODY)
            assert status == 201
        finally:
            context.close()
    finally:
        evil.shutdown()
    after = server.tables()
    assert len(after) == len(before) + 1   # only the real page's table
    assert "Traceback" not in server.log()
