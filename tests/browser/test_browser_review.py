"""The Review tab (issue 26: "finish a game, open Review, click a mistake, see the better
move drawn"), in Debian's Chromium on a desktop and on a phone: two invited people finish a
Kingdomino game while the page of seat 0 is open; the Review tab appears, the review runs
in the server's worker pool (a small search budget, ``--review-iterations``) and shows its
decisions; clicking the costliest one with a better move shows the board the server drew,
with the played move and the better one marked, and its words. axe-core finds no serious or
critical violation on the review, and nothing is wider than the screen."""

from __future__ import annotations

import pytest

from browser_driver import Server
from test_browser_story import axe_violations, check_page

#: search iterations per decision of the server's reviews (small: the test is about the
#: page, tests/review about the judging)
ITERATIONS = 8

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.fixture(scope="module")
def review_server(tmp_path_factory, browser_parts):
    srv = Server(tmp_path_factory.mktemp("regalia-review"), "--rate-limit", "request=off",
                 "--rate-limit", "create=off", "--rate-limit", "review=off",
                 "--review-iterations", str(ITERATIONS), "--review-seconds", "300")
    yield srv
    srv.stop()


def finish(server, tid, tokens) -> None:
    """Both people play their first legal move until the game is over (through the API)."""
    while True:
        v = server.view(tid)
        if v["terminal"]:
            return
        seat = v["current_player"]
        mine = server.view(tid, tokens[seat])
        status, out = server.request("POST", f"/api/tables/{tid}/actions",
                                     {"action": mine["legal"][0]["id"], "ply": mine["ply"]},
                                     token=tokens[seat])
        assert status == 200, out


@pytest.mark.parametrize("size", list(SIZES))
def test_finish_a_game_open_review_click_a_mistake_see_the_better_move(review_server,
                                                                       new_page, size):
    server = review_server
    page = new_page(*SIZES[size])
    # the deal is the server's (entropy): a game whose review finds no decision with a
    # better move to draw (the two people play their first legal move, the search is
    # small) is played again, at most 3 games
    for attempt in range(3):
        made = server.create_table([{"kind": "invited", "label": "Ada"},
                                    {"kind": "invited", "label": "Brendan"}], pace=0)
        tid, tokens = made["table"], [s["token"] for s in made["seats"]]
        page.goto(f"{server.url}/table/{tid}#token={tokens[0]}")
        page.wait_for_function("() => document.getElementById('who').textContent !== ''")
        assert page.locator("#views").is_hidden()          # no review before the end
        finish(server, tid, tokens)
        page.locator("#tabreview").wait_for(state="visible")

        page.locator("#tabreview").click()
        assert page.locator("#tabreview").get_attribute("aria-pressed") == "true"
        assert page.locator("#board").is_hidden()
        # the progress, then the review: "Your play, N decisions: ..."
        page.wait_for_function("() => (document.getElementById('reviewstatus') || {})"
                               ".textContent?.startsWith('Your play,')", timeout=240_000)
        status, d = server.request("GET", f"/api/tables/{tid}/review", token=tokens[0])
        assert status == 200 and d["status"] == "done", d
        review = d["review"]
        decisions = review["decisions"]
        assert f"{len(decisions)} decisions" in page.locator("#reviewstatus").inner_text()
        assert page.locator("#reviewchart circle").count() == len(review["curve"]) > 0
        assert page.locator("#reviewall li button").count() == len(decisions)
        if size == "desktop":
            assert not axe_violations(page), axe_violations(page)
        check_page(page, phone=size == "phone", turn=False)
        drawn = [x for x in decisions if x["better"] and x["better"]["clicks"]]
        if drawn:
            break
    else:
        pytest.fail("3 games in a row without a decision with a better move to draw")

    # the costliest decision with a better move drawn on the board: click it
    costly = max(drawn, key=lambda x: x["cost"])
    assert costly["label"] != "best"
    page.locator("#reviewall summary").click()
    page.locator(f"#reviewall button[data-index='{costly['index']}']").click()
    page.wait_for_function("(i) => document.querySelector('#reviewmoment .review-caption')"
                           "?.textContent.startsWith(`Move ${i}:`) && "
                           "document.querySelector('#reviewboard svg') !== null",
                           arg=costly["ply"] + 1)
    moment = page.locator("#reviewmoment").inner_text()
    assert costly["played"]["notation"] in moment and costly["label"] in moment
    assert f"Better: {costly['better']['notation']}" in moment
    # the board is the server's drawing of that decision, both moves marked on it
    status, b = server.request("GET", f"/api/tables/{tid}/review/{costly['index']}",
                               token=tokens[0])
    assert status == 200
    svg = page.locator("#reviewboard svg").evaluate("(s) => s.outerHTML")
    assert svg.count("url(#rv-") == b["svg"].count("url(#rv-") > 0
    # each move is ringed in its colour; where the better move takes the same squares as
    # the played one (e.g. the same domino turned round) those squares carry the double
    # ring ("both"), so each role shows as its own ring or as the double one
    for role in ("played", "better"):
        assert any(f"url(#rv-{r}-" in svg for r in (role, "both")), role
    assert page.locator(f"#reviewall button[data-index='{costly['index']}']"
                        ).get_attribute("aria-current") == "true"
    if size == "desktop":
        assert not axe_violations(page), axe_violations(page)
    check_page(page, phone=size == "phone", turn=False)

    # back to the table: the board again
    page.locator("#tabtable").click()
    assert page.locator("#board").is_visible() and page.locator("#reviewpanel").is_hidden()
