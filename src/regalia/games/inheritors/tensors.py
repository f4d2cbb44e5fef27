"""Inheritors' observation tensor (see :mod:`regalia.core.tensors`), built from
:func:`.information.observation` only: the seat's own hand and Quests, what every seat sees
of the others (hand sizes, Quest counts, play areas, Clans, Honors), the Market and the
public notes of moves (``reveals``). Other hands appear only once the game is over, when
the observation shows them for scoring.

Seats are relative to the observing seat (0: itself, 1: the next seat, ...). Card types
are in the order of the card data (``game.tname``: the numbered cards purple 1 .. red 6,
then the Advocates, Relics and Epics); colours ``purple blue yellow green red``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from regalia.core.tensors import Tensor, TensorLayout, one_hot, relative_seat

from .codes import EFFECT_NAMES, PHASE_NAMES

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
