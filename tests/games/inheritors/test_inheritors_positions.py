"""The Inheritors set-up API (:func:`regalia.games.inheritors.positions.position`): a position
described by its cards, validated, every card in one place (II. Setup; 2-Player Variant)."""

from __future__ import annotations

import pytest

import regalia
from regalia.core.errors import ParameterError
from regalia.games.inheritors.positions import position, swap_quest, swap_with_deck, with_bounds


def _game(players=3):
    return regalia.load_game("inheritors", players=players)


def test_the_described_position_is_what_the_seats_see():
    g = _game(3)
    s = position(g, seed=4, hands={0: ["Spy", "red 1"], 1: ["purple 2"]},
                 market=[["blue 1"], [], ["Tome", "green 2"]],
                 stacks={0: {"purple": [1]}, 2: {"yellow": [1, 2]}},
                 honors=["Spy's Success", "A Six"], clans=["Raven", "Owl", "Stag", "Bear",
                                                           "Fox"],
                 quests={2: [g.quests[0].name]}, quests_in_row=3, turn=0)
    obs = s.observation(0)
    assert obs["hand"] == ["red 1", "Spy"]
    assert obs["hand_sizes"] == [2, 1, 0] and obs["quest_counts"] == [0, 0, 1]
    assert obs["market"] == [["blue 1"], [], ["Tome", "green 2"]]
    assert obs["play_areas"] == [{"purple": [1]}, {}, {"yellow": [1, 2]}]
    assert obs["honor_row"] == ["A Six", "Spy's Success"]     # in the cards file's order
    assert [c["clan"] for c in obs["clans"]] == ["Raven", "Owl", "Stag", "Bear", "Fox"]
    assert obs["phase"] == "start" and obs["turn"] == 0 and obs["quests_in_row"] == 3
    assert s.observation(2)["quests"] == [g.quests[0].name]
    assert s.card_places() == list(g.tcopies)
    # III. action 1: purple 2 is not held by P1; P1 may play red 1 (a new stack)
    assert "play red 1" in [s.action_to_string(a) for a in s.legal_actions()]
    # the JSON of the position is valid (every card in one place, nothing known)
    assert g.state_from_json(s.to_json()) == s


def test_over_is_the_end_of_the_game():
    s = position(_game(3), seed=1, hands={0: ["Tome"]}, over=True)
    assert s.is_terminal() and s.observation(1)["hands"][0] == ["Tome"]


def test_two_player_clans_keep_the_marked_cards_in_the_box():
    """R4: in a 2-player game the marked Special Advocates stay in the box."""
    g = _game(2)
    s = position(g, seed=2)
    clans = [c["clan"] for c in s.observation(0)["clans"]]
    again = position(g, seed=2, clans=clans)
    assert again.to_json()["with_clans"] == s.to_json()["with_clans"]
    assert again.to_json()["box"] == s.to_json()["box"]


@pytest.mark.parametrize("kwargs, words", [
    ({"hands": {3: ["red 1"]}}, "not a seat"),
    ({"hands": {0: ["red 7"]}}, "no card named 'red 7'"),
    ({"hands": {0: ["Spy"] * 9}}, "no Spy left to place"),
    ({"market": [[], [], [], ["red 1"]]}, "3 rows"),
    ({"stacks": {0: {"pink": [1]}}}, "unknown colour 'pink'"),
    ({"stacks": {0: {"red": [0]}}}, "numbered 1 to 6"),
    ({"stacks": {0: {"red": [1, 1]}}}, "each once per stack"),
    ({"honors": ["A Seven"]}, "no such name 'A Seven'"),
    ({"honors": ["A Six", "A Six"]}, "once"),
    ({"clans": ["Raven", "Raven"]}, "one Clan per colour"),
    ({"quests": {0: ["No Quest"]}}, "no such name"),
    ({"quests_in_row": 99}, "quests_in_row"),
    ({"turn": 5}, "turn: 5 is not a seat"),
])
def test_a_position_that_cannot_be_is_refused_naming_why(kwargs, words):
    with pytest.raises(ParameterError, match=words.replace("(", r"\(")):
        position(_game(3), seed=0, **kwargs)


def test_a_quest_is_held_once():
    g = _game(3)
    name = g.quests[0].name
    with pytest.raises(ParameterError, match="not in the face-down pool"):
        position(g, seed=0, quests={0: [name], 1: [name]})


def test_a_removed_colour_cannot_be_placed():
    """2-Player Variant: the removed colour's Influence Cards are out of the game."""
    g = _game(2)
    s = position(g, seed=3)
    removed = s.observation(0)["removed_colour"]
    with pytest.raises(ParameterError, match=f"no {removed} 1 left"):
        position(g, seed=3, hands={0: [f"{removed} 1"]})


# ---------------------------------------------------------------------- twins
def test_a_twin_differs_only_in_what_other_seats_cannot_see():
    g = _game(3)
    s = position(g, seed=0, hands={0: ["Spy", "red 1"], 1: ["purple 1", "blue 1"]})
    twin = swap_with_deck(s, 1, "blue 1", "green 3")
    assert twin.observation(1)["hand"] == ["purple 1", "green 3"]
    assert s.observation(1)["hand"] == ["purple 1", "blue 1"]        # the original is kept
    for seat in (0, 2):
        assert twin.observation(seat) == s.observation(seat)
        assert twin.information_state_string(seat) == s.information_state_string(seat)
    assert twin.card_places() == list(g.tcopies) and twin.seed is None


def test_a_card_the_table_knows_is_not_swapped():
    """A card taken from the Market is seen entering the hand (public): no twin hides it."""
    g = _game(3)
    s = position(g, seed=0, hands={0: ["purple 1"]}, market=[["blue 1"], [], []])
    s.apply_action(s.string_to_action("discard purple 1 to row 2, take row 1"))
    with pytest.raises(ParameterError, match="that the table does not know of"):
        swap_with_deck(s, 0, "blue 1", "green 3")
    with pytest.raises(ParameterError, match="no card named"):
        swap_with_deck(s, 0, "blue 9", "green 3")
    with pytest.raises(ParameterError, match="not a seat"):
        swap_with_deck(s, 3, "blue 1", "green 3")


def test_a_quest_twin():
    g = _game(3)
    held, pooled = g.quests[0].name, g.quests[1].name
    s = position(g, seed=0, quests={2: [held]})
    twin = swap_quest(s, 2, held, pooled)
    assert twin.observation(2)["quests"] == [pooled]
    assert twin.observation(0) == s.observation(0)
    with pytest.raises(ParameterError, match="not in the face-down pool"):
        swap_quest(s, 2, held, held)
    with pytest.raises(ParameterError, match="holds no Quest"):
        swap_quest(s, 1, held, pooled)


def test_bounds_are_what_the_table_knows_of_a_hand():
    """As after a Spy's miss (III. Spy): every determinization respects the bound; a bound
    below what the seat holds would be a falsehood and is refused."""
    import random
    g = _game(3)
    s = position(g, seed=0, hands={0: ["red 1"], 1: ["blue 1", "blue 2"], 2: ["green 1"]})
    bounded = with_bounds(s, 1, {"purple 1": 0, "purple 2": 0, "blue 1": 1})
    assert bounded.observation(0) == s.observation(0)
    for seed in range(20):
        sample = bounded.resample_from_infostate(0, random.Random(seed))
        hand = sample.observation(1)["hand"]
        assert "purple 1" not in hand and "purple 2" not in hand and hand.count("blue 1") <= 1
    with pytest.raises(ParameterError, match="holds 1"):
        with_bounds(s, 1, {"blue 1": 0})
    with pytest.raises(ParameterError, match="no card named"):
        with_bounds(s, 1, {"blue 0": 0})
