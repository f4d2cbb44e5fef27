"""``regalia data check GAME FILE`` on a file that does not validate, for every game that
offers the check: exit 1, the file and what it holds named in one line, then the loader's
whole message (file, record, field, what was expected)."""

from __future__ import annotations

from pathlib import Path

import pytest

from regalia.core.errors import DataError
from regalia.games.cascadito.components import load_sheet
from regalia.games.inheritors.components import load_cards
from regalia.games.kingdomino.components import load_dominoes
from regalia.games.two_heirs.components import load_tiles, load_treasures

#: (game, what its data file holds, the loader the check uses for it, a TOML that is
#: well-formed but not a valid file of that kind)
CASES = [
    ("kingdomino", "dominoes", load_dominoes, "[[dominoes]]\nnumber = 1\n"),
    ("inheritors", "cards", load_cards, "[[advocates]]\nname = 'Spy'\n"),
    ("cascadito", "sheet", load_sheet, "number = 9\n"),
    ("two-heirs", "tiles", load_tiles, "[[tiles]]\nid = 'travel-1'\n"),
    ("two-heirs", "treasures", load_treasures, "[[treasures]]\nid = 'gold'\n"),
]


@pytest.mark.parametrize("game, kind, load, text", CASES)
def test_an_invalid_data_file_is_refused_with_every_problem(cli, tmp_path, game, kind, load,
                                                            text):
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(DataError) as exc:
        load(Path(path))
    result = cli("data", "check", game, str(path))
    assert result.exit_code == 1, result.output
    flat = " ".join(result.output.split())
    assert flat == " ".join(f"{path}: the {kind} file does not validate: {exc.value}".split())
