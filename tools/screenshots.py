"""Screenshots of the web table for the documentation (docs/web.md, issues 12 and 24).

Starts a real ``regalia serve`` on the loopback with a store in a temporary directory, opens
it in headless Chromium (Debian's, through Playwright: ``pip install '.[web,browser]'`` and
``apt-get install chromium``), and saves PNG images:

* ``web-start.png``: the start page (1280x800), a table just created (a person here, a
  person invited: the links with their copy buttons and QR codes) and the tables before;
* ``web-game.png``: a Kingdomino game in progress, the computer's last move marked on the
  board and told in "Since your last move", a move half made (its targets highlighted);
* ``web-move.png``: the computer's last move marked, cut out of the board (Kingdomino);
* ``web-final.png``: the same game over: the result screen, the final breakdown;
* ``web-final-phone.png``: a game's end on a phone (390x844);
* ``two-heirs-table.png``, ``cascadito-table.png``, ``inheritors-table.png`` (1280x800)
  and ``<game>-phone.png`` for all four games (390x844: the board zoomed to the targets,
  the move's sheet at the bottom): a person against the computer, a few moves in.

The person's moves are typed into the page (random legal moves; the clicking itself is what
the browser tests test), so every run plays a different game (the tables' draws come from
the OS's entropy).

Usage (from the repository root)::

    PYTHONPATH=src python tools/screenshots.py            # writes docs/images/*.png
    PYTHONPATH=src python tools/screenshots.py --out /tmp/shots --chromium /usr/bin/chromium
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_driver import (  # noqa: E402
    Server, chromium_path, create_in_lobby, page_state, play_typed, prepare, targets)

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

#: the games' pictures: game, seats, parameters, the person's moves before the picture
GAME_TABLES = [
    ("kingdomino", [{"kind": "here", "label": "Ada"}, {"kind": "computer"}], {}, 9),
    ("two-heirs", [{"kind": "here", "label": "Ada"}, {"kind": "computer"}], {}, 14),
    ("cascadito", [{"kind": "here", "label": "Ann"}, {"kind": "computer"},
                   {"kind": "computer"}], {"sheet": 1}, 12),
    ("inheritors", [{"kind": "here", "label": "Ada"}, {"kind": "computer"},
                    {"kind": "computer"}], {}, 8),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images",
                        help="directory for the PNG files (default: docs/images)")
    parser.add_argument("--chromium", default=None,
                        help="the Chromium executable (default: $REGALIA_CHROMIUM or "
                             "/usr/bin/chromium)")
    parser.add_argument("--seed", type=int, default=7,
                        help="the random moves' seed (the draws still differ every run)")
    args = parser.parse_args(argv)
    exe = args.chromium or chromium_path()
    if exe is None:
        parser.error("no Chromium found: apt-get install chromium, or give --chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        parser.error("the playwright package is missing: pip install '.[browser]'")
    args.out.mkdir(parents=True, exist_ok=True)

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = Server(Path(tmp), "--rate-limit", "request=off", "--rate-limit", "create=off")
        try:
            browser = p.chromium.launch(executable_path=exe, headless=True)
            desktop = _page(browser, DESKTOP)
            phone = _page(browser, PHONE)
            rng = random.Random(args.seed)
            for game, seats, params, moves in GAME_TABLES:
                for page, size in ((desktop, "table"), (phone, "phone")):
                    if game == "kingdomino" and size == "table":
                        continue          # web-game.png below
                    _game(page, server, game, seats, params, moves, rng)
                    shot(page, args.out / f"{game}-{size}.png")
            # the start page, with tables made before and one just created
            server.create_table([{"kind": "invited", "label": "Ada"},
                                 {"kind": "invited", "label": "Brendan"}])
            create_in_lobby(desktop, server.url, ["here", "invited"])
            shot(desktop, args.out / "web-start.png", full=True)
            # Kingdomino against the computer: its move marked, a move half made, the end
            made = _game(desktop, server, "kingdomino", GAME_TABLES[0][1], {}, 9, rng)
            boxes = [b for b in (m.bounding_box() for m in
                                 desktop.locator("#board svg .recent").all()) if b]
            if boxes:     # the computer's last turn: every mark, with some board around
                x0 = min(b["x"] for b in boxes) - 60
                y0 = min(b["y"] for b in boxes) - 60
                x1 = max(b["x"] + b["width"] for b in boxes) + 60
                y1 = max(b["y"] + b["height"] for b in boxes) + 60
                clip = {"x": max(0, x0), "y": max(0, y0), "width": x1 - max(0, x0),
                        "height": y1 - max(0, y0)}
                desktop.screenshot(path=str(args.out / "web-move.png"), clip=clip,
                                   animations="disabled")
                print(f"wrote {args.out / 'web-move.png'}")
            if page_state(desktop) == "turn" and targets(desktop):
                targets(desktop)[0].click()       # half a move: the next targets highlighted
                page_state(desktop)
            shot(desktop, args.out / "web-game.png")
            desktop.goto(f"{server.url}/table/{made['table']}#token={made['token']}")
            _to_the_end(desktop, server, made, rng)
            shot(desktop, args.out / "web-final.png")
            end = _game(phone, server, "cascadito", [{"kind": "here", "label": "Ann"}],
                        {"sheet": 2}, 0, rng)
            _to_the_end(phone, server, end, rng)
            phone.locator("#result").scroll_into_view_if_needed()
            shot(phone, args.out / "web-final-phone.png")
            browser.close()
        finally:
            server.stop()
    return 0


def _page(browser: Any, size: dict[str, int]) -> Any:
    context = browser.new_context(viewport=size)
    prepare(context)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def _move(page: Any, server: Server, made: dict[str, Any], rng: random.Random) -> None:
    """One random legal move of the person, typed (turns ended early where they can be)."""
    v = server.view(made["table"], made["token"])
    legal = [m["notation"] for m in v["legal"]]
    ends = [n for n in legal if n in ("end", "end turn")]
    play_typed(page, ends[0] if ends and rng.random() < 0.7 else rng.choice(legal))


def _game(page: Any, server: Server, game: str, seats: list[Any], params: dict[str, Any],
          moves: int, rng: random.Random) -> dict[str, Any]:
    """A table of ``game`` made through the API, opened, the person's ``moves`` moves
    played: ``{table, token}``."""
    created = server.create_table(seats, game=game, pace=0, params=params)
    made = {"table": created["table"],
            "token": next(s["token"] for s in created["seats"] if s.get("token"))}
    page.goto(f"{server.url}/table/{made['table']}#token={made['token']}")
    for _ in range(moves):
        if page_state(page, ("turn", "over")) != "turn":
            break
        _move(page, server, made, rng)
    page_state(page, ("turn", "over"))
    return made


def _to_the_end(page: Any, server: Server, made: dict[str, Any], rng: random.Random) -> None:
    while page_state(page, ("turn", "over")) == "turn":
        _move(page, server, made, rng)


def shot(page: Any, path: Path, full: bool = False) -> None:
    page.screenshot(path=str(path), full_page=full, animations="disabled")
    print(f"wrote {path}")


if __name__ == "__main__":
    raise SystemExit(main())
