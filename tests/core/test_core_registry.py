"""The game registry: load_game, list_games, game_class, register_game."""

from __future__ import annotations

import pytest

import regalia
from regalia import (GameInfo, GameRecord, ParameterError, RecordError, RegaliaError,
                     UnknownNameError)
from regalia.core.registry import game_class


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(UnknownNameError) as exc:
        regalia.load_game("no-such-game", players=2)
    assert isinstance(exc.value, ValueError)
    assert isinstance(exc.value, RegaliaError)
    message = str(exc.value)
    assert "no-such-game" in message
    for info in regalia.list_games():
        assert info.name in message


def test_unknown_game_class_lists_the_known_ones():
    with pytest.raises(UnknownNameError) as exc:
        game_class("chess")
    assert "'chess'" in str(exc.value)
    assert "kingdomino" in str(exc.value)


@pytest.mark.parametrize("name", ["kingdomino", "Kingdomino", "KINGDOMINO", "  kingdomino  "])
def test_game_names_are_normalised(name):
    game = regalia.load_game(name, players=3)
    assert game.info.name == "kingdomino"
    assert game.num_players == 3
    assert game_class(name.strip()) is type(game)


def test_normalisation_maps_spaces_and_underscores_to_hyphens(dice_race):
    for name in ("dice-race", "Dice Race", "DICE_RACE", " dice race "):
        game = regalia.load_game(name, players=2)
        assert type(game) is dice_race
    assert game_class("dice_race") is dice_race


def test_game_class_normalises_like_load_game(dice_race):
    assert game_class("Dice Race") is dice_race


def test_list_games_returns_game_info():
    infos = regalia.list_games()
    assert all(isinstance(i, GameInfo) for i in infos)
    by_name = {i.name: i for i in infos}
    info = by_name["kingdomino"]
    assert (info.min_players, info.max_players) == (2, 4)
    assert info.title == "Kingdomino"
    assert set(info.variants) == {"dynasty", "middle-kingdom", "harmony", "mighty-duel"}
    assert game_class("kingdomino").info is info


def test_registered_game_is_listed_sorted_and_unregistered_afterwards(dice_race):
    names = [i.name for i in regalia.list_games()]
    assert "dice-race" in names
    assert names == sorted(names)
    assert dice_race.info in regalia.list_games()


def test_registry_is_restored_after_the_toy_game():
    # runs after the tests above in file order: the fixture must not leak
    assert "dice-race" not in [i.name for i in regalia.list_games()]
    with pytest.raises(UnknownNameError):
        regalia.load_game("dice-race")


@pytest.mark.parametrize("params, needle", [
    ({"players": 5}, "5"),
    ({"players": 1}, "1"),
    ({"players": 0}, "0"),
    ({"players": "many"}, "many"),
    ({"players": 4, "variants": ["no-such-variant"]}, "no-such-variant"),
    ({"players": 3, "variants": ["mighty-duel"]}, "2-player"),
])
def test_bad_parameters_raise_parameter_error(params, needle):
    with pytest.raises(ParameterError) as exc:
        regalia.load_game("kingdomino", **params)
    assert isinstance(exc.value, ValueError)
    assert needle in str(exc.value)


def test_parameter_error_says_what_is_allowed():
    with pytest.raises(ParameterError) as exc:
        regalia.load_game("kingdomino", variants=["nope"])
    for variant in ("dynasty", "middle-kingdom", "harmony", "mighty-duel"):
        assert variant in str(exc.value)


def test_unknown_parameter_raises_parameter_error():
    with pytest.raises(ParameterError):
        regalia.load_game("kingdomino", players=2, no_such_option=1)


def test_record_with_unknown_parameter_is_refused():
    rec = GameRecord(game="kingdomino", params={"players": 2, "no_such_option": 1},
                     seed=1, actions=[])
    with pytest.raises(RecordError):
        rec.replay()


def test_game_equality_hash_and_repr():
    a = regalia.load_game("kingdomino", players=2, variants=["harmony"])
    b = regalia.load_game("Kingdomino", players=2, variants=["harmony"])
    c = regalia.load_game("kingdomino", players=2)
    assert a == b and hash(a) == hash(b)
    assert a != c
    assert a != "kingdomino"
    assert repr(a) == "load_game('kingdomino', players=2, variants=['harmony'])"
    assert regalia.load_game("kingdomino", **a.params) == a


def test_register_game_returns_the_class_and_replaces_by_name(dice_race):
    from regalia.core.registry import register_game

    class Other(dice_race):
        pass

    assert register_game(Other) is Other
    assert game_class("dice-race") is Other
    assert type(regalia.load_game("dice-race", players=3)) is Other


def test_each_games_recommended_opponents_are_valid_agents_for_it(monkeypatch):
    """register_strengths/game_strengths: what `regalia agents` and the web table read."""
    import regalia
    from regalia.agents import make_agent
    from regalia.agents.search import SearchAgent
    from regalia.core import registry
    from regalia.core.registry import Strengths, game_strengths, register_strengths

    for name in ("kingdomino", "two-heirs", "inheritors"):
        st = game_strengths(name)
        assert isinstance(st, Strengths) and st.evidence
        assert set(st.as_dict()) == {"easy", "normal", "strong"}
        game = regalia.load_game(name)
        for spec in st.as_dict().values():
            agent = make_agent(spec, seed=1)
            if isinstance(agent, SearchAgent):
                agent.check_game(game)   # the playout policy is one this game offers
                assert agent.seconds is not None and agent.seconds <= 1
    assert game_strengths("Two Heirs") is game_strengths("two-heirs")
    assert game_strengths("no-such-game") is None
    monkeypatch.setattr(registry, "_STRENGTHS", dict(registry._STRENGTHS))
    register_strengths("test-only-game", easy="random", normal="greedy", strong="mce")
    assert game_strengths("test_only_game").strong == "mce"
