"""The scoring assistant's text grids: helpful errors and warnings for impossible kingdoms."""

from __future__ import annotations

import pytest

from regalia.core.errors import DataError
from regalia.games.kingdomino import parse_kingdom


@pytest.mark.parametrize("text, message", [
    ("WWC", "squares must be separated by spaces"),
    ("W W W W W W\nC", "must fit in 5x5 (a Mighty Duel kingdom is 7x7: --size 7"),
    ("C C", "exactly one castle"),
    ("C X", "'X' is not a square"),
    ("C F9", "has 9 crowns"),
])
def test_bad_grids_name_the_problem(text, message):
    with pytest.raises(DataError, match=message.replace("(", r"\(")):
        parse_kingdom(text)


def test_a_real_kingdom_has_no_warnings():
    assert parse_kingdom("W W* C\nF F .").warnings() == []


def test_disconnected_squares_are_warned_about_and_still_scored():
    k = parse_kingdom("C W*\n. .\n. W")
    assert k.warnings() == ["1 square(s) not connected to the castle: "
                            "row +2, column +1 from the castle"]
    # two separate wheat properties: (1 square, 1 crown) = 1 and (1 square, 0 crowns) = 0
    assert k.breakdown().total == 1


def test_an_odd_number_of_squares_is_warned_about():
    (warning,) = parse_kingdom("C W W W").warnings()
    assert warning.startswith("3 terrain squares")
