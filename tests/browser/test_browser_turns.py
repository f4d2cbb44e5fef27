"""Replay in step, hints in words, Undo as the server allows (issue 24).

* After a game, stepping through the replay keeps the board, the header, the story panel
  and the log at the same ply (the result screen waits for the end).
* A hint reads "Suggested: ..." in plain words with a way to win in games in 10; the
  search's details (its agent, its playouts) are folded away; the suggestion is marked on
  the board.
* *Take back my last move* shows exactly when the server would take it back (the view
  carries its rule's answer), and taking back works.
"""

from __future__ import annotations

import random

from browser_driver import VISIBLE_TEXT_JS, developer_words, page_state, play_typed

#: the board as the server drew it (the page's additions taken off), see
#: test_browser_spectator
from test_browser_spectator import SHOWN_JS


def _play_to_the_end(server, page, tid, token, rng):
    while page_state(page, ("turn", "over")) == "turn":
        v = server.view(tid, token)
        play_typed(page, rng.choice(v["legal"])["notation"])


def test_the_replay_keeps_board_header_story_and_log_at_one_ply(server, new_page):
    made = server.create_table([{"kind": "here", "label": "Ann"}, {"kind": "computer"}],
                               pace=0)
    tid, token = made["table"], made["seats"][0]["token"]
    page = new_page()
    page.goto(f"{server.url}/table/{tid}#token={token}")
    _play_to_the_end(server, page, tid, token, random.Random(2))
    final = server.view(tid, token)
    assert page.locator("#result").is_visible()
    page.click("#first")
    for ply in range(0, 12):
        if ply:
            page.click("#forward")
        page.wait_for_function("(p) => document.getElementById('replayply').textContent"
                               ".startsWith(`move ${p} of `)", arg=ply)
        status, answer = server.request("GET", f"/api/tables/{tid}/replay/{ply}",
                                        token=token)
        assert status == 200
        # the board: the drawing of that ply
        from xml.etree.ElementTree import canonicalize
        shown = page.locator("#board svg").evaluate(SHOWN_JS)
        assert canonicalize(xml_data=shown) == canonicalize(xml_data=answer["svg"])
        # the header: the replay's move and whose turn it was then
        header = page.locator("#status").inner_text()
        assert f"replay, move {ply} of {final['ply']}" in header
        cur = answer["current_player"]
        assert ("your turn" if cur == 0 else "Computer (easy) to play" if cur == 1
                else "replay") in header
        assert "game over" not in header
        # the log and the story: that ply's, not the end's
        entries = page.locator("#entries li").all_inner_texts()
        assert len(entries) == len(answer["entries"])
        assert len(page.locator("#log li").all()) == ply
        assert page.locator("#story li").count() == len(answer["story"]["entries"])
        assert page.locator("#result").is_hidden()
    page.click("#live")
    page_state(page, ("over",))
    assert page.locator("#result").is_visible()
    assert len(page.locator("#log li").all()) == final["ply"]


def test_a_hint_is_given_in_words_and_marked_on_the_board(server, new_page):
    made = server.create_table([{"kind": "here", "label": "Ann"}, {"kind": "computer"}],
                               pace=0, hints=True)
    tid, token = made["table"], made["seats"][0]["token"]
    page = new_page()
    page.goto(f"{server.url}/table/{tid}#token={token}")
    assert page_state(page) == "turn"
    page.click("#hintbutton")
    suggestion = page.locator("#hint .suggestion")
    suggestion.wait_for(timeout=60_000)        # a search of about a second, on a busy machine
    text = suggestion.inner_text()
    assert text.startswith("Suggested: pick domino"), text
    # "about 6 games in 10", "about 1 game in 10", "fewer than 1 game in 10", "nearly every
    # game", or the search ran out of time
    assert " in 10" in text or "every game" in text or "too little time" in text, text
    # the details (agent and playouts) are folded away; the visible text has no jargon
    details = page.locator("#hint details")
    assert not details.get_attribute("open")
    assert "playout" in details.text_content()
    assert not developer_words(page.evaluate(VISIBLE_TEXT_JS))
    # the suggestion on the board, on a domino the person may pick
    mark = page.locator("#board svg .hint")
    assert mark.count() == 1
    assert page_state(page) == "turn"           # and the move can still be made


def test_undo_shows_exactly_when_the_server_would_take_the_move_back(server, new_page):
    made = server.create_table([{"kind": "here", "label": "Ann"}, {"kind": "computer"}],
                               pace=0)
    tid, token = made["table"], made["seats"][0]["token"]
    page = new_page()
    page.goto(f"{server.url}/table/{tid}#token={token}")
    rng = random.Random(9)
    shown = hidden = 0
    for _ in range(16):
        if page_state(page, ("turn", "over")) != "turn":
            break
        v = server.view(tid, token)
        visible = page.locator("#undo").is_visible()
        assert visible == (v["undo"] is None), (visible, v["undo"])
        if visible:
            shown += 1
            if shown == 2:                      # take it back once: the ply goes back
                page.click("#undo")
                page.wait_for_function("(n) => document.querySelectorAll('#log li').length < n",
                                       arg=len(v["log"]))
                assert server.view(tid, token)["ply"] < v["ply"]
                continue
        else:
            hidden += 1
        play_typed(page, rng.choice(v["legal"])["notation"])
    assert shown >= 2 and hidden >= 1, (shown, hidden)
