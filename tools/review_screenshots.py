"""Screenshots of the game review's HTML report for the documentation (docs/review.md,
issue 26).

Plays a seeded game (a ``random`` player in the reviewed seat, so that it has mistakes to
show, against ``greedy``), reviews it with ``regalia.review`` at the given budget, writes
the self-contained HTML page and opens it in headless Chromium (Debian's, through
Playwright: ``pip install '.[browser,review]'`` and ``apt-get install chromium``):

* ``review-<game>-top.png``: the head of the page (the game, the search, the labels'
  thresholds, the counts, the chart), 1240 pixels wide;
* ``review-<game>-moment.png``: the first key moment, the board with the played move
  ringed in orange and the better one in blue.

Usage (from the repository root)::

    PYTHONPATH=src python tools/review_screenshots.py                   # docs/images
    PYTHONPATH=src python tools/review_screenshots.py --game inheritors --iterations 100
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_driver import chromium_path  # noqa: E402

import regalia  # noqa: E402
from regalia.arena import play_match  # noqa: E402
from regalia.cli.common import parse_params  # noqa: E402
from regalia.review import Budget, review_game  # noqa: E402
from regalia.review.html import report_html  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--game", default="kingdomino")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--seed", type=int, default=7, help="the game's deal")
    parser.add_argument("--iterations", type=int, default=None,
                        help="the review's budget (default: the game's)")
    parser.add_argument("--chromium", default=None)
    args = parser.parse_args(argv)
    exe = args.chromium or chromium_path()
    if exe is None:
        parser.error("no Chromium found: apt-get install chromium, or give --chromium")
    from playwright.sync_api import sync_playwright

    game = regalia.load_game(args.game, players=args.players, **parse_params(args.param))
    lineup = ["random"] + ["greedy"] * (game.num_players - 1)
    record = play_match(game, lineup, seed=args.seed).record
    record = record.model_copy(update={"players": ["Anna"] + lineup[1:]})
    record.digest = record.compute_digest()
    review = review_game(record, 0, Budget(args.iterations), seed=1)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        page_file = Path(tmp) / "review.html"
        page_file.write_text(report_html(review), encoding="utf-8")
        browser = p.chromium.launch(executable_path=exe, headless=True)
        page = browser.new_page(viewport={"width": 1240, "height": 900})
        page.goto(page_file.as_uri())
        top = page.locator("div.chart")
        box = top.bounding_box()
        assert box is not None
        page.screenshot(path=str(args.out / f"review-{args.game}-top.png"),
                        clip={"x": 0, "y": 0, "width": 1240,
                              "height": box["y"] + box["height"] + 10})
        moments = page.locator("div.moment")
        if moments.count():
            moments.first.screenshot(path=str(args.out / f"review-{args.game}-moment.png"))
        browser.close()
    print(f"{args.game}: {review['counts']}, key moments {review['key_moments']}; "
          f"images in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
