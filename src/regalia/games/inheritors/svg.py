"""Inheritors drawn as SVG from one seat's observation, and clicks mapped to actions
(the web table's board protocol v2; ``docs/web.md``).

Hidden information (rulebook II. Setup, III. Gameplay action 4): each hand and each
player's Quests are hidden. Everything here is a pure function of ``observation(seat)``
(:func:`.information.observation`), never of the state: the drawing for seat p shows p's
own hand and Quests face up, the other seats' hands and Quests as backs with their counts,
and everything public (the Market rows, every play area, the Honor and Clan rows, the
removed area, the deck size, what moves told the table). :func:`public_observation`
(spectators, replays) drops every hand and Quest. The game's tables (the card data and the
action layout) come from :class:`.rules.InheritorsGame` built from the observation's
``params``: public data, the same for every seat.

Clickable elements carry ``data-click`` (:func:`regalia.core.svgkit.click_attr`) with one
of these click objects:

* ``{"card": "purple 2"}``: a card of the viewer's hand (copies carry the same object);
* ``{"row": 1}``: a Market row (its label); ``{"row": 1, "depth": 2}``: a card of a row,
  1 the top card (the last laid). Where a row is asked for, a card of it names its row;
* ``{"pile": "quests"}``: the face-down Quests (action 4);
* ``{"clan": "Wolf"}``, ``{"honor": "A Six"}``: claims;
* ``{"seat": 1}``: another seat (whom a Spy asks); ``{"seat": 1, "stack": "blue"}``: its
  stack of a colour (an effect removing a top card).

Buttons (the ``choices`` of :func:`click`) add ``{"do": "play" | "use" | "draw" | "end" |
"pass"}``, ``{"quest": "purple"}`` and ``{"ask": "purple 2"}``. Each legal action has one
or two click paths (:func:`_paths`); :func:`click` follows them, so every legal action is
reachable and nothing else is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, AbstractSet as Set, Any, Mapping, Sequence, cast
from xml.sax.saxutils import quoteattr

from regalia.core import i18n
from regalia.core.errors import RegaliaError
from regalia.core.i18n import N_, _, ngettext, pgettext
from regalia.core.help import HelpEntry
from regalia.core.svgkit import (RECONSTRUCTED, board_heading, canonical, click_attr, mark_id,
                                 marks, plain_hover, score_headings, text as esc, wrap)

from . import labels
from .codes import K_ADV, K_EPIC, K_INF, K_RELIC, K_SPEC, K_TOME
from .help import book, entries_by_name, help_entries, scoring_rules
from .narration import (CLAIM, DISCARD, DRAW, HONOR, PLAY, QUEST, TAKE_ROW, USE, describe,
                        narrate, phrase)
from .notation import Action, decode
from .rules import InheritorsGame
from .view import public_scores

if TYPE_CHECKING:
    from .state import InheritorsState

#: Fill colour of each realm (the box's card colours as far as known; red is the data's
#: reconstructed fifth colour) and the text colour on it.
REALM_COLOURS = {"purple": "#7b4a9e", "blue": "#2f67b1", "yellow": "#e3b62c",
                 "green": "#2e7d3a", "red": "#c0392b"}
INK_ON = {"yellow": "#2b2200"}
#: Seat colours (markers and names).
SEAT_COLOURS = ("#b5342a", "#2f67b1", "#2e7d3a", "#8a5a12")
WIDTH, HEIGHT = 1040, 900
FONT = "font-family:'DejaVu Sans',Verdana,sans-serif"
#: Most clicks a move takes (card, row, row or a button).
MAX_CLICKS = 6
CLICK_KEYS = frozenset({"card", "row", "depth", "pile", "clan", "honor", "seat", "stack",
                        "do", "quest", "ask", "action"})
BREAKDOWN_LABELS = (("influence", N_("1. Influence (top cards)")),
                    ("tomes", N_("2. Tomes majority")), ("relics", N_("3. Relics")),
                    ("quests", N_("4. Quests")), ("honors", N_("5. Honors")),
                    ("clan", N_("Clan")), ("epics", N_("Epics")), ("total", N_("Total")))


# ====================================================================== the game's data
@lru_cache(maxsize=8)
def _game_for(players: int, data: str | None) -> InheritorsGame:
    return InheritorsGame(players=players, data=data)


def game_of(observation: Mapping[str, Any]) -> InheritorsGame:
    """The game an observation belongs to (its ``params``: players, cards file): the card
    data and the action layout, public and the same for every seat.

    Raises:
        RegaliaError: params that make no Inheritors game (a ParameterError or DataError).
    """
    params = observation.get("params") or {}
    data = params.get("data")
    return _game_for(int(params.get("players", len(observation["play_areas"]))),
                     None if data is None else str(data))


def _plain(entry: HelpEntry) -> str:
    """A help entry as a hover text (:func:`regalia.core.svgkit.plain_hover`), its list of
    better established fields left out in every language."""
    fields = _("Better established fields: {fields}").split("{")[0].strip()
    return "\n".join(line for line in plain_hover(entry.text(), "card").splitlines()
                     if not line.strip().startswith(fields))


@lru_cache(maxsize=16)
def _hover_texts(game: InheritorsGame, lang: str) -> dict[str, str]:
    """Card or record name (notation, case-folded) -> its hover text in ``lang``: the help
    entry (effect, details, provenance in words, source, note) from the card data."""
    with i18n.using(lang):
        out = {key: _plain(e) for key, e in entries_by_name(game).items()}
        cs = game.cards
        for rec in cs.influence:
            name = f"{rec.colour} {rec.number}"
            colour = labels.colour(rec.colour)
            entry = HelpEntry(
                name=labels.card(name),
                kind=_("Influence Card of the {colour} realm").format(colour=colour),
                effect=_("Played on your {colour} stack in order from 1 to 6; while on top it "
                         "scores {n} VP (III. Gameplay, action 1; V. Scoring, step 1).").format(
                    colour=colour, n=rec.number),
                provenance=rec.provenance, source=rec.source, note=labels.note(rec.note),
                details=(_("Copies: {n}").format(n=rec.copies),))
            out[name.casefold()] = _plain(entry)
    return out


@lru_cache(maxsize=8)
def reconstructed(game: InheritorsGame) -> frozenset[str]:
    """The names (case-folded) of the cards whose data is reconstructed (drawn with the
    badge :data:`regalia.core.svgkit.RECONSTRUCTED`)."""
    names = {key for key, e in entries_by_name(game).items() if e.provenance == "reconstructed"}
    names |= {f"{r.colour} {r.number}".casefold() for r in game.cards.influence
              if r.provenance == "reconstructed"}
    return frozenset(names)


def hover(game: InheritorsGame, name: str) -> str:
    """The hover text of a card, Quest, Honor or Clan named ``name`` (from the card data,
    with its provenance in a player's words, :func:`regalia.core.svgkit.plain_hover`); the
    bare name for one the data does not know."""
    return _hover_texts(game, i18n.language()).get(name.casefold(), labels.card(name))


# ====================================================================== public view
def public_observation(observation: Mapping[str, Any]) -> dict[str, Any]:
    """What a spectator may see of any seat's observation: every public field, without the
    viewer, the viewer's hand and Quests, and (at the end) the hands and Quests shown for
    scoring; the final score breakdown (``scores``) stays. Shape: the observation's keys
    less ``hand``, ``quests``, ``hands``, ``all_quests``; ``player`` None."""
    out = {k: v for k, v in observation.items()
           if k not in ("hand", "quests", "hands", "all_quests")}
    out["player"] = None
    return out


# ====================================================================== click paths
@dataclass(frozen=True)
class Step:
    """One click of a path: ``obj`` the click object; ``label`` the button text for a
    choice (None: an element of the drawing, a target)."""

    obj: Mapping[str, Any]
    label: str | None = None


class _Table:
    """What :func:`.notation.decode` reads of a position: the game and the Market rows
    (as card types), here from an observation."""

    def __init__(self, game: InheritorsGame, market: Sequence[Sequence[str]]):
        self.game = game
        self.rows = [[game.lookup[n.casefold()] for n in row] for row in market]


def _decode_all(observation: Mapping[str, Any], legal: Sequence[int]) -> list[Action]:
    G = game_of(observation)
    table = cast("InheritorsState", _Table(G, observation["market"]))
    return [decode(table, a) for a in legal]


def _quest_colour_ok(G: InheritorsGame, card: str, colour: str) -> bool:
    """Whether a hand card may be one of the three discards of a Quest of ``colour``
    (Tomes and Epics count as any colour; Advocates are white)."""
    t = G.lookup[card.casefold()]
    k = G.tkind[t]
    if k in (K_TOME, K_EPIC):
        return True
    if k in (K_ADV, K_SPEC):
        return colour == "white"
    return G.colours[G.tcol[t]] == colour


def _paths(observation: Mapping[str, Any], legal: Sequence[int]) -> list[tuple[int, list[Step]]]:
    """Every click path of every legal action (an action may have two)."""
    G = game_of(observation)
    phase = observation.get("phase")
    out: list[tuple[int, list[Step]]] = []
    for a in _decode_all(observation, legal):
        k = a.kind
        card = {"card": a.card}
        if k == "play":
            if phase == "effect":
                out.append((a.id, [Step(card)]))
            else:
                out.append((a.id, [Step(card), Step({"do": "play"}, _("Play {card}").format(
                    card=labels.card(a.card)))]))
        elif k == "use":
            out.append((a.id, [Step(card), Step({"do": "use"}, _("Use {card}").format(
                card=labels.card(a.card)))]))
        elif k == "discard-draw":
            out.append((a.id, [Step(card), Step({"row": a.row}),
                               Step({"do": "draw"}, _("Draw 2 cards"))]))
        elif k == "discard-take":
            out.append((a.id, [Step(card), Step({"row": a.row}), Step({"row": a.take_row})]))
        elif k == "quest-discard":
            out.append((a.id, [Step(card), Step({"row": a.row})]))
        elif k == "quest":
            label = (_("Quest: discard 3 Advocates") if a.colour == "white" else
                     _("Quest: discard 3 {colour} cards").format(
                         colour=labels.colour(a.colour)))
            choice = Step({"quest": a.colour}, label)
            out.append((a.id, [Step({"pile": "quests"}), choice]))
            for name in sorted(set(observation.get("hand") or ())):
                if _quest_colour_ok(G, name, str(a.colour)):
                    out.append((a.id, [Step({"card": name}), choice]))
        elif k == "ask":
            out.append((a.id, [Step({"seat": a.seat}),
                               Step({"ask": a.card}, _("Ask P{seat} for {card}").format(
                                   seat=(a.seat or 0) + 1, card=labels.card(a.card)))]))
        elif k == "take":
            out.append((a.id, [Step({"row": a.row, "depth": a.depth})]))
        elif k == "sabotage":
            out.append((a.id, [Step({"seat": a.seat, "stack": a.colour})]))
        elif k == "claim":
            out.append((a.id, [Step({"clan": a.clan})]))
        elif k == "honor":
            out.append((a.id, [Step({"honor": a.honor})]))
        elif k == "end-turn":
            out.append((a.id, [Step({"do": "end"}, _("End turn"))]))
        elif k == "pass":
            out.append((a.id, [Step({"do": "pass"}, _("Pass (your hand is empty)"))]))
        else:   # pragma: no cover - every decision kind is handled above
            out.append((a.id, [Step({"action": a.id}, a.notation)]))
    return out


@lru_cache(maxsize=32)
def _cached_paths(observation: str, legal: tuple[int, ...],
                  lang: str) -> tuple[tuple[int, list[Step]], ...]:
    """:func:`_paths` of an observation given as its canonical JSON (a move's clicks are
    answered one by one for the same position), its button labels in ``lang``."""
    with i18n.using(lang):
        return tuple(_paths(json.loads(observation), legal))


def _matches(step: Step, click: Mapping[str, Any]) -> bool:
    """A click matches a step with an equal object; where a row is asked for
    (``{"row": r}``), a card of that row (``{"row": r, "depth": d}``) names it too."""
    if dict(click) == dict(step.obj):
        return True
    return (set(step.obj) == {"row"} and set(click) == {"row", "depth"}
            and click["row"] == step.obj["row"])


def _check_clicks(clicks: Any) -> str | None:
    """Why ``clicks`` is malformed (None: a list of small click objects)."""
    if not isinstance(clicks, (list, tuple)):
        return f"clicks must be a list of click objects, not {type(clicks).__name__}"  # i18n: no
    if len(clicks) > MAX_CLICKS:
        return f"a move takes at most {MAX_CLICKS} clicks, not {len(clicks)}"  # i18n: no
    for i, c in enumerate(clicks, 1):
        if not isinstance(c, Mapping) or not c:
            return f"click {i} must be a non-empty object such as {{\"card\": \"purple 2\"}}"  # i18n: no
        for key, value in c.items():
            if key not in CLICK_KEYS:
                return (f"click {i} has an unknown key {str(key)[:40]!r}; keys: "  # i18n: no
                        f"{', '.join(sorted(CLICK_KEYS))}")
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                return f"click {i}: {key} must be a number or a name"  # i18n: no
            if isinstance(value, int) and abs(value) > 10 ** 6:
                return f"click {i}: {key} {value} is out of range"  # i18n: no
            if isinstance(value, str) and len(value) > 80:
                return f"click {i}: {key} is too long"  # i18n: no
    return None


def _describe(obj: Mapping[str, Any]) -> str:
    if "depth" in obj:
        return _("card {depth} of Market row {row}").format(depth=obj["depth"], row=obj["row"])
    if "row" in obj:
        return _("Market row {row}").format(row=obj["row"])
    if "stack" in obj:
        return _("the {colour} stack of P{seat}").format(colour=labels.colour(str(obj["stack"])),
                                                         seat=int(obj["seat"]) + 1)
    if "seat" in obj:
        return f"P{int(obj['seat']) + 1}"
    if "pile" in obj:
        return _("the Quests")
    for key in ("card", "clan", "honor"):
        if key in obj:
            return labels.card(str(obj[key]))
    return canonical(dict(obj))


def _prompt(observation: Mapping[str, Any], clicks: Sequence[Mapping[str, Any]],
            nexts: Sequence[Step]) -> str:
    """What the person does now, in the rulebook's terms."""
    phase = observation.get("phase")
    pending = observation.get("pending") or []
    if not clicks:
        if phase == "start":
            if not observation.get("hand"):
                return _("Your hand is empty: claim what you can, or Pass")
            return _("Your turn: click a card in your hand (play it, use it, or discard it "
                     "to a Market row), the Quests, or a Clan or Honor you may claim")
        if phase == "post":
            return _("Claim a Clan or Honors you qualify for (highlighted), or End turn")
        if phase == "quest-discard":
            q = observation.get("quest_action") or {}
            return _("Quest: click a {colour} card (Tomes and Epics count as any) to discard; "
                     "{n} left").format(colour=labels.colour(str(q.get("colour"))),
                                        n=q.get("discards_left"))
        if pending:
            kind = str(pending[0].get("effect"))
            if kind == "play_influence":
                skip = pending[0].get("skip")
                return (_("Click the Influence Card to play, skipping {n} number").format(n=skip)
                        if skip else _("Click the Influence Card to play"))
            if kind == "demand_card":
                return _("Spy: click the player you ask for a card")
            if kind == "take_from_market":
                return _("Advisor: click a Market card to take ({n} left)").format(
                    n=pending[0].get("count"))
            if kind == "remove_top_card":
                return _("Click another player's stack to remove its top card")
            return _("Carry out the card's effect")
        return _("Your move")
    last = clicks[-1]
    if "card" in last:
        card = labels.card(str(last["card"]))
        if phase == "quest-discard":
            return _("Click the Market row to discard {card} onto").format(card=card)
        buttons = ", ".join(dict.fromkeys(s.label or "" for s in nexts if s.label))
        why = (_why_not(observation, str(last["card"]))
               if phase == "start" and not any(s.obj.get("do") in ("play", "use")
                                               for s in nexts) else "")
        if buttons:
            text = _("{card}: choose {buttons}; or click a Market row to discard it onto "
                     "(then draw 2, or take a matching row)").format(card=card, buttons=buttons)
        else:
            text = _("{card}: click a Market row to discard it onto (then draw 2, or take a "
                     "matching row)").format(card=card)
        return _("{prompt}. {why}").format(prompt=text, why=why) if why else text
    if "row" in last and len(clicks) == 2:
        return _("Discarded onto row {row}: click another row whose top card matches to take "
                 "it, or Draw 2 cards").format(row=last["row"])
    if "pile" in last:
        return _("Quest: choose the colour of the 3 cards to discard")
    if "seat" in last:
        return _("Spy: choose the Influence Card to ask P{seat} for").format(
            seat=int(last["seat"]) + 1)
    return _("Choose")


def _why_not(observation: Mapping[str, Any], card: str) -> str:
    """Why a card of the hand offers no Play or Use now, in the rulebook's words (III.
    Gameplay, actions 1 and 5): an Influence Card goes on its stack in order from 1 to 6;
    Tomes and Relics are never played."""
    G = game_of(observation)
    t = G.lookup.get(card.casefold())
    if t is None:
        return ""
    kind = G.tkind[t]
    if kind == K_INF:
        colour = G.colours[G.tcol[t]]
        viewer = observation.get("player")
        areas = observation.get("play_areas") or []
        stack = list((areas[viewer] if isinstance(viewer, int) and viewer < len(areas)
                      else {}).get(colour, ()))
        top = int(stack[-1]) if stack else 0
        if top:
            return _("It cannot be played now: Influence Cards go on their stack in order from "
                     "1 to 6, and your {colour} stack is at {top}.").format(
                colour=labels.colour(colour), top=top)
        return _("It cannot be played now: Influence Cards go on their stack in order from 1 "
                 "to 6, and your {colour} stack is empty.").format(colour=labels.colour(colour))
    if kind in (K_TOME, K_RELIC):
        return _("Tomes and Relics are never played: discard them, or keep them for the end.")
    if kind in (K_ADV, K_SPEC):
        return _("It cannot be used now.")
    return ""


def click(observation: Mapping[str, Any], legal_actions: Sequence[int],
          clicks: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Map the clicks of a move in progress (oldest first) to an action, the next step or
    a refusal (board protocol v2).

    Args:
        observation: the acting seat's observation (never the state).
        legal_actions: that seat's legal actions now (empty when it is not its turn).
        clicks: click objects (see the module docstring); any input is hostile.

    Returns:
        ``{"action": id}`` (a legal action), ``{"next": {"prompt", "targets", "choices"}}``
        (``targets``: canonical JSON of the elements to click next; ``choices``: buttons
        ``{"label", "click"}``), or ``{"error": message}`` naming what was wrong and what
        is allowed. Never raises.
    """
    bad = _check_clicks(clicks)
    if bad:
        return {"error": bad}
    legal = [a for a in legal_actions if isinstance(a, int) and not isinstance(a, bool)]
    if not legal:
        if clicks:
            return {"error": _("no move is open to you now: it is not your turn")}
        return {"next": {"prompt": _waiting(observation), "targets": [], "choices": []}}
    try:
        paths = _cached_paths(canonical(dict(observation)), tuple(legal), i18n.language())
    except (RegaliaError, KeyError, ValueError, TypeError) as exc:
        return {"error": _("this position cannot be read: {reason}").format(reason=exc)}
    live: Sequence[tuple[int, list[Step]]] = paths
    for i, c in enumerate(clicks):
        step_live = [(a, p) for a, p in live if len(p) > i and _matches(p[i], c)]
        if not step_live:
            allowed = _next_steps(live, i)
            names = ", ".join(sorted({s.label or _describe(s.obj) for s in allowed}))
            if i:
                return {"error": _("{what} cannot be clicked now (click {n} of the move); you "
                                   "may click: {allowed}. Start the move again.").format(
                    what=_describe(c), n=i + 1, allowed=names or _("nothing"))}
            return {"error": _("{what} cannot be clicked now; you may click: {allowed}. Start "
                               "the move again.").format(what=_describe(c),
                                                         allowed=names or _("nothing"))}
        live = step_live
        done = [a for a, p in live if len(p) == i + 1]
        if done:
            return {"action": done[0]}
    nexts = _next_steps(live, len(clicks))
    targets: list[str] = []
    choices: list[dict[str, Any]] = []
    seen: set[str] = set()
    for s in nexts:
        key = canonical(dict(s.obj))
        if key in seen:
            continue
        seen.add(key)
        if s.label is not None:
            choices.append({"label": s.label, "click": dict(s.obj)})
        else:
            targets.append(key)
            if set(s.obj) == {"row"}:   # a card of the row names it too
                r = int(s.obj["row"])
                rows = observation["market"]
                for d in range(1, len(rows[r - 1]) + 1 if 1 <= r <= len(rows) else 1):
                    extra = canonical({"row": r, "depth": d})
                    if extra not in seen:
                        seen.add(extra)
                        targets.append(extra)
    return {"next": {"prompt": _prompt(observation, clicks, nexts), "targets": targets,
                     "choices": choices}}


def _next_steps(live: Sequence[tuple[int, list[Step]]], i: int) -> list[Step]:
    return [p[i] for _, p in live if len(p) > i]


def _waiting(observation: Mapping[str, Any]) -> str:
    cur = observation.get("current_player")
    if observation.get("phase") == "end":
        return _("The game is over")
    if isinstance(cur, int) and cur >= 0:
        return _("Waiting for P{seat}").format(seat=cur + 1)
    return _("Waiting")


def _step_targets(observation: Mapping[str, Any], legal: Sequence[int],
                  pending: Sequence[Mapping[str, Any]]) -> set[str]:
    """The targets of the move in progress (drawn highlighted)."""
    if not legal:
        return set()
    reply = click(observation, legal, list(pending))
    return set(reply["next"]["targets"]) if "next" in reply else set()


# ====================================================================== drawing
def _attr(value: Any) -> str:
    return quoteattr(str(value))


class _Svg:
    """An SVG document under construction (strings only; every text escaped)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        #: where things were drawn, for the marks: ``("stack", seat, colour)``,
        #: ``("row", r)``, ``("top", r)`` (a Market row's top card), ``("seat", q)`` (a
        #: seat's header), ``("card", name)`` (the viewer's hand), ``("clan", name)``,
        #: ``("honor", name)``, ``("quests",)`` -> ``(x, y, width, height)``
        self.where: dict[tuple[Any, ...], tuple[float, float, float, float]] = {}

    def add(self, s: str) -> None:
        self.parts.append(s)

    def text(self, x: float, y: float, s: Any, size: float = 13, fill: str = "#222",
             weight: str = "normal", anchor: str = "start", cls: str = "") -> None:
        c = f' class="{cls}"' if cls else ""
        self.add(f'<text{c} x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
                 f'stroke="none" font-weight="{weight}" text-anchor="{anchor}">'
                 f'{esc(s)}</text>')


def _card_look(G: InheritorsGame, name: str) -> tuple[str, str, str, str]:
    """(fill, ink, big label, small label) of a card face."""
    t = G.lookup.get(name.casefold())
    if t is None:
        return "#ddd", "#222", "?", name
    kind = G.tkind[t]
    if kind == K_INF:
        col = G.colours[G.tcol[t]]
        return (REALM_COLOURS.get(col, "#888"), INK_ON.get(col, "#fff"), str(G.tnum[t]),
                labels.colour(col))
    shown = labels.card(name)
    if kind == K_RELIC:
        col = G.colours[G.tcol[t]]
        return ("#3a2f28", REALM_COLOURS.get(col, "#ddd"), "\u25c6",
                labels.card(f"{col} relic"))
    if kind == K_TOME:
        return "#d8c49a", "#3b2a10", "\u2756", shown
    if kind == K_EPIC:
        return "#e9c75a", "#3b2a10", "\u2605", shown
    if kind == K_SPEC:
        return "#fbf7ec", "#6b4e00", shown[:1], shown
    return "#f6f3ea", "#333", shown[:1], shown   # a Basic Advocate: white


def _card(svg: _Svg, G: InheritorsGame, x: float, y: float, w: float, h: float, name: str,
          obj: Mapping[str, Any] | None = None, hot: bool = False, picked: bool = False,
          compact: bool = False) -> None:
    """One face-up card: colour, number or symbol, its name, and its hover text."""
    fill, ink, big, small = _card_look(G, name)
    data = click_attr(dict(obj)) if obj is not None else " "
    cls = "card target" if obj is not None else "card"  # i18n: no
    if hot:
        cls += " hot"
    svg.add(f'<g class="{cls}"{data}data-card={_attr(name)}><title>{esc(hover(G, name))}</title>')
    stroke = "#d4145a" if picked else "#1a8f3a" if hot else "#5a5148"
    sw = 3.5 if picked else 2.5 if hot else 1
    svg.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="5" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{sw}"/>')
    t = G.lookup.get(name.casefold())
    kind = G.tkind[t] if t is not None else -1
    if kind == K_INF:
        svg.text(x + 5, y + 17, big, 16, ink, "bold")
        if not compact:
            svg.text(x + w / 2, y + h / 2 + 10, big, min(30, h * .4), ink, "bold", "middle")
    else:
        svg.text(x + w / 2, y + 17, big, 15, ink, "bold", "middle")
        if not compact:
            for i, line in enumerate(wrap(small, max(6, int(w / 6.4)))[:3]):
                svg.text(x + w / 2, y + h / 2 + 2 + i * 11, line, 9.5, ink, "normal", "middle")
    if not compact and h >= 60 and name.casefold() in reconstructed(G):
        svg.text(x + 4, y + h - 5, RECONSTRUCTED, 11, ink, "bold", cls="badge")
    svg.add("</g>")


def _back(svg: _Svg, x: float, y: float, w: float, h: float, label: str = "",
          fill: str = "#5b3a6e") -> None:
    svg.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="4" fill="{fill}" '
            f'stroke="#e8d9a8" stroke-width="1.2"/>')
    if label:
        svg.text(x + w / 2, y + h / 2 + 5, label, 13, "#f3e7c4", "bold", "middle")


def _record(svg: _Svg, G: InheritorsGame, x: float, y: float, w: float, h: float, title: str,
            sub: str, fill: str, obj: Mapping[str, Any] | None, hot: bool,
            ink: str = "#222", owner: int | None = None, extra: Sequence[str] = ()) -> None:
    """An Honor or Clan card (landscape) with its hover text (and that of ``extra``, the
    cards sitting with a Clan)."""
    data = click_attr(dict(obj)) if obj is not None else " "
    cls = ("record target" if obj is not None else "record") + (" hot" if hot else "")  # i18n: no
    tip = "\n\n".join([hover(G, title)] + [hover(G, e) for e in dict.fromkeys(extra)])
    svg.add(f'<g class="{cls}"{data}data-card={_attr(title)}><title>{esc(tip)}</title>')
    svg.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" fill="{fill}" '
            f'stroke="{"#1a8f3a" if hot else "#6b5d4a"}" stroke-width="{3.5 if hot else 1}"/>')
    svg.text(x + w / 2, y + 17, labels.card(title), 12, ink, "bold", "middle")
    for i, line in enumerate(wrap(sub, max(8, int(w / 5.6)))[:3]):
        svg.text(x + w / 2, y + 31 + i * 11, line, 9.5, ink, "normal", "middle")
    if owner is not None:
        svg.add(f'<circle cx="{x + w - 9:g}" cy="{y + h - 9:g}" r="7" '
                f'fill="{SEAT_COLOURS[owner % 4]}" stroke="#fff" stroke-width="1.5"/>')
        svg.text(x + w - 9, y + h - 5.5, owner + 1, 9, "#fff", "bold", "middle")
    svg.add("</g>")


def _stacks(svg: _Svg, G: InheritorsGame, x: float, y: float, area: Mapping[str, Sequence[int]],
            seat: int, removed: str | None, cw: float, ch: float, step: float,
            hot: set[str]) -> float:
    """A play area: one column per realm, the cards of a stack fanned downwards (every
    number visible, the top card last). Returns the width used."""
    for i, col in enumerate(c for c in G.colours if c != removed):
        cx = x + i * (cw + 6)
        nums = list(area.get(col, ()))
        obj = {"seat": seat, "stack": col}
        key = canonical(obj)
        svg.where[("stack", seat, col)] = (cx, y + max(0, len(nums) - 1) * step, cw, ch)
        if not nums:
            svg.add(f'<rect x="{cx:g}" y="{y:g}" width="{cw:g}" height="{ch:g}" rx="4" '
                    f'fill="none" stroke="{REALM_COLOURS.get(col, "#999")}" '
                    f'stroke-dasharray="3 3" opacity=".6"/>')
            continue
        for j, n in enumerate(nums):
            last = j == len(nums) - 1
            clickable = last and key in hot
            _card(svg, G, cx, y + j * step, cw, ch, f"{col} {n}",
                  obj if clickable else None, hot=clickable, compact=not last)
    return len([c for c in G.colours if c != removed]) * (cw + 6)


def render(observation: Mapping[str, Any], legal_actions: Sequence[int] = (),
           names: Sequence[str] | None = None,
           pending: Sequence[Mapping[str, Any]] = (), recent: Sequence[Any] = ()) -> str:
    """The table as an SVG document (a string), 1280 x 800 user units.

    Args:
        observation: ``observation(seat)`` or :func:`public_observation` of one; never the
            state.
        legal_actions: the viewer's legal actions now (empty when not its turn): the
            elements that are next clicks are highlighted.
        names: one label per seat (default ``P1``, ``P2``...).
        pending: the clicks of a move in progress (oldest first), drawn selected.
        recent: moves to mark (:func:`regalia.core.svgkit.marks`: the other seats' moves
            the viewer saw since its last turn, and a suggestion with ``hint``): a card
            played outlined on its stack, a discard on its Market row (a row taken
            dashed), a Clan claimed on its card, any other move by the seat's name.

    Shape: a status bar (whose turn, what to do, deck), the face-down Quests, the Honor
    row, the Clans, the three Market rows; the viewer's area (largest: play area, Clan,
    Honors, Quests, hand) at the bottom; every other seat on the right (hand size and
    Quests as backs); the removed area and what moves told the table.
    """
    G = game_of(observation)
    n = len(observation["play_areas"])
    names = [str(x) for x in names][:n] if names else []
    names += [f"P{p + 1}" for p in range(len(names), n)]
    viewer = observation.get("player")
    focus = viewer if isinstance(viewer, int) and 0 <= viewer < n else 0
    cur = observation.get("current_player")
    acting = cur if isinstance(cur, int) and 0 <= cur < n else None
    removed = observation.get("removed_colour")
    ended = observation.get("phase") == "end"
    legal = list(legal_actions)
    hot = _step_targets(observation, legal, pending) if viewer is not None else set()
    picked = {canonical(dict(c)) for c in pending if isinstance(c, Mapping)}
    svg = _Svg()
    svg.add(f'<svg xmlns="http://www.w3.org/2000/svg" class="regalia inheritors" '
            f'width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'data-game="inheritors" data-phase={_attr(observation.get("phase"))} '
            f'data-viewer={_attr("spectator" if viewer is None else viewer)}>')
    svg.add(f'<style>text{{{FONT}}} .target{{cursor:pointer}} '  # i18n: no
            '.target:hover rect{stroke:#d4145a;stroke-width:3}</style>')
    svg.add(f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f3ecdc"/>')
    svg.add(f'<rect width="{WIDTH}" height="38" fill="#3d2b1f"/>')
    scores = public_scores(dict(observation), {h.name: h.points for h in G.cards.honors})
    # ---------------------------------------------------------------- status bar
    if ended:
        status = _("Game over: {result}").format(result=_winners_text(observation, names))
    elif acting is not None:
        status = (_("Your turn \u2014 {step}") if acting == viewer else
                  _("{player}'s turn \u2014 {step}")).format(player=names[acting],
                                                             step=_phase_words(observation))
    else:
        status = _("Setting up")
    if observation.get("end_triggered") and not ended:
        status = _("{status}  \u2022  last round").format(status=status)
    svg.text(12, 25, status, 16, "#f6e7bf", "bold")
    deck = ngettext("Deck: {n} card", "Deck: {n} cards", int(observation.get("deck_size", 0))
                    ).format(n=int(observation.get("deck_size", 0)))
    if removed:
        deck = _("{deck}  \u2022  {colour} removed (2-player)").format(
            deck=deck, colour=labels.colour(removed))
    svg.text(WIDTH - 12, 25, deck, 13, "#f6e7bf", "normal", "end")
    # ---------------------------------------------------------------- tableau
    left_w = 700
    y0 = 48
    qn = int(observation.get("quests_in_row", 0))
    qobj = {"pile": "quests"}
    qhot = canonical(qobj) in hot
    svg.text(12, y0 + 10, _("Quests"), 12, "#5a4a35", "bold")
    svg.add(f'<g class="pile target{" hot" if qhot else ""}"{click_attr(qobj)}>'
            f'<title>{esc(_quest_pile_text(qn))}</title>')
    for k in range(min(qn, 5)):
        _back(svg, 12 + k * 5, y0 + 16 + k * 2, 60, 76, "", "#4b3b6b")
    _back(svg, 12 + max(0, min(qn, 5) - 1) * 5, y0 + 16 + max(0, min(qn, 5) - 1) * 2, 60, 76,
          str(qn) if qn else _("none"), "#4b3b6b")
    svg.where[("quests",)] = (8, y0 + 12, 90, 88)
    if qhot:
        svg.add(f'<rect x="8" y="{y0 + 12}" width="90" height="88" rx="6" fill="none" '
                f'stroke="#1a8f3a" stroke-width="3.5"/>')
    svg.add("</g>")
    hx = 100
    svg.text(hx, y0 + 10, _("Honors (1 VP each)"), 12, "#5a4a35", "bold")
    for i, h in enumerate(observation.get("honor_row", ())):
        obj = {"honor": h}
        is_hot = canonical(obj) in hot
        rec = next((x for x in G.cards.honors if x.name == h), None)
        sub = labels.text(rec.text) if rec is not None and rec.text else ""
        _record(svg, G, hx + i * 116, y0 + 16, 110, 76, h, _short(sub, 60), "#efe2b8",
                obj if is_hot else None, is_hot)
        svg.where[("honor", h)] = (hx + i * 116, y0 + 16, 110, 76)
    # clans
    cy = y0 + 104
    svg.text(12, cy + 10, _("Clans (claim with a 3 or higher of the colour; one per player)"),
             12, "#5a4a35", "bold")
    for i, c in enumerate(observation.get("clans", ())):
        obj = {"clan": c["clan"]}
        is_hot = canonical(obj) in hot
        col = str(c["colour"])
        sits = labels.cards(c.get("cards") or ())
        sub = (_("{colour} \u2022 with {cards}").format(colour=labels.colour(col), cards=sits)
               if sits else labels.colour(col))
        _record(svg, G, 12 + i * 135, cy + 16, 129, 58, str(c["clan"]), sub,
                REALM_COLOURS.get(col, "#ccc"), obj if is_hot else None, is_hot,
                INK_ON.get(col, "#fff"), c.get("owner"), c.get("cards") or ())
        svg.where[("clan", str(c["clan"]))] = (12 + i * 135, cy + 16, 129, 58)
    # market
    my = cy + 86
    svg.text(12, my + 10, _("Market (discard onto a row; take a whole row whose top card "
                            "matches your discard)"), 12, "#5a4a35", "bold")
    for r, row in enumerate(observation.get("market", ())):
        ry = my + 18 + r * 84
        robj = {"row": r + 1}
        rkey = canonical(robj)
        row_hot = rkey in hot
        row_picked = rkey in picked
        tip = "<title>{}</title>".format(esc(ngettext(
            "Market row {row}: {n} card; the top card is the rightmost",
            "Market row {row}: {n} cards; the top card is the rightmost", len(row)).format(
                row=r + 1, n=len(row))))
        look = (f'fill="{"#e2f3df" if row_hot else "#e8dcc3"}" stroke='
                f'"{"#d4145a" if row_picked else "#1a8f3a" if row_hot else "#b9a781"}" '
                f'stroke-width="{3 if row_hot or row_picked else 1}"')
        # the whole row, under its cards: a click beside them names the row
        svg.add(f'<rect class="row-area target{" hot" if row_hot else ""}"'
                f'{click_attr(robj)}x="12" y="{ry:g}" width="{left_w - 24}" height="78" '
                f'rx="6" {look}>{tip}</rect>')
        svg.where[("row", r + 1)] = (12, ry, left_w - 24, 78)
        # the row's own tab, left of its cards: never covered, however many cards it holds
        svg.add(f'<g class="row target{" hot" if row_hot else ""}"{click_attr(robj)}>{tip}'
                f'<rect x="16" y="{ry + 4:g}" width="58" height="70" rx="5" {look}/>')
        svg.text(45, ry + 45, _("Row {row}").format(row=r + 1), 14, "#5a4a35", "bold", "middle")
        svg.add("</g>")
        cw, ch = 54, 70
        span = left_w - 24 - 80 - cw - 8
        step = min(cw + 4, span / max(1, len(row) - 1)) if len(row) > 1 else 0
        for j, name in enumerate(row):
            depth = len(row) - j
            obj = {"row": r + 1, "depth": depth}
            key = canonical(obj)
            _card(svg, G, 80 + j * step, ry + 4, cw, ch, name, obj, hot=key in hot,
                  picked=key in picked, compact=j < len(row) - 1 and step < 40)
            svg.where[("top", r + 1)] = (80 + j * step, ry + 4, cw, ch)
    # ---------------------------------------------------------------- the focus seat
    fy = my + 18 + 3 * 84 + 6
    _seat_big(svg, G, observation, focus, names, 12, fy, left_w - 24, HEIGHT - fy - 8,
              viewer, acting, scores, hot, picked)
    # ---------------------------------------------------------------- the others
    others = [q for q in range(n) if q != focus]
    ox, oy = left_w + 6, 46
    ph = (HEIGHT - oy - 8 - 150) / max(1, len(others))
    for i, q in enumerate(others):
        _seat_small(svg, G, observation, q, names, ox, oy + i * ph, WIDTH - ox - 10, ph - 8,
                    acting, scores, hot, picked)
    _news(svg, observation, names, ox, HEIGHT - 158, WIDTH - ox - 10, 150)
    _marks(svg, recent, names)
    svg.add("</svg>")
    desc = _("{status}. Scores: {scores}.").format(status=status, scores=", ".join(
        (_("{player} (you) {points}") if q == viewer else _("{player} {points}")).format(
            player=names[q], points=scores[q]["total"]) for q in range(n)))
    svg.parts.insert(1, board_heading(_("Inheritors: the Market, the play areas and your hand"),
                                      desc))
    return "".join(svg.parts)


#: Colours of the marks: a recent move of another seat, and a suggestion.
RECENT = "#e8590c"
HINT = "#1864ab"


def _marks(svg: _Svg, recent: Any, names: Sequence[str]) -> None:
    """The marks of ``recent`` (see :func:`render`), over everything, never clickable."""
    out = ['<g class="marks" pointer-events="none">']
    for k, item in marks(recent):
        n, q = item["notation"], item["seat"]
        colour = HINT if item["hint"] else RECENT
        dash = ' stroke-dasharray="7 4"' if item["hint"] else ""
        note = esc((_("Suggested: {move}") if item["hint"] else _("Just played: {move}")
                    ).format(move=phrase(n, not item["hint"], names)))
        places: list[tuple[Any, ...]] = []
        dashed: list[tuple[Any, ...]] = []
        if m := PLAY.match(n):
            places = [("card", m.group(1))] if item["hint"] else [
                ("stack", q, m.group(1).split()[0])]
        elif m := (DRAW.match(n) or DISCARD.match(n) or TAKE_ROW.match(n)):
            row = int(m.group(2))
            places = ([("card", m.group(1))] if item["hint"] else
                      [next((k for k in (("top", row), ("row", row)) if k in svg.where),
                            ("seat", q))])
            if m.re is TAKE_ROW:
                dashed = [("row", int(m.group(3)))]
        elif m := CLAIM.match(n):
            places = [("clan", m.group(1))]
        elif m := HONOR.match(n):
            places = [("honor", m.group(1))] if item["hint"] else [("seat", q)]
        elif item["hint"] and (m := USE.match(n)):
            places = [("card", m.group(1))]
        elif item["hint"] and QUEST.match(n):
            places = [("quests",)]
        elif n not in ("end turn", "pass"):  # i18n: no
            places = [("seat", q)]
        for part, key in enumerate(places + dashed):
            box = svg.where.get(key)
            if box is None:
                continue
            x, y, w, h = box
            d = dash if key not in dashed else ' stroke-dasharray="4 4"'
            out.append(f'<rect{mark_id(item, k, part)} x="{x - 4:g}" y="{y - 4:g}" '
                       f'width="{w + 8:g}" height="{h + 8:g}" rx="7" fill="none" '
                       f'stroke="{colour}" stroke-width="4"{d}><title>{note}</title></rect>')
    out.append("</g>")
    svg.add("".join(out))


def _short(s: str, k: int) -> str:
    return s if len(s) <= k else s[:k - 1].rstrip() + "\u2026"


def _quest_pile_text(qn: int) -> str:
    return ngettext("{n} face-down Quest. Action 4: discard 3 cards of the same colour, take 1 "
                    "Quest and draw 1 card. A Quest scores 1 or 2 VP by the Influence Cards in "
                    "its owner's hand at the end ({cite}).",
                    "{n} face-down Quests. Action 4: discard 3 cards of the same colour, take "
                    "1 Quest and draw 1 card. A Quest scores 1 or 2 VP by the Influence Cards "
                    "in its owner's hand at the end ({cite}).", qn).format(
        n=qn, cite=book(_("III. Gameplay, action 4")))


def _phase_words(observation: Mapping[str, Any]) -> str:
    ph = observation.get("phase")
    pending = observation.get("pending") or []
    if ph == "start":
        return _("choose one of the five actions (claims before or after)")
    if ph == "post":
        return _("claim a Clan or Honors, or end the turn")
    if ph == "quest-discard":
        q = observation.get("quest_action") or {}
        left = q.get("discards_left")
        return ngettext("Quest: discard {n} more {colour} card",
                        "Quest: discard {n} more {colour} cards",
                        left if isinstance(left, int) else 2).format(
            n=left, colour=labels.colour(str(q.get("colour"))))
    if ph == "effect" and pending:
        adv = observation.get("advocate_this_turn")
        kind = str(pending[0].get("effect"))
        if kind == "play_influence":
            what = pgettext("step", "play an Influence Card")
        elif kind == "demand_card":
            what = pgettext("step", "ask a player for a card")
        elif kind == "take_from_market":
            what = pgettext("step", "take a card from the Market")
        elif kind == "remove_top_card":
            what = pgettext("step", "remove another player's top card")
        else:
            what = pgettext("step", "carry out an effect")
        if adv:
            return _("{step} ({advocate})").format(step=what, advocate=labels.card(adv))
        return what
    return str(ph)


def _winners_text(observation: Mapping[str, Any], names: Sequence[str]) -> str:
    scores = observation.get("scores") or []
    if not scores:
        return _("final scores")
    totals = [int(s["total"]) for s in scores]
    best = max(totals)
    top = [names[p] for p, t in enumerate(totals) if t == best]
    return ngettext("{players} wins with {n} VP (ties: more Tomes, then more cards)",
                    "{players} win with {n} VP (ties: more Tomes, then more cards)",
                    len(top)).format(players=_(" and ").join(top), n=best)


def _seat_header(svg: _Svg, observation: Mapping[str, Any], q: int, names: Sequence[str],
                 x: float, y: float, w: float, acting: int | None, scores: Any,
                 hot: set[str], size: float, picked: Set[str] = frozenset()) -> None:
    colour = SEAT_COLOURS[q % 4]
    obj = {"seat": q}
    is_hot = canonical(obj) in hot
    is_picked = canonical(obj) in picked
    edge = "#d4145a" if is_picked else "#1a8f3a" if is_hot else "none"
    ended = observation.get("phase") == "end"
    pts = (_("{n} VP").format(n=int(observation["scores"][q]["total"]))
           if ended and observation.get("scores")
           else _("{n} VP public").format(n=scores[q]["total"]))
    label = f"{names[q]}  \u2022  {pts}"
    if acting == q:
        label = _("\u25b6 {label}  (to play)").format(label=label)
    svg.add(f'<g class="seat{" target hot" if is_hot else ""}"'
            f'{click_attr(obj) if is_hot else " "}data-seat="{q}">'
            f'<title>{esc(names[q])} (P{q + 1}): {esc(pts)}</title>')
    svg.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{size + 10:g}" rx="5" '
            f'fill="{colour}" stroke="{edge}" stroke-width="{3.5 if is_hot or is_picked else 0}"/>')
    svg.where[("seat", q)] = (x, y, w, size + 10)
    svg.text(x + 8, y + size + 1, label, size, "#fff", "bold")
    svg.add("</g>")


def _seat_big(svg: _Svg, G: InheritorsGame, observation: Mapping[str, Any], q: int,
              names: Sequence[str], x: float, y: float, w: float, h: float,
              viewer: Any, acting: int | None, scores: Any, hot: set[str],
              picked: set[str]) -> None:
    """The focus seat (the viewer; a spectator's first seat): play area, Clan, Honors,
    Quests, hand."""
    border = "#d99a00" if acting == q else "#b9a781"
    svg.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="8" fill="#fbf6ea" '
            f'stroke="{border}" stroke-width="{4 if acting == q else 1.5}"/>')
    _seat_header(svg, observation, q, names, x + 6, y + 6, w - 12, acting, scores, hot, 14)
    top = y + 36
    svg.text(x + 10, top + 10, _("Play area"), 11, "#5a4a35", "bold")
    area = observation["play_areas"][q]
    used = _stacks(svg, G, x + 10, top + 16, area, q, observation.get("removed_colour"),
                   56, 74, 21, hot)
    ix = x + 20 + used
    clan = next((c for c in observation.get("clans", ()) if c.get("owner") == q), None)
    honors = observation.get("honors", [[]] * (q + 1))[q]
    svg.text(ix, top + 10, _("Clan, Honors, Quests"), 11, "#5a4a35", "bold")
    line = top + 28
    if clan is not None:
        svg.add(f'<g data-card={_attr(clan["clan"])}><title>{esc(hover(G, clan["clan"]))}</title>')
        svg.text(ix, line, _("Clan: {clan} ({colour})").format(
            clan=labels.card(clan["clan"]), colour=labels.colour(clan["colour"])), 12, "#222",
            "bold")
        svg.add("</g>")
        line += 16
    for hname in honors:
        svg.add(f'<g data-card={_attr(hname)}><title>{esc(hover(G, hname))}</title>')
        svg.text(ix, line, _("Honor: {name}").format(name=labels.card(hname)), 12, "#222")
        svg.add("</g>")
        line += 16
    own = observation.get("quests") if viewer == q else None
    if observation.get("phase") == "end" and observation.get("all_quests"):
        own = observation["all_quests"][q]
    if own is not None:
        for qname in own:
            svg.add(f'<g data-card={_attr(qname)}><title>{esc(hover(G, qname))}</title>')
            svg.text(ix, line, _("Quest: {name}").format(name=labels.card(qname)), 12,
                     "#4b3b6b", "bold")
            svg.add("</g>")
            line += 16
    else:
        k = observation["quest_counts"][q]
        if k:
            svg.text(ix, line, _("Quests: {n} face down").format(n=k), 12, "#4b3b6b")
            line += 16
    if line == top + 28:
        svg.text(ix, line, _("none yet"), 11.5, "#5e5e5e")
    # hand
    hy = y + h - 96 - 26
    hand = observation.get("hand") if viewer == q else None
    if observation.get("phase") == "end" and observation.get("hands"):
        hand = observation["hands"][q]
    size = observation["hand_sizes"][q]
    if hand is None:
        svg.text(x + 10, hy + 10, ngettext("Hand: {n} card, hidden", "Hand: {n} cards, hidden",
                                           size).format(n=size), 11, "#5a4a35", "bold")
        for k in range(min(size, 20)):
            _back(svg, x + 10 + k * 16, hy + 16, 44, 60)
        return
    groups: list[list[Any]] = []
    for name in hand:
        if groups and groups[-1][0] == name:
            groups[-1][1] += 1
        else:
            groups.append([name, 1])
    stack_bottom = top + 16 + 74 + 21 * max([len(v) for v in area.values()] + [1]) - 21
    cw, ch = 66, 96
    per_row = int((w - 20 + 6) // (cw + 6))
    rows = 1
    if len(groups) > per_row:
        cw, ch = 60, 84
        per_row = int((w - 20 + 6) // (cw + 6))
        if y + h - 8 - 2 * (ch + 6) - 16 >= stack_bottom + 6:
            rows = 2
    per = per_row if rows == 2 else len(groups)
    avail = w - 20 - cw
    step = min(cw + 6, avail / max(1, per - 1)) if per > 1 else 0
    y_first = y + h - 8 - rows * (ch + 6)
    svg.text(x + 10, y_first - 6, (ngettext("Your hand: {n} card", "Your hand: {n} cards",
                                            len(hand)) if viewer == q else
                                   ngettext("Hand: {n} card", "Hand: {n} cards", len(hand))
                                   ).format(n=len(hand)), 11, "#5a4a35", "bold")
    for k, (name, count) in enumerate(groups):
        obj = {"card": name}
        key = canonical(obj)
        row, col = divmod(k, per) if rows == 2 else (0, k)
        cx = x + 10 + col * step
        cy = y_first + row * (ch + 6)
        last = col == per - 1 or k == len(groups) - 1
        _card(svg, G, cx, cy, cw, ch, name, obj if viewer == q else None,
              hot=key in hot, picked=key in picked, compact=step < 44 and not last)
        svg.where[("card", name)] = (cx, cy, cw, ch)
        if count > 1:
            svg.add(f'<circle cx="{cx + cw - 10:g}" cy="{cy + ch - 10:g}" r="9" '
                    f'fill="#222" pointer-events="none"/>')
            svg.text(cx + cw - 10, cy + ch - 6, f"\u00d7{count}", 10, "#fff", "bold",
                     "middle")


def _seat_small(svg: _Svg, G: InheritorsGame, observation: Mapping[str, Any], q: int,
                names: Sequence[str], x: float, y: float, w: float, h: float,
                acting: int | None, scores: Any, hot: set[str], picked: set[str]) -> None:
    """Another seat: header, hand size and Quests as backs, Clan, Honors, play area."""
    border = "#d99a00" if acting == q else "#b9a781"
    svg.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="8" fill="#fbf6ea" '
            f'stroke="{border}" stroke-width="{4 if acting == q else 1.5}"/>')
    _seat_header(svg, observation, q, names, x + 5, y + 5, w - 10, acting, scores, hot, 13,
                 picked)
    size = observation["hand_sizes"][q]
    k = observation["quest_counts"][q]
    ty = y + 34
    end_hand = (observation["hands"][q] if observation.get("phase") == "end"
                and observation.get("hands") else None)
    if end_hand is not None:   # hands are shown for scoring (V. Scoring)
        quests = (observation.get("all_quests") or [[]] * (q + 1))[q]
        shown = (_("Hand: {cards}; Quests: {quests}").format(cards=labels.cards(end_hand),
                                                             quests=labels.cards(quests))
                 if quests else _("Hand: {cards}").format(cards=labels.cards(end_hand)))
        for i, line in enumerate(wrap(shown, 58)[:3]):
            svg.text(x + 8, ty + 10 + i * 12, line, 10, "#333")
    else:
        obj = {"seat": q}
        is_hot = canonical(obj) in hot
        svg.add(f'<g class="hand{" target hot" if is_hot else ""}"'
                f'{click_attr(obj) if is_hot else " "}><title>'
                + esc(ngettext("{player}: {n} card in hand, hidden",
                               "{player}: {n} cards in hand, hidden", size).format(
                    player=names[q], n=size)) + '</title>')
        for i in range(min(size, 12)):
            _back(svg, x + 8 + i * 6, ty, 26, 36)
        svg.text(x + 8 + min(size, 12) * 6 + 24, ty + 22, _("{n} in hand").format(n=size), 12,
                 "#222", "bold")
        svg.add("</g>")
        qx = x + 200
        for i in range(min(k, 5)):
            _back(svg, qx + i * 6, ty, 26, 36, "", "#4b3b6b")
        svg.text(qx + min(k, 5) * 6 + (24 if k else 0), ty + 22,
                 ngettext("{n} Quest", "{n} Quests", k).format(n=k), 12, "#4b3b6b", "bold")
    clan = next((c for c in observation.get("clans", ()) if c.get("owner") == q), None)
    honors = observation.get("honors", [[]] * (q + 1))[q]
    bits = ([_("Clan {name}").format(name=labels.card(clan["clan"]))] if clan else []) + [
        _("Honor {name}").format(name=labels.card(x_)) for x_ in honors]
    svg.text(x + 8, ty + 52, _short(", ".join(bits) or _("No Clan, no Honors"), 60), 11.5,
             "#333")
    area = observation["play_areas"][q]
    avail = h - (ty + 60 - y) - 6
    ch = max(30.0, min(48.0, avail - 5 * 16))
    stp = max(8.0, min(17.0, (avail - ch) / 5))
    _stacks(svg, G, x + 8, ty + 60, area, q, observation.get("removed_colour"), 42, ch, stp,
            hot)


def _news(svg: _Svg, observation: Mapping[str, Any], names: Sequence[str], x: float,
          y: float, w: float, h: float) -> None:
    """The removed area, and what the last moves told the table (Spy answers, cards
    shown, plays skipped)."""
    svg.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" fill="#efe6d2" '
            f'stroke="#b9a781"/>')
    rem = observation.get("removed_area") or {}
    text = ", ".join(f"{labels.card(name)} \u00d7{int(k)}"
                     for name, k in sorted(rem.items())) or _("empty")
    svg.text(x + 8, y + 16, _("Removed area"), 11, "#5a4a35", "bold")
    for i, line in enumerate(wrap(text, 52)[:2]):
        svg.text(x + 8, y + 31 + i * 14, line, 11, "#333")
    svg.text(x + 8, y + 66, _("Told the table"), 11, "#5a4a35", "bold")
    lines = [_reveal_text(r, names) for r in (observation.get("reveals") or ())][-5:]
    if not lines:
        lines = [_("nothing yet (answers to questions and cards shown appear here)")]
    for i, line in enumerate(lines):
        svg.text(x + 8, y + 81 + i * 14, _short(line, 58), 10.5, "#333")


def _reveal_text(r: Mapping[str, Any], names: Sequence[str]) -> str:
    def nm(q: Any) -> str:
        return names[q] if isinstance(q, int) and 0 <= q < len(names) else f"P{q}"
    ev = r.get("event")
    if ev == "spy":
        return (_("{player}'s Spy asked {asked} for {card}: had it") if r.get("held") else
                _("{player}'s Spy asked {asked} for {card}: did not")).format(
            player=nm(r.get("seat")), asked=nm(r.get("asked")),
            card=labels.card(str(r.get("card"))))
    if ev == "shown":
        return _("{player} showed {cards} for {honor}").format(
            player=nm(r.get("seat")), cards=labels.cards(r.get("cards") or ()),
            honor=labels.card(str(r.get("honor"))))
    return _("{player} had no card to play").format(player=nm(r.get("seat")))


# ====================================================================== side panels
def score_table(observation: Mapping[str, Any],
                names: Sequence[str] | None = None) -> dict[str, Any]:
    """The score as the observation shows it: during the game the public points (V.
    Scoring step 1, the top Influence Cards; step 5, the Honors) per seat, with the cards
    and Quests each holds (their points are hidden); at the end the full breakdown of
    every seat (``scores``, V. Scoring steps 1-5, the Clan, the Epics) and a Total row.

    Shape: ``{"headings": ["Scoring item", NAME or "P1", ...], "rows": [{"label",
    "cells"}]}`` (``names``: one per seat; :func:`regalia.core.svgkit.score_headings`)."""
    n = len(observation["play_areas"])
    heads = score_headings(n, names, [f"P{p + 1}" for p in range(n)])
    if observation.get("phase") == "end" and observation.get("scores"):
        sc = observation["scores"]
        rows = [{"label": _(label), "cells": [int(s.get(key, 0)) for s in sc]}
                for key, label in BREAKDOWN_LABELS]
        return {"headings": heads, "rows": rows}
    G = game_of(observation)
    pub = public_scores(dict(observation), {h.name: h.points for h in G.cards.honors})
    rows = [{"label": _("1. Influence (top cards)"), "cells": [s["influence"] for s in pub]},
            {"label": _("5. Honors"), "cells": [s["honors"] for s in pub]},
            {"label": _("Public total"), "cells": [s["total"] for s in pub]},
            {"label": _("Quests held (scored at the end)"),
             "cells": [int(k) for k in observation["quest_counts"]]},
            {"label": _("Cards in hand (Tomes, Relics, Quests scored at the end)"),
             "cells": [int(k) for k in observation["hand_sizes"]]}]
    return {"headings": heads, "rows": rows}


def scoring_help(observation: Mapping[str, Any]) -> list[dict[str, str]]:
    """The rulebook's scoring, step by step (:func:`.help.scoring_rules`), each with its
    source (book, section)."""
    G = game_of(observation)
    return [{"heading": r.title, "text": " ".join(r.lines), "source": r.cite}
            for r in scoring_rules(G)]


def move_log(observation: Mapping[str, Any]) -> list[str]:
    """The moves as this seat may see them, as far as the observation carries them.

    The observation holds no move history (only what moves told the table beyond their
    notation, ``reveals``, and the turn in progress), so the log is those events, oldest
    first, with the ply each happened at, then the turn in progress; the first line says
    the log is partial. A full per-seat log is the web layer's to build from the state's
    history and ``visibility()`` (another seat's draws written as "drew a card")."""
    out = [_("(Only what moves told the table is known here; the full move list is not "
             "part of a seat's observation.)")]
    names = [f"P{p + 1}" for p in range(len(observation["play_areas"]))]
    for r in observation.get("reveals") or ():
        out.append(_("ply {n}: {event}").format(n=int(r.get("ply", 0)) + 1,
                                                event=_reveal_text(r, names)))
    cur = observation.get("current_player")
    if observation.get("phase") == "end":
        out.append(_("The game is over."))
    elif isinstance(cur, int) and 0 <= cur < len(names):
        adv = observation.get("advocate_this_turn")
        if adv:
            out.append(_("Now: {player} to {step}; played {advocate} this turn").format(
                player=names[cur], step=_phase_words(observation),
                advocate=labels.card(adv)))
        else:
            out.append(_("Now: {player} to {step}").format(player=names[cur],
                                                           step=_phase_words(observation)))
    return out


__all__ = ["render", "click", "public_observation", "score_table", "scoring_help",
           "move_log", "game_of", "hover", "Step"]
