"""The score format of several Kingdomino kingdoms (``games/kingdomino/textformat.py``):
statements, every problem named with its line and column, the round trip, and a single
grid read as before."""

from __future__ import annotations

import pytest

from regalia.core.errors import NotationError
from regalia.games.kingdomino.textformat import (kingdom_rows, parse_table, score_kingdoms,
                                                 to_text)

GAME = """\
# two kingdoms
variant middle-kingdom, harmony
player Ann Lee
discarded 2
W  W* C
player Ben
C  F**
"""


def test_kingdoms_names_variants_and_discards():
    t = parse_table(GAME, source="g.txt")
    assert t.named and t.size == 5 and t.variants == ("middle-kingdom", "harmony")
    assert [(k.name, k.discarded, k.line) for k in t.kingdoms] == [("Ann Lee", 2, 3),
                                                                   ("Ben", 0, 6)]
    assert [kingdom_rows(k.kingdom) for k in t.kingdoms] == [[["W", "W*", "C"]],
                                                             [["C", "F**"]]]
    a, b = score_kingdoms(t)
    assert (a.total, b.total) == (2, 2)          # no bonus met, the items are there
    assert [i.key for i in a.breakdown][-2:] == ["middle_kingdom", "harmony"]
    assert parse_table(to_text(t)).kingdoms[0].name == "Ann Lee"
    assert to_text(parse_table(to_text(t))) == to_text(t)


def test_a_single_grid_is_one_kingdom_as_before():
    t = parse_table("W C\n", variants=("harmony",), discarded=1)
    assert not t.named and t.kingdoms[0].discarded == 1 and t.variants == ("harmony",)
    assert parse_table("C\n", size=7).size == 7


@pytest.mark.parametrize("text,words", [
    ("player A\nC\nvariant harmony\n", "g:3:1: 'variant' must come before the kingdoms"),
    ("variant lava\nC\n", "g:1:9: unknown variant 'lava'"),
    ("variant dynasty\nC\n", "g:1:9: the Dynasty variant does not change how a kingdom"),
    ("size 6\nC\n", "g:1:1: expected 'size 5'"),
    ("size 5\nvariant mighty-duel\nC\n", "the kingdom size is given twice and differs"),
    ("player A\ndiscarded 1\ndiscarded 2\nC\n", "g:3:1: a second 'discarded' line"),
    ("player A\ndiscarded x\nC\n", "g:2:1: expected 'discarded N'"),
    ("C\nplayer B\nC\n", "g:2:1: grid rows before the first 'player' line"),
    ("player A\nplayer B\nC\n", "g:1:1: A's kingdom has no squares"),
    ("".join(f"player P{i}\nC\n" for i in range(5)), "g:9:1: 5 kingdoms: Kingdomino is for 2"),
    ("variant mighty-duel\n" + "".join(f"player P{i}\nC\n" for i in range(3)),
     "3 kingdoms of 7x7: The Mighty Duel is for 2 players"),
    ("# nothing\n", "no squares found"),
    ("player A\nC C\n", "expected exactly one castle 'C', found 2 (A)"),
])
def test_every_problem_is_named(text, words):
    with pytest.raises(NotationError) as info:
        parse_table(text, source="g")
    assert words in str(info.value)


def test_discards_given_outside_a_file_of_several_kingdoms_are_refused():
    with pytest.raises(NotationError, match="--discarded is for a file of one kingdom"):
        parse_table(GAME, discarded=1)
    with pytest.raises(NotationError, match="given twice and differs: --size 7 and"):
        parse_table("size 5\nC\n", size=7)
