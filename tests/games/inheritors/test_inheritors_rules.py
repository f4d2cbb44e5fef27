"""Inheritors rules: setup, the five actions, claims, the end and scoring, with exact
expectations from hand-made positions.

Source: ``../shared/rules/inheritors.rulebook.en.txt`` (sections named in each test);
rulings ``docs/rulings/inheritors.md`` (R-numbers). Seats are written P1..P4 (seat 0..3);
play goes clockwise, so "the player to your right" of P1 in a 3-player game is P3.
"""

from __future__ import annotations

import random

import pytest

import regalia
from regalia import IllegalActionError
from regalia.core.errors import ParameterError
from regalia.games.inheritors.scoring import BREAKDOWN_KEYS
from regalia.games.inheritors.state import PH_POST, PH_START

from random_play import play_out, plies


def names(s, seat):
    return sorted(s.hand_names(seat))


def honor_moves(inh, s):
    return [m for m in inh.moves(s) if m.startswith("honor ")]


# ============================================================== II. Setup
@pytest.mark.parametrize("players,deck_left", [(3, 99 - 33), (4, 99 - 43)])
def test_setup_rows_hands_and_market(players, deck_left):
    """II. Setup steps 1-8: five Quests face down, five Honors face up, one Clan of each
    colour, 10 cards each, a Market of 3 rows, a first player."""
    g = regalia.load_game("inheritors", players=players)
    s = g.new_initial_state(3)
    while s.is_chance_node():
        s.apply_random_chance()
    obs = s.observation(0)
    assert obs["hand_sizes"] == [10] * players
    assert [len(r) for r in obs["market"]] == [1, 1, 1]
    assert obs["deck_size"] == deck_left
    assert obs["quests_in_row"] == 5
    assert len(obs["honor_row"]) == 5
    assert sorted(c["colour"] for c in obs["clans"]) == sorted(g.colours)
    assert s.current_player() == obs["first_player"] == obs["turn"]
    assert s.phase_name == "start"


def test_setup_two_players_removes_a_colour_marked_advocates_quests():
    """2-Player Variant: a random colour removed entirely (Relic, Clans, Quests, Influence
    Cards); four Quests and four Honors; marked Advocates removed (R4: 2 of each kind)."""
    g = regalia.load_game("inheritors", players=2)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action("remove green"))
    while s.is_chance_node():
        s.apply_random_chance()
    green = g.colours.index("green")
    assert s.rcol == green
    for t in range(g.T):
        if g.tcol[t] == green:
            assert s.box[t] == g.tcopies[t], g.tname[t]
    for adv in ("Spy", "Advisor", "Conspirator"):
        t = g.lookup[adv.casefold()]
        assert s.box[t] == 2 and s.card_places()[t] == 6
    assert s.qrow == 4 and len(s.hrow) == 4
    assert "Green Treasury" not in [g.quests[q].name for q in s.qpool]
    assert len(s.qpool) == 6   # R3: the two colourless quests stay
    assert s.clan_row[green] == -1
    assert s.dsize == 99 - 15 - 6 - 20 - 3
    assert all(g.tcol[t] != green for t in range(g.T) if s.deck[t])


def test_setup_places_special_cards_with_their_clans():
    """Setup step 3: Special Advocates and Epics sit with their Clans; the rest go back to
    the box."""
    g = regalia.load_game("inheritors", players=3)
    s = g.new_initial_state(0)
    for text in ("reveal honor A Six", "reveal honor Two Fours", "reveal honor Three Threes",
                 "reveal honor Four Twos", "reveal honor Two Quests", "reveal clan Rat",
                 "reveal clan Owl", "reveal clan Wolf", "reveal clan Boar",
                 "reveal clan Fox"):
        s.apply_action(s.string_to_action(text))
    on_side = {g.tname[t]: k for t, k in enumerate(s.side) if k}
    assert on_side == {"Agent": 1, "The Owl's Almanac": 1, "Knight": 1, "Saboteur": 1,
                       "Ambassador": 2}
    assert s.box[g.lookup["the raven's chronicle"]] == 1


# ============================================================== action 1
def test_play_influence_in_order_one_stack_per_colour(inh):
    """III. action 1: "placed ... in order from 1 to 6 ... You cannot skip numbers"; "if you
    have purple 1 in your play area, you can only play a purple 2 on top"."""
    s = inh.position(hands={0: ["purple 1", "purple 2", "purple 3", "blue 2", "yellow 1"]},
                     market=[["red 5"], ["red 6"], ["green 5"]])
    plays = [m for m in inh.moves(s) if m.startswith("play ")]
    assert plays == ["play purple 1", "play yellow 1"]
    before = s.to_json()
    with pytest.raises(IllegalActionError) as exc:
        s.apply_action(s.string_to_action("play purple 2"))
    assert "play purple 2" in str(exc.value)
    assert s.to_json() == before
    inh.play(s, "play purple 1")
    assert s.stack_numbers(0, 0) == [1]
    assert s.phase == PH_POST
    inh.play(s, "end turn")
    assert s.cur == 1


def test_play_example_of_the_rulebook(inh):
    """III. action 1 example: with a purple 1 played, only a purple 2 goes on it; a blue 1
    cannot be played over an existing blue stack."""
    s = inh.position(hands={0: ["purple 2", "purple 3", "blue 1", "blue 3"]},
                     stacks={0: {"purple": [1], "blue": [1, 2]}})
    assert [m for m in inh.moves(s) if m.startswith("play ")] == ["play purple 2",
                                                                   "play blue 3"]


# ============================================================== action 2
def test_discard_one_draw_two(inh):
    """III. action 2: discard 1 card on any Market row, draw 2 from the deck."""
    s = inh.position(hands={0: ["Spy", "red 3"]}, market=[["blue 1"], ["blue 2"], ["blue 3"]])
    deck = s.dsize
    s.apply_action(s.string_to_action("discard Spy to row 2, draw 2"))
    assert [s.game.tname[t] for t in s.rows[1]] == ["blue 2", "Spy"]
    assert s.is_chance_node() and s.drawq == [0, 0]
    s.apply_random_chance(random.Random(1))
    s.apply_random_chance(random.Random(2))
    assert s.hsize[0] == 3 and s.dsize == deck - 2
    assert s.phase == PH_POST


# ============================================================== action 3
def test_market_take_matches_colour_number_or_name(inh):
    """III. action 3: the top card of the row taken has the discard's colour, number or
    name; Advocates are white; Tomes count as any colour (discarded or taken)."""
    s = inh.position(hands={0: ["purple 2", "Advisor", "Tome", "red 4"]},
                     market=[["blue 3"], ["green 1", "purple 4"], ["Spy"]])
    market = sorted(m for m in inh.moves(s) if ", take row" in m)
    assert market == sorted([
        # purple 2: colour of row 2's purple 4
        "discard purple 2 to row 1, take row 2", "discard purple 2 to row 3, take row 2",
        # red 4: number of row 2's purple 4
        "discard red 4 to row 1, take row 2", "discard red 4 to row 3, take row 2",
        # Advisor: white like row 3's Spy
        "discard Advisor to row 1, take row 3", "discard Advisor to row 2, take row 3",
        # Tome: any colour, any row
        "discard Tome to row 2, take row 1", "discard Tome to row 3, take row 1",
        "discard Tome to row 1, take row 2", "discard Tome to row 3, take row 2",
        "discard Tome to row 1, take row 3", "discard Tome to row 2, take row 3"])


def test_market_take_takes_the_whole_row_and_restocks(inh):
    """III. action 3 steps (1)-(3): discard, take all cards of the row, restock it."""
    s = inh.position(hands={0: ["purple 2", "yellow 1"]},
                     market=[["blue 3"], ["green 1", "purple 4"], ["Spy"]])
    inh.play(s, "discard purple 2 to row 1, take row 2")
    assert names(s, 0) == ["green 1", "purple 4", "yellow 1"]
    assert [s.game.tname[t] for t in s.rows[0]] == ["blue 3", "purple 2"]
    assert s.rows[1] == [] and s.is_chance_node() and s.drawq == [11]
    s.apply_random_chance(random.Random(0))
    assert len(s.rows[1]) == 1 and s.phase == PH_POST
    # the cards taken are public: every player knows P1 holds them
    g = s.game
    assert s.known[g.lookup["green 1"]] == 1 and s.known[g.lookup["purple 4"]] == 1


def test_tome_taken_from_the_market_counts_as_any_colour(inh):
    """III. action 3: Tomes and Epics count as any colour "acquiring them from the
    Market": a Tome on top of a row can be taken with any discard."""
    s = inh.position(hands={0: ["red 1"]}, market=[["blue 3"], ["Tome"], ["Spy"]])
    assert sorted(m for m in inh.moves(s) if ", take row" in m) == [
        "discard red 1 to row 1, take row 2", "discard red 1 to row 3, take row 2"]


# ============================================================== action 4
def test_quest_discard_three_of_a_colour_take_a_quest_draw_one(inh):
    """III. action 4: discard 3 cards of the same colour one by one on any rows, take 1
    Quest, draw 1 card. A Tome counts as any colour when discarded to the Market (R13)."""
    s = inh.position(hands={0: ["purple 1", "purple 2", "purple 3", "blue 1", "Tome"]})
    quests = [m for m in inh.moves(s) if m.startswith("quest ")]
    assert quests == ["quest purple"]          # blue: blue 1 + Tome = 2 cards only
    inh.play(s, "quest purple")
    assert sorted(inh.moves(s)) == sorted(
        f"discard {c} to row {r}" for c in ("purple 1", "purple 2", "purple 3", "Tome")
        for r in (1, 2, 3))
    inh.play(s, "discard Tome to row 1", "discard purple 1 to row 2",
             "discard purple 3 to row 1")
    assert s.phase_name == "quest-draw"
    q = s.legal_actions()[0]
    s.apply_action(q)
    assert s.vis[-1] == 0                       # only the owner sees the Quest
    assert s.quests[0] == [q - s.game.C_QUEST] and s.qrow == 4
    s.apply_random_chance(random.Random(0))     # draw 1
    assert s.hsize[0] == 3 and s.phase == PH_POST


def test_quest_with_three_advocates_as_white(inh):
    """R13: "All Advocates are white": three Advocates are three cards of one colour."""
    s = inh.position(hands={0: ["Spy", "Advisor", "Conspirator", "red 1"]})
    assert [m for m in inh.moves(s) if m.startswith("quest ")] == ["quest white"]


def test_no_quest_action_when_the_row_is_empty(inh):
    s = inh.position(hands={0: ["purple 1", "purple 2", "purple 3"]}, quests_in_row=0)
    assert not [m for m in inh.moves(s) if m.startswith("quest ")]


# ============================================================== action 5: Spy
def test_spy_example_of_the_rulebook(inh):
    """III. action 5, Spy example: "You have a purple 1 in your play area. You play a Spy,
    pick the player to your right and announce, 'Purple 2.' Since they have a purple 2 in
    their hand, they must play it on your purple 1."""
    s = inh.position(players=3, hands={0: ["Spy", "red 1"], 2: ["purple 2", "blue 5"]},
                     stacks={0: {"purple": [1]}})
    inh.play(s, "use Spy")
    # announce a card you can legally play: purple 2 (on the 1) or a 1 of another colour
    assert sorted(inh.moves(s)) == sorted(
        f"ask P{q} for {c}" for q in (2, 3) for c in
        ("purple 2", "blue 1", "yellow 1", "green 1", "red 1"))
    inh.play(s, "ask P3 for purple 2")
    assert s.stack_numbers(0, 0) == [1, 2]
    assert names(s, 2) == ["blue 5"]
    assert names(s, 0) == ["red 1"]
    assert s.removed[s.game.lookup["spy"]] == 1
    assert s.phase == PH_POST


def test_spy_miss_draws_one_and_is_public_knowledge(inh):
    """Spy: "If they do not have it, you draw 1 card from the deck." Everyone now knows
    that player has none of the card (until they draw)."""
    s = inh.position(players=3, hands={0: ["Spy"], 1: ["blue 5"]})
    inh.play(s, "use Spy", "ask P2 for purple 1")
    assert s.is_chance_node() and s.drawq == [0]
    s.apply_random_chance(random.Random(0))
    assert s.hsize[0] == 1
    t = s.game.lookup["purple 1"]
    assert s.capc[s.game.T + t] + s.pdraws[1] == 0


def test_spy_honor_only_in_the_turn_of_the_spy(inh):
    """Honor 'Use a Spy to play an Influence Card numbered 2 or higher', claimed "at the
    start or end of your turn": in the turn the Spy was used (R8)."""
    s = inh.position(players=3, hands={0: ["Spy", "red 1"], 1: ["purple 2"]},
                     stacks={0: {"purple": [1]}}, honors=["Spy's Success", "A Six"])
    inh.play(s, "use Spy", "ask P2 for purple 2")
    assert honor_moves(inh, s) == ["honor Spy's Success"]
    inh.play(s, "end turn")
    assert s.cur == 1
    inh.play(s, "pass", "end turn", "pass", "end turn")   # P2 and P3 hold no card (R11)
    while s.is_chance_node():
        s.apply_random_chance()
    assert s.cur == 0   # back to P1 a turn later: the Honor is no longer open
    assert honor_moves(inh, s) == []


def test_spy_honor_needs_a_two_or_higher(inh):
    s = inh.position(players=3, hands={0: ["Spy", "red 2"], 1: ["purple 1"]},
                     honors=["Spy's Success"])
    inh.play(s, "use Spy", "ask P2 for purple 1")
    assert s.stack_numbers(0, 0) == [1]
    assert honor_moves(inh, s) == []


# ============================================================== action 5: Advisor
def test_advisor_takes_two_cards_even_covered_then_refills(inh):
    """Advisor: "Take any 2 cards from the Market ... even if they are under other cards.
    Refill the Market (if needed) after you take both cards." """
    s = inh.position(hands={0: ["Advisor", "red 1"]},
                     market=[["blue 3", "green 2"], ["Tome"], ["yellow 6"]])
    inh.play(s, "use Advisor")
    assert inh.moves(s) == ["take row 1 card 1 (green 2)", "take row 1 card 2 (blue 3)",
                            "take row 2 card 1 (Tome)", "take row 3 card 1 (yellow 6)"]
    inh.play(s, "take row 1 card 2")
    assert not s.is_chance_node()             # no refill before the second card
    inh.play(s, "take row 2 card 1")
    assert names(s, 0) == ["Tome", "blue 3", "red 1"]
    assert s.is_chance_node() and s.drawq == [11]
    s.apply_random_chance(random.Random(0))
    assert [len(r) for r in s.rows] == [1, 1, 1]


# ============================================================== action 5: Conspirator
def test_conspirator_example_of_the_rulebook(inh):
    """Conspirator example: "The player to your left has a yellow 3 in their play area,
    which is higher than the yellow 2 in yours ... you use a Conspirator to skip the 3 and
    play a yellow 4." """
    s = inh.position(players=3, hands={0: ["Conspirator", "yellow 4", "blue 3"]},
                     stacks={0: {"yellow": [1, 2], "blue": [1]}, 1: {"yellow": [1, 2, 3]}})
    inh.play(s, "use Conspirator")
    assert inh.moves(s) == ["play yellow 4"]   # blue 3 skips nothing; nobody leads blue
    inh.play(s, "play yellow 4")
    assert s.stack_numbers(0, 2) == [1, 2, 4]


def test_conspirator_needs_an_opponent_ahead(inh):
    """Conspirator requirement: "another player has a higher-numbered card of the same
    color in their play area"; with none the card cannot be played (R12)."""
    s = inh.position(players=3, hands={0: ["Conspirator", "yellow 4"]},
                     stacks={0: {"yellow": [1, 2]}, 1: {"yellow": [1, 2]}})
    assert "use Conspirator" not in inh.moves(s)


def test_conspirator_may_skip_the_one(inh):
    """"You are allowed to skip a 1 and play a 2 with this card" (no stack counts as 0, R7)."""
    s = inh.position(players=3, hands={0: ["Conspirator", "green 2"]},
                     stacks={2: {"green": [1]}})
    inh.play(s, "use Conspirator", "play green 2")
    assert s.stack_numbers(0, 3) == [2]


# ============================================================== Clans and specials
def test_claim_clan_needs_a_three_and_is_never_lost(inh):
    """Claiming Clans: a 3 or higher of the Clan's colour; one Clan per player; "Even if
    another player plays a higher-numbered card of that color, the Clan is not taken"."""
    s = inh.position(players=3, hands={0: ["red 1"], 1: ["yellow 4"]},
                     stacks={0: {"yellow": [1, 2, 3], "blue": [1, 2, 3]},
                             1: {"yellow": [1, 2, 3]}},
                     clans=["Rat", "Owl", "Stag", "Bear", "Serpent"])
    assert [m for m in inh.moves(s) if m.startswith("claim")] == ["claim Owl", "claim Stag"]
    inh.play(s, "claim Stag")
    assert [m for m in inh.moves(s) if m.startswith("claim")] == []   # one Clan per player
    inh.play(s, "play red 1", "end turn")
    inh.play(s, "play yellow 4")
    assert [m for m in inh.moves(s) if m.startswith("claim")] == []   # owned by P1
    assert s.clan_owner[2] == 0 and s.pclan == [s.game.clans.index(
        next(c for c in s.game.clans if c.name == "Stag")), -1, -1]


def test_claim_before_and_after_the_action(inh):
    """"Before or after you perform your chosen action, you can claim a Clan or any number
    of Honors." """
    s = inh.position(players=3, hands={0: ["red 1", "red 2"]},
                     stacks={0: {"purple": [1, 2, 3, 4, 5, 6]}},
                     honors=["A Six", "Two Quests"], clans=["Raven", "Owl", "Stag", "Bear",
                                                            "Serpent"])
    assert "honor A Six" in inh.moves(s) and "claim Raven" in inh.moves(s)
    inh.play(s, "honor A Six", "play red 1")
    assert s.phase == PH_POST
    assert inh.moves(s) == ["claim Raven", "end turn"]
    inh.play(s, "claim Raven")
    assert "The Raven's Chronicle" in s.hand_names(0)   # the Raven's Epic (take_cards)
    inh.play(s, "end turn")


def test_fox_gives_both_ambassadors_which_skip_without_requirement(inh):
    """Clan Fox (reconstructed): both Ambassadors; an Ambassador plays a card skipping 1
    number with no requirement (reconstructed text)."""
    s = inh.position(players=3, hands={0: ["blue 3"]}, stacks={0: {"red": [1, 2, 3],
                                                                    "blue": [1]}},
                     clans=["Rat", "Owl", "Stag", "Bear", "Fox"])
    inh.play(s, "claim Fox")
    assert names(s, 0) == ["Ambassador", "Ambassador", "blue 3"]
    assert s.side[s.game.lookup["ambassador"]] == 0
    inh.play(s, "use Ambassador", "play blue 3")
    assert s.stack_numbers(0, 1) == [1, 3]


def test_knight_plays_two_cards_in_order(inh):
    s = inh.position(players=3, hands={0: ["purple 1", "purple 2"]},
                     stacks={0: {"yellow": [1, 2, 3]}},
                     clans=["Rat", "Owl", "Wolf", "Bear", "Fox"])
    inh.play(s, "claim Wolf", "use Knight")
    assert inh.moves(s) == ["play purple 1"]
    inh.play(s, "play purple 1")
    assert inh.moves(s) == ["play purple 2"]
    inh.play(s, "play purple 2")
    assert s.stack_numbers(0, 0) == [1, 2] and s.hsize[0] == 0
    inh.play(s, "end turn")          # the last card played: draw 1 at the end of the turn
    assert s.is_chance_node() and s.drawq == [0]
    s.apply_random_chance(random.Random(0))
    assert s.hsize[0] == 1 and s.cur == 1


def test_saboteur_removes_a_top_card_of_four_or_less(inh):
    s = inh.position(players=3, hands={0: ["red 1"]},
                     stacks={0: {"green": [1, 2, 3]}, 1: {"blue": [1, 2, 3, 4, 5]},
                             2: {"purple": [1, 2]}},
                     clans=["Rat", "Owl", "Wolf", "Boar", "Fox"])
    inh.play(s, "claim Boar", "use Saboteur")
    assert inh.moves(s) == ["sabotage P3 purple"]   # blue 5 is safe (max 4)
    inh.play(s, "sabotage P3 purple")
    assert s.stack_numbers(2, 0) == [1]
    assert s.removed[s.game.lookup["purple 2"]] == 1


def test_agent_miss_draws_two(inh):
    s = inh.position(players=3, hands={0: ["red 1"]}, stacks={0: {"purple": [1, 2, 3]}},
                     clans=["Rat", "Owl", "Wolf", "Boar", "Fox"])
    inh.play(s, "claim Rat", "use Agent", "ask P2 for red 1")
    assert s.drawq == [0, 0]


def test_lynx_takes_two_market_cards_on_claim(inh):
    s = inh.position(players=3, hands={0: ["red 1"]}, stacks={0: {"blue": [1, 2, 3]}},
                     market=[["Tome"], ["green 6"], ["Spy"]],
                     clans=["Rat", "Lynx", "Wolf", "Boar", "Fox"])
    inh.play(s, "claim Lynx", "take row 1 card 1", "take row 2 card 1")
    assert names(s, 0) == ["Tome", "green 6", "red 1"]
    assert s.drawq == [10, 11]


# ============================================================== Honors
HONOR_CASES = [
    ("Two Quests", {}, None, True),
    ("A Six", {"purple": [1, 2, 3, 4, 5, 6]}, [], True),
    ("A Six", {"purple": [1, 2, 3, 4, 5]}, [], False),
    ("Two Fours", {"purple": [1, 2, 3, 4], "blue": [1, 2, 3, 4, 5]}, [], True),
    ("Two Fours", {"purple": [1, 2, 3, 4], "blue": [1, 2, 3]}, [], False),
    ("Three Threes", {"purple": [1, 2, 3], "blue": [1, 2, 3], "red": [1, 2, 3, 4]}, [], True),
    ("Three Threes", {"purple": [1, 2, 3], "blue": [1, 2, 3], "red": [1, 2]}, [], False),
    ("Four Twos", {"purple": [1, 2], "blue": [1, 2], "red": [1, 2], "green": [1, 2]}, [],
     True),
    ("Four Twos", {"purple": [1, 2], "blue": [1, 2], "red": [1, 2], "green": [1]}, [], False),
    ("Three Tomes", {}, ["Tome", "Tome", "Tome"], True),
    ("Three Tomes", {}, ["Tome", "Tome"], False),
    ("Three Relics", {}, ["red relic", "blue relic", "green relic"], True),
    ("Three Relics", {}, ["red relic", "blue relic"], False),
]


@pytest.mark.parametrize("honor,stacks,hand,open_", HONOR_CASES)
def test_each_honor_requirement(inh, honor, stacks, hand, open_):
    """III. Explanations of the Honors: each requirement met, and just missed."""
    s = inh.position(players=3, hands={0: (hand or []) + ["yellow 5"]}, stacks={0: stacks},
                     honors=[honor])
    if honor == "Two Quests":
        pool = [q.name for q in s.game.quests]
        for held, open_ in ((pool[:2], True), (pool[:1], False)):
            s = inh.position(players=3, hands={0: ["yellow 5"]}, stacks={0: stacks},
                             honors=[honor], quests={0: held})
            assert honor_moves(inh, s) == ([f"honor {honor}"] if open_ else [])
        return
    assert honor_moves(inh, s) == ([f"honor {honor}"] if open_ else [])


def test_honor_claim_scores_one_and_shows_the_tomes(inh):
    """Honors: "Each Honor provides 1 VP"; "Show 3 Tomes from your hand. (They can leave
    your hand after the Honor is claimed.)": the Tomes shown become public."""
    s = inh.position(players=3, hands={0: ["Tome", "Tome", "Tome", "red 1"]},
                     honors=["Three Tomes", "A Six"])
    inh.play(s, "honor Three Tomes")
    assert s.breakdown(0).points("honors") == 1
    assert s.known[s.game.lookup["tome"]] == 3
    inh.play(s, "discard Tome to row 1, draw 2")
    assert s.breakdown(0).points("honors") == 1     # the Honor stays
    assert s.known[s.game.lookup["tome"]] == 2


def test_covered_cards_do_not_count_for_honors(inh):
    """R1: "Two number 4 (or above) cards in your play area" counts stacks by their top
    card: a covered 4 under a 5 in the same stack is one card, not two."""
    s = inh.position(players=3, hands={0: ["red 1"]}, stacks={0: {"blue": [1, 2, 3, 4, 5]}},
                     honors=["Two Fours", "Three Threes"])
    assert honor_moves(inh, s) == []


def test_variant_honors_count_covered_cards(inh):
    """R1's other reading, the variant ``honors-count-covered-cards``: "cards in your play
    area" read literally, a stack 1-2-3-4-5 holds two cards of 4 or above and three of 3
    or above; a 4 under nothing else does not make two. Recorded in the parameters."""
    from regalia.games.inheritors.positions import position as set_up
    g = regalia.load_game("inheritors", players=3, variants=["honors-count-covered-cards"])
    assert g.params["variants"] == ["honors-count-covered-cards"]
    assert regalia.load_game("inheritors", **g.params).covered_cards
    s = set_up(g, seed=0, hands={0: ["red 1"]}, stacks={0: {"blue": [1, 2, 3, 4, 5]}},
               honors=["Two Fours", "Three Threes"])
    assert honor_moves(inh, s) == ["honor Two Fours", "honor Three Threes"]
    s = set_up(g, seed=0, hands={0: ["red 1"]}, stacks={0: {"blue": [1, 2, 3, 4]}},
               honors=["Two Fours", "Four Twos"])
    assert honor_moves(inh, s) == []  # one 4 (two 2+ cards short of four: 2, 3, 4)
    with pytest.raises(ParameterError, match="honors-count-covered-cards"):
        regalia.load_game("inheritors", players=3, variants=["covered"])


def test_epics_do_not_count_for_the_three_tomes_honor(inh):
    """R2: only scoring step 2 says "Tomes (and Epics)"; the Honor says "Show 3 Tomes"."""
    s = inh.position(players=3, hands={0: ["Tome", "Tome", "red 1"]},
                     stacks={0: {"purple": [1, 2, 3]}}, honors=["Three Tomes"],
                     clans=["Raven", "Owl", "Stag", "Bear", "Serpent"])
    inh.play(s, "claim Raven")
    assert "The Raven's Chronicle" in s.hand_names(0)
    assert honor_moves(inh, s) == []


# ============================================================== end of the game
def test_empty_hand_draws_one_at_the_end_of_the_turn(inh):
    """III: "If you happen to play the last card in your hand, draw 1 card from the deck at
    the end of your turn." """
    s = inh.position(players=3, hands={0: ["purple 1"], 1: ["red 1"]})
    inh.play(s, "play purple 1")
    assert s.hsize[0] == 0 and not s.is_chance_node()
    inh.play(s, "end turn")
    assert s.drawq == [0]
    s.apply_random_chance(random.Random(0))
    assert s.hsize[0] == 1 and s.cur == 1


def test_empty_hand_at_the_start_passes(inh):
    """R11: with no card none of the five actions is possible: the player may only claim
    and pass, and draws 1 at the end of the turn."""
    s = inh.position(players=3, hands={1: ["red 1"]})
    assert inh.moves(s) == ["pass"]
    inh.play(s, "pass", "end turn")
    assert s.drawq == [0]


def _deck_down_to(s, k):
    """Move all but ``k`` deck cards to the removed area (for end-of-game tests; the
    fields are set whole, which both engines take)."""
    left = k
    deck, removed = s.deck, s.removed
    for t in range(s.game.T):
        keep = min(deck[t], left)
        left -= keep
        removed[t] += deck[t] - keep
        deck[t] = keep
    s.removed = removed
    s.deck = deck
    s.dsize = sum(deck)


def test_last_card_drawn_ends_after_the_round(inh):
    """IV: the game ends when "The last card has been taken from the deck"; "Complete the
    current round so that each player has played the same number of turns"."""
    s = inh.position(players=3, turn=1, hands={0: ["red 1"], 1: ["blue 1", "blue 2"],
                                               2: ["green 1"]})
    s.first = 0
    _deck_down_to(s, 1)
    inh.play(s, "discard blue 2 to row 1, draw 2")
    s.apply_random_chance(random.Random(0))   # the last card: the second draw is lost
    assert s.dsize == 0 and s.ended and not s.is_chance_node()
    assert s.hsize[1] == 2
    inh.play(s, "end turn")
    assert s.cur == 2 and not s.is_terminal()       # P3 still plays: the round completes
    inh.play(s, "play green 1", "end turn")
    assert s.is_terminal()                          # P1 would start a new round
    assert s.current_player() == regalia.TERMINAL
    assert sum(s.returns()) == pytest.approx(1.0)


def test_all_quests_and_honors_taken_ends_after_the_round(inh):
    """IV: the game ends when "All the Quests and Honors have been taken"."""
    s = inh.position(players=3, hands={0: ["red 1"], 1: ["blue 1"], 2: ["green 1"]},
                     stacks={0: {"purple": [1, 2, 3, 4, 5, 6]}}, honors=["A Six"],
                     quests_in_row=0)
    inh.play(s, "honor A Six")
    assert s.ended
    inh.play(s, "play red 1", "end turn", "play blue 1", "end turn", "play green 1")
    inh.play(s, "end turn")
    s.apply_random_chance(random.Random(0))    # P3 played the last card: draws 1
    assert s.is_terminal()


# ============================================================== V. Scoring
def test_scoring_influence_is_the_sum_of_top_cards(inh):
    """V step 1: "Sum your topmost played Influence Cards of each color." """
    s = inh.position(players=3, stacks={0: {"purple": [1, 2, 3], "blue": [1, 2, 4],
                                            "red": [1]}})
    assert s.breakdown(0).points("influence") == 3 + 4 + 1


@pytest.mark.parametrize("tomes,expected", [
    ((3, 1, 0), [3, 1, 0]),      # most 3, second 1
    ((2, 2, 1), [3, 3, 0]),      # first place tied: no second place
    ((3, 1, 1), [3, 1, 1]),      # second place tied: both gain the full amount
    ((0, 0, 0), [0, 0, 0]),      # R6: nobody with none places
    ((2, 0, 0), [3, 0, 0]),      # R6: zero is not a second place
])
def test_scoring_tome_majority(inh, tomes, expected):
    """V step 2: "The player with the most gains 3 VPs. The player with the second-most
    gains 1 VP. If tied, all players in the tie gain the full amount of the reward. If
    first place is tied, there is no second place." """
    s = inh.position(players=3, hands={p: ["Tome"] * k for p, k in enumerate(tomes)})
    assert [s.breakdown(p).points("tomes") for p in range(3)] == expected


def test_scoring_epics_count_with_tomes(inh):
    s = inh.position(players=3, hands={0: ["Tome"], 1: ["Tome"]},
                     stacks={1: {"purple": [1, 2, 3]}},
                     clans=["Raven", "Owl", "Stag", "Bear", "Serpent"], turn=1)
    inh.play(s, "claim Raven")
    assert [s.breakdown(p).points("tomes") for p in range(3)] == [1, 3, 0]


def test_scoring_relics(inh):
    """V step 3: +1 if you played the highest number (ties included) of the Relic's
    colour, else -1; R5: without a stack of that colour, -1."""
    s = inh.position(players=3, hands={0: ["purple relic", "blue relic", "red relic"]},
                     stacks={0: {"purple": [1, 2, 3], "blue": [1, 2]},
                             1: {"purple": [1, 2, 3], "blue": [1, 2, 3]}})
    # purple: tied highest +1; blue: behind -1; red: no stack -1
    assert s.breakdown(0).points("relics") == 1 - 1 - 1


def test_scoring_quest_example_gives_two(inh):
    """III. action 4, 'Example of a Quest': "This quest provides you 2 VPs because you have
    2 number 3 cards in hand." Otherwise 1 VP."""
    hands = {0: ["purple 3", "red 3", "Tome"], 1: ["purple 3", "Tome"]}
    s = inh.position(players=3, hands=hands, quests={0: ["Two Threes"]})
    assert s.breakdown(0).points("quests") == 2
    s = inh.position(players=3, hands=hands, quests={1: ["Two Threes"]})
    assert s.breakdown(1).points("quests") == 1


def test_quests_reuse_the_same_cards(inh):
    """"If you have more than 1 Quest, you can reuse the cards in your hand." """
    s = inh.position(players=3, hands={0: ["purple 3", "purple 3", "purple 1"]},
                     quests={0: ["Two Threes", "Purple Treasury"]})
    assert s.breakdown(0).points("quests") == 4


def test_scoring_clan_and_total(inh):
    """V: "Remember, some Clans affect end-game scoring": Stag (reconstructed) +2 with
    stacks in 4 colours; the total adds every step."""
    s = inh.position(players=3, hands={0: ["Tome", "red relic"]},
                     stacks={0: {"purple": [1], "blue": [1], "yellow": [1, 2, 3], "red": [1]}},
                     clans=["Rat", "Owl", "Stag", "Bear", "Fox"], honors=["Four Twos"])
    inh.play(s, "claim Stag")
    b = s.breakdown(0)
    assert {k: b.points(k) for k in BREAKDOWN_KEYS} == {
        "influence": 6, "tomes": 3, "relics": 1, "quests": 0, "honors": 0, "clan": 2,
        "epics": 0}
    assert b.total == 12


def test_tie_break_more_tomes_then_more_cards_then_shared(inh):
    """V: "If tied, the player with more Tomes in hand wins. If tied again, the player with
    more cards in hand wins. If still tied, all players in the tie share the victory." """
    hands = {0: ["Tome", "purple 1"], 1: ["Tome", "Tome"], 2: ["Tome", "Tome", "red 1"]}
    s = inh.position(players=3, hands=hands,
                     stacks={0: {"blue": [1, 2, 3, 4]}, 1: {"blue": [1]}, 2: {"blue": [1]}})
    # P1: 4 + no Tome place; P2 and P3: 1 + 3 (tied most Tomes)
    assert [s.breakdown(p).total for p in range(3)] == [4, 4, 4]
    assert s.tie_break_keys() == [(4, 1, 2), (4, 2, 2), (4, 2, 3)]
    s = inh.position(players=3, hands=hands, over=True,
                     stacks={0: {"blue": [1, 2, 3, 4]}, 1: {"blue": [1]}, 2: {"blue": [1]}})
    assert s.returns() == [0.0, 0.0, 1.0]               # most Tomes: P2, P3; more cards: P3
    s = inh.position(players=3, hands=hands, over=True,  # P1's blue stack up to 5
                     stacks={0: {"blue": [1, 2, 3, 4, 5]}, 1: {"blue": [1]}, 2: {"blue": [1]}})
    assert s.returns() == [1.0, 0.0, 0.0]               # points first
    s2 = inh.position(players=3, hands={0: ["Tome", "red 1"], 1: ["Tome", "blue 1"],
                                        2: ["Tome", "red 2"]}, over=True)
    assert s2.returns() == pytest.approx([1 / 3, 1 / 3, 1 / 3])


def test_tie_break_counts_tomes_not_epics(inh):
    """R15: the tie-break says "more Tomes in hand" (scoring step 2 says "Tomes (and
    Epics)"): an Epic does not break the tie."""
    s = inh.position(players=3, hands={0: ["Tome", "red 1"], 1: ["Tome"]},
                     stacks={1: {"purple": [1, 2, 3]}},
                     clans=["Raven", "Owl", "Stag", "Bear", "Serpent"], turn=1)
    inh.play(s, "claim Raven")
    assert s.tie_break_keys()[1][1] == 1


# ============================================================== Market names (R9)
def test_relics_match_each_other_by_name(inh):
    """R9: the Market matches "color, number, or name"; all Relics are called Relic."""
    s = inh.position(players=3, hands={0: ["purple relic"]},
                     market=[["blue relic"], ["red 1"], ["green 2"]])
    assert sorted(m for m in inh.moves(s) if ", take row" in m) == [
        "discard purple relic to row 2, take row 1", "discard purple relic to row 3, take row 1"]


# ============================================================== random games
def _check_invariants(s):
    g = s.game
    assert s.card_places() == list(g.tcopies)      # every card in exactly one place
    for p in range(g.num_players):
        for c in range(5):
            nums = s.stack_numbers(p, c)
            if nums:   # in sequence; a gap of one number only by a skip (Conspirator)
                assert nums[0] in (1, 2)
                assert all(b - a in (1, 2) for a, b in zip(nums, nums[1:])), nums
    assert sum(s.hand[p * g.T:(p + 1) * g.T]) == s.hsize[p]
    assert s.dsize == sum(s.deck)
    assert len(s.quests[0]) + sum(len(q) for q in s.quests[1:]) + len(s.qpool) <= len(g.quests)


@pytest.mark.parametrize("seeds", [
    pytest.param(range(12), id="12-games"),
    pytest.param(range(300), id="sweep-300-games", marks=pytest.mark.slow),   # pytest -m slow
])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants(players, seeds):
    """The invariants after every action of seeded random games; each ends within
    ``max_game_length`` with returns adding up to 1."""
    g = regalia.load_game("inheritors", players=players)
    for seed in seeds:
        s = g.new_initial_state(seed)
        for _ in plies(s, random.Random(seed)):
            _check_invariants(s)
        assert len(s.history()) <= g.max_game_length
        assert sum(s.returns()) == pytest.approx(1.0)


# ======================================================================= game length
def test_max_game_length_is_the_bound_counted_from_the_rules():
    """``max_game_length`` = setup reveals + deck + Quests drawn + 2 x turns + 3 Quest
    discards each + Advocate steps + Clan claims (with the Lynx's 2 takes) + Honor claims,
    where turns <= deck draws after the deal + influence placements + one-unit Advocates
    (Advisors, Saboteur) + players - 1 (docs/games/inheritors.md, "Game length"). 2 players
    (2-Player Variant: a colour, the marked Advocates out): deck 78, placements min(56,
    4 colours x 10 slots + 1 Saboteur) = 41, one-unit Advocates 4 + 1, turns 55 + 41 + 5 + 1
    = 102; 10 + 78 + 4 + 204 + 12 + 22 + 2 x 3 + 4 = 340."""
    lengths = {n: regalia.load_game("inheritors", players=n).max_game_length
               for n in (2, 3, 4)}
    # 3 players: deck 99, placements min(70, 5 x 13 + 1) = 66, turns 66 + 66 + 7 + 2 = 141
    # 4 players: deck 99, placements min(70, 5 x 14 + 1) = 70, turns 56 + 70 + 7 + 3 = 136
    # both: setup 1 + 5 + 5, Quests 5 (+15 discards), Advocate steps 30, Honors 5
    assert lengths == {2: 340,
                       3: 11 + 99 + 5 + 2 * 141 + 15 + 30 + 3 * 3 + 5,
                       4: 11 + 99 + 5 + 2 * 136 + 15 + 30 + 4 * 3 + 5}
    assert lengths == {2: 340, 3: 456, 4: 449}


def _long_policy(s, rng):
    """A player who stretches the game: one unit per turn with the most plies (an Advisor,
    a Market take, one Influence Card), never two draws or a Quest."""
    order = (("use Advisor", 9), ("take row", 8), (", take row", 7), ("play", 6), ("use", 5),
             ("claim", 4), ("honor", 4), ("end turn", 3), ("pass", 2), ("discard", 1),
             ("quest", 0))

    def score(a):
        text = s.action_to_string(a)
        if text.endswith("draw 2"):
            return 1
        for key, value in order:
            if key in text if key.startswith(",") else text.startswith(key):
                return value
        return 2
    legal = s.legal_actions()
    best = max(map(score, legal))
    choice = [a for a in legal if score(a) == best]
    return choice[rng.randrange(len(choice))]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_stretched_on_purpose_stay_within_the_bound(players):
    """Players who make the game as long as they can still end within ``max_game_length``
    (and random games run well past a third of it: the conformance suite needs that)."""
    g = regalia.load_game("inheritors", players=players)
    longest = 0
    for seed in range(6):
        s = play_out(g.new_initial_state(seed), random.Random(seed), _long_policy)
        _check_invariants(s)
        longest = max(longest, len(s.history()))
    assert g.max_game_length // 3 < longest <= g.max_game_length


# ============================================================== further rulings
def test_quest_drawn_uniformly_from_those_not_taken(inh):
    """R10: the face-down row is five random Quests; taking one draws it uniformly from the
    Quests nobody has taken (the same distribution as a random row looked at later)."""
    s = inh.position(hands={0: ["purple 1", "purple 2", "purple 3"]})
    inh.play(s, "quest purple", "discard purple 1 to row 1", "discard purple 2 to row 1",
             "discard purple 3 to row 1")
    outcomes = s.chance_outcomes()
    assert [a - s.game.C_QUEST for a, _ in outcomes] == sorted(s.qpool)
    assert len(outcomes) == 7 and all(p == pytest.approx(1 / 7) for _, p in outcomes)


def test_advocate_that_cannot_act_cannot_be_played(inh):
    """R12: an Advocate is played to "use its ability": a Spy needs a card you can legally
    play to announce; a Saboteur a stack it may remove from."""
    full = {c: [1, 2, 3, 4, 5, 6] for c in ("purple", "blue", "yellow", "green", "red")}
    s = inh.position(players=3, hands={0: ["Spy", "Advisor", "Tome"]}, stacks={0: full},
                     market=[["red 1"], [], []])
    assert [m for m in inh.moves(s) if m.startswith("use ")] == ["use Advisor"]


def test_drawing_from_an_empty_deck_draws_nothing(inh):
    """R14: once the deck is empty (the game is ending) draws and restocks take nothing;
    "Discard 1 card, draw 2" stays a legal action."""
    s = inh.position(players=3, hands={0: ["red 1", "red 2"], 1: ["blue 1"], 2: ["green 1"]})
    _deck_down_to(s, 0)
    s.ended = True
    inh.play(s, "discard red 2 to row 1, draw 2")
    assert not s.is_chance_node() and s.hsize[0] == 1 and s.phase == PH_POST


def test_clan_claim_looks_at_the_stack_now(inh):
    """R16: "you must have played an Influence Card numbered 3 or higher of that Clan's
    color": the stack's top card now (a sabotaged 3 no longer counts)."""
    s = inh.position(players=3, hands={0: ["red 1"], 1: ["red 2"]},
                     stacks={0: {"green": [1, 2, 3]}, 1: {"blue": [1, 2, 3]}},
                     clans=["Rat", "Owl", "Wolf", "Boar", "Fox"])
    inh.play(s, "claim Boar", "use Saboteur", "sabotage P2 blue", "end turn")
    assert s.cur == 1 and s.phase == PH_START
    assert [m for m in inh.moves(s) if m.startswith("claim")] == []


def test_a_clan_scoring_majority_from_a_users_file(inh, data, tmp_path):
    """A transcription may give a Clan a ``majority`` scoring text: the holder scores by
    their place among all players (here: the most Relics in hand, 2 VP)."""
    stag = inh.record(data, "clans", name="Stag")
    stag["abilities"] = [{"trigger": "scoring", "provenance": "reconstructed",
                          "note": "test", "effects": [{"kind": "majority",
                                                       "card_kinds": ["relic"],
                                                       "points": [2]}]}]
    path = inh.write_cards(tmp_path / "cards.toml", data)
    for p2, points in ((["green relic"], 2), (["green relic", "purple relic"], 2),
                       (["green relic", "purple relic", "yellow relic"], 0)):
        s = inh.position(players=3, data=str(path),   # P2 fewer, tied (still the most), ahead
                         hands={0: ["red relic", "blue relic"], 1: p2},
                         stacks={0: {"yellow": [1, 2, 3]}},
                         clans=["Rat", "Owl", "Stag", "Bear", "Fox"])
        inh.play(s, "claim Stag")
        assert s.breakdown(0).points("clan") == points


def test_a_later_advocate_ability_with_its_own_requirement(inh, data, tmp_path):
    """A transcription may give an Advocate a second ability with its own requirement: it
    applies only if that requirement holds when reached."""
    spy = inh.record(data, "advocates", name="Advisor")
    spy["abilities"].append({"trigger": "play", "provenance": "reconstructed", "note": "test",
                             "requirement": {"kind": "cards_in_hand", "count": 2,
                                             "card_kinds": ["tome"]},
                             "effects": [{"kind": "draw", "n": 3}]})
    path = inh.write_cards(tmp_path / "cards.toml", data)
    for tomes, draws in ((2, 3), (1, 0)):
        s = inh.position(players=3, data=str(path), hands={0: ["Advisor"] + ["Tome"] * tomes},
                         market=[["red 1"], ["red 2"], ["red 3"]])
        inh.play(s, "use Advisor", "take row 1 card 1", "take row 2 card 1")
        assert s.drawq == [10, 11]                  # the Advisor's refill first
        assert s.to_json() == s.game.state_from_json(s.to_json()).to_json()
        s.apply_random_chance(random.Random(0))
        s.apply_random_chance(random.Random(1))
        assert s.drawq == [0] * draws


# ============================================================== review additions
def test_an_empty_market_row_can_be_discarded_onto_but_not_taken(inh):
    """III. The Market: "If a row is empty, reveal the top card from the main deck to
    restock the row"; once the deck is out a row may stay empty. Action 3 takes "all cards
    of another row where the top card has the same color, number, or name": an empty row has
    no top card, so it is never taken, but a discard may go onto it ("discard it on any row
    in the Market")."""
    s = inh.position(players=3, hands={0: ["purple 2", "blue 1"], 1: ["red 1"],
                                       2: ["green 1"]},
                     market=[["purple 3"], [], ["blue 3"]])
    assert sorted(m for m in inh.moves(s) if ", take row" in m) == [
        "discard blue 1 to row 1, take row 3", "discard blue 1 to row 2, take row 3",
        "discard purple 2 to row 2, take row 1", "discard purple 2 to row 3, take row 1"]
    inh.play(s, "discard blue 1 to row 2, take row 3")
    assert names(s, 0) == ["blue 3", "purple 2"]
    assert [[s.game.tname[t] for t in r] for r in s.rows[:2]] == [["purple 3"], ["blue 1"]]


def test_spy_asks_another_player_for_a_card_of_a_colour_in_play(inh):
    """Spy: "Pick a player and announce an Influence Card (color and number) that you can
    legally play": another player (never yourself), the next number of a stack or a 1 of a
    new colour; with 2 players never a card of the removed colour (2-Player Variant 1)."""
    s = inh.position(players=3, hands={0: ["Spy", "blue 1"], 1: ["red 1"], 2: ["green 1"]},
                     stacks={0: {"purple": [1, 2], "yellow": [1, 2, 3, 4, 5, 6]}})
    inh.play(s, "use Spy")
    assert inh.moves(s) == [f"ask P{q} for {card}" for q in (2, 3) for card in
                            ("purple 3", "blue 1", "green 1", "red 1")]
    two = inh.position(players=2, hands={0: ["Spy", "yellow 1"], 1: ["green 1"]})
    removed = two.game.colours[two.rcol]
    inh.play(two, "use Spy")
    asked = inh.moves(two)
    assert len(asked) == 4 and all(removed not in m and m.startswith("ask P2 for ")
                                   for m in asked)


def test_advisor_with_one_card_in_the_market_takes_it_and_refills(inh):
    """Advisor: "Take any 2 cards from the Market ... Refill the Market (if needed) after
    you take both cards." With a single card in the Market the second take cannot be carried
    out and is skipped (R12: later effects that cannot be carried out are skipped); the
    Market is then refilled, one card per empty row."""
    s = inh.position(players=3, hands={0: ["Advisor", "red 1"], 1: ["blue 1"],
                                       2: ["green 1"]},
                     market=[["purple 3"], [], []])
    inh.play(s, "use Advisor")
    assert inh.moves(s) == ["take row 1 card 1 (purple 3)"]
    inh.play(s, "take row 1 card 1")
    assert names(s, 0) == ["purple 3", "red 1"]
    assert s.is_chance_node() and sorted(s.drawq) == [10, 11, 12]
    for _ in range(3):
        s.apply_random_chance(random.Random(1))
    assert [len(r) for r in s.rows] == [1, 1, 1] and s.phase == PH_POST


def test_turns_go_clockwise_and_the_last_round_is_completed(inh):
    """III: "continue taking turns in clockwise order" (seat order P1, P2, P3, P1 ...); IV:
    the end is triggered by the last card drawn in P2's turn, so P3 still plays, and the
    game ends before P1 (the first player) would start a new round."""
    s = inh.position(players=3, turn=1, hands={0: ["red 1"], 1: ["blue 1", "blue 2"],
                                               2: ["green 1", "green 2"]})
    s.first = 0
    g = s.game
    keep = g.lookup["yellow 1"]
    s.box = [b + k - (t == keep) for t, (b, k) in enumerate(zip(s.box, s.deck))]
    s.deck = [int(t == keep) for t in range(g.T)]    # one card left in the deck
    s.dsize = 1
    inh.play(s, "discard blue 2 to row 1, draw 2")
    s.apply_random_chance(random.Random(0))
    assert s.ended and names(s, 1) == ["blue 1", "yellow 1"] and s.phase == PH_POST
    inh.play(s, "end turn")
    assert s.current_player() == 2 and s.phase == PH_START
    inh.play(s, "play green 1", "end turn")
    assert s.is_terminal()


def test_relic_matches_its_colour_and_advocates_match_each_other(inh):
    """III. action 3: "the top card has the same color, number, or name": a Relic has the
    colour of its realm (V. Scoring 3: "the color matching the Relic"), so a purple Relic
    takes a row topped by a purple card and a purple card takes a row topped by it; "All
    Advocates are white", so a Spy takes a row topped by an Advisor; neither has a number."""
    s = inh.position(players=3, hands={0: ["purple relic", "Spy", "yellow 1"], 1: ["red 1"],
                                       2: ["green 1"]},
                     market=[["purple 5"], ["Advisor"], ["blue 1"]])
    assert sorted(m for m in inh.moves(s) if ", take row" in m) == [
        "discard Spy to row 1, take row 2", "discard Spy to row 3, take row 2",
        "discard purple relic to row 2, take row 1", "discard purple relic to row 3, take row 1",
        "discard yellow 1 to row 1, take row 3", "discard yellow 1 to row 2, take row 3"]
    t = inh.position(players=3, hands={0: ["purple 2"], 1: ["red 1"], 2: ["green 1"]},
                     market=[["purple relic"], ["Tome"], ["blue 1"]])
    assert sorted(m for m in inh.moves(t) if ", take row" in m) == [
        "discard purple 2 to row 1, take row 2", "discard purple 2 to row 2, take row 1",
        "discard purple 2 to row 3, take row 1", "discard purple 2 to row 3, take row 2"]
