"""A person plays Kingdomino against the computer in the browser (issue 12, "What shows it
is done"): the table is made on the start page, the whole 2-player game against `greedy` is
played by clicking only (the domino to pick, the squares, the drawing's buttons), the page
shows the final scores and the winner the server computed, the game is replayed step by step
in the page, and the record downloaded from it is accepted by `regalia replay`."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys

from browser_driver import create_in_lobby, page_state, play_turn_by_clicking, python_path

MAX_TURNS = 60   # a 2-player game gives a person 24 moves


def test_a_person_plays_a_whole_game_against_greedy_by_clicking(server, new_page, tmp_path):
    page = new_page()
    # no pause between the computer's moves (the page's option), to keep the test short
    links = create_in_lobby(page, server.url, ["here", "computer"], pace=0)
    assert links["here"] and not links["invited"]
    page.click("#created a:has-text('Play here')")
    page.wait_for_url(re.compile(r"/table/[\w-]+#token="))
    tid = page.url.split("/table/")[1].split("#")[0]
    seats = server.view(tid)["seats"]
    assert [s["kind"] for s in seats] == ["here", "computer"]
    assert "easy" in seats[1]["label"], "the lobby's default computer is easy (greedy)"

    rng = random.Random(12)   # which highlighted target to click; the page offers them
    moves, clicked = 0, []
    while page_state(page) == "turn":
        clicked += play_turn_by_clicking(page, rng)
        moves += 1
        assert moves <= MAX_TURNS, "the game does not end"
    # dominoes picked, squares clicked, the preview rotated, placed
    assert any('"domino"' in c for c in clicked) and any('"square"' in c for c in clicked)
    assert "Place" in clicked and "Rotate" in clicked, clicked
    # 12 dominoes each in a 2-player game: 12 placements (or discards) and 12 picks, less
    # any move the table plays for the person
    assert 12 <= moves <= 24

    # the end: the winner and the scores the server computed, shown in the page
    final = server.view(tid)
    assert final["terminal"]
    result = page.locator("#result").inner_text()
    # the banner is the seat's own words ("You win with 40 points", "Computer (easy) wins
    # with 40 points", "Shared victory: You and Computer (easy)"), as its view gives them
    mine = server.view(tid, page.url.split("#token=")[1])
    banner = page.locator("#banner").inner_text()
    assert banner == mine["result"]["banner"] and banner in result
    if len(final["winners"]) == 1:
        w = final["winners"][0]
        assert banner.startswith("You win" if w == 0 else f"{seats[w]['label']} wins")
    for s, score in zip(seats, final["scores"]):
        assert f"{s['label']} {score}" in result
    assert "Final scores" in page.locator("#scoretable caption").inner_text()
    total = page.locator("#scoretable tr.total td").all_inner_texts()
    assert [int(t) for t in total] == final["scores"]

    # step-by-step replay in the page: from the start, forward through every move
    plies = final["ply"]
    page.click("#first")
    page.wait_for_function("() => document.getElementById('replayply').textContent"
                           ".startsWith('move 0 of ')")
    start_board = page.locator("#board").inner_html()
    for ply in range(1, plies + 1):
        page.click("#forward")
        page.wait_for_function("(p) => document.getElementById('replayply').textContent"
                               ".startsWith(`move ${p} of `)", arg=ply)
    assert page.locator("#replayply").inner_text().startswith(f"move {plies} of {plies}")
    assert page.locator("#board").inner_html() != start_board
    page.click("#back")
    page.wait_for_function("(p) => document.getElementById('replayply').textContent"
                           ".startsWith(`move ${p} of `)", arg=plies - 1)
    page.click("#live")
    page_state(page, ("over",))

    # the record, downloaded from the page, is one regalia replays
    with page.expect_download() as download:
        page.click("#download")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    env = {**os.environ, "PYTHONPATH": python_path()}
    done = subprocess.run([sys.executable, "-m", "regalia", "replay", str(path), "--brief"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    # the replay ends with the scores the page showed: "1   Seat 1 (Player 1)   31 ..."
    for i, (s, score) in enumerate(zip(seats, final["scores"])):
        assert re.search(rf"Seat {i + 1} \({re.escape(s['label'])}\)\s+{score}\s",
                         done.stdout), done.stdout
