"""The table tells the story (issue 24, "What shows it is done"): each of the four games
played to its end against the computer in a real browser, on a desktop (1280x800) and on a
phone (390x844). After every computer turn, each of its moves the person saw is marked in
the board's SVG (an element of class ``recent`` naming the move's ply and seat) and told
in words in the "Since your last move" panel; no box of the page is wider than its place
(``scrollWidth <= clientWidth``); no text a person can read holds an action id, an agent
spec or an issue number; on the phone (and a tablet, 768x1024, for two games) every target
to tap is at least 44x44 pixels. At
the end: the result screen (the winner banner, the ranking, the breakdown fitting its box,
"Play again"). axe-core finds no serious or critical accessibility violation on each game's
table.

The person's moves go through the page's typed-move field (the clicking itself is tested
in ``test_browser_games.py``); a random legal move, turns ended early where a game allows
it (a shorter game, the same checks)."""

from __future__ import annotations

import random

import pytest

from browser_driver import (OVERFLOW_JS, TARGET_SIZES_JS, VISIBLE_TEXT_JS, developer_words,
                            page_state, play_typed)

GAMES = {
    "kingdomino": ([{"kind": "here", "label": "Ann"}, {"kind": "computer"}], {}),
    "two-heirs": ([{"kind": "here", "label": "Ann"}, {"kind": "computer"}], {}),
    "cascadito": ([{"kind": "here", "label": "Ann"}, {"kind": "computer"}], {"sheet": 1}),
    "inheritors": ([{"kind": "here", "label": "Ann"}, {"kind": "computer"}], {}),
}
SIZES = {"desktop": (1280, 800), "phone": (390, 844), "tablet": (768, 1024)}
#: every game on a desktop and a phone; a tablet's portrait width (the page's one-column
#: layout, the board zoomed) for two of them
CASES = [(g, s) for g in GAMES for s in ("desktop", "phone")] + [
    ("kingdomino", "tablet"), ("cascadito", "tablet")]
#: moves with nothing to show on a board: ending a turn, passing, sparing a besieged
#: building, returning tiles to the box (Two Heirs' hand limit)
UNMARKED = ("end", "end turn", "pass", "spare")
#: the moves that end a turn early (preferred, so that a game is short)
ENDINGS = ("end", "end turn")
MAX_MOVES = 400

#: the marks of the moves in the board's SVG: [[seat, ply], ...]
MARKS_JS = """() => [...document.querySelectorAll('#board svg .recent')].map(
  (e) => [e.getAttribute('data-seat'), e.getAttribute('data-ply')])"""


def unmarked(game: str, notation: str) -> bool:
    return notation in UNMARKED or (game == "two-heirs" and notation.startswith("discard "))


def axe_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page (its rule, impact and the
    first elements named)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def check_page(page, phone: bool, turn: bool) -> None:
    """What holds on every screen: nothing wider than its box, no developer words, and on
    a phone, targets a finger can hit."""
    wide = page.evaluate(OVERFLOW_JS)
    assert not wide, f"boxes wider than their place: {wide}"
    words = developer_words(page.evaluate(VISIBLE_TEXT_JS))
    assert not words, f"developer words in the page: {words}"
    if phone and turn:
        small = [t for t in page.evaluate(TARGET_SIZES_JS) if min(t[0], t[1]) < 44 - 0.5]
        assert not small, f"targets under 44x44 px: {small[:5]}"


@pytest.mark.parametrize("game,size", CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_every_computer_move_is_marked_and_every_screen_fits(server, new_page, game, size):
    seats, params = GAMES[game]
    phone = size != "desktop"
    page = new_page(*SIZES[size])
    made = server.create_table(seats, game=game, pace=0, params=params)
    tid, token = made["table"], made["seats"][0]["token"]
    computer = made["seats"][1]["label"]
    page.goto(f"{server.url}/table/{tid}#token={token}")
    rng = random.Random(f"{game}-{size}")
    marked = told = moves = 0
    while True:
        state = page_state(page, ("turn", "over"))
        v = server.view(tid, token)
        if moves == 0 and not phone:
            assert not axe_violations(page), axe_violations(page)
        shown = page.evaluate(MARKS_JS)
        for item in v["recent"]:
            assert item["seat"] == 1 and v["log"][item["ply"]] == item["notation"]
            if not unmarked(game, item["notation"]):
                assert [str(item["seat"]), str(item["ply"])] in shown, (item, shown)
                marked += 1
        if v["story"]["entries"]:
            panel = page.locator("#story").inner_text()
            assert all(e["text"] in panel for e in v["story"]["entries"]), panel
            if any(e["seat"] == 1 for e in v["story"]["entries"]):
                assert computer in panel, panel
                told += 1
        check_page(page, phone, state == "turn")
        if state == "over":
            break
        legal = [m["notation"] for m in v["legal"]]
        ends = [n for n in legal if n in ENDINGS]
        notation = ends[0] if ends and rng.random() < 0.8 else rng.choice(legal)
        play_typed(page, notation)
        moves += 1
        assert moves <= MAX_MOVES, "the game does not end"
    assert marked >= 5 and told >= 5, (marked, told)

    # the result screen
    final = server.view(tid, token)
    assert final["terminal"]
    banner = page.locator("#banner").inner_text()
    assert banner == final["result"]["banner"] and "Winner: Player" not in banner
    ranking = page.locator("#result .ranking li").all_inner_texts()
    assert len(ranking) == 2 and all(str(r["score"]) in line for r, line in
                                    zip(final["result"]["ranking"], ranking))
    assert page.locator("#again").is_visible() and page.locator("#download").is_visible()
    assert "Final scores" in page.locator("#scoretable caption").inner_text()
    check_page(page, phone, False)
    if not phone:
        assert not axe_violations(page), axe_violations(page)
