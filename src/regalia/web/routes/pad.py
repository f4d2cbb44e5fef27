"""The scoring pad's routes (``/score``): enter a physical game's end position by tapping,
scored on the server by the game's own pad module (:mod:`regalia.core.pad`; the same
functions as ``regalia score``). Thin: parse the body, call the pad off the event loop,
answer. Nothing is stored, except a position the user shares by a link (:mod:`..store.shares`),
which expires.

* ``GET /score``: the page;
* ``GET /api/pad/games``: the games with a pad and what each asks before entering;
* ``POST /api/pad/{game}/new`` ``{choices}``: an empty position's view;
* ``POST /api/pad/{game}/view`` ``{text, focus}``: the view of a score text (an import:
  a text the parser refuses is answered 422 with every line at fault);
* ``POST /api/pad/{game}/edit`` ``{text, edit, focus}``: the view after one edit (422 with
  what is wrong and what is allowed; the position is the caller's and stays as it was);
* ``POST /api/pad/shares`` ``{game, text}``: a link to the position (and its QR code),
  valid ``Settings.share_hours``; ``GET /api/pad/shares/{id}``: its ``{game, text,
  expires}`` (404 once expired).
"""

from __future__ import annotations

from typing import Any, Callable

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from regalia.core.errors import NotationError, ParameterError
from regalia.core.pad import located
from regalia.core.registry import game_pad, list_games, normalise_name
from regalia.core.textlines import MAX_TEXT
from regalia.core.i18n import _

from ..errors import WebError
from ..guard import json_body
from ..store.shares import ShareLimitError, Shares
from ..pages import page
from . import client, off_loop, rooms_of, settings_of

#: The longest focus key a pad reads.
MAX_FOCUS = 64

router = APIRouter()


def _pad(game: str) -> Any:
    pad = game_pad(normalise_name(game)[:64])
    if pad is None:
        offered = ", ".join(g["name"] for g in pad_games())
        raise WebError(404, _('no scoring pad for {value!r}; the pads: {offered}').format(value=game[:40], offered=offered))
    return pad


def pad_games() -> list[dict[str, Any]]:
    """``[{name, title, setup}]`` of every game with a pad, by name."""
    out = []
    for info in list_games():
        pad = game_pad(info.name)
        if pad is not None:
            out.append({"name": info.name, "title": _(pad.TITLE), "setup": pad.setup()})
    return out


def _text(d: dict[str, Any]) -> str:
    text = d.get("text")
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise WebError(422, _("text must be the score text (a string)"))
    return text


def _focus(d: dict[str, Any]) -> str | None:
    focus = d.get("focus")
    if focus is None:
        return None
    if not isinstance(focus, str) or len(focus) > MAX_FOCUS:
        raise WebError(422, _("focus must be a key of the pad's drawing (at most {MAX_FOCUS} characters) or null").format(MAX_FOCUS=MAX_FOCUS))
    return focus


async def _answer(fn: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``fn()`` off the event loop; a refusal of the parser or the pad is a 422, its lines
    and columns (those of the text the user gave) as words."""
    def run() -> dict[str, Any]:
        try:
            return fn()
        except (NotationError, ParameterError) as exc:
            raise WebError(422, located(exc)) from None
    return await off_loop(run)


@router.get("/score")
def score_page(request: Request) -> HTMLResponse:
    return page("pad.html", request)


@router.get("/api/pad/games")
def api_pad_games() -> list[dict[str, Any]]:
    return pad_games()


@router.post("/api/pad/shares", status_code=201)
async def api_share(request: Request) -> dict[str, Any]:
    settings = settings_of(request)
    d = await json_body(request, settings)
    game = d.get("game") if isinstance(d.get("game"), str) else ""
    pad = _pad(str(game))
    text = _text(d)
    await _answer(lambda: pad.view(text))        # only a text the parser takes is shared
    shares = Shares(rooms_of(request).store.engine)
    try:
        link, expires = await off_loop(shares.put, normalise_name(str(game)), text,
                                       client(request),
                                       settings.share_hours, settings.shares_per_client,
                                       settings.max_shares)
    except ShareLimitError as exc:
        raise WebError(429, str(exc)) from None
    url = f"{str(request.base_url).rstrip('/')}/score#share={link}"
    return {"id": link, "url": url, "expires": expires, "qr": _qr(url)}


@router.get("/api/pad/shares/{link}")
def api_shared(link: str, request: Request) -> dict[str, Any]:
    if len(link) > 64:
        raise WebError(404, _("no such shared position"))
    share = Shares(rooms_of(request).store.engine).get(link)
    if share is None:
        raise WebError(404, _('this shared position is unknown or has expired (links last {share_hours:g} hours)').format(share_hours=settings_of(request).share_hours))
    return {"game": share.game, "text": share.text, "expires": share.expires}


@router.post("/api/pad/{game}/new")
async def api_new(game: str, request: Request) -> dict[str, Any]:
    d = await json_body(request, settings_of(request))
    pad = _pad(game)
    choices = d.get("choices") or {}
    if not isinstance(choices, dict):
        raise WebError(422, _("choices must be an object (see GET /api/pad/games)"))
    return await _answer(lambda: pad.view(pad.new(choices)))


@router.post("/api/pad/{game}/view")
async def api_view(game: str, request: Request) -> dict[str, Any]:
    d = await json_body(request, settings_of(request))
    pad, text, focus = _pad(game), _text(d), _focus(d)
    return await _answer(lambda: pad.view(text, focus))


@router.post("/api/pad/{game}/edit")
async def api_edit(game: str, request: Request) -> dict[str, Any]:
    d = await json_body(request, settings_of(request))
    pad, text, focus = _pad(game), _text(d), _focus(d)
    edit = d.get("edit")
    if not isinstance(edit, dict):
        raise WebError(422, _("edit must be an object {\"op\": ...} from the pad's view"))

    def run() -> dict[str, Any]:
        after = pad.edit(text, edit)
        try:
            return dict(pad.view(after, focus))
        except NotationError:     # the focused element is gone (a removed player)
            return dict(pad.view(after))
    return await _answer(run)


def _qr(url: str) -> str | None:
    """The link as a QR code (SVG text), for another phone's camera; None without segno."""
    try:
        import segno
    except ImportError:   # pragma: no cover - segno is in the web extra
        return None
    svg: str = segno.make(url, error="m").svg_inline(scale=4, dark="#222", light="#fff")
    return svg


__all__ = ["router", "pad_games"]
