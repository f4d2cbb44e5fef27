"""The parameter checks shared by the games' ``__init__`` (``regalia.core.params``): a
``data`` path and a list of names (variants, Two Heirs' sets), with the exact messages
each game gives."""

from __future__ import annotations

from pathlib import Path

import pytest

import regalia
from regalia.core.errors import ParameterError
from regalia.core.params import data_path, name_list

#: (game, its parameters besides data, what its data file holds)
DATA_GAMES = [
    ("kingdomino", {"players": 2}, "dominoes"),
    ("inheritors", {"players": 2}, "cards"),
    ("cascadito", {"players": 1}, "sheet"),
    ("two-heirs", {"players": 2}, "tiles"),
]


@pytest.mark.parametrize("game, params, kind", DATA_GAMES)
@pytest.mark.parametrize("data, type_name", [(5, "int"), ([b"x.toml"], "list"),
                                             (b"x.toml", "bytes")])
def test_data_that_is_not_a_path_is_refused_naming_the_file_kind(game, params, kind, data,
                                                                 type_name):
    with pytest.raises(ParameterError) as exc:
        regalia.load_game(game, data=data, **params)
    assert str(exc.value) == f"data must be the path of a {kind} TOML file, not {type_name}"


def test_data_path_is_absolute_with_home_expanded(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert data_path(None, "cards") is None
    assert data_path("~/mine.toml", "cards") == str(tmp_path.resolve() / "mine.toml")
    assert data_path(Path("sub/../mine.toml"), "cards") == str(tmp_path.resolve() / "mine.toml")


BUNDLED = {"kingdomino": "games/kingdomino/data/dominoes.toml",
           "inheritors": "games/inheritors/data/cards.toml",
           "cascadito": "games/cascadito/data/sheets/sheet2.toml",
           "two-heirs": "games/two_heirs/data/tiles.toml"}


@pytest.mark.parametrize("game, params, kind", DATA_GAMES)
def test_a_data_file_under_home_is_read_from_the_expanded_path(game, params, kind, tmp_path,
                                                               monkeypatch):
    """``data="~/..."`` loads the file in the home folder, in every game (Kingdomino and
    Inheritors once read the unexpanded path and said there was no such file)."""
    monkeypatch.setenv("HOME", str(tmp_path))
    mine = tmp_path / "mine.toml"
    mine.write_bytes((Path(regalia.__file__).parent / BUNDLED[game]).read_bytes())
    g = regalia.load_game(game, data="~/mine.toml", **params)
    assert g.params["data"] == str(mine.resolve())
    g.new_initial_state(1)


def test_name_list_splits_a_comma_separated_string_keeping_pieces_unstripped():
    assert name_list("a, b,,  ,c", "sets", "a list of names", ["a"]) == ["a", " b", "c"]
    given = ("x", "y")
    assert name_list(given, "sets", "a list of names", ["a"]) is given


@pytest.mark.parametrize("value, type_name", [(5, "int"), ({"harmony": 1}.keys(), "dict_keys"),
                                              (None, "NoneType")])
def test_name_list_refuses_anything_else_naming_what_is_allowed(value, type_name):
    with pytest.raises(ParameterError) as exc:
        name_list(value, "variants", "a list of names", ["harmony", "dynasty"])
    assert str(exc.value) == (f"variants must be a list of names or a comma-separated "
                              f"string, not {type_name}; variants: harmony, dynasty")


def test_variants_and_sets_that_are_not_lists_are_refused_with_the_games_words():
    with pytest.raises(ParameterError) as exc:
        regalia.load_game("kingdomino", players=2, variants=5)
    assert str(exc.value) == ("variants must be a list of names or a comma-separated string, "
                              "not int; variants: dynasty, middle-kingdom, harmony, "
                              "mighty-duel")
    with pytest.raises(ParameterError) as exc:
        regalia.load_game("two-heirs", players=2, sets=5)
    assert str(exc.value) == ("sets must be a list of 3 set names or a comma-separated "
                              "string, not int; sets: travel, land-industry, trade-church, "
                              "war, patrol, crafts")
    game = regalia.load_game("two-heirs", players=2, sets="war,, patrol,crafts")
    assert game.params["sets"] == ["war", "patrol", "crafts"]
