"""Inheritors' observation tensor (see :mod:`regalia.core.tensors`), built from
:func:`.information.observation` only: the seat's own hand and Quests, what every seat sees
of the others (hand sizes, Quest counts, play areas, Clans, Honors), the Market and the
public notes of moves (``reveals``). Other hands appear only once the game is over, when
the observation shows them for scoring.

The information state tensor (perfect recall, OpenSpiel's sense) is the observation tensor
followed by the observing seat and the whole history as that seat knows it, one slot per
ply up to ``game.max_game_length``: what kind of action it was, who chose it, who alone
saw it, and the action's fields (card, seat, colour, rows, depth, Quest / Honor / Clan)
when the seat saw it, with the public notes of the ply (a Spy's answer, cards shown for an
Honor, a play skipped). It is built from :func:`information_state` only (the observation,
the history with every outcome the seat did not see blanked, the visibility), so it holds
nothing the seat may not see; and two different information states (different
:meth:`~.state.InheritorsState.information_state_string`) give different tensors.

Seats are relative to the observing seat (0: itself, 1: the next seat, ...). Card types
are in the order of the card data (``game.tname``: the numbered cards purple 1 .. red 6,
then the Advocates, Relics and Epics); colours ``purple blue yellow green red``.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from regalia.core.tensors import Tensor, TensorLayout, one_hot, relative_seat

from .codes import EFFECT_NAMES, MAX_DEPTH, PHASE_NAMES
from .information import seen_history

if TYPE_CHECKING:
    from .rules import InheritorsGame


@lru_cache(maxsize=16)
def _index(game: "InheritorsGame") -> dict[str, dict[str, int]]:
    def first(names: list[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for i, name in enumerate(names):
            out.setdefault(name, i)
        return out
    return {"card": first(list(game.tname)), "quest": first([q.name for q in game.quests]),
            "honor": first([h.name for h in game.honors]),
            "clan": first([c.name for c in game.clans]),
            "colour": first(list(game.colours) + ["white"])}


@lru_cache(maxsize=16)
def layout(game: "InheritorsGame") -> TensorLayout:
    """The segments for ``game``'s player count."""
    n = game.num_players
    t = game.T
    q = len(game.quests)
    h = len(game.honors)
    c = len(game.clans)
    return TensorLayout([
        ("hand", (t,), "own hand: copies of each card type / 4"),
        ("quests", (q,), "own Quests: copies of each Quest"),
        ("hand_sizes", (n,), "per relative seat: cards in hand / 10"),
        ("quest_counts", (n,), "per relative seat: Quests held / 3"),
        ("deck_size", (1,), "cards left in the deck / 100"),
        ("market", (3, t), "per Market row: copies of each card type"),
        ("play_areas", (n, 5, 6), "per relative seat and colour: numbers 1..6 in its stack"),
        ("clan_row", (5, c), "per colour: the Clan of that colour (one-hot)"),
        ("clan_owner", (5, n + 1), "per colour: the Clan's owner (relative seat one-hot), "
                                   "last value: no owner"),
        ("clan_cards", (5, t), "per colour: copies of each card type beside the Clan"),
        ("honor_row", (h,), "Honors still in the Honor row"),
        ("honors", (n, h), "per relative seat: Honors claimed"),
        ("quests_in_row", (1,), "Quests in the row / 4"),
        ("removed_colour", (5,), "the colour removed at setup (one-hot)"),
        ("removed_area", (t,), "copies of each card type in the removed area"),
        ("pending", (len(EFFECT_NAMES),), "effects waiting in the turn, counted by kind: "
                                          + ", ".join(EFFECT_NAMES)),
        ("quest_action", (7,), "a Quest discard in progress: colour one-hot (five colours, "
                               "white), then discards left / 3"),
        ("advocate", (t,), "the Advocate used this turn (one-hot)"),
        ("phase", (len(PHASE_NAMES),), "one-hot: " + ", ".join(PHASE_NAMES)),
        ("to_move", (n,), "relative seat to act (all zero at chance or the end)"),
        ("turn", (n,), "relative seat whose turn it is"),
        ("first_player", (n,), "relative seat of the first player"),
        ("end_triggered", (1,), "1 once the end of the game is triggered"),
        ("revealed", (n, t), "public notes: per relative seat, cards of each type it was "
                             "seen to hold (a Spy's hit, cards shown for an Honor)"),
        ("spy_missed", (n, t), "public notes: per relative seat, a Spy asked it for the type "
                               "and it held none"),
        ("play_skipped", (n,), "public notes: per relative seat, plays skipped for want of "
                               "a card"),
        ("final_hands", (n, t), "at the end only (hands are shown for scoring): per "
                                "relative seat, copies of each card type / 4"),
        ("final_quests", (n, q), "at the end only: per relative seat, its Quests"),
    ])


def encode(game: "InheritorsGame", obs: Mapping[str, Any]) -> Tensor:
    """The tensor of observation ``obs`` (shape ``layout(game).shape``)."""
    lay = layout(game)
    ix = _index(game)
    card, quest, honor = ix["card"], ix["quest"], ix["honor"]
    colour = ix["colour"]
    t = lay.zeros()
    n = game.num_players
    p = obs["player"]

    def rel(seat: int | None) -> int | None:
        return relative_seat(seat, p, n)

    v = lay.view(t, "hand")
    for name in obs["hand"]:
        v[card[name]] += 0.25
    v = lay.view(t, "quests")
    for name in obs["quests"]:
        v[quest[name]] += 1.0
    hs, qc = lay.view(t, "hand_sizes"), lay.view(t, "quest_counts")
    for seat in range(n):
        hs[rel(seat)] = obs["hand_sizes"][seat] / 10.0
        qc[rel(seat)] = obs["quest_counts"][seat] / 3.0
    lay.view(t, "deck_size")[0] = obs["deck_size"] / 100.0
    v = lay.view(t, "market")
    for r, row in enumerate(obs["market"]):
        for name in row:
            v[r, card[name]] += 1.0
    v = lay.view(t, "play_areas")
    for seat, area in enumerate(obs["play_areas"]):
        for col, numbers in area.items():
            for k in numbers:
                v[rel(seat), colour[col], k - 1] = 1.0
    row, owner, cards = (lay.view(t, "clan_row"), lay.view(t, "clan_owner"),
                         lay.view(t, "clan_cards"))
    for clan in obs["clans"]:
        c = colour[clan["colour"]]
        row[c, ix["clan"][clan["clan"]]] = 1.0
        ro = rel(clan["owner"])
        owner[c, n if ro is None else ro] = 1.0
        for name in clan["cards"]:
            cards[c, card[name]] += 1.0
    v = lay.view(t, "honor_row")
    for name in obs["honor_row"]:
        v[honor[name]] = 1.0
    v = lay.view(t, "honors")
    for seat, names in enumerate(obs["honors"]):
        for name in names:
            v[rel(seat), honor[name]] = 1.0
    lay.view(t, "quests_in_row")[0] = obs["quests_in_row"] / 4.0
    if obs["removed_colour"] is not None:
        lay.view(t, "removed_colour")[colour[obs["removed_colour"]]] = 1.0
    v = lay.view(t, "removed_area")
    for name, k in obs["removed_area"].items():
        v[card[name]] = float(k)
    v = lay.view(t, "pending")
    for eff in obs["pending"]:
        v[EFFECT_NAMES.index(eff["effect"])] += 1.0
    qa = obs["quest_action"]
    if qa is not None:
        v = lay.view(t, "quest_action")
        v[colour[qa["colour"]]] = 1.0
        v[6] = qa["discards_left"] / 3.0
    if obs["advocate_this_turn"] is not None:
        lay.view(t, "advocate")[card[obs["advocate_this_turn"]]] = 1.0
    one_hot(lay.view(t, "phase"), PHASE_NAMES.index(obs["phase"]))
    one_hot(lay.view(t, "to_move"), rel(obs["current_player"]))
    one_hot(lay.view(t, "turn"), rel(obs["turn"]))
    one_hot(lay.view(t, "first_player"), rel(obs["first_player"]))
    lay.view(t, "end_triggered")[0] = 1.0 if obs["end_triggered"] else 0.0
    seen, missed, skipped = (lay.view(t, "revealed"), lay.view(t, "spy_missed"),
                             lay.view(t, "play_skipped"))
    for note in obs["reveals"]:
        if note["event"] == "spy":
            target = rel(note["asked"])
            if note["held"]:
                seen[target, card[note["card"]]] += 1.0
            else:
                missed[target, card[note["card"]]] = 1.0
        elif note["event"] == "shown":
            for name in note["cards"]:
                seen[rel(note["seat"]), card[name]] += 1.0
        else:
            skipped[rel(note["seat"])] += 1.0
    if "hands" in obs:
        hands, quests = lay.view(t, "final_hands"), lay.view(t, "final_quests")
        for seat in range(n):
            for name in obs["hands"][seat]:
                hands[rel(seat), card[name]] += 0.25
            for name in obs["all_quests"][seat]:
                quests[rel(seat), quest[name]] += 1.0
    return t


# ---------------------------------------------------------------- information state
#: The kinds of action a history slot tells apart, in action-id order (the names of
#: :func:`.notation.decode`); ``hidden``: an outcome the observing seat did not see.
PLY_KINDS = ("play", "use", "discard-draw", "discard-take", "quest", "quest-discard", "ask",
             "take", "sabotage", "claim", "honor", "end-turn", "pass", "card", "draw-quest",
             "remove-colour", "reveal-honor", "reveal-clan", "first-player", "hidden")
#: The public notes of a ply counted in ``ply_notes`` (kinds of ``reveals``).
PLY_NOTES = ("held", "missed", "play skipped")


@lru_cache(maxsize=16)
def _kind_starts(game: "InheritorsGame") -> tuple[int, ...]:
    """The first action id of each kind of :data:`PLY_KINDS`."""
    G = game
    return (G.A_PLAY, G.A_ADV, G.A_DDRAW, G.A_MARKET, G.A_QUEST, G.A_DISC, G.A_ASK,
            G.A_TAKE, G.A_SABO, G.A_CLAN, G.A_HONOR, G.A_END, G.A_PASS, G.C_CARD, G.C_QUEST,
            G.C_COLOUR, G.C_HONOR, G.C_CLAN, G.C_FIRST, G.A_HIDDEN)


@lru_cache(maxsize=16)
def information_state_layout(game: "InheritorsGame") -> TensorLayout:
    """The segments of the information state tensor for ``game``'s parameters: those of
    :func:`layout` (the current observation), then ``player`` and the history planes
    (``L = game.max_game_length`` slots, ply ``k`` in slot ``k``; slots past the history
    are zero)."""
    n = game.num_players
    t = game.T
    L = game.max_game_length
    items = max(len(game.quests), len(game.honors), len(game.clans))
    return TensorLayout(list((s.name, s.shape, s.doc) for s in layout(game).segments) + [
        ("player", (n,), "the observing seat, absolute (one-hot): the only absolute seat"),
        ("plies", (1,), "plies in the history / max_game_length"),
        ("ply_kind", (L, len(PLY_KINDS)), "per ply: the kind of action (one-hot): "
                                          + ", ".join(PLY_KINDS)
                                          + " (an outcome this seat did not see)"),
        ("ply_actor", (L, n + 1), "per ply: relative seat that chose it (one-hot), last "
                                  "value: chance"),
        ("ply_seen_by", (L, n), "per ply: the relative seat that alone saw the outcome (a "
                                "card drawn, a Quest taken); all zero: every seat saw it"),
        ("ply_card", (L, t), "per ply: the card type named (play, use, discard-draw, "
                             "discard-take, quest-discard, ask, card drawn); for an Honor "
                             "claimed, copies of each card shown for it"),
        ("ply_seat", (L, n), "per ply: the relative seat named (ask, sabotage, first "
                             "player)"),
        ("ply_colour", (L, 6), "per ply: the colour named (quest: five colours and white; "
                               "sabotage, remove-colour)"),
        ("ply_row", (L, 3), "per ply: the Market row discarded to (discard-draw, "
                            "discard-take, quest-discard) or taken from (take)"),
        ("ply_take_row", (L, 3), "per ply: the Market row taken from (discard-take)"),
        ("ply_depth", (L, 1), "per ply: the position taken in the row (take), counted "
                              f"from the top, / {MAX_DEPTH}"),
        ("ply_item", (L, items), "per ply: the Quest (draw-quest), Honor (honor, "
                                 "reveal-honor) or Clan (claim, reveal-clan) named, in "
                                 "the order of the game's data (one-hot)"),
        ("ply_notes", (L, len(PLY_NOTES)), "per ply: public notes of the move, counted: "
                                           "the Spy's card was held, was not held, a "
                                           "play skipped for want of a card"),
    ])


def information_state(state: Any, player: int) -> dict[str, Any]:
    """What seat ``player`` knows, with perfect recall, as JSON-able data (the input of
    :func:`encode_information_state`): ``player``, its ``observation`` (with the public
    notes, ``reveals``), the ``history`` with every outcome it did not see as None, and
    ``seen_by``, the state's :meth:`~regalia.core.state.State.visibility` (who saw each
    ply: public, as the rules say who draws). Read through the state's contract only.

    Raises:
        ParameterError: ``player`` is not a seat.
    """
    obs = state.observation(player)
    seen = state.visibility()
    history = seen_history(state.history(), seen, player, None)
    return {"player": player, "observation": obs, "history": history, "seen_by": seen}


def encode_information_state(game: "InheritorsGame", info: Mapping[str, Any]) -> Tensor:
    """The information state tensor of ``info`` (:func:`information_state`), shape
    ``information_state_layout(game).shape``.

    The actor of a decision is the seat whose turn it is: the first player, then the
    next seat after each ``end turn`` (III. Gameplay: every decision of a turn is its
    player's; rulings R11 and R12 keep pass and skipped plays inside the turn).

    Raises:
        ValueError: a history longer than ``game.max_game_length`` (impossible in a
            game played by the rules: the bound is proven in the game's docs).
    """
    lay = information_state_layout(game)
    t = lay.zeros()
    obs = info["observation"]
    base = layout(game).size
    t[:base] = encode(game, obs)
    n = game.num_players
    p = info["player"]
    history = info["history"]
    L = game.max_game_length
    if len(history) > L:
        raise ValueError(f"a history of {len(history)} plies is longer than the bound "
                         f"{L} of this game")
    lay.view(t, "player")[p] = 1.0
    lay.view(t, "plies")[0] = len(history) / L
    kind, actor, seen_by = (lay.view(t, "ply_kind"), lay.view(t, "ply_actor"),
                            lay.view(t, "ply_seen_by"))
    card, seat, colour = lay.view(t, "ply_card"), lay.view(t, "ply_seat"), lay.view(t, "ply_colour")
    row, take_row, depth = (lay.view(t, "ply_row"), lay.view(t, "ply_take_row"),
                            lay.view(t, "ply_depth"))
    item, notes = lay.view(t, "ply_item"), lay.view(t, "ply_notes")
    starts = _kind_starts(game)
    G = game
    hidden = PLY_KINDS.index("hidden")
    first = obs["first_player"]
    turn = first if first is not None else 0
    for k, (a, v) in enumerate(zip(history, info["seen_by"])):
        if v >= 0:
            seen_by[k, (v - p) % n] = 1.0
        if a is None or a == G.A_HIDDEN:
            kind[k, hidden] = 1.0
            actor[k, n] = 1.0
            continue
        i = bisect_right(starts, a) - 1
        kind[k, i] = 1.0
        if a >= G.C_CARD:
            actor[k, n] = 1.0
        else:
            actor[k, (turn - p) % n] = 1.0
            if a == G.A_END:
                turn = (turn + 1) % n
        x = a - starts[i]
        name = PLY_KINDS[i]
        if name in ("play", "use", "card"):
            card[k, x] = 1.0
        elif name in ("discard-draw", "quest-discard"):
            card[k, x // 3] = 1.0
            row[k, x % 3] = 1.0
        elif name == "discard-take":
            card[k, x // 9] = 1.0
            row[k, x % 9 // 3] = 1.0
            take_row[k, x % 3] = 1.0
        elif name == "quest":
            colour[k, x] = 1.0
        elif name == "ask":
            seat[k, (x // 30 - p) % n] = 1.0
            card[k, x % 30] = 1.0
        elif name == "take":
            row[k, x // MAX_DEPTH] = 1.0
            depth[k, 0] = (x % MAX_DEPTH + 1) / MAX_DEPTH
        elif name == "sabotage":
            seat[k, (x // 5 - p) % n] = 1.0
            colour[k, x % 5] = 1.0
        elif name == "remove-colour":
            colour[k, x] = 1.0
        elif name == "first-player":
            seat[k, (x - p) % n] = 1.0
        elif name in ("claim", "honor", "draw-quest", "reveal-honor", "reveal-clan"):
            item[k, x] = 1.0
    ix = _index(game)["card"]
    for note in obs["reveals"]:
        k = note["ply"]
        if note["event"] == "spy":
            notes[k, 0 if note["held"] else 1] += 1.0
        elif note["event"] == "shown":
            for name in note["cards"]:
                card[k, ix[name]] += 1.0
        else:
            notes[k, 2] += 1.0
    return t
