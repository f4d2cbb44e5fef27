"""The scoring pad (``/score``, issue 27) on a phone (390x844, touch) against a real
``regalia serve``: each game's worked or hand-worked positions entered by tapping, the
totals, ranking and result the page shows equal to ``regalia score`` on the text it exports;
the text round trip; bad entries refused in place; every interactive element at least
44x44 px; axe-core without serious or critical violations; a shared link opened on another
phone."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from pad_driver import (choose, close_menu, exported, focus, open_pad, phone_context,
                        refusal, regalia_score, rename, settle, show_part, shown_scores,
                        small_targets, step, tap, tap_edit)

README = """\
W  W* F  F  F*
W  L  L  F  G
S  L* C  G  G**
S  M  M* G  G
S* S  M  .  .
"""
TERRAINS = {"W": "Wheat", "F": "Forest", "L": "Lake", "G": "Grassland", "S": "Swamp",
            "M": "Mine"}


@pytest.fixture
def phone(chromium_browser: Any) -> Iterator[Any]:
    """A page on a phone-sized touch screen; console errors fail the test."""
    ctx = phone_context(chromium_browser)
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}")
            if m.type == "error" and "status of 4" not in m.text else None)
    yield page
    ctx.close()
    assert not errors, "\n".join(errors)


def same_as_the_command_line(page: Any, game: str) -> tuple[dict[str, Any], str]:
    """The page's totals and result, checked against ``regalia score`` on the exported text."""
    shown = shown_scores(page)
    out = regalia_score(game, exported(page))
    result = shown["result"].rstrip(".")
    assert f"result: {result.lower()}" in out.lower(), (shown["result"], out)
    ranked = sorted(shown["ranking"], key=lambda r: r[0])
    assert [int(r[2][0]) for r in ranked] == sorted((int(r[2][0]) for r in ranked),
                                                    reverse=True)
    return shown, out


def enter_kingdom(page: Any, player: int, grid: str) -> None:
    rows = [r.split() for r in grid.strip().splitlines()]
    cr, cc = next((r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if t == "C")
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            if tok in ("C", "."):
                continue
            focus(page, f"sq:{player}:{r - cr}:{c - cc}")
            choose(page, TERRAINS[tok[0]], "Terrain")
            if "*" in tok:
                choose(page, str(tok.count("*")), "Crowns")


def test_kingdomino_kingdoms_tapped_in_score_as_the_command_line(phone, server):
    """Player 1 taps the README's kingdom (27 points, the castle in the centre of a full
    span: Middle Kingdom +10; two squares empty: no Harmony); Player 2 a hand-worked
    kingdom: forest 2 squares x 1 crown + wheat 2 x 1 = 4, one domino discarded."""
    page = phone
    open_pad(page, server.url, "kingdomino", players=2)
    enter_kingdom(page, 0, README)
    close_menu(page)
    rename(page, "Ann")
    show_part(page, 1)
    enter_kingdom(page, 1, "C  F* F\nW  W* .\n")
    close_menu(page)
    rename(page, "Ben")
    tap(page, "#part .group.stepper button[aria-label='one more discarded']")
    for label in ("Middle Kingdom (+10)", "Harmony (+5)"):
        choose(page, label, "Variants", where="#controls")
    shown, out = same_as_the_command_line(page, "kingdomino")
    assert shown["totals"] == {"Ann": 37, "Ben": 4}
    assert shown["ranking"][0][:2] == (1, "Ann")
    assert shown["result"] == "Ann wins with 37 points (next: 4)."
    assert re.findall(r"Total: (\d+) points", out) == ["37", "4"]
    text = exported(page)
    assert "variant middle-kingdom, harmony" in text and "discarded 1" in text

    # a square that takes the kingdom past 5x5 is refused where it was tapped
    show_part(page, 0)
    focus(page, "sq:0:-3:0")
    choose(page, "Wheat", "Terrain")
    assert "it must fit in 5x5" in refusal(page, "menu")
    assert exported(page) == text                     # nothing changed
    close_menu(page)

    # the text round trip: start again, paste the exported text, open it
    tap(page, "#restart")
    page.fill("#text", text)
    page.select_option("#text-game", "kingdomino")
    tap(page, "#apply")
    assert exported(page) == text and shown_scores(page) == shown

    # a second castle in a pasted text is refused in place, with its line
    page.fill("#text", "player Ann\nC W C\n")
    tap(page, "#apply")
    assert "expected exactly one castle 'C', found 2" in refusal(page, "text")
    assert shown_scores(page) == shown                # the position shown is the old one


def test_cascadito_documented_sheets_tapped_in_score_73_and_62(phone, server):
    """docs/games/cascadito-score-format.md, play sheet 2: Anna (yellow castle) 73, Ben
    (pink) 62."""
    page = phone
    open_pad(page, server.url, "cascadito", sheet=2, players=2)
    sheets = [("Anna", "yellow", {"blue": 3, "yellow": 7, "orange": 2, "pink": 4, "white": 5},
               6, 5, ["top 2", "top 3", "top 5", "bottom 2"]),
              ("Ben", "pink", {"blue": 5, "yellow": 3, "orange": 4, "pink": 6, "white": 3},
               4, 7, ["top 1", "top 6", "bottom 1", "bottom 4"])]
    show_part(page, 1)
    choose(page, "pink", "Home castle", where="#part")      # frees yellow for Anna
    for p, (name, castle, tracks, river, bandits, claims) in enumerate(sheets):
        show_part(page, p)
        rename(page, name)
        choose(page, castle, "Home castle", where="#part")
        for colour, n in tracks.items():
            tap_edit(page, {"op": "track", "player": p, "track": colour, "value": n})
        tap_edit(page, {"op": "river", "player": p, "river": 0, "value": river})
        tap_edit(page, {"op": "bandits", "player": p, "value": bandits})
        for a in claims:
            tap_edit(page, {"op": "claim", "player": p, "achievement": a, "value": "first"})
    shown, out = same_as_the_command_line(page, "cascadito")
    assert shown["totals"] == {"Anna": 73, "Ben": 62}
    assert shown["result"] == "Anna wins with 73 points (next: 62)."
    assert "Anna yellow 73" in out and "Ben pink 62" in out
    # a field marked and cleared again by taps; a claim by a second player refused in place
    tap_edit(page, {"op": "field", "player": 1, "cell": "c5"})
    assert "marked c5" in exported(page)
    tap_edit(page, {"op": "claim", "player": 1, "achievement": "top 2", "value": "first"})
    assert "a top-row achievement 'can only be claimed by 1 player'" in refusal(page, "part")
    tap_edit(page, {"op": "field", "player": 1, "cell": "c5"})
    assert "marked" not in exported(page)
    # a track level beyond the top, pasted, is refused with the parser's words
    good = exported(page)
    page.fill("#text", good.replace("tracks blue 3", "tracks blue 9"))
    tap(page, "#apply")
    assert "'9': the blue track has 7 spaces; expected 0 to 7 spaces marked" in \
        refusal(page, "text")
    assert shown_scores(page) == shown


def test_inheritors_documented_table_tapped_in_scores_15_24_3(phone, server):
    """docs/games/inheritors-score-format.md: Anna 15, Ben 24, Cleo 3; Ben wins."""
    page = phone
    open_pad(page, server.url, "inheritors", players=3)
    table = [("Anna", {2: 6, 0: 4, 1: 2}, {"purple": {"purple 3": 2}},
              {"other": {"Tome": 2, "purple relic": 1}, "advocates": {"Spy": 1}},
              ["Two Threes"], ["A Six"], "Rat (purple)"),
             ("Ben", {0: 5, 3: 3, 4: 2, 2: 3}, {},
              {"other": {"Tome": 2, "The Owl's Almanac": 1, "red relic": 1}},
              ["Two Twos", "Red Treasury"], ["Two Quests"], "Stag (yellow)"),
             ("Cleo", {4: 2}, {"red": {"red 5": 1, "red 4": 1, "red 3": 1},
                               "green": {"green 2": 1}}, {}, ["Purple Treasury"], [], "")]
    for p, (name, tops, colours, others, quests, honors, clan) in enumerate(table):
        show_part(page, p)
        rename(page, name)
        for c, top in tops.items():
            focus(page, f"stack:{p}:{c}")
            choose(page, str(top), "Top card")
        for row, cards in list(colours.items()) + list(others.items()):
            focus(page, f"hand:{p}:{row}")
            for card, k in cards.items():
                step(page, card, k)
        for key, names in (("quests", quests), ("honors", honors)):
            if names:
                focus(page, f"{key}:{p}")
                for n in names:
                    choose(page, n)
        if clan:
            focus(page, f"clan:{p}")
            choose(page, clan)
        close_menu(page)
    shown, out = same_as_the_command_line(page, "inheritors")
    assert shown["totals"] == {"Anna": 15, "Ben": 24, "Cleo": 3}
    assert shown["ranking"] == [(1, "Ben", ["24", "2", "4"]), (2, "Anna", ["15", "2", "6"]),
                                (3, "Cleo", ["3", "0", "4"])]
    assert "Anna 15 2 6 Ben 24 2 4 Cleo 3 0 4" in out
    # a Clan without a 3 or higher of its colour is refused in the menu
    before = exported(page)
    focus(page, "clan:2")
    choose(page, "Wolf (yellow)")
    assert "Wolf: Cleo's yellow stack is empty; claiming the Wolf needs 'an Influence Card " \
           "numbered 3 or higher" in refusal(page, "menu")
    assert exported(page) == before


def test_two_heirs_example_5_tapped_in_scores_its_roads(phone, server):
    """The rulebook's Example 5: road A (white) 3 points, road B (blue) 1, roads C and D
    tied or alone: 0. Open terrain between the roads (it connects no road) lets the pad's
    landscape grow from the starting tile to each of them."""
    page = phone
    open_pad(page, server.url, "two-heirs", players=2)
    tiles = [(0, 0, "land-1", "south"), (1, 0, "land-5", "south"), (2, 0, "trade-3", "south"),
             (1, 1, "grey", "down"), (0, 2, "war-4", "north"), (1, 2, "war-8", "north"),
             (2, 2, "patrol-3", "south"), (3, 0, "green", "down"), (4, 0, "yellow", "down"),
             (5, 0, "travel-2", "south"), (5, 1, "land-8", "south"),
             (5, 2, "trade-5", "north"), (5, 3, "trade-7", "north"), (6, 0, "green", "down"),
             (7, 0, "yellow", "down"), (8, 0, "travel-8", "north")]
    sets = {"land": "Land & Industry", "trade": "Trade & Church", "war": "War",
            "patrol": "Patrol", "travel": "Travel"}
    for x, y, tile, side in tiles:
        focus(page, f"cell:{x}:{y}")
        if side == "down":
            choose(page, tile, "Open terrain (face down)")
            continue
        kind = tile.rsplit("-", 1)[0]
        choose(page, sets[kind], "Tile set (its symbol)")
        tap(page, f"#menu-groups button:has(.note:text-is('{tile}'))")
        if side == "north":
            choose(page, "North (blue)", "Whose building")
    focus(page, "cell:5:0")
    choose(page, "South (white)", "Troop on it (each side has 3)")
    close_menu(page)
    shown, out = same_as_the_command_line(page, "two-heirs")
    roads = page.evaluate("""() => [...document.querySelectorAll('#steps details')].map((d) =>
        [...d.querySelectorAll('tr')].filter((tr) => tr.cells[0].textContent.startsWith('road'))
        .map((tr) => Number(tr.cells[1].textContent)))""")
    assert roads == [[3, 0, 0], [0, 1, 0]]
    assert "road over (0, 0) (1, 0) (2, 0): buildings south 3, north 0 -> 3" in out
    # a fourth troop of a side is refused in the menu
    for x in (0, 1, 2):
        focus(page, f"cell:{x}:0")
        choose(page, "South (white)", "Troop on it (each side has 3)")
    before = exported(page)
    focus(page, "cell:3:0")
    choose(page, "South (white)", "Troop on it (each side has 3)")
    assert "more than 3 south troops on the landscape (each player has 3)" in \
        refusal(page, "menu")
    assert exported(page) == before


@pytest.mark.parametrize("game,choices,key", [
    ("kingdomino", {"players": 2}, "sq:0:0:1"),
    ("cascadito", {"sheet": 2, "players": 2}, None),
    ("inheritors", {"players": 3}, "hand:0:other"),
    ("two-heirs", {"players": 1}, "cell:0:0"),
])
def test_every_interactive_element_is_a_thumbs_target_and_axe_finds_nothing_serious(
        phone, server, game, choices, key):
    """At 390x844 every visible button, link, field, summary and tappable drawing element
    is at least 44 x 44 px (with a menu open), and axe-core reports no serious or critical
    violation (WCAG 2 A and AA)."""
    from axe_playwright_python.sync_playwright import Axe

    page = phone
    open_pad(page, server.url, game, **choices)
    if key:
        focus(page, key)
    page.evaluate("() => document.querySelectorAll('#steps details').forEach((d) => "
                  "d.open = true)")
    assert small_targets(page) == []
    assert page.locator("#part [role=button]").count() > 3
    results = Axe().run(page, options={"runOnly": {"type": "tag",
                                                   "values": ["wcag2a", "wcag2aa"]}})
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in bad]


def test_a_shared_link_hands_the_table_to_another_phone(phone, server, chromium_browser):
    page = phone
    open_pad(page, server.url, "inheritors", players=2)
    focus(page, "stack:0:1")
    choose(page, "5", "Top card")
    close_menu(page)
    tap(page, "#share")
    link = page.locator("#share-link").get_attribute("href")
    assert "/score#share=" in link and page.locator("#qr svg").count() == 1
    other = phone_context(chromium_browser)
    try:
        page2 = other.new_page()
        page2.goto(link)
        page2.wait_for_selector("#pad:not([hidden])")
        settle(page2)
        assert page2.input_value("#text") == exported(page)
        assert shown_scores(page2) == shown_scores(page)
        assert "share=" not in page2.url
    finally:
        other.close()


def test_download_and_open_a_file_keep_the_text_exactly(phone, server, tmp_path):
    """Download saves the exported text as it is; opening that file (the page's file
    picker) shows the same position and scores."""
    page = phone
    open_pad(page, server.url, "kingdomino", players=2)
    focus(page, "sq:0:0:1")
    choose(page, "Forest", "Terrain")
    choose(page, "2", "Crowns")
    close_menu(page)
    text, shown = exported(page), shown_scores(page)
    with page.expect_download() as info:
        tap(page, "#download")
    saved = tmp_path / "kingdom.txt"
    info.value.save_as(saved)
    assert saved.read_text() == text and info.value.suggested_filename == "kingdomino-score.txt"
    assert "Total: 2 points" in regalia_score("kingdomino", saved.read_text())
    tap(page, "#restart")
    page.select_option("#text-game", "kingdomino")
    page.set_input_files("#file", str(saved))
    page.wait_for_selector("#pad:not([hidden])")
    settle(page)
    assert exported(page) == text and shown_scores(page) == shown
