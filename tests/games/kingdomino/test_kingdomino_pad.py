"""Kingdomino's scoring pad (``games/kingdomino/pad.py``) and the score format of several
kingdoms (``games/kingdomino/textformat.py``): edits, the parser's checks, the text round
trip, and the ranking with the rulebook's tie-break."""

from __future__ import annotations

import pytest

from regalia.core.errors import NotationError
from regalia.games.kingdomino import pad
from regalia.games.kingdomino.textformat import (parse_table, ranking, result,
                                                 score_kingdoms, to_text)

# The README's kingdom ("Scoring assistant"), entered here square by square.
README = """\
W  W* F  F  F*
W  L  L  F  G
S  L* C  G  G**
S  M  M* G  G
S* S  M  .  .
"""


def enter(text: str, player: int, grid: str) -> str:
    """Type ``grid`` (castle in it) into the pad square by square, as taps would."""
    rows = [r.split() for r in grid.strip().splitlines()]
    cr, cc = next((r, c) for r, row in enumerate(rows) for c, tok in enumerate(row)
                  if tok == "C")
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            if tok in ("C", "."):
                continue
            text = pad.edit(text, {"op": "square", "player": player, "row": r - cr,
                                   "col": c - cc, "terrain": tok[0],
                                   "crowns": tok.count("*")})
    return text


def totals(text: str) -> list[float]:
    return [p["total"] for p in pad.view(text)["score"]["players"]]


def test_the_readme_kingdom_entered_square_by_square_scores_as_the_text():
    text = enter(pad.new({"players": 1}), 0, README)
    (expected,) = score_kingdoms(parse_table(README))
    assert totals(text) == [expected.total]
    # wheat 3 x 1, forest 4 x 1, lake 3 x 1, grassland 5 x 2, swamp 4 x 1, mine 3 x 1
    assert expected.total == 3 + 4 + 3 + 10 + 4 + 3
    assert [r.split() for r in text.splitlines()[2:]] == [r.split() for r in README.splitlines()]


def test_variants_and_discards_are_in_the_text_and_score():
    full = "W W W W W\nF F F F F\nL L C L L\nG G G G G\nS S S S M*\n"
    text = enter(pad.new({"players": 1}), 0, full)
    assert totals(text) == [1]
    text = pad.edit(text, {"op": "variant", "name": "middle-kingdom", "on": True})
    text = pad.edit(text, {"op": "variant", "name": "harmony", "on": True})
    assert "variant middle-kingdom, harmony" in text and totals(text) == [16]
    text = pad.edit(text, {"op": "discarded", "player": 0, "value": 1})
    assert "discarded 1" in text and totals(text) == [11]     # Harmony needs no discard
    steps = pad.view(text)["score"]["players"][0]["steps"]
    assert [s["label"] for s in steps][-2:] == ["Middle Kingdom bonus", "Harmony bonus"]
    assert steps[-1]["section"].startswith("Kingdomino rules, variants")


def test_a_square_past_5x5_is_refused_with_the_parsers_words():
    text = enter(pad.new({"players": 2}), 0, "W W C F F\n")
    with pytest.raises(NotationError) as info:
        pad.edit(text, {"op": "square", "player": 0, "row": 0, "col": 3, "terrain": "F",
                        "crowns": 0})
    message = str(info.value)
    assert "the kingdom spans 1 rows x 6 columns; it must fit in 5x5" in message
    assert "--size" not in message and not message.startswith("pad")
    # The Mighty Duel takes it
    wide = pad.edit(pad.new({"players": 2, "size": 7}), {"op": "square", "player": 0,
                                                         "row": 0, "col": 5, "terrain": "F",
                                                         "crowns": 0})
    assert "variant mighty-duel" in wide


@pytest.mark.parametrize("edit,words", [
    ({"op": "square", "player": 0, "row": 0, "col": 0, "terrain": "W", "crowns": 0},
     "castle's square"),
    ({"op": "square", "player": 0, "row": 0, "col": 1, "terrain": "", "crowns": 2},
     "empty square has no crowns"),
    ({"op": "square", "player": 0, "row": 0, "col": 1, "terrain": "C", "crowns": 0},
     "expected one of"),
    ({"op": "square", "player": 0, "row": 0, "col": 1, "terrain": "W", "crowns": 4},
     "expected 0 to 3"),
    ({"op": "add_player"}, "2 to 4 players"),
    ({"op": "variant", "name": "mighty-duel", "on": True}, "Mighty Duel is for 2 players"),
])
def test_refusals_say_what_is_wrong_and_what_is_allowed(edit, words):
    text = pad.new({"players": 4})
    with pytest.raises(NotationError, match=words):
        pad.edit(text, edit)


def test_a_second_castle_in_a_pasted_text_is_refused_with_its_line():
    with pytest.raises(NotationError, match="exactly one castle 'C', found 2"):
        pad.view("player A\nC W C\n")


def test_text_round_trip_and_a_single_kingdom_of_the_command_line():
    one = pad.view(README)          # the CLI's file of one kingdom opens on the pad as it is
    assert one["text"] == README and one["score"]["players"][0]["total"] == 27
    one = pad.view(pad.edit(README, {"op": "name", "player": 0, "name": "Ann"}))
    assert one["text"].startswith("# Kingdomino") and "player Ann" in one["text"]
    assert one["score"]["players"][0]["total"] == 27     # an edit writes the pad's form
    table = parse_table(one["text"])
    assert to_text(table).split("\n")[1:] == one["text"].split("\n")[1:]
    assert pad.view(one["text"])["text"] == one["text"]


def test_the_tie_break_largest_property_then_crowns_then_shared():
    """Equal points: Ann's 4-square forest x 1 crown (4) against Ben's two 2-square
    properties x 1 crown (2 + 2): Ann's is the most extended property."""
    text = pad.new({"players": 3})
    text = enter(text, 0, "C F* F F F\n")
    text = enter(text, 1, "C W* W . .\nL* L . . .\n")
    text = enter(text, 2, "C W* W . .\nL* L . . .\n")
    s = score_kingdoms(parse_table(text))
    assert [x.total for x in s] == [4, 4, 4]
    assert ranking(s) == [1, 2, 2]
    assert result(s) == ("tie at 4 points; Player 1 wins with the most extended property "
                         "(4 squares)")
    v = pad.view(text)["score"]
    assert [r["rank"] for r in v["ranking"]] == [1, 2, 2]
    assert v["ranking"][0]["keys"] == [4, 4, 1]
    assert v["result"].startswith("tie at 4 points; Player 1 wins") and v["result"].endswith(".")
    same = score_kingdoms(parse_table("player A\nC W*\nplayer B\nC W*\n"))
    assert ranking(same) == [1, 1] and "share the victory" in result(same)


def test_names_players_and_discards():
    text = pad.edit(pad.new({"players": 2}), {"op": "name", "player": 1, "name": "  Ben  "})
    assert "player Ben" in text
    with pytest.raises(NotationError, match="another player's name"):
        pad.edit(text, {"op": "name", "player": 0, "name": "ben"})
    text = pad.edit(text, {"op": "add_player"})
    assert [k.name for k in parse_table(text).kingdoms] == ["Player 1", "Ben", "Player 3"]
    text = pad.edit(text, {"op": "remove_player", "player": 0})
    assert [k.name for k in parse_table(text).kingdoms] == ["Ben", "Player 3"]


def test_the_grid_around_the_castle_grows_with_the_kingdom():
    v = pad.view(pad.new({"players": 1}), "sq:0:0:3")
    svg = v["parts"][0]["boards"][0]
    assert svg.count('data-focus="sq:0:') == 7 * 7 - 1          # 7x7, the castle not tapped
    assert 'data-focus="sq:0:-3:-3"' in svg and 'data-focus="sq:0:3:3"' in svg
    assert v["menu"]["title"] == "Player 1: square 3 right from the castle (empty)"
    text = enter(pad.new({"players": 1}), 0, "C W W W\n")
    svg = pad.view(text)["parts"][0]["boards"][0]
    assert 'data-focus="sq:0:0:4"' in svg and 'data-focus="sq:0:0:-2"' in svg
    assert 'data-focus="sq:0:0:-3"' not in svg

