"""Players, not seats (issue 25) in real browsers, one context per person: names chosen on
the start page and at a seat link, shown as text everywhere; Your games after closing and
reopening a browser with its storage, the seat found again without its link; a chat line
carrying an XSS payload shown as text; spectators reading the chat; a table open to anyone
joined from the start page; the turn alert in the title of a page in the background; a
rematch followed by both pages, and the ratings it made; a turn in another tab counted in
a background tab's title and icon; a player key moved to another
device by its link and revoked; a move time limit of 2 seconds with each timeout choice.
axe-core finds nothing serious on the new parts, on a desktop and on a phone."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest

from browser_driver import create_in_lobby, page_state, prepare
from test_browser_story import axe_violations

PHONE = (390, 844)

#: makes the page believe it is in the background while ``window.__bg`` is true (headless
#: Chromium shows every page): ``document.hidden`` and ``visibilityState`` follow it
BACKGROUND_JS = """(() => {
  Object.defineProperty(Document.prototype, 'hidden', { get() { return !!window.__bg; } });
  Object.defineProperty(Document.prototype, 'visibilityState',
    { get() { return window.__bg ? 'hidden' : 'visible'; } });
})();"""


def token_of(url: str) -> str:
    return parse_qs(urlparse(url).fragment)["token"][0]


def named_table(new_page, server, host_name="Ann", kinds=("here", "invited"), size=None,
                open_table=False):
    """Ann makes a table on the start page under her name; returns her page and the links."""
    host = new_page(*(size or ()))
    host.goto(server.url + "/")
    host.fill("#myname", host_name)
    host.press("#myname", "Tab")          # remembered by the browser: the next page has it
    links = create_in_lobby(host, server.url, list(kinds), setup=(
        (lambda p: p.check("#open")) if open_table else None))
    if links["here"]:
        host.goto(links["here"])
        page_state(host, ("turn", "waiting"))
    return host, links


def sit_at(page, link, name):
    """Open a seat link and take the seat under ``name`` (the form beside the board)."""
    page.goto(link)
    page.locator("#sit").wait_for(state="visible")
    page.fill("#sitname", name)
    page.click("#sitform button")
    page.locator("#sit").wait_for(state="hidden")


def test_names_and_your_games_survive_a_closed_browser(server, new_page, chromium_browser):
    host, links = named_table(new_page, server)
    bob = new_page()
    # hostile names are refused with the reason, and the seat stays free
    bob.goto(links["invited"][0])
    bob.locator("#sit").wait_for(state="visible")
    bob.fill("#sitname", "C0mputer")
    bob.click("#sitform button")
    bob.wait_for_function("document.getElementById('siterror').textContent.includes('looks like')")
    assert "only the computer" in bob.locator("#siterror").inner_text()
    bob.fill("#sitname", "<i>Bob</i>")
    bob.click("#sitform button")
    bob.locator("#sit").wait_for(state="hidden")
    # the name is shown as text on both pages: no element made of it
    for page in (bob, host):
        page.wait_for_function(
            "[...document.querySelectorAll('#seatlist .name')].some((e) => e.textContent === '<i>Bob</i>')")
        assert page.locator("#seatlist i").count() == 0
    assert "you are: <i>Bob</i>" in bob.locator("#who").inner_text()
    # Bob closes his browser; its storage opened again finds the game without the link
    state = bob.context.storage_state()
    bob.context.close()
    again = chromium_browser.new_context(storage_state=state,
                                         viewport={"width": 1280, "height": 800})
    prepare(again)
    try:
        page = again.new_page()
        page.goto(server.url + "/")
        item = page.locator("#yourgames li").first
        item.wait_for()
        assert "<i>Bob</i> (you)" in item.inner_text() and "Ann" in item.inner_text()
        assert page.locator("#yourgames i").count() == 0
        assert page.locator("#myname").input_value() == "<i>Bob</i>"
        assert not axe_violations(page), axe_violations(page)
        item.locator("a").click()
        page.wait_for_url(re.compile(r"/table/[^#]+$"))
        page_state(page, ("turn", "waiting"))
        assert "you are: <i>Bob</i>" in page.locator("#who").inner_text()
        assert page.locator("#sit").is_hidden()
        assert not axe_violations(page), axe_violations(page)
    finally:
        again.close()


def test_chat_shows_markup_as_text_and_spectators_only_read(server, new_page):
    host, links = named_table(new_page, server, size=PHONE)
    table = urlparse(links["spectator"]).path.split("/")[-1]
    page_state(host, ("turn", "waiting"))
    payload = "<img src=x onerror=\"window.__pwned=1\">"
    host.fill("#chattext", payload)
    host.click("#chatform button")
    watcher = new_page(*PHONE)
    watcher.goto(links["spectator"])
    watcher.wait_for_function(
        "(p) => document.getElementById('chatlines').textContent.includes(p)", arg=payload)
    assert watcher.locator("#chatlines img").count() == 0
    assert watcher.evaluate("window.__pwned") is None
    assert watcher.locator("#chatform").is_hidden()
    assert "read" in watcher.locator("#chatnote").inner_text()
    # a flood is refused with the reason, and nothing more is shown
    for _ in range(2):
        host.fill("#chattext", payload)
        host.click("#chatform button")
    host.wait_for_function("document.getElementById('chaterror').textContent.includes('same')")
    assert len(server.request("GET", f"/api/tables/{table}/chat")[1]) == 1
    assert not axe_violations(host), axe_violations(host)
    # the spectator mutes Ann: her lines go from this browser only, until unmuted
    watcher.click("#chatlines button.mute")
    assert watcher.locator("#chatlines li").count() == 0
    assert host.locator("#chatlines li").count() == 1
    watcher.reload()
    watcher.locator("#chatmuted button", has_text="Unmute Ann").wait_for()   # lines came
    assert watcher.locator("#chatlines li").count() == 0
    watcher.click("#chatmuted button")
    watcher.locator("#chatlines li").wait_for()


def test_an_open_table_is_joined_from_the_start_page(server, new_page):
    host, links = named_table(new_page, server, open_table=True)
    table = urlparse(links["spectator"]).path.split("/")[-1]
    cat = new_page(*PHONE)
    cat.goto(server.url + "/")
    row = cat.locator("#opentables li", has_text="Ann").filter(
        has=cat.locator(f"button")).first
    row.wait_for()
    cat.fill("#myname", "Cat")
    button = cat.locator(f"#opentables li button").first
    assert not axe_violations(cat), axe_violations(cat)
    # only Ann's table is joined here: find the row whose table is ours
    status, open_list = server.request("GET", "/api/tables/open")
    assert table in [t["table"] for t in open_list]
    index = [t["table"] for t in open_list].index(table)
    button = cat.locator("#opentables li").nth(index).locator("button")
    button.click()
    cat.wait_for_url(re.compile(rf"/table/{re.escape(table)}$"))
    page_state(cat, ("turn", "waiting"))
    assert "you are: Cat" in cat.locator("#who").inner_text()
    host.goto(links["spectator"])
    host.wait_for_function(
        "[...document.querySelectorAll('#seatlist .name')].some((e) => e.textContent === 'Cat')")
    status, open_list = server.request("GET", "/api/tables/open")
    assert table not in [t["table"] for t in open_list]


def play_to_the_end(server, table, tokens):
    """Both seats play through the API (their links' tokens) to the game's end."""
    for _ in range(400):
        v = server.view(table)
        if v["terminal"]:
            return v
        tok = tokens[v["current_player"]]
        mine = server.view(table, tok)
        status, out = server.request("POST", f"/api/tables/{table}/actions",
                                     {"action": mine["legal"][0]["id"], "ply": mine["ply"]},
                                     token=tok)
        assert status == 200, out
    raise AssertionError("the game does not end")


def test_the_title_alerts_a_background_page_and_a_rematch_takes_both_pages(server,
                                                                           new_page):
    host, links = named_table(new_page, server)
    table = urlparse(links["spectator"]).path.split("/")[-1]
    host_token = token_of(links["here"])
    bob = new_page()
    bob.context.add_init_script(BACKGROUND_JS)
    sit_at(bob, links["invited"][0], "Bob")
    tokens = [host_token, token_of(links["invited"][0])]
    # Bob's page goes to the background; when his turn comes, its title says so
    while server.view(table)["current_player"] == 1:   # Bob's turn: he moves till Ann's
        mine = server.view(table, tokens[1])
        server.request("POST", f"/api/tables/{table}/actions",
                       {"action": mine["legal"][0]["id"], "ply": mine["ply"]}, token=tokens[1])
    page_state(bob, ("waiting",))
    bob.evaluate("window.__bg = true; document.dispatchEvent(new Event('visibilitychange'))")
    assert not bob.title().startswith("●")
    while server.view(table)["current_player"] == 0:   # Ann plays till Bob's turn
        mine = server.view(table, tokens[0])
        server.request("POST", f"/api/tables/{table}/actions",
                       {"action": mine["legal"][0]["id"], "ply": mine["ply"]}, token=tokens[0])
    bob.wait_for_function("document.title.startsWith('● ')")
    # back in view, the mark goes (the page itself shows whose turn it is)
    bob.evaluate("window.__bg = false; document.dispatchEvent(new Event('visibilitychange'))")
    bob.wait_for_function("!document.title.startsWith('●')")
    # the game ends; Ann asks for a rematch: both pages go to the new table, seats rotated
    play_to_the_end(server, table, tokens)
    page_state(host, ("over",))
    page_state(bob, ("over",))
    host.click("#again")
    for page in (host, bob):
        # the new table's address, then its document (not its "load" event: the page's
        # socket and sounds need not have loaded for the test to go on)
        page.wait_for_url(re.compile(r"/table/(?!" + re.escape(table) + r")[^#/]+$"),
                          wait_until="commit")
        page.wait_for_load_state("domcontentloaded")
    assert host.url == bob.url
    page_state(bob, ("turn", "waiting"))
    page_state(host, ("turn", "waiting"))
    assert "you are: Bob" in bob.locator("#who").inner_text()
    assert "you are: Ann" in host.locator("#who").inner_text()
    new = host.url.rsplit("/", 1)[-1]
    assert [s["label"] for s in server.view(new)["seats"]] == ["Bob", "Ann"]
    # the finished game between two people was rated: the ratings at the table, in Your
    # games and on the leaderboard, each with the games it rests on
    bob.wait_for_function("document.getElementById('seatlist').textContent.includes('(1 game)')")
    bob.goto(server.url + "/")
    done = bob.locator("#yourgames li", has_text="finished")
    done.wait_for()
    assert "your rating" in done.inner_text() and "(1 game)" in done.inner_text()
    bob.goto(server.url + "/leaderboard")
    bob.locator("#rows tr").nth(1).wait_for()
    rows = [r.inner_text().split("\t") for r in bob.locator("#rows tr").all()]
    assert sorted(r[1] for r in rows) == ["Ann", "Bob (you)"] and all(r[3] == "1" for r in rows)
    assert not axe_violations(bob), axe_violations(bob)


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory, browser_parts):
    """A server whose tables may give a move 2 seconds (``--min-move-seconds 1``)."""
    from browser_driver import Server

    srv = Server(tmp_path_factory.mktemp("regalia-clock"), "--rate-limit", "request=off",
                 "--rate-limit", "create=off", "--rate-limit", "player=off",
                 "--min-move-seconds", "1")
    yield srv
    srv.stop()


@pytest.mark.parametrize("timeout", ["computer", "forfeit"])
def test_a_short_move_time_limit_runs_out_on_the_page(quick_server, new_page, timeout):
    server = quick_server
    made = server.create_table([{"kind": "here", "label": "Ann"},
                                {"kind": "computer", "strength": "easy"}],
                               clock={"seconds": 2, "timeout": timeout}, pace=0)
    table, token = made["table"], made["seats"][0]["token"]
    page = new_page(*PHONE)
    page.goto(f"{server.url}/table/{table}#token={token}")
    page.wait_for_function(
        "document.getElementById('clock').textContent.startsWith('You have 0:0')")
    assert "then the computer plays the move" in page.locator("#clock").inner_text() \
        if timeout == "computer" else "then the seat forfeits" in page.locator("#clock").inner_text()
    assert not axe_violations(page), axe_violations(page)
    ply = server.view(table)["ply"]
    # nobody moves: the server's sweep acts on the deadline, the page shows it live
    if timeout == "computer":
        page.wait_for_function("(n) => document.querySelectorAll('#log li').length > n",
                               arg=ply)
        moved = server.view(table)
        assert moved["ply"] > ply and not moved["people"]["seats"][0]["forfeited"]
        # the seat is Ann's again at her next turn, with a new deadline
        page.wait_for_function(
            "document.getElementById('clock').textContent.startsWith('You have')")
    else:
        page.locator("#seatlist .forfeited").wait_for()
        assert server.view(table)["people"]["seats"][0]["forfeited"]
        page_state(page, ("over",))
        assert "forfeited" in page.locator("#result").inner_text()


def test_a_key_moves_to_another_device_and_a_new_key_revokes_it(server, new_page):
    ann, links = named_table(new_page, server, kinds=("here", "computer"))
    table = urlparse(links["spectator"]).path.split("/")[-1]
    ann.goto(server.url + "/")
    ann.locator(f"#yourgames a[href='/table/{table}']").wait_for()
    ann.click("#showkey")
    link = ann.locator("#keylink a").first
    link.wait_for()
    url = link.get_attribute("href")
    assert "#key=" in url and ann.locator("#keylink svg").count() == 1
    key = ann.evaluate("localStorage.getItem('regalia.key')")
    assert url.endswith(key)
    assert not axe_violations(ann), axe_violations(ann)
    # the phone opens the link: it holds the key (taken out of the address bar), and
    # finds Ann's game and her seat
    phone = new_page(*PHONE)
    phone.goto(url)
    phone.wait_for_function("document.getElementById('keystatus').textContent.includes('now holds')")
    assert "#key" not in phone.url
    phone.locator(f"#yourgames a[href='/table/{table}']").click()
    page_state(phone, ("turn", "waiting"))
    assert "you are: Ann" in phone.locator("#who").inner_text()
    # Ann makes a new key: the phone's is refused from then on, and it forgets it
    ann.click("#revoke")
    ann.wait_for_function("document.getElementById('keystatus').textContent.includes('new key')")
    assert ann.evaluate("localStorage.getItem('regalia.key')") != key
    phone.goto(server.url + "/")
    phone.wait_for_function("localStorage.getItem('regalia.key') === null")
    assert phone.locator("#yourgames li").count() == 0
    phone.goto(f"{server.url}/table/{table}")
    page_state(phone, ("waiting",))
    assert "you are: spectator" in phone.locator("#who").inner_text()
    # Ann's own browser keeps her games under the new key
    ann.reload()
    ann.locator(f"#yourgames a[href='/table/{table}']").wait_for()


def test_a_turn_in_another_tab_counts_in_a_background_page(server, new_page):
    ann, links = named_table(new_page, server, kinds=("here", "computer"))
    # a second tab of Ann's browser, in the background, on the start page
    ann.context.add_init_script(BACKGROUND_JS)
    other = ann.context.new_page()
    other.goto(server.url + "/")
    other.evaluate("window.__bg = true; document.dispatchEvent(new Event('visibilitychange'))")
    ann.reload()                      # her table, in view: her turn comes
    page_state(ann, ("turn",))
    other.wait_for_function("document.title.startsWith('(1) ')")
    assert not ann.title().startswith(("●", "("))   # the page in view shows no mark
    href = other.evaluate("document.querySelector('link[rel=icon]').href")
    assert "circle" in href.replace("%3C", "<").replace("%3c", "<")   # the icon's dot
