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

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping, NamedTuple, Sequence, cast
from xml.sax.saxutils import quoteattr

from regalia.core import i18n
from regalia.core.errors import RegaliaError
from regalia.core.i18n import N_, _, ngettext, pgettext
from regalia.core.svgkit import (board_heading, canonical, mark_id, marks,
                                 score_headings, text as esc)

from . import board, labels
from .board import (HEIGHT, INK_ON, REALM_COLOURS, SEAT_COLOURS, WIDTH, game_for, game_key,
                    hover_texts, look, reconstructed, reveal_text, svg_text)
from .codes import K_ADV, K_EPIC, K_INF, K_RELIC, K_SPEC, K_TOME
from .help import scoring_rules
from .narration import (CLAIM, DISCARD, DRAW, HONOR, PLAY, QUEST, TAKE_ROW, USE, describe,
                        narrate, phrase)
from .notation import decode
from .rules import InheritorsGame
from .view import public_scores

if TYPE_CHECKING:
    from .state import InheritorsState

#: Most clicks a move takes (card, row, row or a button).
MAX_CLICKS = 6
CLICK_KEYS = frozenset({"card", "row", "depth", "pile", "clan", "honor", "seat", "stack",
                        "do", "quest", "ask", "action"})
BREAKDOWN_LABELS = (("influence", N_("1. Influence (top cards)")),
                    ("tomes", N_("2. Tomes majority")), ("relics", N_("3. Relics")),
                    ("quests", N_("4. Quests")), ("honors", N_("5. Honors")),
                    ("clan", N_("Clan")), ("epics", N_("Epics")), ("total", N_("Total")))


# ====================================================================== the game's data
def game_of(observation: Mapping[str, Any]) -> InheritorsGame:
    """The game an observation belongs to (its ``params``: players, cards file): the card
    data and the action layout, public and the same for every seat.

    Raises:
        RegaliaError: params that make no Inheritors game (a ParameterError or DataError).
    """
    return game_for(*game_key(observation))


def hover(game: InheritorsGame, name: str) -> str:
    """The hover text of a card, Quest, Honor or Clan named ``name`` (from the card data,
    with its provenance in a player's words, :func:`regalia.core.svgkit.plain_hover`); the
    bare name for one the data does not know."""
    return hover_texts(game, i18n.language()).get(name.casefold(), labels.card(name))


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
    choice (None: an element of the drawing, a target); ``key`` the canonical JSON of
    ``obj`` (:func:`regalia.core.svgkit.canonical`, made once: a path is answered and
    drawn click after click)."""

    obj: Mapping[str, Any]
    label: str | None = None
    key: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", canonical(dict(self.obj)))


class _Table:
    """What :func:`.notation.decode` reads of a position: the game and the Market rows,
    here empty (a click path names a card taken from the Market by its row and depth,
    never by the card: the paths do not depend on the Market)."""

    def __init__(self, game: InheritorsGame):
        self.game = game
        self.rows: list[list[int]] = [[], [], []]


class Position(NamedTuple):
    """What the click paths read of an observation: the game (:func:`.board.game_key`),
    the phase and the viewer's hand (empty for a spectator)."""

    game: tuple[int, str | None]
    phase: Any
    hand: tuple[str, ...]


def _position(observation: Mapping[str, Any]) -> Position:
    return Position(game_key(observation), observation.get("phase"),
                    tuple(observation.get("hand") or ()))


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


def _paths(position: Position, legal: Sequence[int]) -> list[tuple[int, list[Step]]]:
    """Every click path of every legal action (an action may have two)."""
    G = game_for(*position.game)
    effect = position.phase == "effect"
    lang = i18n.language()
    out: list[tuple[int, list[Step]]] = []
    for action in legal:
        a, paths, quest = _action_paths(position.game, action, effect, lang)
        out += [(a, list(p)) for p in paths]
        if quest is not None:   # the Quest's colour: a card of the hand starts it too
            out += [(a, [_card_step(name), paths[0][1]]) for name in sorted(set(position.hand))
                    if _quest_colour_ok(G, name, quest)]
    return out


@lru_cache(maxsize=64)
def _card_step(name: str) -> Step:
    return Step({"card": name})


@lru_cache(maxsize=8192)
def _action_paths(game: tuple[int, str | None], action: int, effect: bool,
                  lang: str) -> tuple[int, tuple[tuple[Step, ...], ...], str | None]:
    """The action id, the click paths of ``action`` besides those starting at a card of
    the hand (a Quest's), and the colour of a Quest (None for another action), in the
    phase ``effect`` (a card's effect in progress: a card played at once) or not, the
    buttons' words in ``lang`` (the language in force). The same in every position of
    the game: remembered."""
    G = game_for(*game)
    a = decode(cast("InheritorsState", _Table(G)), action)
    k = a.kind
    card = {"card": a.card}
    quest = None
    if k == "play":
        if effect:
            paths = [[Step(card)]]
        else:
            paths = [[Step(card), Step({"do": "play"}, _("Play {card}").format(
                card=labels.card(a.card)))]]
    elif k == "use":
        paths = [[Step(card), Step({"do": "use"}, _("Use {card}").format(
            card=labels.card(a.card)))]]
    elif k == "discard-draw":
        paths = [[Step(card), Step({"row": a.row}), Step({"do": "draw"}, _("Draw 2 cards"))]]
    elif k == "discard-take":
        paths = [[Step(card), Step({"row": a.row}), Step({"row": a.take_row})]]
    elif k == "quest-discard":
        paths = [[Step(card), Step({"row": a.row})]]
    elif k == "quest":
        label = (_("Quest: discard 3 Advocates") if a.colour == "white" else
                 _("Quest: discard 3 {colour} cards").format(
                     colour=labels.colour(a.colour)))
        paths = [[Step({"pile": "quests"}), Step({"quest": a.colour}, label)]]
        quest = str(a.colour)
    elif k == "ask":
        paths = [[Step({"seat": a.seat}),
                  Step({"ask": a.card}, _("Ask P{seat} for {card}").format(
                      seat=(a.seat or 0) + 1, card=labels.card(a.card)))]]
    elif k == "take":
        paths = [[Step({"row": a.row, "depth": a.depth})]]
    elif k == "sabotage":
        paths = [[Step({"seat": a.seat, "stack": a.colour})]]
    elif k == "claim":
        paths = [[Step({"clan": a.clan})]]
    elif k == "honor":
        paths = [[Step({"honor": a.honor})]]
    elif k == "end-turn":
        paths = [[Step({"do": "end"}, _("End turn"))]]
    elif k == "pass":
        paths = [[Step({"do": "pass"}, _("Pass (your hand is empty)"))]]
    else:   # pragma: no cover - every decision kind is handled above
        paths = [[Step({"action": a.id}, a.notation)]]
    return a.id, tuple(tuple(p) for p in paths), quest


@lru_cache(maxsize=512)
def _cached_paths(position: Position, legal: tuple[int, ...],
                  lang: str) -> tuple[tuple[int, list[Step]], ...]:
    """:func:`_paths`, remembered (a move's clicks are answered one by one for the same
    position, and its board drawn after each), its button labels in ``lang``."""
    with i18n.using(lang):
        return tuple(_paths(position, legal))


def _matches(step: Step, click: Mapping[str, Any], key: str) -> bool:
    """A click (``key``: its canonical JSON; its values numbers or names, as
    :func:`_check_clicks` allows) matches a step with an equal object; where a row is
    asked for (``{"row": r}``), a card of that row (``{"row": r, "depth": d}``) names it
    too."""
    if key == step.key:
        return True
    obj = step.obj
    return (len(obj) == 1 and "row" in obj and len(click) == 2 and "row" in click
            and "depth" in click and click["row"] == obj["row"])


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
        paths = _cached_paths(_position(observation), tuple(legal), i18n.language())
    except (RegaliaError, KeyError, ValueError, TypeError) as exc:
        return {"error": _("this position cannot be read: {reason}").format(reason=exc)}
    live: Sequence[tuple[int, list[Step]]] = paths
    for i, c in enumerate(clicks):
        key = canonical(dict(c))
        step_live = [(a, p) for a, p in live if len(p) > i and _matches(p[i], c, key)]
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
        key = s.key
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
                    extra = board.depth_click(r, d)[0]
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
FONT = "font-family:'DejaVu Sans',Verdana,sans-serif"
#: What every board starts with after its heading: the style, the table, the status bar.
HEAD = (f'<style>text{{{FONT}}} .target{{cursor:pointer}} '  # i18n: no
        '.target:hover rect{stroke:#d4145a;stroke-width:3}</style>'
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f3ecdc"/>'
        f'<rect width="{WIDTH}" height="38" fill="#3d2b1f"/>')


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
    Quests as backs); the removed area and what moves told the table. Each part is drawn
    through :func:`regalia.core.svgkit.fragment` (:mod:`.board`).
    """
    lk = look(game_key(observation))
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
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="regalia inheritors" '
             f'width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
             f'data-game="inheritors" data-phase={quoteattr(str(observation.get("phase")))} '
             f'data-viewer={quoteattr(str("spectator" if viewer is None else viewer))}>',
             HEAD]
    scores = public_scores(dict(observation), lk.honor_points)
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
    parts.append(svg_text(12, 25, status, 16, "#f6e7bf", "bold"))
    deck = ngettext("Deck: {n} card", "Deck: {n} cards", int(observation.get("deck_size", 0))
                    ).format(n=int(observation.get("deck_size", 0)))
    if removed:
        deck = _("{deck}  \u2022  {colour} removed (2-player)").format(
            deck=deck, colour=labels.colour(removed))
    parts.append(svg_text(WIDTH - 12, 25, deck, 13, "#f6e7bf", "normal", "end"))
    # ---------------------------------------------------------------- tableau
    parts.append(board.quest_pile(int(observation.get("quests_in_row", 0)),
                                  board.PILE_CLICK[0] in hot))
    honor_row = observation.get("honor_row", ())
    parts.append(board.honor_row(lk, honor_row, board.hot_flags("honor", honor_row, hot)))
    clans = observation.get("clans", ())
    parts.append(board.clan_row(lk, clans,
                                board.hot_flags("clan", [c["clan"] for c in clans], hot)))
    parts.append(board.market_heading())
    market = observation.get("market", ())
    for r, row in enumerate(market):
        parts.append(board.market_row(lk, r, row, board.row_marking(r, len(row), hot, picked)))
    # ---------------------------------------------------------------- the seats
    seats = [board.seat_of(observation, q, names, acting, scores[q]["total"])
             for q in range(n)]
    colours = [c for c in lk.game.colours if c != removed]
    own = observation.get("quests") if viewer == focus else None
    if ended and observation.get("all_quests"):
        own = observation["all_quests"][focus]
    parts.append(board.focus_seat(lk, seats[focus], removed, own,
                                  board.seat_marking(focus, colours, hot, picked)))
    hand = observation.get("hand") if viewer == focus else None
    if ended and observation.get("hands"):
        hand = observation["hands"][focus]
    high = board.tallest(seats[focus].area)
    parts.append(board.focus_hand(lk, hand, seats[focus].hand_size, viewer == focus, high,
                                  board.hand_marking(hand, hot, picked)))
    others = [q for q in range(n) if q != focus]
    frames = board.other_frames(len(others))
    for q, frame in zip(others, frames):
        parts.append(board.other_seat(lk, seats[q], frame, removed,
                                      board.seat_marking(q, colours, hot, picked)))
    parts.append(board.news(observation.get("removed_area") or {},
                            list(observation.get("reveals") or ())[-5:], names))
    parts.append(_marks(list(marks(recent)), names, _Places(
        lk, honor_row, clans, market, focus, others, removed,
        [s.area for s in seats], hand, high)))
    parts.append("</svg>")
    desc = _("{status}. Scores: {scores}.").format(status=status, scores=", ".join(
        (_("{player} (you) {points}") if q == viewer else _("{player} {points}")).format(
            player=names[q], points=scores[q]["total"]) for q in range(n)))
    parts.insert(1, board_heading(_("Inheritors: the Market, the play areas and your hand"),
                                  desc))
    return "".join(parts)


class _Places:
    """Where things lie, for the marks, worked out for the few asked for (:meth:`get`)."""

    def __init__(self, lk: board.Look, honor_row: Sequence[str],
                 clans: Sequence[Mapping[str, Any]], market: Sequence[Sequence[str]],
                 focus: int, others: Sequence[int], removed: str | None,
                 areas: Sequence[Mapping[str, Sequence[int]]], hand: Sequence[str] | None,
                 high: int):
        self.lk, self.honor_row, self.clans, self.market = lk, honor_row, clans, market
        self.focus, self.others, self.removed, self.areas = focus, others, removed, areas
        self.hand, self.high = hand, high

    def get(self, key: tuple[Any, ...]) -> board.Box | None:
        """The box of ``("stack", seat, colour)``, ``("row", r)``, ``("top", r)`` (a
        Market row's top card), ``("seat", q)`` (a seat's header), ``("card", name)``
        (the focus seat's hand shown), ``("clan", name)``, ``("honor", name)`` or
        ``("quests",)``; None for a thing not on the board."""
        kind, args = key[0], key[1:]
        if kind == "quests" and not args:
            return (8, board.TOP + 12, 90, 88)
        if kind == "honor":
            at = [i for i, h in enumerate(self.honor_row) if (h,) == args]
            return board.honor_box(at[-1]) if at else None
        if kind == "clan":
            at = [i for i, c in enumerate(self.clans) if (str(c["clan"]),) == args]
            return board.clan_box(at[-1]) if at else None
        if kind in ("row", "top"):
            at = [r for r in range(len(self.market)) if (r + 1,) == args]
            if not at:
                return None
            box, top = board.row_boxes(at[0], len(self.market[at[0]]))
            return box if kind == "row" else top
        if kind in ("seat", "stack"):
            at = [q for q in (self.focus, *self.others) if (q,) == args[:1]]
            if not at or len(args) != (1 if kind == "seat" else 2):
                return None
            q = at[0]
            frame = (board.FOCUS_FRAME if q == self.focus else
                     board.other_frames(len(self.others))[self.others.index(q)])
            if kind == "seat":
                x, y, w, size = board.header_box(frame, q == self.focus)
                return (x, y, w, size + 10)
            return board.stack_boxes(self.lk, frame, q == self.focus, self.areas[q],
                                     self.removed).get(args[1])
        if kind == "card" and self.hand is not None:
            boxes = [c.box for c in board.hand_layout(self.hand, self.high)[1]
                     if (c.name,) == args]
            return boxes[-1] if boxes else None
        return None


#: Colours of the marks: a recent move of another seat, and a suggestion.
RECENT = "#e8590c"
HINT = "#1864ab"


def _marks(items: Sequence[tuple[int, dict[str, Any]]], names: Sequence[str],
           where: _Places) -> str:
    """The marks of ``recent``'s well-formed ``items`` (see :func:`render`), over
    everything, never clickable."""
    out = ['<g class="marks" pointer-events="none">']
    known, lang = tuple(names), i18n.language()
    for k, item in items:
        note, places, dashed = _mark_plan(item["notation"], item["hint"], item["seat"], known,
                                          lang)
        colour = HINT if item["hint"] else RECENT
        dash = ' stroke-dasharray="7 4"' if item["hint"] else ""
        chosen = [next((key for key in keys if where.get(key) is not None), keys[-1])
                  for keys in places]
        for part, key in enumerate(chosen + list(dashed)):
            box = where.get(key)
            if box is None:
                continue
            x, y, w, h = box
            d = dash if key not in dashed else ' stroke-dasharray="4 4"'
            out.append(f'<rect{mark_id(item, k, part)} x="{x - 4:g}" y="{y - 4:g}" '
                       f'width="{w + 8:g}" height="{h + 8:g}" rx="7" fill="none" '
                       f'stroke="{colour}" stroke-width="4"{d}><title>{note}</title></rect>')
    out.append("</g>")
    return "".join(out)


Place = tuple[Any, ...]


@lru_cache(maxsize=4096)
def _mark_plan(n: str, hint: bool, q: int, names: tuple[str, ...],
               lang: str) -> tuple[str, tuple[tuple[Place, ...], ...], tuple[Place, ...]]:
    """What the mark of seat ``q``'s move ``n`` (``hint``: a suggestion) says, its hover
    text escaped, in ``lang`` (the language in force), and where it goes: per outline,
    the places it may go, the first on the board taken (a discard outlines its row's top
    card, else the row, else the seat; of one place, that place where it is on the board);
    then the places outlined dashed (a row taken). Remembered: a move is marked on every
    board until its seat moves again."""
    note = esc((_("Suggested: {move}") if hint else _("Just played: {move}")
                ).format(move=phrase(n, not hint, names)))
    places: list[tuple[Place, ...]] = []
    dashed: list[Place] = []
    if m := PLAY.match(n):
        places = [(("card", m.group(1)),)] if hint else [(("stack", q, m.group(1).split()[0]),)]
    elif m := (DRAW.match(n) or DISCARD.match(n) or TAKE_ROW.match(n)):
        row = int(m.group(2))
        places = ([(("card", m.group(1)),)] if hint else
                  [(("top", row), ("row", row), ("seat", q))])
        if m.re is TAKE_ROW:
            dashed = [("row", int(m.group(3)))]
    elif m := CLAIM.match(n):
        places = [(("clan", m.group(1)),)]
    elif m := HONOR.match(n):
        places = [(("honor", m.group(1)),)] if hint else [(("seat", q),)]
    elif hint and (m := USE.match(n)):
        places = [(("card", m.group(1)),)]
    elif hint and QUEST.match(n):
        places = [(("quests",),)]
    elif n not in ("end turn", "pass"):  # i18n: no
        places = [(("seat", q),)]
    return note, tuple(places), tuple(dashed)


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
    return [dict(step) for step in _scoring_steps(game_key(observation), i18n.language())]


@lru_cache(maxsize=16)
def _scoring_steps(game: tuple[int, str | None], lang: str) -> tuple[dict[str, str], ...]:
    """:func:`scoring_help` of the game ``game`` (:func:`.board.game_key`) in ``lang``, the
    language in force (the same on every board: worked out once)."""
    return tuple({"heading": r.title, "text": " ".join(r.lines), "source": r.cite}
                 for r in scoring_rules(game_for(*game)))


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
                                                event=reveal_text(r, names)))
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
           "move_log", "narrate", "describe", "game_of", "hover", "reconstructed", "Step",
           "REALM_COLOURS", "INK_ON", "SEAT_COLOURS"]
