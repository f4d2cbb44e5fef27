"""The private links of a new table, each with a QR code to open it on a phone.

The server made the tokens, so it writes the links and their QR codes (segno, as inline
SVG) in the table-creation answer; the lobby shows them with copy buttons. A token travels
in the link's fragment (``/table/ID#token=...``), which browsers send neither to servers
nor in referrers.
"""

from __future__ import annotations

from typing import Any, Sequence
from urllib.parse import quote

from regalia.core.i18n import _


def qr_svg(url: str, title: str) -> str:
    """A QR code of ``url`` as inline SVG (no fixed size: the page sizes it; error
    correction M, a quiet zone of 4 modules as the standard asks), titled ``title``."""
    import segno

    code = segno.make(url, error="m", micro=False)
    return str(code.svg_inline(omitsize=True, title=title, border=4, dark="#000",
                               light="#fff"))


def seat_links(base_url: str, table_id: str, seats: Sequence[dict[str, Any]]
               ) -> dict[str, Any]:
    """The links of a new table, from the creation answer's ``seats`` (each with its kind,
    label and, for a person, its token): ``{"here": {"labels", "url", "qr"} or None (one
    link playing every seat of this screen, the hot seat), "invited": [{"seat", "label",
    "url", "qr"}], "spectator": url}``. ``base_url``: the server's address as the request
    named it (``http://host:port/``)."""
    root = f"{base_url.rstrip('/')}/table/{quote(table_id, safe='')}"

    def link(tokens: Sequence[str]) -> str:
        return root + "#" + "&".join(f"token={quote(t, safe='')}" for t in tokens)

    here = [s for s in seats if s.get("kind") == "here" and s.get("token")]
    out: dict[str, Any] = {"here": None, "invited": [], "spectator": root}
    if here:
        url = link([s["token"] for s in here])
        out["here"] = {"labels": [s["label"] for s in here], "url": url,
                       "qr": qr_svg(url, _("QR code of the link to play here"))}
    for s in seats:
        if s.get("kind") == "invited" and s.get("token"):
            url = link([s["token"]])
            out["invited"].append({"seat": s["seat"], "label": s["label"], "url": url,
                                   "qr": qr_svg(url, _("QR code of {name}'s link").format(name=s['label']))})
    return out
