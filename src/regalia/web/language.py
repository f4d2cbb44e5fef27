"""The language of each request and socket (issue 30): chosen, put in force, switched.

A request is answered in (:func:`choose`), in order: the language its ``regalia_lang``
cookie names (set by the switch on every page: ``GET /lang/<code>?next=<path>``), else the
best of its ``Accept-Language`` header (:func:`regalia.core.i18n.negotiate`), else English.
:class:`Language`, an ASGI layer around the whole app, runs every HTTP request and every
WebSocket inside :func:`regalia.core.i18n.using` of that language, so whatever the server
words for it (the game's drawing, the story, errors, chat lines, hints) comes out in it; a
WebSocket keeps its connection's language for its whole life. HTTP answers say
``Content-Language`` and ``Vary: Accept-Language, Cookie``.

The pages' ES modules read their messages from :func:`js_catalogue` (embedded in the page
by :mod:`.pages`; also ``GET /i18n/<lang>.json``): ``{"lang", "messages": {msgid:
translation or [plural forms], "context\\u0004msgid": ...}}``, only the messages of the
static modules (``t``/``tn``/``tp``), translated ones only.
"""

from __future__ import annotations

import functools
import json
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any, Awaitable, Callable, MutableMapping

from fastapi import APIRouter
from fastapi.responses import RedirectResponse, Response

from regalia.core import i18n

from .errors import WebError

STATIC = Path(__file__).resolve().parent / "static"

#: the cookie remembering the switch's choice (a year)
COOKIE = "regalia_lang"
COOKIE_AGE = 365 * 24 * 3600

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

router = APIRouter()


def choose(cookie: str | None, accept_language: str | None) -> str:
    """The language of a request: the cookie's if it names one regalia speaks, else the
    ``Accept-Language`` header's (:func:`~regalia.core.i18n.negotiate`; English when it
    names none)."""
    return i18n.normalize(cookie) or i18n.negotiate(accept_language)


def of_scope(scope: Scope) -> str:
    """:func:`choose` for an ASGI scope (its ``cookie`` and ``accept-language`` headers)."""
    cookie_header = accept = None
    for name, value in scope.get("headers") or ():
        if name == b"cookie":
            cookie_header = value.decode("latin-1")
        elif name == b"accept-language":
            accept = value.decode("latin-1")
    chosen = None
    if cookie_header:
        jar: SimpleCookie = SimpleCookie()
        try:
            jar.load(cookie_header)
        except Exception:   # a malformed cookie header: as if none were sent
            jar = SimpleCookie()
        if COOKIE in jar:
            chosen = jar[COOKIE].value
    return choose(chosen, accept)


class Language:
    """The ASGI layer running each request and socket in its language (module docstring)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        lang = of_scope(scope)
        scope.setdefault("state", {})["lang"] = lang

        async def tagged(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or ())
                headers.append((b"content-language", lang.encode()))
                if not any(k.lower() == b"vary" for k, _v in headers):
                    headers.append((b"vary", b"Accept-Language, Cookie"))
                message = {**message, "headers": headers}
            await send(message)
        with i18n.using(lang):
            await self.app(scope, receive, tagged if scope["type"] == "http" else send)


def safe_next(path: str | None) -> str:
    """A path of this server to go back to after the switch (``/`` for anything else: no
    other site, no ``//host``, no scheme)."""
    if not path or not path.startswith("/") or path.startswith("//") or "\\" in path \
            or any(ord(c) < 32 for c in path):
        return "/"
    return path[:2000]


@router.get("/lang/{code}")
def switch(code: str, next: str | None = None) -> RedirectResponse:
    """Remember ``code`` in the cookie and go back to ``next`` (a path of this server).

    Raises:
        WebError(404): a language regalia does not speak."""
    lang = i18n.normalize(code)
    if lang is None or lang != code.lower():
        raise WebError(404, i18n._("regalia speaks {languages}; there is no language "
                                   "{code!r}").format(languages=", ".join(i18n.LANGUAGES),
                                                      code=code[:20]))
    answer = RedirectResponse(safe_next(next), status_code=303)
    answer.set_cookie(COOKIE, lang, max_age=COOKIE_AGE, path="/", samesite="lax")
    return answer


def switch_links(path: str) -> list[dict[str, Any]]:
    """The switch shown on every page: ``[{"lang", "name", "href", "current"}]``, each
    language in its own name, linking to ``/lang/<code>?next=<path>``."""
    from urllib.parse import quote
    here = i18n.language()
    return [{"lang": code, "name": i18n.LANGUAGE_NAMES[code], "current": code == here,
             "href": f"/lang/{code}?next={quote(safe_next(path), safe='/')}"}
            for code in i18n.LANGUAGES]


@functools.lru_cache(maxsize=1)
def js_messages() -> tuple[tuple[str | None, str, str | None], ...]:
    """The messages of the static ES modules: ``(context, msgid, plural msgid or None)``."""
    from babel.messages.extract import extract_from_file

    from regalia.core.catalogues import JS_KEYWORDS
    found: dict[tuple[str | None, str], str | None] = {}
    for path in sorted(STATIC.glob("*.js")):
        for _line, message, _comments, context in extract_from_file(
                "javascript", str(path), keywords=JS_KEYWORDS):
            if isinstance(message, (tuple, list)):
                found[(context, message[0])] = message[1]
            else:
                found.setdefault((context, message), None)
    return tuple((c, m, p) for (c, m), p in found.items())


@functools.lru_cache(maxsize=len(i18n.LANGUAGES))
def js_catalogue(lang: str) -> str:
    """The JSON catalogue of the ES modules in ``lang`` (module docstring), as text."""
    catalogue = i18n.messages(lang)
    out: dict[str, Any] = {}
    for context, msgid, plural in js_messages():
        key = f"{context}\x04{msgid}" if context else msgid
        if plural is not None:
            forms = catalogue.plural.get(key)
            if forms:
                out[key] = forms
        else:
            text = catalogue.singular.get(key)
            if text:
                out[key] = text
    return json.dumps({"lang": i18n.normalize(lang) or i18n.DEFAULT_LANGUAGE,
                       "messages": out}, ensure_ascii=False, sort_keys=True)


@router.get("/i18n/{name}")
def catalogue(name: str) -> Response:
    """``GET /i18n/<lang>.json``: :func:`js_catalogue` (cached by the browser for a day).

    Raises:
        WebError(404): no such language."""
    code = name[:-5] if name.endswith(".json") else ""
    if i18n.normalize(code) != code:
        raise WebError(404, i18n._("regalia speaks {languages}; there is no language "
                                   "{code!r}").format(languages=", ".join(i18n.LANGUAGES),
                                                      code=name[:20]))
    return Response(js_catalogue(code), media_type="application/json",
                    headers={"cache-control": "public, max-age=86400"})
