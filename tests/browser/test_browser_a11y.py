"""The start page and the keyboard (issue 24): the lobby fits a phone (a viewport tag, no
sideways scroll), opens on Kingdomino, shows each new seat link with a copy button and a QR
code, and axe-core finds no serious or critical violation on it; a person plays a move
with the keyboard alone (Tab to a target, Enter), each target a button named in words."""

from __future__ import annotations

import json

from browser_driver import OVERFLOW_JS, developer_words, page_state
from test_browser_story import axe_violations


def test_the_lobby_fits_a_phone_and_gives_each_link_a_copy_button_and_a_qr_code(server,
                                                                               new_page):
    for width, height in ((390, 844), (1280, 800)):
        page = new_page(width, height)
        page.goto(server.url + "/")
        assert "width=device-width" in page.locator("meta[name=viewport]").get_attribute("content")
        page.locator("#game option").first.wait_for(state="attached")
        assert page.locator("#game").input_value() == "kingdomino"   # Kingdomino first
        assert not axe_violations(page), axe_violations(page)
        page.select_option("#game", "cascadito")
        text = page.locator("#create").inner_text()
        assert not developer_words(text) and "ruling R" not in text and "issue" not in text
        page.select_option("#game", "kingdomino")
        page.select_option("#players", "3")
        kinds = page.locator("#seats select.kind")
        kinds.nth(0).select_option("here")
        kinds.nth(1).select_option("invited")
        kinds.nth(2).select_option("invited")
        page.click("#create button[type=submit]")
        links = page.locator("#created .link")
        links.first.wait_for()
        assert links.count() == 4          # here, two invitations, the spectator view
        for i in range(3):
            row = links.nth(i)
            href = row.locator("a").get_attribute("href")
            assert "#token=" in href and href.startswith(server.url)
            assert row.locator("button").inner_text() == "Copy link"
            qr = row.locator(".qr svg")
            assert qr.count() == 1 and qr.bounding_box()["width"] >= 100
        assert not page.evaluate(OVERFLOW_JS), page.evaluate(OVERFLOW_JS)
        assert not axe_violations(page), axe_violations(page)
        # the copy button puts the link on the clipboard
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        links.nth(1).locator("button").click()
        page.wait_for_function("() => document.querySelectorAll('#created button')[1]"
                               ".textContent === 'Copied'")
        assert page.evaluate("() => navigator.clipboard.readText()") == \
            links.nth(1).locator("a").get_attribute("href")


#: the element the keyboard is on: its data-click, role and name
FOCUS_JS = """() => { const e = document.activeElement;
  return e && {click: e.getAttribute('data-click'), role: e.getAttribute('role'),
               label: e.getAttribute('aria-label'), board: !!e.closest('#board')}; }"""


def test_a_move_is_played_with_the_keyboard_alone(server, new_page):
    made = server.create_table([{"kind": "here", "label": "Ann"}, {"kind": "computer"}],
                               pace=0)
    tid, token = made["table"], made["seats"][0]["token"]
    page = new_page()
    page.goto(f"{server.url}/table/{tid}#token={token}")
    assert page_state(page) == "turn"
    before = server.view(tid)["ply"]
    for _ in range(40):                  # Tab through the page to the board's first target
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUS_JS)
        if focus and focus["board"]:
            break
    else:
        raise AssertionError("Tab never reaches the board's targets")
    assert focus["role"] == "button" and json.loads(focus["click"])
    assert focus["label"] and "{" not in focus["label"], focus   # words, not a click object
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.querySelectorAll('#log li').length > n",
                           arg=before)
    assert server.view(tid)["ply"] > before
    assert page.locator("#error").inner_text() == ""
