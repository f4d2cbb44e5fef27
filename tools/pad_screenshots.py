"""Screenshots of the scoring pad (``/score``) on a phone, for docs/web.md (issue 27).

Starts a real ``regalia serve`` on the loopback (a store in a temporary directory), opens
``/score`` in headless Chromium as a 390x844 touch screen (Debian's Chromium, through
Playwright: ``pip install '.[web,browser]'``), opens each game's documented position
through the page's text box (as a person pasting a score file does), taps an element of
the drawing to show its menu, and saves:

* ``pad-kingdomino.png``: the README's kingdom, a square's terrain and crowns menu;
* ``pad-cascadito.png``: play sheet 2 of the documented example, its map and tracks;
* ``pad-inheritors.png``: the documented table, a player's hand menu;
* ``pad-two-heirs.png``: Example 5's landscape, a space's tile menu (faces by set);
* ``pad-scores.png``: the documented Inheritors table's ranking and steps.

Usage (from the repository root)::

    PYTHONPATH=src python tools/pad_screenshots.py          # writes docs/images/pad-*.png
    PYTHONPATH=src python tools/pad_screenshots.py --out /tmp/shots
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "tests" / "games" / "two_heirs"))

from browser_driver import Server, chromium_path  # noqa: E402
from pad_driver import focus, phone_context, settle, tap  # noqa: E402

KINGDOMS = """\
variant middle-kingdom, harmony
player Ann
W  W* F  F  F*
W  L  L  F  G
S  L* C  G  G**
S  M  M* G  G
S* S  M  .  .
player Ben
discarded 1
C  F* F
W  W* .
"""


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

    from test_two_heirs_textformat import EXAMPLE5   # the rulebook's Example 5 as text

    examples = ROOT / "docs" / "examples"
    shots = [("kingdomino", KINGDOMS, "sq:0:-2:1", "pad-kingdomino.png"),
             ("cascadito", (examples / "cascadito-sheet2.txt").read_text(), None,
              "pad-cascadito.png"),
             ("inheritors", (examples / "inheritors-table.txt").read_text(), "hand:0:purple",
              "pad-inheritors.png"),
             ("two-heirs", EXAMPLE5, "cell:3:0", "pad-two-heirs.png")]
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=exe, headless=True)
                for game, text, key, name in shots:
                    ctx = phone_context(browser)
                    page = ctx.new_page()
                    page.goto(server.url + "/score")
                    page.wait_for_selector("body[data-ready]")
                    page.fill("#text", text)
                    page.select_option("#text-game", game)
                    tap(page, "#apply")
                    if key:
                        focus(page, key)
                    else:
                        page.locator("#part .board").first.scroll_into_view_if_needed()
                        page.evaluate("() => window.scrollBy(0, -70)")
                    settle(page)
                    page.screenshot(path=str(args.out / name))
                    if game == "inheritors":
                        tap(page, "#menu-close")
                        page.evaluate("() => document.querySelectorAll('#steps details')"
                                      ".forEach((d, i) => { d.open = i === 1; })")
                        page.locator("#score").scroll_into_view_if_needed()
                        page.evaluate("() => window.scrollTo(0, document.getElementById("
                                      "'score').getBoundingClientRect().top + scrollY - 8)")
                        page.screenshot(path=str(args.out / "pad-scores.png"))
                    ctx.close()
                    print(f"wrote {args.out / name}")
                browser.close()
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
