"""Every name the notation reads is unique, for every game: `regalia data check` refuses a
data file in which two components share a notation name (issue 11), naming both records."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia.cli.app import app

GAMES = Path(__file__).resolve().parents[2] / "src" / "regalia" / "games"
runner = CliRunner()


def edited(tmp_path: Path, bundled: str, old: str, new: str) -> Path:
    text = (GAMES / bundled).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / Path(bundled).name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def check(game: str, path: Path) -> str:
    result = runner.invoke(app, ["data", "check", game, str(path)])
    assert result.exit_code == 1, result.output
    return " ".join(result.output.split())


def test_cascadito_two_rivers_of_one_notation_word_are_refused(tmp_path):
    # sheet 3's rivers are "west river" and "east river": 'river west', 'river east'
    path = edited(tmp_path, "cascadito/data/sheets/sheet3.toml", 'name = "east river"',
                  'name = "West stream"')
    out = check("cascadito", path)
    assert "rivers record #2 (name='West stream'), field 'name'" in out
    assert "begins with the word 'west', as rivers record #1 ('west river') does" in out


def test_cascadito_river_word_is_read_in_lower_case(tmp_path):
    """A river named with a capital letter is typed in lower case: the notation of the
    sheet round-trips."""
    import regalia

    path = edited(tmp_path, "cascadito/data/sheets/sheet3.toml", 'name = "east river"',
                  'name = "East river"')
    game = regalia.load_game("cascadito", players=1, data=str(path))
    state = game.new_initial_state(1)
    assert state.string_to_action("river east") == state.string_to_action("river EAST")


def test_two_heirs_two_tiles_of_one_id_are_refused(tmp_path):
    path = edited(tmp_path, "two_heirs/data/tiles.toml", 'id = "travel-2"', 'id = "travel-1"')
    out = check("two-heirs", path)
    assert "id 'travel-1' is also tiles record #1; ids must be unique" in out


def test_kingdomino_two_dominoes_of_one_number_are_refused(tmp_path):
    path = edited(tmp_path, "kingdomino/data/dominoes.toml", "number = 2\n", "number = 1\n")
    out = check("kingdomino", path)
    assert "each domino number must appear once: number 1 in records #1, #2" in out


def test_inheritors_two_cards_of_one_name_are_refused(tmp_path):
    path = edited(tmp_path, "inheritors/data/cards.toml", 'name = "Spy"', 'name = "conspirator"')
    out = check("inheritors", path)
    assert "name 'conspirator' is also used by advocates record #1; names must be unique" in out


@pytest.mark.parametrize("name, what", [("Red 3", "an Influence Card"),
                                        ("blue  relic", "a Relic")])
def test_inheritors_card_named_like_a_made_name_is_refused(tmp_path, name, what):
    """Influence Cards and Relics are named in the notation from their colour ('red 3',
    'blue relic'); an Advocate may not take such a name (case and spacing aside)."""
    path = edited(tmp_path, "inheritors/data/cards.toml", 'name = "Spy"', f'name = "{name}"')
    out = check("inheritors", path)
    assert f"name '{name.split()[0]} {name.split()[-1]}'" in out or name in out
    assert f"is the notation of {what}; names must be unique" in out
