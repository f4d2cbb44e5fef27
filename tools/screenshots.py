"""Screenshots of the web table for the documentation (docs/web.md, issue 12).

Starts a real ``regalia serve`` on the loopback with a store in a temporary directory, opens
it in headless Chromium (Debian's, through Playwright: ``pip install '.[web,browser]'`` and
``apt-get install chromium``), and saves three 1280x800 PNG images:

* ``web-start.png``: the start page, with a table being created (a person against the
  computer) and the tables made before it listed;
* ``web-game.png``: a Kingdomino game in progress, a move half made (its targets
  highlighted);
* ``web-final.png``: the same game over: the final scores, the breakdown and the winner;
* ``two-heirs-table.png``, ``cascadito-table.png``, ``inheritors-table.png``: the other
  three games in progress (a person against computer players), the first click of a move
  made (``--games`` only these, ``--no-games`` only the Kingdomino ones).

The person's moves are clicked the way the browser tests click them (reading the
highlighted targets), so every run plays a different game (the table's draws come from the
OS's entropy).

Usage (from the repository root)::

    PYTHONPATH=src python tools/screenshots.py            # writes docs/images/web-*.png
    PYTHONPATH=src python tools/screenshots.py --out /tmp/shots --chromium /usr/bin/chromium
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_driver import (  # noqa: E402
    Server, chromium_path, create_in_lobby, page_state, play_turn_by_clicking, prepare, targets)

SIZE = {"width": 1280, "height": 800}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images",
                        help="directory for the PNG files (default: docs/images)")
    parser.add_argument("--chromium", default=None,
                        help="the Chromium executable (default: $REGALIA_CHROMIUM or "
                             "/usr/bin/chromium)")
    parser.add_argument("--moves", type=int, default=14,
                        help="the person's moves played before the in-progress picture")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--games", action="store_true",
                       help="only the pictures of Two Heirs, Cascadito and Inheritors")
    which.add_argument("--no-games", action="store_true",
                       help="only the Kingdomino pictures and the start page")
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
            context = browser.new_context(viewport=SIZE)
            prepare(context)
            page = context.new_page()
            page.set_default_timeout(30_000)
            if not args.no_games:
                for game, seats, params, moves, prefer in GAME_TABLES:
                    game_shot(page, server, game, seats, params, moves, prefer,
                              args.out / f"{game}-table.png")
            if args.games:
                browser.close()
                return 0
            # a few tables for the start page's list
            server.create_table([{"kind": "invited", "label": "Ada"},
                                 {"kind": "invited", "label": "Brendan"}])
            server.create_table([{"kind": "here", "label": "Chloé"},
                                 {"kind": "computer", "strength": "normal"},
                                 {"kind": "computer", "strength": "easy"}])
            links = create_in_lobby(page, server.url, ["here", "computer"])
            shot(page, args.out / "web-start.png")

            page.goto(links["here"])
            rng = random.Random(7)
            for _ in range(args.moves):
                if page_state(page) != "turn":
                    break
                play_turn_by_clicking(page, rng)
            # half a move: the first click made, the next targets highlighted
            if page_state(page) == "turn" and targets(page):
                targets(page)[0].click()
                page_state(page)
            shot(page, args.out / "web-game.png")

            cancel = page.locator("#choices button.cancel")
            if cancel.count():
                cancel.click()
            while page_state(page) == "turn":
                play_turn_by_clicking(page, rng)
            shot(page, args.out / "web-final.png")
            browser.close()
        finally:
            server.stop()
    return 0


#: the other games' pictures: game, seats, parameters, the person's moves before it, and
#: the first click of the move shown (a highlighted target whose data-click has this text)
GAME_TABLES = [
    ("two-heirs", [{"kind": "here", "label": "Ada"}, {"kind": "computer"}], {}, 40, ""),
    ("cascadito", [{"kind": "here", "label": "Ann"}, {"kind": "computer"},
                   {"kind": "computer"}], {"sheet": 1}, 25, ""),
    ("inheritors", [{"kind": "here", "label": "Ada"}, {"kind": "computer"},
                    {"kind": "computer"}], {}, 6, '"card"'),
]


def game_shot(page, server: Server, game: str, seats: list, params: dict, moves: int,
              prefer: str, path: Path) -> None:
    """A table of ``game`` made through the API, the person's ``moves`` moves clicked,
    then the first click of the next move (a target the drawing highlights, one whose
    data-click holds ``prefer`` if any)."""
    made = server.create_table(seats, game=game, pace=0, params=params)
    token = next(s["token"] for s in made["seats"] if s.get("token"))
    page.goto(f"{server.url}/table/{made['table']}#token={token}")
    rng = random.Random(7)
    for _ in range(moves):
        if page_state(page) != "turn":
            break
        play_turn_by_clicking(page, rng)
    if page_state(page) == "turn" and targets(page):
        order = sorted(targets(page),
                       key=lambda t: prefer not in (t.get_attribute("data-click") or ""))
        for target in order:
            try:
                target.click(timeout=3000)
            except Exception:   # covered by another element: the next one
                continue
            break
        page_state(page)
    shot(page, path)


def shot(page, path: Path) -> None:
    page.screenshot(path=str(path), full_page=False, animations="disabled")
    print(f"wrote {path}")


if __name__ == "__main__":
    raise SystemExit(main())
