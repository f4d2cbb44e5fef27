"""The routes of issue 25, thin: player keys, Your games, open tables, a seat found again or
taken, chat, rematch, ratings and the leaderboard page.

* ``POST /api/players``: a new player key ``{key}`` (shown once; rate ``player``);
* ``GET /api/players/me``: ``{ok, name}`` of the ``X-Player-Key`` (403 revoked or unknown);
* ``GET /api/players/me/games``: Your games (:meth:`.players.Players.your_games`);
* ``POST /api/players/me/link``: the key as a link and its QR code, to open on another
  device ``{url, qr}``; ``POST /api/players/me/revoke``: a new key ``{key}``, the old one
  refused from now on;
* ``GET /api/tables/open``: tables open to anyone with a free seat;
* ``GET /api/tables/{id}/mine``: ``{seats}`` the key holds at the table;
* ``POST /api/tables/{id}/sit`` ``{name}``: a seat link opened with a key: the key holds
  the seat (``X-Seat-Token`` and ``X-Player-Key``);
* ``POST /api/tables/{id}/join`` ``{seat, name}``: a free seat of an open table taken;
* ``GET /api/tables/{id}/chat``: the chat's last lines; ``POST`` ``{text, name}``: a
  line (a seat's credential, or a spectator's key and name where the table allows);
* ``POST /api/tables/{id}/rematch``: the rematch of a finished table ``{table, made,
  seats, links}`` (links only for seats nobody held);
* ``GET /api/ratings?game=NAME``: the leaderboard ``[{place, name, rating, games, you}]``;
* ``GET /leaderboard``: its page.

Every body is JSON through the guard (Origin, Content-Type, size); each refusal is a 4xx
with ``{"detail": message}``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from regalia.core.i18n import N_, _

from ..errors import WebError
from ..guard import json_body, token_of
from ..links import qr_svg, seat_links
from ..lobby import Lobby, title_of
from ..pages import page
from . import client, limiter_of, off_loop, rooms_of, settings_of

router = APIRouter()


def key_of(request: Request) -> str | None:
    key = request.headers.get("x-player-key")
    return str(key) if key else None


def lobby_of(request: Request) -> Lobby:
    return Lobby(rooms_of(request))


# ---------------------------------------------------------------------- player keys
@router.post("/api/players", status_code=201)
async def api_new_player(request: Request) -> dict[str, Any]:
    limiter_of(request).hit("player", client(request))
    return {"key": await off_loop(rooms_of(request).players.make_key)}


@router.get("/api/players/me")
def api_me(request: Request) -> dict[str, Any]:
    rooms_of(request).players.player(key_of(request), N_("this needs a player key (X-Player-Key)"))
    return {"ok": True}


@router.get("/api/players/me/games")
def api_your_games(request: Request) -> list[dict[str, Any]]:
    return rooms_of(request).players.your_games(key_of(request), title_of)


@router.post("/api/players/me/link")
def api_key_link(request: Request) -> dict[str, Any]:
    key = key_of(request)
    rooms_of(request).players.player(key, N_("a link to your key needs a player key (X-Player-Key)"))
    url = f"{str(request.base_url).rstrip('/')}/#key={key}"
    return {"url": url, "qr": qr_svg(url, _("QR code of your player key's link"))}


@router.post("/api/players/me/revoke")
async def api_revoke(request: Request) -> dict[str, Any]:
    limiter_of(request).hit("player", client(request))
    return {"key": await off_loop(rooms_of(request).players.rotate, key_of(request))}


# ---------------------------------------------------------------------- tables
@router.get("/api/tables/open")
def api_open_tables(request: Request) -> list[dict[str, Any]]:
    return lobby_of(request).open_tables()


@router.get("/api/tables/{table_id}/mine")
def api_mine(table_id: str, request: Request) -> dict[str, Any]:
    rooms = rooms_of(request)
    return {"seats": rooms.players.mine(rooms.get(table_id), key_of(request))}


@router.post("/api/tables/{table_id}/sit")
async def api_sit(table_id: str, request: Request) -> dict[str, Any]:
    d = await json_body(request, settings_of(request))
    rooms, key = rooms_of(request), key_of(request)
    t, seat = await off_loop(rooms.seated, table_id, token_of(request), N_("sitting down needs the seat's token (the private link)"))
    assert seat is not None
    limiter_of(request).hit("join", key or client(request))
    return await off_loop(rooms.players.sit, t, seat, key, d.get("name"))


@router.post("/api/tables/{table_id}/join")
async def api_join(table_id: str, request: Request) -> dict[str, Any]:
    d = await json_body(request, settings_of(request))
    key = key_of(request)
    limiter_of(request).hit("join", key or client(request))
    return await off_loop(lobby_of(request).join, table_id, d.get("seat"), key, d.get("name"))


@router.get("/api/tables/{table_id}/chat")
def api_chat_lines(table_id: str, request: Request) -> list[dict[str, Any]]:
    rooms = rooms_of(request)
    t, _seat = rooms.seated(table_id, token_of(request))
    return rooms.chat.since(t, 0)


@router.post("/api/tables/{table_id}/chat", status_code=201)
async def api_chat(table_id: str, request: Request) -> dict[str, Any]:
    d = await json_body(request, settings_of(request))
    rooms, key = rooms_of(request), key_of(request)
    t, seat = await off_loop(rooms.seated, table_id, token_of(request))
    player = await off_loop(rooms.players.player, key) if key else None
    limiter_of(request).hit("chat", player or f"{table_id}/{seat}/{client(request)}")
    return await off_loop(rooms.chat.post, t, seat, player, d.get("name"), d.get("text"))


@router.post("/api/tables/{table_id}/rematch")
async def api_rematch(table_id: str, request: Request) -> dict[str, Any]:
    limiter_of(request).hit("create", client(request))
    lobby, token, base = lobby_of(request), token_of(request), str(request.base_url)

    def rematch() -> dict[str, Any]:   # the links' QR codes drawn off the loop too
        out = lobby.rematch(table_id, token)
        out["links"] = seat_links(base, out["table"], out["seats"])
        return out

    return await off_loop(rematch)


# ---------------------------------------------------------------------- ratings
@router.get("/api/ratings")
def api_ratings(request: Request, game: str = "kingdomino") -> list[dict[str, Any]]:
    rooms = rooms_of(request)
    if len(game) > 64:
        raise WebError(422, _("game must be a game name"))
    key = key_of(request)
    me = rooms.players.player(key) if key else None
    rows = rooms.players.db.leaderboard(game, settings_of(request).leaderboard)
    return [{"place": i + 1, "name": r["name"] or _("(no name)"), "rating": round(r["ordinal"], 1),
             "mu": round(r["mu"], 2), "sigma": round(r["sigma"], 2), "games": r["games"],
             "you": r["player"] == me} for i, r in enumerate(rows)]


@router.get("/leaderboard")
def leaderboard_page(request: Request) -> HTMLResponse:
    return page("leaderboard.html", request)
