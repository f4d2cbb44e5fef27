"""Layout defects of the table page, checked in a real browser: what a person must be able
to click is not covered by something else, and nothing is cut off."""

from __future__ import annotations

import json
import re

from browser_driver import page_state

DRAW = re.compile(r"discard (.+) to row 1, draw 2")


def _discard_onto_row_1(server, tid, tokens, cards):
    """Play through the API until Market row 1 holds ``cards`` cards and the seat to play
    may discard onto it: every seat to play discards onto row 1 and draws 2 when it can,
    else ends its turn (or plays anything). Returns that seat and its view."""
    for _ in range(300):
        seat = server.view(tid)["current_player"]
        mine = server.view(tid, tokens[seat])
        notations = {m["notation"]: m["id"] for m in mine["legal"]}
        draw = next((a for n, a in notations.items() if DRAW.fullmatch(n)), None)
        if draw is not None and len(mine["observation"]["market"][0]) >= cards:
            return seat, mine
        pick = (draw or next((a for n, a in notations.items() if n.startswith("end")), None)
                or mine["legal"][0]["id"])
        status, out = server.request("POST", f"/api/tables/{tid}/actions",
                                     {"action": pick, "ply": mine["ply"]},
                                     token=tokens[seat])
        assert status == 200, out
    raise AssertionError(f"Market row 1 never reached {cards} cards")


def test_an_inheritors_market_row_covered_by_its_cards_can_be_clicked(server, new_page):
    """Market row 1 holds six cards, spread over the middle of the row: the row is still
    clicked as a person clicks it (a plain click on the row's element, which the browser
    refuses when something else covers it), and the card is discarded onto that row."""
    made = server.create_table([{"kind": "here"}, {"kind": "here"}], game="inheritors",
                               pace=0)
    tid, tokens = made["table"], [s["token"] for s in made["seats"]]
    seat, mine = _discard_onto_row_1(server, tid, tokens, 6)
    card = next(DRAW.fullmatch(m["notation"]).group(1) for m in mine["legal"]
                if DRAW.fullmatch(m["notation"]))
    page = new_page()
    page.goto(f"{server.url}/table/{tid}#token={tokens[seat]}")
    assert page_state(page) == "turn"
    page.locator(f"#board [data-click='{json.dumps({'card': card}, separators=(',', ':'))}']").first.click()
    page_state(page)
    row = page.locator("#board g.row[data-click='{\"row\":1}']")
    assert "hl" in row.get_attribute("class").split()
    # the row's background lies under its cards: its middle cannot be clicked any more
    area = page.locator("#board .row-area[data-click='{\"row\":1}']")
    box = area.bounding_box()
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-click]')"
                        ".getAttribute('data-click')",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert json.loads(hit).get("depth"), hit          # a card of the row is there
    row.click(timeout=5000)                           # the row's own tab is not covered
    page_state(page)
    draw = page.locator("#choices button.choice", has_text=re.compile("draw", re.I))
    if draw.count():
        draw.first.click()
    page.wait_for_function("(n) => document.querySelectorAll('#log li').length > n",
                           arg=len(mine["log"]))
    after = server.view(tid, tokens[seat])
    assert after["log"][len(mine["log"])] == f"discard {card} to row 1, draw 2"
    assert len(after["observation"]["market"][0]) == len(mine["observation"]["market"][0]) + 1


#: where the move log's lines are, seen in the page: the box (the log folded into turns,
#: ``entries``, or every step, ``log``), its first and last lines that show (any part), and
#: whether it overflows
LOG_JS = """(id) => {
  const box = document.getElementById(id);
  const b = box.getBoundingClientRect();
  const shown = [...box.children].map((li) => li.getBoundingClientRect())
    .filter((r) => r.bottom > b.top + 0.5 && r.top < b.bottom - 0.5);
  return {top: b.top, bottom: b.bottom, overflow: box.scrollHeight > box.clientHeight,
          first: [shown[0].top, shown[0].bottom],
          last: [shown[shown.length - 1].top, shown[shown.length - 1].bottom],
          lastIsLast: box.lastElementChild.getBoundingClientRect().top === shown[shown.length - 1].top};
}"""


def test_the_move_log_shows_its_last_lines_with_the_top_one_whole(server, new_page):
    """A long log (wrapping lines: Inheritors' moves) scrolled to its end: the last line
    shows, and the top line is not cut off half-way."""
    made = server.create_table([{"kind": "here"}, {"kind": "here"}], game="inheritors",
                               pace=0)
    tid, tokens = made["table"], [s["token"] for s in made["seats"]]
    for _ in range(60):
        seat = server.view(tid)["current_player"]
        mine = server.view(tid, tokens[seat])
        status, out = server.request("POST", f"/api/tables/{tid}/actions",
                                     {"action": mine["legal"][0]["id"], "ply": mine["ply"]},
                                     token=tokens[seat])
        assert status == 200, out
    seat = server.view(tid)["current_player"]
    page = new_page()
    page.goto(f"{server.url}/table/{tid}#token={tokens[seat]}")
    page_state(page, ("turn",))
    for which in ("entries", "log"):       # turns in words, then every step (the toggle)
        if which == "log":
            page.check("#alllog")
        log = page.evaluate(LOG_JS, which)
        assert log["overflow"] and log["lastIsLast"], log
        assert log["first"][0] >= log["top"] - 0.5, log          # the top line whole
        assert log["last"][1] <= log["bottom"] + 0.5, log        # the last line whole
        # folded and unfolded again: the same
        page.click("#logbox summary")
        page.click("#logbox summary")
        log = page.evaluate(LOG_JS, which)
        assert log["first"][0] >= log["top"] - 0.5 and log["lastIsLast"], log
