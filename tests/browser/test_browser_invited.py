"""Two people at one table, each in their own browser through their private seat link
(issue 12: "two browser contexts play one game as two invited seats, each seeing the other's
moves live"). The table is made on the start page; each person clicks their moves; after
every move the other person's page shows it without a reload (the WebSocket push). The
first three rounds by default; the whole game, with both pages showing the same result at
the end, in the slow run (``pytest -m slow``: about a minute)."""

from __future__ import annotations

import random

import pytest

from browser_driver import create_in_lobby, log_lines, page_state, play_turn_by_clicking

MAX_MOVES = 120


@pytest.mark.parametrize("rounds", [3, pytest.param(None, marks=pytest.mark.slow)],
                         ids=["three-rounds", "whole-game"])
def test_two_invited_people_play_a_game_and_see_each_others_moves_live(server, new_page,
                                                                      rounds):
    host = new_page()
    links = create_in_lobby(host, server.url, ["invited", "invited"])
    assert len(links["invited"]) == 2 and links["here"] is None
    pages = [new_page(), new_page()]    # two browsers: separate contexts, separate people
    loads = [0, 0]
    for i, (page, link) in enumerate(zip(pages, links["invited"])):
        page.on("load", lambda _p, i=i: loads.__setitem__(i, loads[i] + 1))
        page.goto(link)
    for page, me in zip(pages, ("Player 1", "Player 2")):
        page_state(page, ("turn", "waiting"))
        assert f"you are: {me}" in page.locator("#who").inner_text()

    rng = random.Random(3)
    moves = [0, 0]
    # 2 players, 2 kings each: the first round is 4 picks, each later one 4 placements and
    # 4 picks
    limit = MAX_MOVES if rounds is None else 4 + 8 * (rounds - 1)
    for _ in range(MAX_MOVES):
        states = [page_state(p, ("turn", "waiting", "over")) for p in pages]
        if "over" in states or sum(moves) == limit:
            break
        assert states.count("turn") == 1, states
        mover = states.index("turn")
        play_turn_by_clicking(pages[mover], rng)
        moves[mover] += 1
        # the other page shows the move without being reloaded
        seen = log_lines(pages[mover])
        pages[1 - mover].wait_for_function(
            "(n) => document.querySelectorAll('#log li').length >= n", arg=len(seen))
        assert log_lines(pages[1 - mover])[:len(seen)] == seen
    else:
        raise AssertionError("the game does not end")

    assert loads == [1, 1], "the pages were never reloaded"
    if rounds is not None:
        assert sum(moves) == limit and min(moves) >= 2, moves
        return
    assert min(moves) >= 12, moves
    rankings, banners = [], []
    for page in pages:
        assert page_state(page, ("over",)) == "over"
        rankings.append(page.locator("#result .ranking").inner_text().replace(" (you)", ""))
        banners.append(page.locator("#banner").inner_text())
    # the same ranking on both screens; each banner in its reader's words ("You win" for
    # the winner, the winner's name for the other; a tie is a shared victory on both)
    assert rankings[0] == rankings[1]
    assert (sum(b.startswith("You win") for b in banners) == 1
            or all(b.startswith("Shared victory") for b in banners)), banners
