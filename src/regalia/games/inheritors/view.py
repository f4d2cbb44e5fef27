"""Plain views of an Inheritors position for one seat, built from ``observation(seat)`` only
(nothing here knows about terminals; front ends colour and lay it out).

* :func:`public_scores`: the running score of what is public (V. Scoring steps 1 and 5:
  the top Influence Card of each stack and the Honors claimed); Tomes, Relics, Quests, a
  Clan's or an Epic's scoring depend on hidden hands and are left out.
* :func:`explain`: why a typed move is not legal now, in the rulebook's terms.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import InheritorsState

BOOK = "Inheritors rulebook (North Star Games 2023)"


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

    Covers the rulebook's reasons (III. Gameplay): a card not in hand, a colour removed in
    the 2-player game, numbers played in order 1 to 6 without skipping, one stack per colour,
    an Advocate that is not in hand or whose requirement fails (the Conspirator's), a Clan's
    "3 or higher" and "only 1 Clan", and an action asked for in the wrong step of a turn.
    """
    seat = state.current_player()
    if seat < 0:
        return None
    obs = state.observation(seat)
    t = _norm(text)
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
            return f"there is no {colour} realm; the colours are {', '.join(colours)}"
        if colour == removed:
            return (f"the {colour} realm is removed from this 2-player game "
                    f"(2-Player Variant, setup 1)")
        if not 1 <= n <= 6:
            return "Influence Cards are numbered 1 to 6"
        if phase not in ("start",) and step != "play_influence":
            return (f"playing an Influence Card is one of the five actions, chosen at the "
                    f"start of your turn; {_now(state, obs, legal)}")
        card = f"{colour} {n}"
        if card not in hand:
            same = sorted(int(c.split()[1]) for c in hand
                          if c.startswith(colour + " ") and c.split()[1].isdigit())
            held = (f"your {colour} cards: " + ", ".join(map(str, same)) if same
                    else f"you hold no {colour} card")
            return f"you have no {card} in your hand ({held})"
        top = mine.get(colour, 0)
        skip = pending[0].get("skip", 0) if step == "play_influence" else 0
        want = top + 1 + skip
        if n != want:
            if top == 0 and not skip:
                return (f"your play area has no {colour} stack yet: it starts with {colour} 1 "
                        f"(Influence Cards are played in order from 1 to 6; you cannot skip "
                        f"numbers)")
            extra = (" (this Conspirator play skips exactly one number)" if skip else
                     "; you cannot skip numbers, except with a Conspirator")
            return (f"your {colour} stack shows {top or 'nothing'}: only {colour} {want} goes "
                    f"on it{extra} (III. Gameplay, action 1)")
        return None

    m = re.match(r"^use (.+)$", t)
    if m:
        name = m.group(1)
        advocates = {a.name.casefold(): a.name for a in (*G.cards.advocates,
                                                       *G.cards.special_advocates)}
        if name not in advocates:
            return (f"{m.group(1)!r} is not an Advocate; 'use' plays an Advocate from your "
                    f"hand: {', '.join(sorted(advocates.values()))}")
        proper = advocates[name]
        if phase != "start":
            return (f"playing an Advocate is one of the five actions, chosen at the start of "
                    f"your turn; {_now(state, obs, legal)}")
        if name not in hand:
            mine_adv = sorted({c for c in obs["hand"] if c.casefold() in advocates})
            held = ("Advocates in your hand: " + ", ".join(mine_adv) if mine_adv
                    else "you hold no Advocate")
            return f"you have no {proper} in your hand ({held})"
        if proper == "Conspirator":
            ahead = []
            for c in colours:
                if c == removed:
                    continue
                best = max(tops[q].get(c, 0) for q in range(len(tops)) if q != seat)
                if best > mine.get(c, 0):
                    ahead.append((c, best))
            if not ahead:
                return ("the Conspirator can only be played if another player has a higher-"
                        "numbered card of the same colour in their play area than yours; no "
                        "one leads you in any colour (III. Gameplay, action 5)")
            wants = ", ".join(f"{c} {mine.get(c, 0) + 2}" for c, _ in ahead
                              if mine.get(c, 0) + 2 <= 6)
            return ("the Conspirator plays an Influence Card skipping 1 number in a colour "
                    "where another player is ahead of you (" +
                    ", ".join(f"{c}: {b} against your {mine.get(c, 0)}" for c, b in ahead) +
                    f"); you would need {wants or 'a card above 6'} in your hand "
                    "(III. Gameplay, action 5)")
        return f"{proper} cannot be used now ({_now(state, obs, legal)})"

    m = re.match(r"^claim (.+)$", t)
    if m:
        name = m.group(1)
        clans = {c["clan"].casefold(): c for c in obs["clans"]}
        if name not in clans:
            return (f"there is no Clan {m.group(1)!r} in this game; the Clans: "
                    f"{', '.join(c['clan'] for c in obs['clans'])}")
        clan = clans[name]
        if clan["owner"] is not None:
            return f"the {clan['clan']} already supports another player"
        if any(c["owner"] == seat for c in obs["clans"]):
            return "a player can only have 1 Clan (III. Gameplay, Claiming Clans and Honors)"
        top = mine.get(clan["colour"], 0)
        if top < 3:
            return (f"claiming the {clan['clan']} needs a {clan['colour']} Influence Card "
                    f"numbered 3 or higher in your play area (yours: "
                    f"{top or 'none'}; III. Gameplay, Claiming Clans and Honors)")
        return f"a Clan is claimed before or after your action; {_now(state, obs, legal)}"
    return None


def _now(state: "InheritorsState", obs: dict[str, Any], legal: list[str]) -> str:
    examples = ", ".join(legal[:4])
    return f"legal now, e.g.: {examples}" if examples else "no move is open"


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
    if not state.action_to_string(action).startswith("ask "):
        return None
    seat = state.current_player()
    after_state = state.clone()
    after_state.apply_action(action)
    before = state.observation(seat)["play_areas"][seat]
    after = after_state.observation(seat)["play_areas"][seat]
    return after != before


__all__ = ["public_scores", "explain", "ChanceNote", "chance_note", "ask_answer"]
