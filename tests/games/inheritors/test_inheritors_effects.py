"""The effect vocabulary: every condition and effect kind round-trips through the models
(Python, JSON and TOML), rejects what it should, and reads back as English.

Rulebook passages modelled: the quest example ("2 number 3 cards in hand"), Explanations of
the Honors, the Spy / Advisor / Conspirator texts (III. action 5), Claiming Clans ("a yellow
3 (or higher)"), scoring steps 2 (tome majority) and 3 (relics +1/-1).
"""

from __future__ import annotations

import json
import tomllib

import pytest
from pydantic import TypeAdapter, ValidationError

from regalia.games.inheritors.effects import (CONDITION_KINDS, EFFECT_KINDS, TRIGGERS, Ability,
                                              CardsInHand, Condition, DemandCard, Draw, Effect,
                                              InfluenceAtLeast, OpponentAhead, PlayInfluence,
                                              Score, StacksAtLeast, TakeCards)

CONDITIONS = TypeAdapter(Condition)
EFFECTS = TypeAdapter(Effect)

# One example per kind, as written in a data file (all fields given).
CONDITION_EXAMPLES = [
    {"kind": "cards_in_hand", "count": 2, "card_kinds": ["influence"], "number": 3},
    {"kind": "cards_in_hand", "count": 3, "card_kinds": ["influence"], "colour": "blue"},
    {"kind": "cards_in_hand", "count": 1, "card_kinds": ["influence"], "min_number": 5},
    {"kind": "cards_in_hand", "count": 3, "card_kinds": ["tome", "epic"]},
    {"kind": "cards_in_hand", "count": 1, "card_kinds": ["relic"], "colour": "green"},
    {"kind": "stacks_at_least", "count": 3, "min_number": 3},
    {"kind": "influence_at_least", "colour": "yellow", "number": 3},
    {"kind": "highest_influence", "colour": "purple"},
    {"kind": "quests_at_least", "count": 2},
    {"kind": "opponent_ahead"},
    {"kind": "used_advocate", "advocate": "Spy", "min_number": 2},
]
EFFECT_EXAMPLES = [
    {"kind": "draw", "n": 2},
    {"kind": "score", "points": -1},
    {"kind": "take_from_market", "count": 2},
    {"kind": "play_influence", "count": 1, "skip": 1},
    {"kind": "demand_card", "otherwise_draw": 1},
    {"kind": "remove_top_card", "max_number": 4},
    {"kind": "take_cards", "names": ["Ambassador", "Knight"]},
    {"kind": "majority", "card_kinds": ["tome", "epic"], "points": [3, 1]},
]


def _full(example: dict) -> dict:
    """The example with every default filled in, as ``model_dump`` returns it."""
    model = (CONDITIONS if example["kind"] in CONDITION_KINDS else EFFECTS).validate_python(
        example)
    return json.loads(json.dumps(model.model_dump(mode="json")))


def test_examples_cover_every_kind():
    assert {e["kind"] for e in CONDITION_EXAMPLES} == set(CONDITION_KINDS)
    assert {e["kind"] for e in EFFECT_EXAMPLES} == set(EFFECT_KINDS)
    assert len(CONDITION_KINDS) == 7 and len(EFFECT_KINDS) == 8


@pytest.mark.parametrize("example", CONDITION_EXAMPLES, ids=lambda e: e["kind"])
def test_condition_round_trip(example):
    model = CONDITIONS.validate_python(example)
    assert model.kind == example["kind"]
    dumped = model.model_dump(mode="json")
    assert {k: v for k, v in dumped.items() if k in example} == example
    assert CONDITIONS.validate_python(dumped) == model
    assert CONDITIONS.validate_json(json.dumps(dumped)) == model
    assert hash(model) == hash(CONDITIONS.validate_python(dumped))


@pytest.mark.parametrize("example", EFFECT_EXAMPLES, ids=lambda e: e["kind"])
def test_effect_round_trip(example):
    model = EFFECTS.validate_python(example)
    assert model.kind == example["kind"]
    dumped = model.model_dump(mode="json")
    assert dumped == example
    assert EFFECTS.validate_python(dumped) == model
    assert EFFECTS.validate_json(json.dumps(dumped)) == model


@pytest.mark.parametrize("example", CONDITION_EXAMPLES + EFFECT_EXAMPLES,
                         ids=lambda e: e["kind"])
def test_round_trip_through_toml(example, inh):
    text = f"x = {_toml_inline(inh, example)}\n"
    loaded = tomllib.loads(text)["x"]
    adapter = CONDITIONS if example["kind"] in CONDITION_KINDS else EFFECTS
    assert adapter.validate_python(loaded) == adapter.validate_python(example)
    assert _full(loaded) == _full(example)


def _toml_inline(inh, value: dict) -> str:
    # the conftest writer renders a record's values inline; reuse it for one value
    line = inh.dump_toml({"r": [{"x": value}]}).strip().splitlines()[-1]
    return line.split(" = ", 1)[1]


def test_defaults():
    assert CONDITIONS.validate_python({"kind": "cards_in_hand", "count": 2, "number": 3}) == \
        CardsInHand(count=2, number=3, card_kinds=("influence",))
    assert EFFECTS.validate_python({"kind": "play_influence"}) == PlayInfluence(count=1, skip=0)
    assert EFFECTS.validate_python({"kind": "demand_card"}) == DemandCard(otherwise_draw=1)
    assert CONDITIONS.validate_python({"kind": "stacks_at_least", "count": 2}).min_number == 1


def test_colour_names_are_normalised():
    assert CONDITIONS.validate_python({"kind": "highest_influence", "colour": " Yellow "}) == \
        CONDITIONS.validate_python({"kind": "highest_influence", "colour": "yellow"})


def test_python_construction_needs_no_kind():
    assert Draw(n=1).kind == "draw" and OpponentAhead().kind == "opponent_ahead"


def test_models_are_frozen():
    d = Draw(n=1)
    with pytest.raises(ValidationError):
        d.n = 2
    assert len({Draw(n=1), Draw(n=1), Score(points=1)}) == 2


# ------------------------------------------------------------------ rejections
@pytest.mark.parametrize("bad, message", [
    ({"kind": "teleport"}, "does not match any of the expected tags"),
    ({"count": 2}, "Unable to extract tag using discriminator 'kind'"),
    ({"kind": "cards_in_hand", "count": 2, "number": 7}, "less than or equal to 6"),
    ({"kind": "cards_in_hand", "count": 0}, "greater than or equal to 1"),
    ({"kind": "cards_in_hand", "count": 2, "number": 3, "min_number": 3},
     "either number or min_number"),
    ({"kind": "cards_in_hand", "count": 3, "card_kinds": ["tome"], "number": 3},
     "only apply to Influence Cards"),
    ({"kind": "cards_in_hand", "count": 3, "card_kinds": ["tome"], "colour": "blue"},
     "only Influence Cards and Relics have a colour"),
    ({"kind": "cards_in_hand", "count": 3, "card_kinds": ["book"]}, "Input should be"),
    ({"kind": "stacks_at_least", "count": 2, "min_number": 2, "extra": 1},
     "Extra inputs are not permitted"),
    ({"kind": "influence_at_least", "colour": "yellow"}, "Field required"),
])
def test_condition_rejections(bad, message):
    with pytest.raises(ValidationError) as exc:
        CONDITIONS.validate_python(bad)
    assert message in str(exc.value)


@pytest.mark.parametrize("bad, message", [
    ({"kind": "draw", "n": 0}, "greater than or equal to 1"),
    ({"kind": "take_cards", "names": []}, "at least 1 item"),
    ({"kind": "take_cards", "names": ["Knight", "Knight"]}, "each card may be named once"),
    ({"kind": "majority", "card_kinds": ["tome"], "points": []}, "at least 1 item"),
    ({"kind": "majority", "card_kinds": ["tome", "tome"], "points": [3]}, "listed once"),
    ({"kind": "remove_top_card", "max_number": 0}, "greater than or equal to 1"),
])
def test_effect_rejections(bad, message):
    with pytest.raises(ValidationError) as exc:
        EFFECTS.validate_python(bad)
    assert message in str(exc.value)


# ------------------------------------------------------------------ abilities
ABILITY_EXAMPLES = [
    {"trigger": "play", "requirement": {"kind": "opponent_ahead"},
     "effects": [{"kind": "play_influence", "count": 1, "skip": 1}]},
    {"trigger": "claim", "effects": [{"kind": "take_cards", "names": ["Knight"]},
                                     {"kind": "draw", "n": 1}]},
    {"trigger": "scoring", "requirement": {"kind": "highest_influence", "colour": "red"},
     "effects": [{"kind": "score", "points": 1}], "otherwise": [{"kind": "score",
                                                                 "points": -1}]},
]


@pytest.mark.parametrize("example", ABILITY_EXAMPLES, ids=lambda e: e["trigger"])
def test_ability_round_trip(example):
    ab = Ability.model_validate(example)
    again = Ability.model_validate(ab.model_dump(mode="json"))
    assert again == ab
    assert ab.trigger in TRIGGERS
    assert Ability.model_validate_json(ab.model_dump_json()) == ab


@pytest.mark.parametrize("bad, message", [
    ({"trigger": "play", "effects": [{"kind": "score", "points": 1}]},
     "effect 'score' is not allowed with trigger 'play'"),
    ({"trigger": "scoring", "effects": [{"kind": "draw", "n": 1}]},
     "effect 'draw' is not allowed with trigger 'scoring'"),
    ({"trigger": "play", "effects": [{"kind": "take_cards", "names": ["Knight"]}]},
     "effect 'take_cards' is not allowed with trigger 'play'"),
    ({"trigger": "play", "requirement": {"kind": "quests_at_least", "count": 1},
      "effects": [{"kind": "draw", "n": 1}], "otherwise": [{"kind": "draw", "n": 1}]},
     "only a 'scoring' ability has 'otherwise' effects"),
    ({"trigger": "scoring", "effects": [{"kind": "score", "points": 1}],
      "otherwise": [{"kind": "score", "points": 0}]}, "'otherwise' effects need a requirement"),
    ({"trigger": "play", "requirement": {"kind": "opponent_ahead"},
      "effects": [{"kind": "draw", "n": 1}]}, "needs a 'play_influence' effect"),
    ({"trigger": "scoring", "requirement": {"kind": "opponent_ahead"},
      "effects": [{"kind": "score", "points": 1}]},
     "condition 'opponent_ahead' is not allowed with trigger 'scoring'"),
    ({"trigger": "claim", "requirement": {"kind": "used_advocate", "advocate": "Spy"},
      "effects": [{"kind": "draw", "n": 1}]},
     "condition 'used_advocate' is not allowed with trigger 'claim'"),
    ({"trigger": "play", "effects": []}, "at least 1 item"),
    ({"trigger": "whenever", "effects": [{"kind": "draw", "n": 1}]}, "Input should be"),
])
def test_ability_rejections(bad, message):
    with pytest.raises(ValidationError) as exc:
        Ability.model_validate(bad)
    assert message in str(exc.value)


# ------------------------------------------------------------------ English
def test_descriptions_of_the_rulebook_cards(cards):
    spy = cards.named("Spy").abilities[0]
    assert spy.describe() == (
        "When played: pick a player and announce an Influence Card (colour and number) that "
        "you can legally play; if that player has it, they must place it in your play area; "
        "if not, you draw 1 card from the deck.")
    consp = cards.named("Conspirator").abilities[0]
    assert consp.describe() == (
        "When played (only if another player has a higher-numbered card of the same colour "
        "in their play area): play an Influence Card skipping 1 number.")
    assert cards.named("Two Threes").requirement.describe() == \
        "you have 2 number 3 Influence Cards in your hand"
    assert cards.named("Three Tomes").requirement.describe() == "you have 3 Tomes in your hand"
    assert cards.named("Four Twos").requirement.describe() == \
        "you have 4 stacks topped by a number 2 or higher in your play area"


def test_description_of_relic_scoring():
    ab = Ability.model_validate(ABILITY_EXAMPLES[2])
    assert ab.describe() == ("At the end of the game: if you played the highest red number "
                             "(ties included), gain 1 VP; otherwise lose 1 VP.")
    assert InfluenceAtLeast(colour="yellow", number=3).describe() == \
        "your yellow stack shows a 3 or higher"
    assert StacksAtLeast(count=4).describe() == "you have 4 stacks (colours) in your play area"
    assert TakeCards(names=("Ambassador",)).describe() == \
        "take Ambassador (every copy sitting with this Clan) into your hand"


def test_every_bundled_text_describes(cards):
    for _, rec in cards.records():
        if isinstance(rec, Ability):
            assert rec.describe().endswith(".")
    for rec in cards.quests + cards.honors + cards.relics:
        assert rec.requirement.describe()
