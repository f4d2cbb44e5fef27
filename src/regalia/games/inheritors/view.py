"""Plain views of an Inheritors position for one seat, built from ``observation(seat)`` only
(nothing here knows about terminals; front ends colour and lay it out).

* :func:`public_scores`: the running score of what is public (V. Scoring steps 1 and 5:
  the top Influence Card of each stack and the Honors claimed); Tomes, Relics, Quests, a
  Clan's or an Epic's scoring depend on hidden hands and are left out.
* :func:`explain`: why a typed move is not legal now, in the rulebook's terms.
* :func:`table`: the whole table as one viewer sees it (:class:`TableView`), with
  :func:`decision_line` (the decision in progress) and :func:`round_number` (a round
  begins: replays show the table then).
* :func:`chance_note`, :func:`ask_answer`: what a viewer learns from a move (narrators).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from regalia.core.i18n import N_, _

from . import labels
from .codes import WHITE

if TYPE_CHECKING:
    from .rules import InheritorsGame
    from .state import InheritorsState

BOOK = N_("Inheritors rulebook (North Star Games 2023)")


def public_scores(obs: dict[str, Any], honor_points: dict[str, int]) -> list[dict[str, int]]:
    """Per seat ``{"influence", "honors", "total"}`` from an observation: the sum of the top
    Influence Cards of each colour (V. Scoring, step 1) and the points of the Honors claimed
    (step 5). ``honor_points``: points per Honor name (from the card data)."""
    out = []
    for area, honors in zip(obs["play_areas"], obs["honors"]):
        influence = sum(max(nums) for nums in area.values() if nums)
        hon = sum(honor_points.get(h, 1) for h in honors)
        out.append({"influence": influence, "honors": hon, "total": influence + hon})
    return out


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def _tops(obs: dict[str, Any]) -> list[dict[str, int]]:
    return [{c: (max(n) if n else 0) for c, n in area.items()} for area in obs["play_areas"]]


def _legal_texts(state: "InheritorsState") -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def explain(state: "InheritorsState", text: str) -> str | None:
    """Why ``text`` is not a legal move for the player to act, from what that player sees
    (their observation and the legal moves); None when the engine's message says enough.

    ``text`` may be a German typed move (:func:`.labels.german_notation`). Covers the
    rulebook's reasons (III. Gameplay): a card not in hand, a colour removed in
    the 2-player game, numbers played in order 1 to 6 without skipping, one stack per colour,
    an Advocate that is not in hand or whose requirement fails (the Conspirator's), a Clan's
    "3 or higher" and "only 1 Clan", and an action asked for in the wrong step of a turn.
    """
    seat = state.current_player()
    if seat < 0:
        return None
    obs = state.observation(seat)
    t = _norm(labels.german_notation(state.game, text) or text)
    hand = [c.casefold() for c in obs["hand"]]
    phase = obs["phase"]
    G = state.game
    colours = [c for c in G.colours]
    removed = obs.get("removed_colour")
    tops = _tops(obs)
    mine = tops[seat]
    legal = [_norm(x) for x in _legal_texts(state)]
    pending = obs.get("pending") or []
    step = pending[0]["effect"] if pending else None

    m = re.match(r"^play (\w+) (\d+)$", t)
    if m:
        colour, n = m.group(1), int(m.group(2))
        if colour not in colours:
            return _("there is no {colour} realm; the colours are {colours}").format(
                colour=colour, colours=", ".join(labels.colour(c) for c in colours))
        if colour == removed:
            return _("the {colour} realm is removed from this 2-player game "
                     "(2-Player Variant, setup 1)").format(colour=labels.colour(colour))
        if not 1 <= n <= 6:
            return _("Influence Cards are numbered 1 to 6")
        if phase not in ("start",) and step != "play_influence":
            return _("playing an Influence Card is one of the five actions, chosen at the "
                     "start of your turn; {now}").format(now=_now(state, obs, legal))
        card = f"{colour} {n}"
        if card not in hand:
            same = sorted(int(c.split()[1]) for c in hand
                          if c.startswith(colour + " ") and c.split()[1].isdigit())
            held = (_("your {colour} cards: {numbers}").format(
                colour=labels.colour(colour), numbers=", ".join(map(str, same))) if same
                else _("you hold no {colour} card").format(colour=labels.colour(colour)))
            return _("you have no {card} in your hand ({held})").format(
                card=labels.card(card), held=held)
        top = mine.get(colour, 0)
        skip = pending[0].get("skip", 0) if step == "play_influence" else 0
        want = top + 1 + skip
        if n != want:
            if top == 0 and not skip:
                return _("your play area has no {colour} stack yet: it starts with {card} "
                         "(Influence Cards are played in order from 1 to 6; you cannot skip "
                         "numbers)").format(colour=labels.colour(colour),
                                            card=labels.card(f"{colour} 1"))
            shows = str(top) if top else _("nothing")
            wanted = labels.card(f"{colour} {want}")
            if skip:
                return _("your {colour} stack shows {top}: only {card} goes on it (this "
                         "Conspirator play skips exactly one number) (III. Gameplay, action "
                         "1)").format(colour=labels.colour(colour), top=shows, card=wanted)
            return _("your {colour} stack shows {top}: only {card} goes on it; you cannot "
                     "skip numbers, except with a Conspirator (III. Gameplay, action 1)"
                     ).format(colour=labels.colour(colour), top=shows, card=wanted)
        return None

    m = re.match(r"^use (.+)$", t)
    if m:
        name = m.group(1)
        advocates = {a.name.casefold(): a.name for a in (*G.cards.advocates,
                                                       *G.cards.special_advocates)}
        if name not in advocates:
            return _("{name} is not an Advocate; 'use' plays an Advocate from your "
                     "hand: {advocates}").format(
                name=repr(m.group(1)),
                advocates=", ".join(labels.card(a) for a in sorted(advocates.values())))
        proper = advocates[name]
        if phase != "start":
            return _("playing an Advocate is one of the five actions, chosen at the start "
                     "of your turn; {now}").format(now=_now(state, obs, legal))
        if name not in hand:
            mine_adv = sorted({c for c in obs["hand"] if c.casefold() in advocates})
            held = (_("Advocates in your hand: {cards}").format(cards=labels.cards(mine_adv))
                    if mine_adv else _("you hold no Advocate"))
            return _("you have no {card} in your hand ({held})").format(
                card=labels.card(proper), held=held)
        if proper == "Conspirator":
            ahead = []
            for c in colours:
                if c == removed:
                    continue
                best = max(tops[q].get(c, 0) for q in range(len(tops)) if q != seat)
                if best > mine.get(c, 0):
                    ahead.append((c, best))
            if not ahead:
                return _("the Conspirator can only be played if another player has a higher-"
                         "numbered card of the same colour in their play area than yours; no "
                         "one leads you in any colour (III. Gameplay, action 5)")
            wants = ", ".join(labels.card(f"{c} {mine.get(c, 0) + 2}") for c, _b in ahead
                              if mine.get(c, 0) + 2 <= 6)
            leads = ", ".join(_("{colour}: {number} against your {yours}").format(
                colour=labels.colour(c), number=b, yours=mine.get(c, 0)) for c, b in ahead)
            return _("the Conspirator plays an Influence Card skipping 1 number in a colour "
                     "where another player is ahead of you ({leads}); you would need {cards} "
                     "in your hand (III. Gameplay, action 5)").format(
                leads=leads, cards=wants or _("a card above 6"))
        return _("{card} cannot be used now ({now})").format(card=labels.card(proper),
                                                             now=_now(state, obs, legal))

    m = re.match(r"^claim (.+)$", t)
    if m:
        name = m.group(1)
        clans = {c["clan"].casefold(): c for c in obs["clans"]}
        if name not in clans:
            return _("there is no Clan {name} in this game; the Clans: {clans}").format(
                name=repr(m.group(1)),
                clans=", ".join(labels.card(c["clan"]) for c in obs["clans"]))
        clan = clans[name]
        if clan["owner"] is not None:
            return _("the {clan} already supports another player").format(
                clan=labels.card(clan["clan"]))
        if any(c["owner"] == seat for c in obs["clans"]):
            return _("a player can only have 1 Clan (III. Gameplay, Claiming Clans and "
                     "Honors)")
        top = mine.get(clan["colour"], 0)
        if top < 3:
            return _("claiming the {clan} needs a {colour} Influence Card numbered 3 or "
                     "higher in your play area (yours: {top}; III. Gameplay, Claiming Clans "
                     "and Honors)").format(clan=labels.card(clan["clan"]),
                                           colour=labels.colour(clan["colour"]),
                                           top=top or _("none"))
        return _("a Clan is claimed before or after your action; {now}").format(
            now=_now(state, obs, legal))
    return None


def _now(state: "InheritorsState", obs: dict[str, Any], legal: list[str]) -> str:
    examples = ", ".join(legal[:4])
    return (_("legal now, e.g.: {moves}").format(moves=examples) if examples
            else _("no move is open"))


@dataclass(frozen=True)
class ChanceNote:
    """A chance outcome as one seat sees it, from that seat's observation before and after.

    ``kind``: ``draw`` (a card into a hand: the setup's deal too), ``market`` (a card onto
    a Market row, face up), ``quest`` (a face-down Quest taken), ``honor`` / ``clan`` (one
    revealed in setup), ``first`` (the first player), ``removed`` (the colour removed in a
    2-player game). ``seat``: whose hand or Quests (else None); ``name``: the card, Quest,
    Honor, Clan or colour when the viewer sees it, None when it stays hidden (another
    seat's draw); ``row``: the Market row (1-3); ``setup``: before the first turn.
    """

    kind: str
    seat: int | None = None
    name: str | None = None
    row: int | None = None
    setup: bool = False


def _added(before: list[str], after: list[str]) -> str | None:
    new = Counter(after) - Counter(before)
    return next(iter(new), None)


def chance_note(state: "InheritorsState", action: int, viewer: int | None) -> ChanceNote:
    """The chance outcome ``action`` (about to be applied to ``state``) as ``viewer`` sees
    it: built from observations only (the viewer's; for ``viewer`` None, a spectator who
    sees every hand, the observation of the seat it concerns). ``viewer`` -1: public only.
    """
    seat = 0 if viewer is None or viewer < 0 else viewer
    after_state = state.clone()
    after_state.apply_action(action)
    before, after = state.observation(seat), after_state.observation(seat)
    setup = before["turn"] is None
    phase = before["phase"]
    if phase == "remove-colour":
        return ChanceNote("removed", name=after["removed_colour"], setup=setup)
    if phase == "reveal-honor":
        return ChanceNote("honor", name=_added(before["honor_row"], after["honor_row"]),
                          setup=setup)
    if phase == "reveal-clan":
        return ChanceNote("clan", name=_added([c["clan"] for c in before["clans"]],
                                              [c["clan"] for c in after["clans"]]),
                          setup=setup)
    if phase == "first-player":
        return ChanceNote("first", seat=after["first_player"], setup=setup)
    for r, (old, new) in enumerate(zip(before["market"], after["market"])):
        if len(new) > len(old):
            return ChanceNote("market", name=_added(old, new), row=r + 1, setup=setup)
    key, what = (("quest_counts", "quests") if phase == "quest-draw"
                 else ("hand_sizes", "hand"))
    target = next((p for p, (a, b) in enumerate(zip(before[key], after[key])) if b > a),
                  None)
    name = None
    if target is not None and (viewer is None or viewer == target):
        b, a = state.observation(target), after_state.observation(target)
        name = _added(b[what], a[what])
    return ChanceNote("quest" if phase == "quest-draw" else "draw", seat=target, name=name,
                      setup=setup)


def ask_answer(state: "InheritorsState", action: int) -> bool | None:
    """For a Spy's question (``ask P2 for purple 2``): whether the asked player had the card
    (it is then placed in the asker's play area: public), from the asker's observation
    before and after; None for any other action."""
    if state.decode(action).kind != "ask":
        return None
    seat = state.current_player()
    after_state = state.clone()
    after_state.apply_action(action)
    before = state.observation(seat)["play_areas"][seat]
    after = after_state.observation(seat)["play_areas"][seat]
    return bool(after != before)




# ---------------------------------------------------------------------- the table
def card_colour(game: "InheritorsGame", name: str) -> str | None:
    """The realm a card is coloured by: its colour's name (``"purple"``), ``"white"`` for
    Advocates ("All Advocates are white", III. action 3), ``"any"`` for Tomes and Epics
    (any colour in the Market); None for a name that is no card."""
    t = game.lookup.get(name.casefold())
    if t is None:
        return None
    c = game.tcol[t]
    return "any" if c < 0 else "white" if c == WHITE else game.colours[c]


def sort_cards(game: "InheritorsGame", names: list[str]) -> list[str]:
    """Card names in the card order (colours 1 to 6, then Advocates, Tomes, ...), the
    order of a hand in an observation; names that are no card last."""
    big = game.T
    return sorted(names, key=lambda n: game.lookup.get(n.casefold(), big))


@dataclass(frozen=True)
class ClanView:
    """A Clan of the row: its ``colour``, name ``clan``, ``owner`` seat (None: free) and
    the ``cards`` still with it (Special Advocates, Epics; in the card order)."""

    colour: str
    clan: str
    owner: int | None
    cards: tuple[str, ...]


@dataclass(frozen=True)
class SeatView:
    """One seat at the table as the viewer sees it.

    ``hand`` / ``quests``: the cards (card order) and Quest names, or None where the viewer
    may not see them (then only ``hand_size`` / ``quest_count`` are shown);
    ``play_area``: colour name to the numbers played, lowest first, colours with a card
    only; ``clan``: the Clan claimed (None); ``honors``: names; ``public_score``: the
    public points so far (:func:`public_scores`)."""

    seat: int
    hand_size: int
    hand: tuple[str, ...] | None
    quest_count: int
    quests: tuple[str, ...] | None
    play_area: dict[str, list[int]]
    clan: str | None
    honors: tuple[str, ...]
    public_score: int


@dataclass(frozen=True)
class TableView:
    """The table as one viewer sees it (:func:`table`), plain data for any front end.

    ``turn``: the seat whose turn it is (None during setup); ``ended``: the game is over
    (hands shown for scoring); ``last_round``: the end is triggered and the round goes on
    (IV. End of the Game); ``market``: three rows, each bottom to top (the last name is
    the top card); ``decision``: the decision in progress (:func:`decision_line`) when an
    effect or a Quest's discards wait, else None."""

    viewer: int | None
    turn: int | None
    ended: bool
    last_round: bool
    deck_size: int
    quests_in_row: int
    market: tuple[tuple[str, ...], ...]
    honor_row: tuple[str, ...]
    clans: tuple[ClanView, ...]
    removed_colour: str | None
    seats: tuple[SeatView, ...]
    decision: str | None


def table(state: "InheritorsState", viewer: int | None) -> TableView:
    """The table as ``viewer`` sees it, built from observations only: ``viewer`` a seat
    sees what ``observation(viewer)`` shows (its own hand and Quests); -1 (a public
    screen) sees no hand; None (a spectator of a computer match, a replay without
    ``--as``) sees each seat's hand and Quests from that seat's own observation. At the
    end every hand and Quest is shown (V. Scoring).

    Raises:
        ParameterError: ``viewer`` is neither None, -1 nor a seat.
    """
    n = state.game.num_players
    if viewer is not None and viewer != -1:
        state.check_seat(viewer)
    seen = [state.observation(p) for p in range(n)] if viewer is None else None
    obs = state.observation(0 if viewer is None or viewer < 0 else viewer)
    return table_of(state.game, obs, -1 if viewer is not None and viewer < 0 else viewer,
                    seen)


def table_of(game: "InheritorsGame", obs: dict[str, Any], viewer: int | None = -2,
             seen: list[dict[str, Any]] | None = None) -> TableView:
    """The table drawn from one observation alone (a seat record's replay): the hand and
    Quests of ``obs["player"]`` (None: a spectator's public observation, no hand), every
    hand and Quest at the end; ``seen``: every seat's own observation (a spectator of a
    computer match sees each hand). ``viewer`` defaults to the observation's player
    (-1 for a public observation)."""
    n = game.num_players
    if viewer == -2:
        viewer = obs.get("player")
        viewer = viewer if isinstance(viewer, int) else -1
    ended = obs["phase"] == "end"
    public = public_scores(obs, {h.name: h.points for h in game.honors})
    owners = {c["owner"]: c["clan"] for c in obs["clans"] if c["owner"] is not None}
    seats = []
    for p in range(n):
        if ended:
            hand, quests = obs["hands"][p], obs["all_quests"][p]
        elif seen is not None:
            hand, quests = seen[p]["hand"], seen[p]["quests"]
        elif p == viewer:
            hand, quests = obs["hand"], obs["quests"]
        else:
            hand = quests = None
        seats.append(SeatView(
            seat=p, hand_size=obs["hand_sizes"][p],
            hand=None if hand is None else tuple(hand),
            quest_count=obs["quest_counts"][p],
            quests=None if quests is None else tuple(quests),
            play_area=dict(obs["play_areas"][p]), clan=owners.get(p),
            honors=tuple(obs["honors"][p]), public_score=public[p]["total"]))
    waiting = bool(obs["pending"] or obs["quest_action"])
    return TableView(
        viewer=viewer, turn=obs["turn"], ended=ended,
        last_round=obs["end_triggered"] and not ended, deck_size=obs["deck_size"],
        quests_in_row=obs["quests_in_row"],
        market=tuple(tuple(r) for r in obs["market"]),
        honor_row=tuple(obs["honor_row"]),
        clans=tuple(ClanView(c["colour"], c["clan"], c["owner"], tuple(c["cards"]))
                    for c in obs["clans"]),
        removed_colour=obs["removed_colour"], seats=tuple(seats),
        decision=decision_line(obs) if waiting else None)


def decision_line(obs: dict[str, Any]) -> str:
    """What the player to act must do now, one line, from an observation (any seat's: the
    decision in progress is public): the step of the turn (III. Gameplay), the Quest's
    discards left, or the Advocate's effect waiting."""
    ph = obs["phase"]
    if ph == "start":
        if obs["hand_sizes"][obs["turn"]] == 0:
            return _("Your hand is empty: claim what you can, or 'pass'")
        return _("Choose one action (play, discard ... draw 2, discard ... take row, "
                 "quest COLOUR, use ADVOCATE) or claim a Clan / an Honor first")
    if ph == "post":
        return _("Claim a Clan or Honors, or 'end turn'")
    if ph == "quest-discard":
        q = obs["quest_action"]
        return _("Quest: discard {n} more {colour} card(s) (Tomes count as any)").format(
            n=q["discards_left"], colour=labels.colour(q["colour"]))
    if ph == "effect":
        e = obs["pending"][0]
        kind = e["effect"]
        if kind == "play_influence":
            if e["skip"] and e["requirement"]:
                return _("Play an Influence Card, skipping {n} number (another player must "
                         "lead that colour)").format(n=e["skip"])
            if e["skip"]:
                return _("Play an Influence Card, skipping {n} number").format(n=e["skip"])
            if e["requirement"]:
                return _("Play an Influence Card (another player must lead that colour)")
            return _("Play an Influence Card")
        if kind == "demand_card":
            return _("Ask a player for an Influence Card you can legally play")
        if kind == "take_from_market":
            return _("Take a card from the Market ({n} left)").format(n=e["count"])
        if kind == "remove_top_card":
            return _("Remove another player's top card (a {n} or lower)").format(
                n=e["max_number"])
    return _("Your move")


def round_number(state: "InheritorsState") -> int | None:
    """The round that starts now (1, 2, ...) when ``state`` stands at the first player's
    first decision of a round, before any move of it; else None. From the observation
    (phase, turn, first player) and the history's decoded moves: a round begins after the
    first player is drawn or after the last seat ends its turn (maybe followed by the
    card an empty hand draws, ruling R11)."""
    obs = state.observation(max(state.current_player(), 0))
    hist = state.history()
    if obs["phase"] != "start" or obs["turn"] != obs["first_player"] or not hist:
        return None
    last = state.decode(hist[-1])
    after_end = last.kind in ("end-turn", "first-player") or (
        len(hist) > 1 and last.is_chance and state.decode(hist[-2]).kind == "end-turn")
    if not after_end:
        return None
    ends = sum(1 for a in hist if state.decode(a).kind == "end-turn")
    return ends // state.game.num_players + 1


__all__ = ["public_scores", "explain", "ChanceNote", "chance_note", "ask_answer",
           "card_colour", "sort_cards", "ClanView", "SeatView", "TableView", "table",
           "decision_line", "round_number"]
