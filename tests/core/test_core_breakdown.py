"""The one score breakdown type (``regalia.core.breakdown``) and every game's
``state.breakdown(p)``: items in order, totals, entries by key, JSON."""

from __future__ import annotations

import json
import random

import pytest

import regalia
from regalia.core import Breakdown, ScoreItem
from regalia.core.errors import ParameterError

from random_play import play_out


def test_items_keep_their_order_and_add_up():
    bd = Breakdown((ScoreItem("property", "forest", 6, facts={"squares": 3, "crowns": 2}),
                    ScoreItem("property", "lake", 0, facts={"squares": 2, "crowns": 0}),
                    ScoreItem("harmony", "Harmony bonus", 5),
                    ScoreItem("relics", "purple relic", -1, "no purple stack")))
    assert [i.label for i in bd] == ["forest", "lake", "Harmony bonus", "purple relic"]
    assert len(bd) == 4 and bd.total == 10
    assert bd.points("property") == 6 and bd.points("property", "harmony") == 11
    assert bd.points("clan") == 0 and bd.of("clan") == ()
    assert [i.label for i in bd.of("property")] == ["forest", "lake"]
    assert bd.keys() == ["property", "harmony", "relics"]


def test_to_json_goes_through_text():
    bd = Breakdown.of_items([ScoreItem("building", "inn", 6, "1 + 2 tiles in its row",
                                       {"position": (1, -2), "doubled": True})])
    data = json.loads(json.dumps(bd.to_json()))
    assert data == {"total": 6, "items": [
        {"key": "building", "label": "inn", "points": 6, "detail": "1 + 2 tiles in its row",
         "facts": {"position": [1, -2], "doubled": True}}]}


def test_an_empty_breakdown_totals_zero():
    assert Breakdown().total == 0 and Breakdown().to_json() == {"items": [], "total": 0}


def test_default_breakdown_is_one_score_item(dice_race):
    s = dice_race().new_initial_state(1)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    bd = s.breakdown(1)
    assert bd.items == (ScoreItem("score", "score", s.scores()[1]),)
    with pytest.raises(ParameterError):
        s.breakdown(2)


@pytest.mark.parametrize("name,params", [("kingdomino", {"players": 3}),
                                         ("two-heirs", {"players": 2}),
                                         ("cascadito", {"players": 2}),
                                         ("inheritors", {"players": 3})])
def test_every_game_itemises_its_score_in_the_core_type(name, params):
    game = regalia.load_game(name, **params)
    s = play_out(game.new_initial_state(5), random.Random(5))
    for p in range(game.num_players):
        bd = s.breakdown(p)
        assert type(bd) is Breakdown and bd.items
        assert bd.total == s.player_score(p) == s.scores()[p]
        assert json.loads(json.dumps(bd.to_json()))["total"] == s.scores()[p]
    with pytest.raises(ParameterError):
        s.breakdown(game.num_players)
