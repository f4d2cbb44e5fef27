"""Bad input typed at the page (issue 12: "Illegal input is refused with the engine's own
explanation"): the page shows the explanation the API gives for the same text, and the table
is unchanged (same ply, same drawing, same log), in the page and on the server."""

from __future__ import annotations

from browser_driver import log_lines, page_state


def settled(page):
    """Wait until no element of the board is still fading in (the page takes its
    ``arrived`` mark off after the animation): the board is then the server's drawing."""
    page.wait_for_function("!document.querySelector('#board .arrived')")


def test_typed_illegal_moves_show_the_engines_reason_and_change_nothing(server, new_page):
    table = server.create_table([{"kind": "invited", "label": "Ada"},
                                 {"kind": "computer", "strength": "easy"}])
    tid, token = table["table"], table["seats"][0]["token"]
    page = new_page()
    page.goto(f"{server.url}/table/{tid}#token={token}")
    assert page_state(page) == "turn"
    before = server.view(tid, token)
    assert before["current_player"] == 0 and before["legal"], "Ada opens the game"
    settled(page)
    board_before = page.locator("#board").inner_html()
    log_before = log_lines(page)
    assert before["observation"]["phase"] == "pick"

    # text that is no move, a domino that does not exist, a placement while picking; each
    # with the engine's own reason (the same words the API answers for the same text)
    expected = {"hello": "cannot read 'hello'",
                "pick 99": "dominoes are numbered 1 to 48, not 99",
                "d5-e5": "now pick a free domino of the next line"}
    for text, reason in expected.items():
        status, refusal = server.request("POST", f"/api/tables/{tid}/actions",
                                         {"notation": text}, token=token)
        assert status == 422 and reason in refusal["detail"], (text, refusal)
        page.fill("#move", text)
        page.click("#typed button:not([type=button])")
        page.wait_for_function("(want) => document.getElementById('error').textContent === want",
                               arg=refusal["detail"])
        # unchanged, as the page shows it (once it offers the move again) and as the server
        # holds it
        assert page_state(page) == "turn"
        assert page.locator("#error").inner_text() == refusal["detail"]
        settled(page)
        assert page.locator("#board").inner_html() == board_before
        assert log_lines(page) == log_before
        after = server.view(tid, token)
        assert (after["ply"], after["log"], after["svg"]) == (before["ply"], before["log"],
                                                              before["svg"])

    # and a legal move typed afterwards is played: the form still works
    move = before["legal"][0]["notation"]
    page.fill("#move", move)
    page.click("#typed button:not([type=button])")
    page.wait_for_function("(n) => document.querySelectorAll('#log li').length > n",
                           arg=len(log_before))
    assert server.view(tid, token)["ply"] > before["ply"]
    assert page.locator("#error").inner_text() == ""
