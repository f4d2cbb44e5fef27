"""The encoded-view cache of the web table (docs/web.md "Load"): the text sent to a seat is
its view, each seat gets its own, and a move makes every cached text stale."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("sqlalchemy")

from regalia.web import views  # noqa: E402
from regalia.web.rooms import Rooms  # noqa: E402
from regalia.web.settings import Settings  # noqa: E402
from regalia.web.store import Store  # noqa: E402

HOT = [{"kind": "here"}, {"kind": "here"}]


@pytest.fixture
def tables(db_url):
    t = Rooms(Store(db_url), Settings(pace=0))
    yield t
    t.close()
    t.store.close()


def test_encoded_view_is_the_view_and_follows_the_table(tables):
    tid, seats = tables.create("kingdomino", 2, None, HOT)
    t = tables.get(tid)
    texts = {seat: views.view_json(t, seat) for seat in (0, 1, None)}
    for seat, text in texts.items():
        assert json.loads(text) == json.loads(json.dumps(views.view(t, seat)))
        assert json.loads(text)["seat"] == seat
    mover = t.state.current_player()
    other = 1 - mover
    # only the seat to play gets legal moves; the others' texts have none
    assert json.loads(texts[mover])["legal"]
    assert json.loads(texts[other])["legal"] == []
    # the same text object is served again while the table stands still
    assert views.view_json(t, other) is texts[other]
    move = json.loads(texts[mover])["legal"][0]["id"]
    tables.act(tid, seats[mover]["token"], move, ply=len(t.state.history()))
    after = json.loads(views.view_json(t, other))
    assert after["ply"] > json.loads(texts[other])["ply"]
    assert after["version"] > json.loads(texts[other])["version"]
    assert after == json.loads(json.dumps(views.view(t, other)))


def test_websocket_views_deflate_at_the_fast_level():
    """``regalia serve`` deflates WebSocket messages at zlib level 1 (docs/web.md "Load")."""
    pytest.importorskip("uvicorn")
    from uvicorn.config import Config
    from uvicorn.server import ServerState
    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

    from regalia.web.server import WS_COMPRESSION_LEVEL, _protocol

    protocol = _protocol()
    if protocol is None:
        pytest.skip("this uvicorn has no sans-I/O WebSocket protocol")
    config = Config(app=lambda *a: None, ws=protocol)
    config.load()
    # its own loop: a test that ran asyncio.run() before leaves none to get
    loop = asyncio.new_event_loop()
    try:
        conn = protocol(config=config, server_state=ServerState(), app_state={},
                        _loop=loop).conn
    finally:
        loop.close()
    factories = [f for f in conn.available_extensions
                 if isinstance(f, ServerPerMessageDeflateFactory)]
    assert factories and WS_COMPRESSION_LEVEL == 1
    assert all(f.compress_settings.get("level") == 1 for f in factories)
    assert all(f.compress_settings.get("memLevel") == 5 for f in factories)
