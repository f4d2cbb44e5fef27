"""The connection (issue 24): the server killed while the person to play clicks, then
started again on the same port and store; the page says the connection is lost, keeps the
board and its targets, reconnects by itself and lets the person play on, without a
reload. A bad seat link or a table that does not exist gets a page saying so, and the page
stops trying to connect."""

from __future__ import annotations

import random

from browser_driver import Server, page_state, play_turn_by_clicking, targets


def test_the_page_recovers_by_itself_when_the_server_dies_and_comes_back(tmp_path, new_page):
    srv = Server(tmp_path)
    try:
        made = srv.create_table([{"kind": "here", "label": "Ann"}, {"kind": "computer"}],
                                pace=0)
        tid, token = made["table"], made["seats"][0]["token"]
        page = new_page()
        loads: list[int] = []
        page.on("load", lambda _p: loads.append(1))
        page.goto(f"{srv.url}/table/{tid}#token={token}")
        assert page_state(page) == "turn"
        before = srv.view(tid)["ply"]

        srv.kill()                         # the server dies; the person clicks a target
        targets(page)[0].click()
        banner = page.locator("#connection")
        banner.wait_for(state="visible")
        assert "Connection lost" in banner.inner_text()
        assert targets(page), "the board and its targets stay while the server is away"
        assert page.locator("#error").inner_text() == ""

        srv.restart()                      # the same port, the same SQLite file
        banner.wait_for(state="hidden")
        assert page_state(page) == "turn"
        play_turn_by_clicking(page, random.Random(4))
        assert srv.view(tid)["ply"] > before
        assert loads == [1], "the page recovered without a reload"
    finally:
        srv.stop()


#: every WebSocket the page opens, counted (set before the page's own scripts)
COUNT_SOCKETS_JS = """(() => {
  window.__sockets = 0;
  const Real = window.WebSocket;
  window.WebSocket = function (...args) { window.__sockets += 1; return new Real(...args); };
})();"""


def test_a_bad_link_gets_a_clear_page_and_no_reconnecting(server, new_page):
    made = server.create_table([{"kind": "here"}, {"kind": "computer"}], pace=0)
    tid = made["table"]
    cases = [(f"/table/{tid}#token=forged", "This seat link is not valid"),
             ("/table/no-such-table", "There is no such table"),                  # spectator
             ("/table/no-such-table#token=forged", "There is no such table")]
    for path, title in cases:
        page = new_page()
        page.add_init_script(COUNT_SOCKETS_JS)
        page.goto(server.url + path)
        page.locator("#fatal").wait_for(state="visible")
        assert page.locator("#fataltitle").inner_text() == title
        assert page.locator("#connection").is_hidden()
        opened = page.evaluate("() => window.__sockets")
        # longer than the first waits of a reconnection (0.5 s, then 1 s): none came
        page.wait_for_timeout(1600)
        assert page.evaluate("() => window.__sockets") == opened <= 1, path
        assert page.locator("#fatal a").get_attribute("href") == "/"
