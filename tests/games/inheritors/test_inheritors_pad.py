"""Inheritors' scoring pad (``games/inheritors/pad.py``): the documented table entered by
edits, the parser's refusals (a Clan without a 3, ruling R20), menus, the round trip."""

from __future__ import annotations

from pathlib import Path

import pytest

from regalia.core.errors import NotationError
from regalia.games.inheritors import pad
from regalia.games.inheritors.textformat import parse_text, game_for, score_text

EXAMPLE = Path(__file__).parents[3] / "docs" / "examples" / "inheritors-table.txt"
TABLE = [
    ("Anna", {"purple": 4, "blue": 2, "yellow": 6},
     {"purple 3": 2, "Tome": 2, "purple relic": 1, "Spy": 1}, ["Two Threes"], ["A Six"],
     "Rat"),
    ("Ben", {"purple": 5, "green": 3, "red": 2, "yellow": 3},
     {"Tome": 2, "The Owl's Almanac": 1, "red relic": 1}, ["Two Twos", "Red Treasury"],
     ["Two Quests"], "Stag"),
    ("Cleo", {"red": 2}, {"red 5": 1, "red 4": 1, "red 3": 1, "green 2": 1},
     ["Purple Treasury"], [], ""),
]


def enter_table() -> str:
    text = pad.new({"players": 3})
    for p, (name, tops, hand, quests, honors, clan) in enumerate(TABLE):
        text = pad.edit(text, {"op": "name", "player": p, "name": name})
        for colour, top in tops.items():
            text = pad.edit(text, {"op": "top", "player": p, "colour": colour, "value": top})
        for card, k in hand.items():
            text = pad.edit(text, {"op": "hand", "player": p, "card": card, "value": k})
        for q in quests:
            text = pad.edit(text, {"op": "quest", "player": p, "name": q, "on": True})
        for h in honors:
            text = pad.edit(text, {"op": "honor", "player": p, "name": h, "on": True})
        if clan:
            text = pad.edit(text, {"op": "clan", "player": p, "name": clan})
    return text


def test_the_documented_table_entered_scores_15_24_3():
    text = enter_table()
    v = pad.view(text)
    assert [p["total"] for p in v["score"]["players"]] == [15, 24, 3]
    assert v["score"]["result"] == "Ben wins with 24 points (next: 15)."
    assert [(r["name"], r["rank"]) for r in v["score"]["ranking"]] == \
        [("Ben", 1), ("Anna", 2), ("Cleo", 3)]
    assert v["score"]["ranking"][0]["keys"] == [24, 2, 4]   # points, Tomes, cards in hand
    G = game_for(4)
    mine, doc = parse_text(text, G), parse_text(EXAMPLE.read_text(), G)
    assert [(p.tops, p.hand, sorted(p.quests), sorted(p.honors), p.clan) for p in mine] == \
        [(p.tops, p.hand, sorted(p.quests), sorted(p.honors), p.clan) for p in doc]
    steps = v["score"]["players"][1]["steps"]
    assert steps[0]["section"].endswith("V. Scoring, step 1")
    assert [p.total for p in score_text(text).scores] == [15, 24, 3]


def test_a_clan_without_a_three_is_refused_in_place_of_the_menu():
    text = pad.new({"players": 2})
    with pytest.raises(NotationError) as info:
        pad.edit(text, {"op": "clan", "player": 0, "name": "Wolf"})
    assert str(info.value).startswith("Wolf: Player 1's yellow stack is empty; claiming the "
                                      "Wolf needs 'an Influence Card numbered 3 or higher")
    text = pad.edit(text, {"op": "top", "player": 0, "colour": "yellow", "value": 3})
    text = pad.edit(text, {"op": "clan", "player": 0, "name": "Wolf"})
    with pytest.raises(NotationError, match="only one Clan of each colour"):
        pad.edit(pad.edit(text, {"op": "top", "player": 1, "colour": "yellow", "value": 4}),
                 {"op": "clan", "player": 1, "name": "Stag"})
    with pytest.raises(NotationError, match="Wolf: Player 1's yellow stack shows a 1"):
        pad.edit(text, {"op": "top", "player": 0, "colour": "yellow", "value": 1})
    low = pad.view(pad.edit(text, {"op": "top", "player": 0, "colour": "yellow", "value": 2}))
    assert "Saboteur" in low["score"]["players"][0]["warnings"][0]


@pytest.mark.parametrize("edit,words", [
    ({"op": "hand", "player": 0, "card": "purple 6", "value": 2},
     "purple 6: 2 written in play areas (top cards) and hands, but the game has 1"),
    ({"op": "top", "player": 0, "colour": "black", "value": 3}, "expected one of purple"),
    ({"op": "remove_player", "player": 0}, "keep at least two"),
])
def test_refusals(edit, words):
    with pytest.raises(NotationError, match=words.replace("(", r"\(").replace(")", r"\)")):
        pad.edit(pad.new({"players": 2}), edit)


def test_menus_list_what_can_be_chosen_with_provenance():
    text = pad.new({"players": 2})
    clan = pad.view(text, "clan:0")["menu"]
    opts = clan["groups"][0]["options"]
    assert opts[0]["label"] == "none" and len(opts) == 11
    wolf = next(o for o in opts if o["label"].startswith("Wolf"))
    assert wolf.get("note", "") == "" and wolf["edit"] == {"op": "clan", "player": 0,
                                                           "name": "Wolf"}
    assert next(o for o in opts if o["label"].startswith("Rat"))["note"] == "reconstructed"
    hand = pad.view(text, "hand:1:red")["menu"]
    assert [g["label"] for g in hand["groups"]] == [f"red {n}" for n in range(1, 7)]
    assert hand["groups"][0]["kind"] == "stepper"
    stack = pad.view(text, "stack:1:4")["menu"]["groups"][0]["options"]
    assert [o["label"] for o in stack] == ["no stack", "1", "2", "3", "4", "5", "6"]
    for bad in ("stack:0:5", "hand:0:gold", "clan:2", "quests"):
        with pytest.raises(NotationError):
            pad.view(text, bad)


def test_the_documented_file_opens_as_it_is():
    text = EXAMPLE.read_text()
    v = pad.view(text)
    assert v["text"] == text and [p["total"] for p in v["score"]["players"]] == [15, 24, 3]
