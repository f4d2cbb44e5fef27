"""Screenshots of issue 25's pages for docs/web.md ("Players, not seats").

Starts a real ``regalia serve`` on the loopback (a store in a temporary directory, move
time limits from 1 second allowed), opens it in headless Chromium (Debian's, through
Playwright) with two people, Ann and Bob, each in a browser context of their own, and
saves PNG images (1280x800):

* ``web-your-games.png``: Ann's start page: Your games (a game waiting on her, a finished
  one with her rating), the open tables;
* ``web-chat.png``: a table with a move time limit: the players beside the board, the
  clock counting down, a chat (a line with markup shown as text);
* ``web-leaderboard.png``: the leaderboard after a rated game.

Usage (from the repository root)::

    PYTHONPATH=src python tools/players_screenshots.py        # writes docs/images/*.png
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_driver import Server, chromium_path, page_state, prepare  # noqa: E402

DESKTOP = {"width": 1280, "height": 800}


def person(browser: Any, server: Server, name: str) -> Any:
    """A page of a browser context of its own, on the start page, its name typed."""
    context = browser.new_context(viewport=DESKTOP)
    prepare(context)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(server.url + "/")
    page.fill("#myname", name)
    page.press("#myname", "Tab")
    return page


def api(page: Any, method: str, path: str, body: Any = None) -> Any:
    """A request from the page, with its browser's player key."""
    return page.evaluate(
        """async ([method, path, body]) => {
          const key = localStorage.getItem('regalia.key');
          const headers = {'content-type': 'application/json', ...(key ? {'x-player-key': key} : {})};
          const r = await fetch(path, {method, headers, body: body === null ? undefined : JSON.stringify(body)});
          return r.json(); }""", [method, path, body])


def key_of(page: Any) -> str:
    page.evaluate("""async () => { if (!localStorage.getItem('regalia.key')) {
        const r = await fetch('/api/players', {method: 'POST', headers: {'content-type': 'application/json'}, body: '{}'});
        localStorage.setItem('regalia.key', (await r.json()).key); } }""")
    return str(page.evaluate("localStorage.getItem('regalia.key')"))


def table_for_two(ann: Any, bob: Any, **options: Any) -> dict[str, Any]:
    """Ann makes a table (her seat and an invited one); Bob takes the invited seat."""
    key_of(ann)
    key_of(bob)
    made = api(ann, "POST", "/api/tables", {
        "game": "kingdomino", "players": 2, "pace": 0, **options,
        "seats": [{"kind": "here", "label": "Ann"}, {"kind": "invited"}]})
    bob.evaluate("""async ([table, token]) => fetch(`/api/tables/${table}/sit`, {method: 'POST',
        headers: {'content-type': 'application/json', 'x-seat-token': token,
                  'x-player-key': localStorage.getItem('regalia.key')},
        body: JSON.stringify({name: 'Bob'})})""", [made["table"], made["seats"][1]["token"]])
    return {"table": made["table"], "tokens": [s["token"] for s in made["seats"]]}


def play_out(server: Server, made: dict[str, Any]) -> None:
    for _ in range(400):
        v = server.view(made["table"])
        if v["terminal"]:
            return
        tok = made["tokens"][v["current_player"]]
        mine = server.view(made["table"], tok)
        server.request("POST", f"/api/tables/{made['table']}/actions",
                       {"action": mine["legal"][len(mine["legal"]) // 2]["id"],
                        "ply": mine["ply"]}, token=tok)


def shot(page: Any, path: Path, full: bool = False) -> None:
    page.screenshot(path=str(path), full_page=full, animations="disabled")
    print(f"wrote {path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images",
                        help="directory for the PNG files (default: docs/images)")
    parser.add_argument("--chromium", default=None, help="the Chromium executable")
    args = parser.parse_args(argv)
    exe = args.chromium or chromium_path()
    if exe is None:
        parser.error("no Chromium found: apt-get install chromium, or give --chromium")
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = Server(Path(tmp), "--rate-limit", "request=off", "--rate-limit",
                        "create=off", "--rate-limit", "player=off", "--min-move-seconds", "1")
        try:
            browser = p.chromium.launch(executable_path=exe, headless=True)
            ann, bob = person(browser, server, "Ann"), person(browser, server, "Bob")
            finished = table_for_two(ann, bob)           # a rated game, played out
            play_out(server, finished)
            table_for_two(ann, bob)                      # a game waiting on someone
            carol = person(browser, server, "Carol")
            key_of(carol)
            api(carol, "POST", "/api/tables", {
                "game": "cascadito", "players": 3, "open": True, "params": {"sheet": 1},
                "seats": [{"kind": "here", "label": "Carol"}, {"kind": "invited"},
                          {"kind": "invited"}]})
            ann.goto(server.url + "/")
            ann.locator("#yourgames li").nth(1).wait_for()
            ann.locator("#opentables li").first.wait_for()
            ann.locator("#yours").scroll_into_view_if_needed()
            shot(ann, args.out / "web-your-games.png")
            # a table with a move limit of one day, a chat under way
            clocked = table_for_two(ann, bob, clock={"seconds": 86400, "timeout": "computer"})
            bob.goto(f"{server.url}/table/{clocked['table']}")
            ann.goto(f"{server.url}/table/{clocked['table']}")
            page_state(ann, ("turn", "waiting"))
            for page, line in ((ann, "Good luck! <b>Not bold</b>, just text."),
                               (bob, "Thanks, you too. The wheat fields are mine.")):
                page_state(page, ("turn", "waiting"))
                page.fill("#chattext", line)
                page.click("#chatform button")
            ann.wait_for_function("document.querySelectorAll('#chatlines li').length === 2")
            ann.locator("#chat").scroll_into_view_if_needed()
            shot(ann, args.out / "web-chat.png")
            ann.goto(server.url + "/leaderboard")
            ann.locator("#rows tr").nth(1).wait_for()
            shot(ann, args.out / "web-leaderboard.png")
            browser.close()
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
