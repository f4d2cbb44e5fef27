"""Small helpers shared by the games' SVG drawings (the web table's board protocol v2).

A clickable element of a drawing carries ``data-click='CANONICAL-JSON'``: the canonical JSON
text of its click object (``{"square":"e5"}``, ``{"action":193}``, ``{"card":"c12"}``...),
XML-escaped, so that the web client can send the object back unchanged and compare it with
the ``targets`` a drawing's ``click`` returns (see ``docs/web.md``, "Board protocol v2").

Nothing here knows a game; the module imports only the standard library.
"""

from __future__ import annotations

import json
from typing import Any
from xml.sax.saxutils import escape, quoteattr

__all__ = ["canonical", "click_attr", "text"]


def canonical(obj: Any) -> str:
    """The canonical JSON text of a click object:
    ``json.dumps(obj, sort_keys=True, separators=(",", ":"))`` (keys sorted, no spaces,
    non-ASCII as ``\\uXXXX`` escapes, so the text is plain ASCII).

    ``canonical({"square": "e5"}) == '{"square":"e5"}'``. Two equal objects give the same
    text, so a drawing's ``targets`` can be compared with an element's ``data-click``.

    Raises:
        TypeError: ``obj`` is not JSON-able (a set, an object...).
    """
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def click_attr(obj: Any) -> str:
    """The attribute `` data-click="..." `` (leading and trailing space included) carrying
    :func:`canonical` of ``obj``, escaped for an XML attribute (``&``, ``<``, ``>`` and
    ``"`` become entities), ready to put inside an element's start tag.

    >>> click_attr({"square": "e5"})
    ' data-click="{&quot;square&quot;:&quot;e5&quot;}" '
    """
    return f" data-click={quoteattr(canonical(obj), {chr(34): '&quot;'})} "


def text(value: Any) -> str:
    """``str(value)`` escaped for SVG text content or a ``<title>`` (``&``, ``<``, ``>``)."""
    return escape(str(value))
