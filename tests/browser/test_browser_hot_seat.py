"""Two people on one screen (hot seat, issue 12: "a person here"): one link plays both
seats; the page always shows the seat whose turn it is, each seat's view from its own
token, and each person clicks their moves."""

from __future__ import annotations

import random
import re

from browser_driver import create_in_lobby, page_state, play_turn_by_clicking


def test_hot_seat_shows_the_seat_to_play_and_both_play_by_clicking(server, new_page):
    page = new_page()
    links = create_in_lobby(page, server.url, ["here", "here"], pace=0)
    page.click("#created a:has-text('Play here')")
    page.wait_for_url(re.compile(r"/table/[\w-]+#token=.+&token="))
    tid = page.url.split("/table/")[1].split("#")[0]
    assert links["here"] and not links["invited"]

    rng = random.Random(5)
    movers = []
    for _ in range(4 + 8):    # two rounds: the first picks, then 4 placements and 4 picks
        assert page_state(page) == "turn"
        seat = server.view(tid)["current_player"]
        label = f"Player {seat + 1}"
        assert page.locator("#who").inner_text().endswith(f"you are: {label}")
        assert "your turn" in page.locator("#status").inner_text()
        movers.append(seat)
        play_turn_by_clicking(page, rng)
    assert set(movers) == {0, 1}
    assert server.view(tid)["ply"] > 12
