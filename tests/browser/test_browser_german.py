"""The web table in German (issue 30), in Debian's Chromium with the browser's language set to
``de-DE``: a whole game of each of the four games played to its end by clicking, the
scoring pad used, the language switch from German to English and back remembered across
pages (a seat link's token kept through it), and axe-core clean on a German table at desktop
and phone size.

The assertions read the web area's own words (the page, the server's frame of the result,
the seat labels it makes): the games' texts (their boards, narration, buttons) become German
with their own catalogues and are not asserted here."""

from __future__ import annotations

import json
import random
import re
import urllib.request

import pytest

from browser_driver import create_in_lobby, page_state, play_turn_by_clicking
from pad_driver import PHONE, open_pad, settle, tap, tap_edit
from test_browser_story import axe_violations

MAX_TURNS = 400
DE = "de-DE"

GAMES = [
    pytest.param("kingdomino", ["here", "computer"], {}, id="kingdomino-2p"),
    pytest.param("two-heirs", ["here", "computer"], {}, id="two-heirs-2p"),
    pytest.param("cascadito", ["here"], {"sheet": 2}, id="cascadito-solo-sheet-2"),
    pytest.param("inheritors", ["here", "computer"], {}, id="inheritors-2p"),
]


def view_in(server, tid: str, lang: str, token: str | None = None) -> dict:
    """The view of a table as a browser of ``lang`` gets it (a seat's, with its token)."""
    req = urllib.request.Request(f"{server.url}/api/tables/{tid}", headers={
        "accept-language": lang, **({"x-seat-token": token} if token else {})})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def lang_of(page) -> str:
    return page.evaluate("() => document.documentElement.lang")


@pytest.mark.parametrize("game,kinds,params", GAMES)
def test_a_whole_game_played_in_german(server, new_page, game, kinds, params):
    page = new_page(locale=DE)
    page.goto(server.url + "/")
    assert lang_of(page) == "de"
    page.wait_for_selector("#seats select.kind option", state="attached")
    assert page.locator("#create button[type=submit]").inner_text() == "Tisch eröffnen"
    assert page.locator("#seats select.kind").first.locator("option").all_inner_texts() == [
        "ein Mensch hier", "ein eingeladener Mensch (ein Link)", "der Computer"]
    links = create_in_lobby(page, server.url, kinds, game=game, pace=0, params=params)
    assert "Private Platz-Links" in page.locator("#created").inner_text()
    page.goto(links["here"])
    tid = page.url.split("/table/")[1].split("#")[0]
    assert lang_of(page) == "de"
    page_state(page)
    assert "du bist: Spieler 1" in page.locator("#who").inner_text()
    assert page.locator("#logbox summary").inner_text().startswith("Züge")
    if len(kinds) > 1:
        assert page.locator("#seatlist").inner_text().count("Computer (leicht)") == 1
    rng = random.Random(30)
    moves = 0
    while page_state(page) == "turn":
        play_turn_by_clicking(page, rng)
        moves += 1
        assert moves <= MAX_TURNS, "the game does not end"
    token = links["here"].split("#token=")[1].split("&")[0]
    final = view_in(server, tid, "de", token)
    assert final["terminal"] and moves > 3
    assert page.locator("#status").inner_text() == "· Partie beendet"
    assert page.locator("#scoretable caption").inner_text() == "Schlusswertung"
    assert page.locator("#download").inner_text() == "Partieprotokoll herunterladen"
    assert page.locator("#again").inner_text() == "Revanche"
    banner = page.locator("#banner").inner_text()
    assert banner == final["result"]["banner"]
    if len(kinds) > 1:
        # the web's own banner (no game outcome words): who won, in German
        assert banner.startswith(("Du gewinnst", "Geteilter Sieg")) or " gewinnt" in banner
        ranking = page.locator("#result ol.ranking").inner_text()
        assert "Punkte (du)" in ranking or "(du)" in ranking
        assert "points" not in ranking and "(you)" not in ranking
    assert page.locator("#replay h2").inner_text() == "Wiederholung"
    # a replayed move is told in German too
    page.click("#first")
    page.wait_for_function("() => document.getElementById('replayply').textContent"
                           ".startsWith('Zug 0 von')")


def test_the_scoring_pad_in_german(chromium_browser, server):
    ctx = chromium_browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                       device_scale_factor=1, locale=DE)
    from browser_driver import prepare
    prepare(ctx)
    page = ctx.new_page()
    try:
        open_pad(page, server.url, "cascadito", sheet=2, players=2)
        assert lang_of(page) == "de"
        assert page.locator("header h1").inner_text() == "Wertungsblock"
        assert page.locator("#text-title").inner_text() == "Der Wertungstext"
        for colour, n in {"blue": 3, "yellow": 7, "pink": 4}.items():
            tap_edit(page, {"op": "track", "player": 0, "track": colour, "value": n})
        tap_edit(page, {"op": "bandits", "player": 0, "value": 5})
        page.wait_for_selector("#score:not([hidden])")
        assert page.locator("#score-title").inner_text() == "Punktestand"
        assert page.locator("#ranking caption").inner_text() == "Reihenfolge"
        summaries = page.locator("#steps summary").all_inner_texts()
        assert len(summaries) == 2
        for s in summaries:
            assert re.fullmatch(r".+: -?\d+ Punkte, Schritt für Schritt", s), s
        page.locator("#steps details").first.locator("summary").tap()
        assert "gesamt" in page.locator("#steps details").first.inner_text()
        heads = page.locator("#ranking thead th").all_inner_texts()
        assert heads[:2] == ["#", "Spieler"]
        tap(page, "#copy")
        settle(page)
        page.wait_for_function("() => document.getElementById('copied').textContent"
                               " === 'Kopiert.'")
        # the position survives the switch to English and back (it is kept in the browser)
        text = page.input_value("#text")
        tap(page, ".langswitch a[hreflang=en]")
        page.wait_for_selector("body[data-ready]")
        assert lang_of(page) == "en"
        assert page.locator("header h1").inner_text() == "Scoring pad"
        page.wait_for_selector("#score:not([hidden])")
        assert page.input_value("#text") == text
        assert "points, step by step" in page.locator("#steps summary").first.inner_text()
        tap(page, ".langswitch a[hreflang=de]")
        page.wait_for_selector("body[data-ready]")
        assert lang_of(page) == "de" and page.input_value("#text") == text
    finally:
        ctx.close()


def test_the_switch_from_german_to_english_and_back_is_remembered(server, new_page):
    page = new_page(locale=DE)
    page.goto(server.url + "/")
    assert lang_of(page) == "de" and page.locator("#newtable").inner_text() == "Neuer Tisch"
    page.click(".langswitch a[hreflang=en]")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.url == server.url + "/"
    assert page.locator("#newtable").inner_text() == "New table"
    for path, heading in (("/score", "Scoring pad"), ("/leaderboard", "Leaderboard"),
                          ("/static/components.html", "About the components")):
        page.goto(server.url + path)
        assert lang_of(page) == "en", path
        assert heading in page.locator("body").inner_text()
    page.click(".langswitch a[hreflang=de]")   # from the components page
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert page.url == server.url + "/static/components.html"
    assert page.locator("h1").inner_text() == "Über das Spielmaterial"
    page.goto(server.url + "/leaderboard")
    assert lang_of(page) == "de" and page.locator("#boardtitle").inner_text() == "Rangliste"
    # a seat link's token (in the fragment) survives the switch: the seat is still played
    # (made by a script in English: the seats' labels are names, kept as made)
    made = server.create_table([{"kind": "here"}, {"kind": "computer"}], pace=0)
    token = made["seats"][0]["token"]
    page.goto(f"{server.url}/table/{made['table']}#token={token}")
    page_state(page)
    assert "du bist: Player 1" in page.locator("#who").inner_text()
    page.click(".langswitch a[hreflang=en]")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page_state(page)
    assert page.url.endswith(f"#token={token}")
    assert "you are: Player 1" in page.locator("#who").inner_text()
    assert page.locator("#undo").inner_text() == "Take back my last move"
    page.click(".langswitch a[hreflang=de]")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page_state(page)
    assert "du bist: Player 1" in page.locator("#who").inner_text()
    assert page.url.endswith(f"#token={token}")


@pytest.mark.parametrize("size", [(1280, 800), (PHONE["width"], PHONE["height"])],
                         ids=["desktop", "phone"])
def test_a_german_table_is_axe_clean(server, new_page, size):
    made = server.create_table([{"kind": "here"}, {"kind": "computer"}], pace=0)
    page = new_page(*size, locale=DE)
    page.goto(f"{server.url}/table/{made['table']}#token={made['seats'][0]['token']}")
    assert page_state(page) == "turn"
    assert lang_of(page) == "de"
    assert page.locator(".langswitch a[aria-current]").inner_text() == "Deutsch"
    assert not axe_violations(page), axe_violations(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    assert lang_of(page) == "de"
    assert not axe_violations(page), axe_violations(page)
