"""Inheritors: equal information states mean equal knowledge, both ways.

Some moves tell the table more than their notation: a Spy's question is answered in public
(rulebook III, Spy: "If that player has the card, they must immediately place it in your
play area. If they do not have it, you draw 1 card from the deck"); an Honor "Show 3
Tomes/Relics from your hand" shows cards (ruling R19 on which); an Advocate's play is
skipped for want of a card (R12). Each answer is in every seat's observation
(``reveals``) and information state string, and determinizations use nothing else. The
attacks: two positions a seat cannot tell apart before the move must stay apart after it
exactly when the move's public answer differs.
"""

from __future__ import annotations

import json
import random

import pytest

import regalia
from regalia.games.inheritors.positions import swap_with_deck

SPY_HANDS = {0: ["Spy", "red 1"], 1: ["purple 1", "blue 1", "blue 2", "green 1"],
             2: ["yellow 1", "yellow 2"]}


def with_card_swapped(s, seat: int, have: str, instead: str):
    """A copy where ``seat`` holds ``instead`` (from the deck) in place of ``have``."""
    return swap_with_deck(s, seat, have, instead)


def infos(s) -> list[str]:
    return [s.information_state_string(p) for p in range(s.game.num_players)]


def test_a_spy_answer_is_in_every_information_state_and_observation(inh):
    held = inh.position(players=3, hands=SPY_HANDS)
    missed = with_card_swapped(held, 1, "purple 1", "green 2")
    # before the question, P1 and P3 cannot tell the two positions apart
    for p in (0, 2):
        assert held.information_state_string(p) == missed.information_state_string(p)
        assert held.observation(p) == missed.observation(p)
    for s in (held, missed):
        inh.play(s, "use Spy")
        s.apply_action(s.string_to_action("ask P2 for purple 1"))
    # right after it, everyone knows the answer: the information states differ for all
    a, b = infos(held), infos(missed)
    assert all(x != y for x, y in zip(a, b))
    assert a[0].endswith("[held:1.0]") and b[0].endswith("[missed:1.0]")
    for p in range(3):
        spy_h = held.observation(p)["reveals"][-1]
        spy_m = missed.observation(p)["reveals"][-1]
        assert spy_h == {"ply": len(held.history()) - 1, "seat": 0, "event": "spy",
                         "asked": 1, "card": "purple 1", "held": True}
        assert spy_m == dict(spy_h, held=False)


def test_the_same_spy_answer_keeps_equal_information_states_equal(inh):
    """Both ways: hands differing in a card nobody asked about give the same answer, so
    the other seats' information states and determinizations stay equal."""
    s = inh.position(players=3, hands=SPY_HANDS)
    twin = with_card_swapped(s, 1, "blue 2", "green 3")
    for x in (s, twin):
        inh.play(x, "use Spy")
        x.apply_action(x.string_to_action("ask P2 for purple 1"))
    for p in (0, 2):
        assert s.information_state_string(p) == twin.information_state_string(p)
        assert s.observation(p) == twin.observation(p)
        for seed in range(5):
            a = s.resample_from_infostate(p, random.Random(seed))
            b = twin.resample_from_infostate(p, random.Random(seed))
            assert a.to_json() == b.to_json()


RELICS = ["purple relic", "blue relic", "yellow relic", "green relic", "red relic"]


def relic_position(inh, relics: list[str]):
    return inh.position(players=3, hands={0: relics + ["red 1"], 1: ["blue 1"],
                                          2: ["green 1"]}, honors=["Three Relics"])


def test_the_relics_shown_for_an_honor_are_seen_by_every_seat(inh):
    a = relic_position(inh, ["purple relic", "blue relic", "yellow relic"])
    b = with_card_swapped(a, 0, "purple relic", "green relic")
    for p in (1, 2):
        assert a.information_state_string(p) == b.information_state_string(p)
    for s in (a, b):
        inh.play(s, "honor Three Relics")
    assert all(x != y for x, y in zip(infos(a), infos(b)))
    for p in range(3):
        assert a.observation(p)["reveals"][-1]["cards"] == RELICS[:3]
        assert b.observation(p)["reveals"][-1]["cards"] == RELICS[1:4]
        assert b.observation(p)["reveals"][-1]["honor"] == "Three Relics"


def test_showing_relics_tells_which_earlier_ones_are_not_held(inh):
    """The engine shows the first Relics in the card order (R19): showing blue, yellow
    and green tells the table P1 holds no purple Relic; a fourth Relic after them stays
    possible. Determinizations for the other seats respect exactly that."""
    s = relic_position(inh, ["blue relic", "yellow relic", "green relic"])
    inh.play(s, "honor Three Relics")
    g = s.game
    purple, red = g.lookup["purple relic"], g.lookup["red relic"]
    reds = 0
    for seed in range(300):
        sample = s.resample_from_infostate(1, random.Random(seed))
        assert sample.hand[purple] == 0
        assert all(sample.hand[g.lookup[r]] == 1 for r in RELICS[1:4])
        reds += sample.hand[red]
    assert reds > 0   # not shown, after the last shown type: P1 may hold it


def test_equal_shown_cards_keep_equal_information_states(inh):
    """Hands that differ only in a card that is not shown, and not implied by what is
    shown, give the same information state to the other seats."""
    s = relic_position(inh, ["purple relic", "blue relic", "yellow relic"])
    twin = with_card_swapped(s, 0, "red 1", "red 2")
    for x in (s, twin):
        inh.play(x, "honor Three Relics")
    for p in (1, 2):
        assert s.information_state_string(p) == twin.information_state_string(p)
        assert s.observation(p) == twin.observation(p)


def test_a_skipped_play_is_in_every_information_state(inh):
    """The Knight's second play: skipped when P1 holds no card for it, taken otherwise;
    the other seats' information states tell the two apart at once."""
    def knight(extra: str):
        s = inh.position(players=3, hands={0: ["purple 1", extra, "green 5"],
                                           1: ["blue 1"], 2: ["green 2"]},
                         stacks={0: {"yellow": [1, 2, 3]}},
                         clans=["Rat", "Owl", "Wolf", "Boar", "Fox"])
        inh.play(s, "claim Wolf", "use Knight", "play purple 1")
        return s
    skipped, played = knight("red 5"), knight("purple 2")
    assert skipped.phase_name == "post" and played.phase_name == "effect"
    for p in (1, 2):
        assert skipped.information_state_string(p) != played.information_state_string(p)
        assert skipped.information_state_string(p).endswith("[noplay]")
        assert skipped.observation(p)["reveals"][-1]["event"] == "play skipped"


# ------------------------------------------------------------------ the property
def bold_policy(s, rng: random.Random, asks: set[str]) -> int:
    """Random play that prefers the moves whose answer is public (Spies, Honors,
    Advocates), above all the questions in ``asks``, so that the property meets them."""
    legal = s.legal_actions()
    names = {a: s.action_to_string(a) for a in legal}
    pointed = [a for a in legal if names[a].lower() in asks]
    if pointed:
        return rng.choice(pointed)
    keen = [a for a in legal if names[a].startswith(("use", "ask", "honor"))]
    if keen and rng.random() < 0.8:
        return rng.choice(keen)
    return rng.choice(legal)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_equal_information_states_iff_equal_knowledge(players, swap_hidden_card):
    """Two games that differ in one hidden card of seat ``q``, then take the same moves:
    for every other seat, at every ply, the information state strings are equal exactly
    when everything the seat has observed since, ply by ply, is equal (its knowledge)."""
    g = regalia.load_game("inheritors", players=players)
    rng = random.Random(100 + players)
    equal = differ = 0
    for seed in range(30):
        a = g.new_initial_state(seed)
        while a.is_chance_node():
            a.apply_random_chance()
        q = rng.randrange(players)
        b = swap_hidden_card(a, q, rng)
        if b is None:
            continue
        T = g.T
        asks = {f"ask p{q + 1} for {g.tname[t].lower()}" for t in range(T)
                if a.hand[q * T + t] != b.hand[q * T + t]}   # the cards that differ
        others = [p for p in range(players) if p != q]
        seen_a = {p: [] for p in others}
        seen_b = {p: [] for p in others}
        for _ in range(150):
            if a.is_terminal():
                break
            action = a.sample_chance_outcome(rng) if a.is_chance_node() else bold_policy(a, rng, asks)
            if action not in b.legal_actions():
                break
            a.apply_action(action)
            b.apply_action(action)
            for p in others:
                seen_a[p].append(json.dumps(a.observation(p), sort_keys=True))
                seen_b[p].append(json.dumps(b.observation(p), sort_keys=True))
                same_info = a.information_state_string(p) == b.information_state_string(p)
                assert same_info == (seen_a[p] == seen_b[p])
                equal += same_info
                differ += not same_info
    assert equal > 500 and differ >= 5
