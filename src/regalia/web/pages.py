"""The web table's pages, rendered in the request's language (issue 30).

The HTML pages in ``static/`` are Jinja2 templates (``jinja2.ext.i18n``: ``{% trans %}``
blocks and ``{{ _("...") }}``, extracted by Babel into the ``web`` catalogue): each is
rendered with :mod:`regalia.core.i18n`'s lookups in the language in force
(:mod:`.language`), so a page arrives in its language, with ``<html lang>`` set, the
language switch (``switch``: :func:`.language.switch_links`) and the ES modules' messages
embedded (``messages``: :func:`.language.js_catalogue`; read by ``static/i18n.js``).
No build step: the templates are read from the package as they are.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from regalia.core import i18n

from .errors import WebError
from .language import STATIC, js_catalogue, switch_links

#: the pages a visitor may open (``/static/<name>`` serves them rendered too)
PAGES = frozenset({"index.html", "table.html", "pad.html", "leaderboard.html",
                   "components.html"})

router = APIRouter()


@functools.lru_cache(maxsize=1)
def environment() -> Any:
    """The Jinja2 environment of the pages (autoescaped; the gettext callables of
    :mod:`regalia.core.i18n`, which read the language in force at render time)."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape
    env = Environment(loader=FileSystemLoader(str(STATIC)), autoescape=select_autoescape(),
                      extensions=["jinja2.ext.i18n"], trim_blocks=False)
    env.policies["ext.i18n.trimmed"] = True   # as Babel extracts the blocks (catalogues.OPTIONS)
    env.install_gettext_callables(i18n.gettext, i18n.ngettext, newstyle=True,  # type: ignore[attr-defined]
                                  pgettext=i18n.pgettext, npgettext=i18n.npgettext)
    return env


def render(name: str, path: str) -> str:
    """The page ``name`` (one of :data:`PAGES`) in the language in force; ``path``: the
    request's path, where the language switch comes back to."""
    lang = i18n.language()
    messages = js_catalogue(lang).replace("</", "<\\/")
    return str(environment().get_template(name).render(
        lang=lang, switch=switch_links(path), messages=messages))


def page(name: str, request: Request) -> HTMLResponse:
    """:func:`render` as an HTML answer to ``request`` (its path and query kept for the
    switch)."""
    path = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return HTMLResponse(render(name, path))


@router.get("/static/{name}.html")
def static_page(name: str, request: Request) -> HTMLResponse:
    """A page asked for by its file name (``/static/components.html``), rendered.

    Raises:
        WebError(404): no such page."""
    if f"{name}.html" not in PAGES:
        raise WebError(404, i18n._("there is no page {name}").format(name=f"{name[:40]}.html"))
    return page(f"{name}.html", request)


@router.get("/components")
def components(request: Request) -> HTMLResponse:
    return page("components.html", request)
