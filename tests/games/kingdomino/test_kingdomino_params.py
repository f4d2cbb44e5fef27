"""Game parameters: only what the rules allow, with messages naming what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

import regalia
from regalia.core.errors import ParameterError
from regalia.games.kingdomino.components import DEFAULT_DATA, load_dominoes


@pytest.mark.parametrize("players", [2.5, 2.0, True, "two", None, [2]])
def test_players_must_be_a_whole_number(players):
    with pytest.raises(ParameterError, match="players must be the whole number 2, 3 or 4"):
        regalia.load_game("kingdomino", players=players)


def test_players_as_digit_string_is_accepted():
    assert regalia.load_game("kingdomino", players="3").num_players == 3


@pytest.mark.parametrize("variants", [5, {"harmony": 1}.items()])
def test_variants_must_be_names(variants):
    with pytest.raises(ParameterError, match="variants must be a list of names"):
        regalia.load_game("kingdomino", players=2, variants=variants)


def test_data_must_be_a_path():
    with pytest.raises(ParameterError, match="data must be the path"):
        regalia.load_game("kingdomino", players=2, data=5)


def test_data_path_is_kept_absolute(tmp_path, monkeypatch):
    copy = tmp_path / "mine.toml"
    copy.write_text(DEFAULT_DATA.read_text())
    monkeypatch.chdir(tmp_path)
    game = regalia.load_game("kingdomino", players=2, data="mine.toml")
    assert Path(game.params["data"]) == copy.resolve()
    assert game.data_digest() == regalia.load_game("kingdomino", players=2).data_digest()


def test_by_number_refuses_numbers_outside_1_to_48():
    ds = load_dominoes()
    assert ds.by_number(48).code() == "W/M***"
    for bad in (0, -1, 49):
        with pytest.raises(KeyError, match="numbered 1..48"):
            ds.by_number(bad)
