"""A spectator (issue 12: "a spectator context sees both kingdoms and no token"): a browser
without a seat link watches two invited people play. It sees every move live and both
kingdoms, is offered nothing to click, and no seat token reaches it: not in its DOM, its
storage, its URLs, its request or response bodies, nor its WebSocket frames."""

from __future__ import annotations

from xml.etree.ElementTree import canonicalize

from browser_driver import log_lines


#: The board as the server drew it: the page's own additions taken off (the board's role
#: and names on the <svg>, the class marking elements that arrived by morphing).
SHOWN_JS = """(svg) => {
  const copy = svg.cloneNode(true);
  for (const a of ['role', 'aria-labelledby', 'aria-describedby', 'focusable']) copy.removeAttribute(a);
  for (const e of copy.querySelectorAll('.arrived')) {
    e.classList.remove('arrived');
    if (!e.classList.length) e.removeAttribute('class');
  }
  return copy.outerHTML;
}"""


def test_a_spectator_sees_both_kingdoms_live_and_no_token(server, new_page):
    table = server.create_table([{"kind": "invited", "label": "Ada"},
                                 {"kind": "invited", "label": "Brendan"}])
    tid = table["table"]
    tokens = [s["token"] for s in table["seats"]]

    page = new_page()
    traffic: list[str] = []    # everything that went over the wire, as text
    responses = []
    page.on("request", lambda r: traffic.append(f"{r.method} {r.url} {r.all_headers()} "
                                                f"{r.post_data or ''}"))
    page.on("response", lambda r: responses.append(r))
    page.on("websocket", lambda ws: (
        traffic.append(ws.url),
        ws.on("framereceived", lambda f: traffic.append(str(f))),
        ws.on("framesent", lambda f: traffic.append(str(f)))))
    page.goto(f"{server.url}/table/{tid}")
    page.wait_for_function("() => document.getElementById('who').textContent !== ''")
    assert "spectator" in page.locator("#who").inner_text()

    # the two people play (through the API: this test is about what the spectator sees);
    # each move appears in the spectator's page without a reload; two rounds: the first
    # picks, then each places two dominoes and picks two
    for _ in range(4 + 8):
        v = server.view(tid)
        seat = v["current_player"]
        mine = server.view(tid, tokens[seat])
        move = mine["legal"][0]
        status, after = server.request("POST", f"/api/tables/{tid}/actions",
                                       {"action": move["id"], "ply": mine["ply"]},
                                       token=tokens[seat])
        assert status == 200, after
        page.wait_for_function("(n) => document.querySelectorAll('#log li').length === n",
                               arg=len(after["log"]))
        shown = log_lines(page)   # the page names who moved: "Ada: pick 15"
        assert len(shown) == len(after["log"]) and all(
            line.endswith(plain) for line, plain in zip(shown, after["log"]))
        assert shown[-1].endswith(move["notation"]) or move["notation"] in after["log"]

    # both kingdoms, with the dominoes placed in them, as the server draws them for anyone
    # without a token
    public = server.view(tid)
    assert public["seat"] is None and public["legal"] == []
    shown = page.locator("#board svg").evaluate(SHOWN_JS)
    assert canonicalize(xml_data=shown) == canonicalize(xml_data=public["svg"])
    board_text = page.locator("#board").inner_text()
    assert "Ada" in board_text and "Brendan" in board_text
    kingdoms = public["observation"]["kingdoms"]
    placed = [sum(tok not in (".", "C") for row in k for tok in row.split()) for k in kingdoms]
    assert placed[0] > 0 and placed[1] > 0, "both have placed dominoes by now"
    # nothing to click for a spectator
    assert page.locator("#board .hl, #choices button").count() == 0
    assert page.locator("#typed").is_hidden()

    # no token anywhere the spectator's browser has seen
    dom = page.content()
    storage = page.evaluate("() => JSON.stringify([location.href, document.cookie, "
                            "Object.entries(localStorage), Object.entries(sessionStorage)])")
    bodies = [r.text() for r in responses if r.request.resource_type in ("fetch", "xhr",
                                                                           "document")]
    assert len(traffic) > 3 and bodies
    for token in tokens:
        for where, text in (("DOM", dom), ("storage", storage),
                            ("traffic", "\n".join(traffic)), ("bodies", "\n".join(bodies))):
            assert token not in text, f"a seat token reached the spectator's {where}"
