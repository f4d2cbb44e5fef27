"""The drawing of Inheritors' scoring pad (:mod:`.pad`): one player's play area (a stack
per colour showing its top card), Clan, Quests, Honors and hand, laid out for a phone
(every tappable element at least 44 px each way at 1:1) in the web table's realm colours
(:mod:`.svg`). A tap opens the menu of what was tapped (``data-focus``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from regalia.core import pad as P
from regalia.core.i18n import N_, _
from regalia.core.svgkit import text as esc

from . import labels
from .codes import K_ADV, K_EPIC, K_INF, K_RELIC, K_SPEC, K_TOME
from .svg import INK_ON, REALM_COLOURS

if TYPE_CHECKING:
    from .rules import InheritorsGame
    from .textformat import PlayerArea

WIDTH = 344
FONT = "DejaVu Sans, Verdana, sans-serif"
ROW = 48
#: The hand's rows: a row per colour of Influence Cards, then these kinds.
HAND_ROWS = ((N_("Tomes, Relics and Epics"), (K_TOME, K_RELIC, K_EPIC)),
             (N_("Advocates"), (K_ADV, K_SPEC)))


def _txt(x: float, y: float, s: str, size: float = 13, anchor: str = "start",
         fill: str = "#222", weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}" font-weight="{weight}" pointer-events="none">{esc(s)}</text>')


def _box(x: float, y: float, w: float, h: float, label: str, focus: str, lines: Sequence[str],
         title: str, fill: str = "#fbf7ec") -> str:
    body = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6" '
            f'fill="{fill}" stroke="#9b8a66" stroke-width="1.2"/>',
            _txt(x + 8, y + 17, title, 12, fill="#6b5a3a", weight="bold")]
    for k, line in enumerate(lines):
        body.append(_txt(x + 8, y + 35 + 16 * k, line, 13))
    return f'<g class="pad-box"{P.tap(label, focus=focus)}>' + "".join(body) + "</g>"


def hand_line(G: "InheritorsGame", hand: dict[int, int], kinds: Sequence[int],
              colour: int | None = None) -> str:
    """The cards of ``hand`` of those kinds (or of one colour's Influence Cards) in words:
    ``3 x2, 5`` / ``Tome x2, purple relic``; ``none``."""
    out = []
    for t in sorted(hand):
        k = hand[t]
        if not k or G.tkind[t] not in kinds or (colour is not None and G.tcol[t] != colour):
            continue
        name = str(G.tnum[t]) if colour is not None else labels.card(G.tname[t])
        out.append(name + (f" x{k}" if k > 1 else ""))
    return ", ".join(out) or _("none")


def area_svg(G: "InheritorsGame", i: int, pa: "PlayerArea") -> str:
    """Player ``i``'s holdings: the five stacks (tap: the top card), the Clan, Quests and
    Honors (tap: choose), the hand by colour and kind (tap: the counts)."""
    out = []
    name = pa.name
    cw = WIDTH / 5
    out.append(_txt(0, 14, _("Play area: the top card of each stack"), 12, fill="#6b5a3a",
                    weight="bold"))
    for c, colour in enumerate(G.colours):
        x, y = c * cw, 22.0
        top = pa.tops.get(c, 0)
        fill = REALM_COLOURS.get(colour, "#888")
        ink = INK_ON.get(colour, "#fff")
        label = (_("{player}: {colour} stack, top card {top}") if top else
                 _("{player}: {colour} stack, empty")).format(player=name,
                                                              colour=labels.colour(colour),
                                                              top=top)
        dash = "" if top else ' stroke-dasharray="5 3"'
        body = (f'<rect x="{x + 3:.1f}" y="{y}" width="{cw - 6:.1f}" height="76" rx="6" '
                f'fill="{fill if top else "#fff"}" stroke="{fill}" stroke-width="2.5"{dash}/>'
                + _txt(x + cw / 2, y + 46, str(top) if top else "–", 28 if top else 20,
                       "middle", ink if top else fill, "bold")
                + _txt(x + cw / 2, y + 70, labels.colour(colour), 10, "middle",
                       ink if top else "#555"))
        out.append(f'<g class="stack"{P.tap(label, focus=f"stack:{i}:{c}")}>{body}</g>')
    y = 108.0
    clan = G.clans[pa.clan] if pa.clan >= 0 else None
    clan_line = (f"{labels.card(clan.name)} ({labels.colour(G.colours[G.clan_colour[pa.clan]])})"
                 if clan else _("none"))
    out.append(_box(0, y, WIDTH, 48, _("{player}: Clan, {clan}").format(player=name,
                                                                        clan=clan_line),
                    f"clan:{i}", [clan_line], _("Clan")))
    y += 54
    quests = [labels.card(G.quests[q].name) for q in pa.quests] or [_("none")]
    out.append(_box(0, y, WIDTH / 2 - 3, 34 + 16 * len(quests),
                    _("{player}: Quests, {names}").format(player=name, names=", ".join(quests)),
                    f"quests:{i}", quests, _("Quests")))
    honors = [labels.card(G.honors[h].name) for h in pa.honors] or [_("none")]
    out.append(_box(WIDTH / 2 + 3, y, WIDTH / 2 - 3, 34 + 16 * len(honors),
                    _("{player}: Honors, {names}").format(player=name, names=", ".join(honors)),
                    f"honors:{i}", honors, _("Honors")))
    y += 40 + 16 * max(len(quests), len(honors))
    out.append(_txt(0, y + 14, _("Hand at the end"), 12, fill="#6b5a3a", weight="bold"))
    y += 22
    rows: list[tuple[str, str, str, str]] = []
    for c, colour in enumerate(G.colours):
        rows.append((labels.colour(colour), hand_line(G, pa.hand, (K_INF,), c),
                     f"hand:{i}:{colour}",
                     REALM_COLOURS.get(colour, "#888")))
    for k, (title, kinds) in enumerate(HAND_ROWS):
        rows.append((_(title), hand_line(G, pa.hand, kinds), f"hand:{i}:{'other' if k == 0 else 'advocates'}",
                     "#9b8a66"))
    for title, line, focus, colour in rows:
        body = (f'<rect x="0" y="{y:.1f}" width="{WIDTH}" height="{ROW - 4}" rx="5" '
                f'fill="#fff" stroke="{colour}" stroke-width="2"/>'
                f'<rect x="0" y="{y:.1f}" width="8" height="{ROW - 4}" rx="3" fill="{colour}"/>'
                + _txt(16, y + 17, title, 11, fill="#6b5a3a", weight="bold")
                + _txt(16, y + 35, line, 13))
        tap = P.tap(_("{player}: hand, {row}: {cards}").format(player=name, row=title,
                                                               cards=line), focus=focus)
        out.append(f'<g class="hand-row"{tap}>{body}</g>')
        y += ROW
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="pad inheritors" width="{WIDTH}" '  # i18n: no
            f'height="{y:.0f}" viewBox="0 0 {WIDTH} {y:.0f}" font-family="{FONT}" '
            f'role="group" aria-label="'
            + esc(_("{player}: play area and hand").format(player=name)) + '">'
            + "".join(out) + "</svg>")


__all__ = ["area_svg", "hand_line", "HAND_ROWS"]
