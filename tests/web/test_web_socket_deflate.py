"""A real ``regalia serve``'s WebSockets (``regalia.web.server.FastDeflateProtocol``,
zlib level 1): a seat's socket gets every view and chat line whole, in the order they
happened, with and without permessage-deflate.

Two sockets watch one hot-seat table while its moves and chat lines are posted over HTTP:
one negotiates permessage-deflate (as browsers do), the other does not. A chat line
posted after a move must arrive after a view of that move (the server sends a socket's
new view before the chat lines that follow it).

(Compressing the large views in a thread instead of on the event loop was tried and
measured: at 200 tables of ``benchmarks/bench_web.py`` it cost more CPU a move and gave a
higher p95, the thread hand-off costing more than the compression it moved.)
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("httpx")
pytest.importorskip("websockets")

from live_server import LiveServer  # noqa: E402

MOVES = 12


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = LiveServer(tmp_path_factory.mktemp("serve"), "--rate-limit", "request=off")
    yield srv
    srv.stop()


class Reader:
    """A socket read in a thread until it has seen the view of ``last_ply`` and
    ``chat_lines`` chat lines (or 60 seconds pass)."""

    def __init__(self, url: str, compression: str | None, last_ply: int, chat_lines: int):
        from websockets.sync.client import connect

        self._connection = connect(url, compression=compression, open_timeout=10,
                                   max_size=2**23)
        self.ws = self._connection.__enter__()   # closed by close()
        self.messages: list[dict[str, Any]] = []
        self.sizes: list[int] = []
        self.last_ply, self.chat_lines = last_ply, chat_lines
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        seen_ply, lines = -1, 0
        deadline = time.monotonic() + 60
        while (seen_ply < self.last_ply or lines < self.chat_lines) and (
                time.monotonic() < deadline):
            try:
                text = self.ws.recv(timeout=0.5)   # then look at the target again
            except TimeoutError:
                continue
            self.sizes.append(len(text))
            m = json.loads(text)
            self.messages.append(m)
            if m.get("type") == "chat":
                lines += len(m["lines"])
            else:
                seen_ply = max(seen_ply, m["ply"])

    def close(self) -> list[str]:
        self.thread.join(timeout=90)
        extensions = [e.name for e in self.ws.protocol.extensions]
        self._connection.__exit__(None, None, None)
        return extensions


def test_views_and_chat_arrive_whole_and_in_order_with_and_without_deflate(server):
    made = server.create([{"kind": "here"}, {"kind": "here"}], pace=0)
    tid, tokens = made["table"], [s["token"] for s in made["seats"]]
    with server.client() as c:
        start = c.get(f"/api/tables/{tid}", headers={"x-seat-token": tokens[0]}).json()
        chats = {2: (0, "first line"), 5: (1, "second line, from seat 2"),
                 8: (0, "a third one"), 11: (1, "and the last")}
        last_ply = start["ply"]
        url = server.url.replace("http", "ws") + f"/api/tables/{tid}/ws?token={tokens[0]}"
        readers = [Reader(url, "deflate", 10**9, len(chats)),
                   Reader(url, None, 10**9, len(chats))]
        posted_after: dict[str, int] = {}   # chat text -> the ply of the move before it
        for k in range(MOVES):
            v = c.get(f"/api/tables/{tid}", headers={"x-seat-token": tokens[0]}).json()
            seat = v["current_player"]
            mine = c.get(f"/api/tables/{tid}", headers={"x-seat-token": tokens[seat]}).json()
            r = c.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tokens[seat]},
                       json={"action": mine["legal"][0]["id"], "ply": mine["ply"]})
            assert r.status_code == 200, r.text
            last_ply = r.json()["ply"]
            if k in chats:
                who, text = chats[k]
                r = c.post(f"/api/tables/{tid}/chat", headers={"x-seat-token": tokens[who]},
                           json={"text": text})
                assert r.status_code == 201, r.text
                posted_after[text] = last_ply
    for reader in readers:
        reader.last_ply = last_ply
    negotiated = [reader.close() for reader in readers]
    assert negotiated == [["permessage-deflate"], []]
    for reader in readers:
        views = [m for m in reader.messages if m.get("type") != "chat"]
        # every view whole (it parsed; views are tens of kB), never older than the one
        # before it, the last one the table's last move
        assert views and max(reader.sizes) > 20_000
        assert [v["version"] for v in views] == sorted(v["version"] for v in views)
        assert views[-1]["ply"] == last_ply and views[-1]["seat"] == 0
        # each chat line after a view of the move it followed
        seen_ply, heard = -1, []
        for m in reader.messages:
            if m.get("type") == "chat":
                for line in m["lines"]:
                    assert seen_ply >= posted_after[line["text"]], (line, seen_ply)
                    heard.append(line["text"])
            else:
                seen_ply = max(seen_ply, m["ply"])
        assert heard == [text for _who, text in chats.values()]
    # both sockets saw the same views (compression changes the bytes on the wire only)
    a, b = ([m for m in r.messages if m.get("type") != "chat"] for r in readers)
    assert a[-1] == b[-1]
