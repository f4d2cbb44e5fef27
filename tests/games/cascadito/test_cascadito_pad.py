"""Cascadito's scoring pad (``games/cascadito/pad.py``): the documented example entered
by taps' edits, the parser's refusals in its words, the text round trip."""

from __future__ import annotations

from pathlib import Path

import pytest

from regalia.core.errors import NotationError
from regalia.games.cascadito import pad
from regalia.games.cascadito.textformat import score_texts, winner

EXAMPLE = Path(__file__).parents[3] / "docs" / "examples" / "cascadito-sheet2.txt"
ANNA = {"castle": "yellow", "tracks": {"blue": 3, "yellow": 7, "orange": 2, "pink": 4,
                                       "white": 5},
        "river": 6, "bandits": 5, "claims": ["top 2", "top 3", "top 5", "bottom 2"]}
BEN = {"castle": "pink", "tracks": {"blue": 5, "yellow": 3, "orange": 4, "pink": 6,
                                    "white": 3},
       "river": 4, "bandits": 7, "claims": ["top 1", "top 6", "bottom 1", "bottom 4"]}


def enter(text: str, p: int, name: str, sheet: dict) -> str:
    text = pad.edit(text, {"op": "name", "player": p, "name": name})
    text = pad.edit(text, {"op": "castle", "player": p, "colour": sheet["castle"]})
    for colour, n in sheet["tracks"].items():
        text = pad.edit(text, {"op": "track", "player": p, "track": colour, "value": n})
    text = pad.edit(text, {"op": "river", "player": p, "river": 0, "value": sheet["river"]})
    text = pad.edit(text, {"op": "bandits", "player": p, "value": sheet["bandits"]})
    for a in sheet["claims"]:
        text = pad.edit(text, {"op": "claim", "player": p, "achievement": a,
                               "value": "first"})
    return text


def test_the_documented_example_entered_scores_73_and_62():
    """docs/games/cascadito-score-format.md: Anna 73, Ben 62 on bundled sheet 2."""
    text = pad.new({"sheet": 2, "players": 2})
    # Ben takes pink first: Anna's yellow is his until then (each castle is one player's)
    with pytest.raises(NotationError, match="the yellow castle is already Player 1's; each player"):
        pad.edit(text, {"op": "castle", "player": 0, "colour": "yellow"})
    text = pad.edit(text, {"op": "castle", "player": 1, "colour": "pink"})
    text = enter(enter(text, 0, "Anna", ANNA), 1, "Ben", BEN)
    v = pad.view(text)
    assert [p["total"] for p in v["score"]["players"]] == [73, 62]
    assert v["score"]["result"] == "Anna wins with 73 points (next: 62)."
    assert [r["name"] for r in v["score"]["ranking"]] == ["Anna", "Ben"]
    doc = score_texts([(EXAMPLE.read_text(), "doc")])
    mine = score_texts([(text, "pad")])
    assert [s.facts for s in mine.scores] == [s.facts for s in doc.scores]
    assert winner(mine) == winner(doc)
    steps = v["score"]["players"][0]["steps"]
    assert {s["section"].split(", ", 1)[1] for s in steps} >= {
        "Scoring (success tracks)", "Play Sheet 2, Raiding bandits", "Rivers; Scoring"}


def test_the_documented_example_opens_and_keeps_its_scores_after_an_edit():
    text = EXAMPLE.read_text()
    assert pad.view(text)["text"] == text
    after = pad.edit(text, {"op": "field", "player": 0, "cell": "c5"})
    assert "marked c5 " in after or "marked c5\n" in after
    assert [p["total"] for p in pad.view(after)["score"]["players"]] == [73, 62]


@pytest.mark.parametrize("edit,words", [
    ({"op": "track", "player": 0, "track": "blue", "value": 9},
     "'9': the blue track has 7 spaces; expected 0 to 7 spaces marked"),
    ({"op": "castle", "player": 1, "colour": "blue"},
     "Player 2: the blue castle is already Player 1's; each player marks their own castle"),
    ({"op": "river", "player": 0, "river": 0, "value": 30}, "river"),
    ({"op": "claim", "player": 0, "achievement": "top 9", "value": "first"},
     "sheet 2 has no achievement 'top 9'"),
    ({"op": "claim", "player": 0, "achievement": "top 1", "value": "later"},
     "only sheet 4's top-row achievements"),
    ({"op": "field", "player": 0, "cell": "j2"}, "is no field"),     # a river space
    ({"op": "solo", "player": 0, "on": True}, "a solo sheet among 2 sheets"),
])
def test_refusals_are_the_parsers(edit, words):
    text = pad.new({"sheet": 2, "players": 2})
    with pytest.raises(NotationError) as info:
        pad.edit(text, edit)
    assert words in str(info.value)
    assert "pad" not in str(info.value)


def test_a_top_row_achievement_claimed_by_two_is_refused():
    text = pad.new({"sheet": 1, "players": 2})
    text = pad.edit(text, {"op": "claim", "player": 0, "achievement": "top 1",
                           "value": "first"})
    with pytest.raises(NotationError, match="can only be claimed by 1 player"):
        pad.edit(text, {"op": "claim", "player": 1, "achievement": "top 1", "value": "first"})
    four = pad.new({"sheet": 4, "players": 2})
    four = pad.edit(four, {"op": "claim", "player": 0, "achievement": "top 1", "value": "first"})
    four = pad.edit(four, {"op": "claim", "player": 1, "achievement": "top 1", "value": "later"})
    assert "claimed top 1 later" in four


def test_taps_on_a_track_and_a_river_mark_up_to_there_or_clear_the_top():
    text = pad.new({"sheet": 1, "players": 1})
    board = pad.view(text)["parts"][0]["boards"][1]
    assert board.count('class="track-space"') == 4 * 7
    text = pad.edit(text, {"op": "track", "player": 0, "track": "blue", "value": 4})
    tracks = pad.view(text)["parts"][0]["boards"][1]
    # the 4th space (marked, the highest) clears itself; the 6th marks up to 6
    assert '{&quot;op&quot;:&quot;track&quot;,&quot;player&quot;:0,&quot;track&quot;:' \
           '&quot;blue&quot;,&quot;value&quot;:3}' in tracks
    assert '&quot;track&quot;:&quot;blue&quot;,&quot;value&quot;:6}' in tracks
    assert pad.view(text)["score"]["players"][0]["keys"][0] > 0


def test_marked_fields_and_rivers_are_written_together():
    text = pad.new({"sheet": 1, "players": 1})
    text = pad.edit(text, {"op": "river", "player": 0, "river": 0, "value": 2})
    assert "marked" not in text
    text = pad.edit(text, {"op": "field", "player": 0, "cell": "c5"})
    marked = next(line for line in text.splitlines() if line.startswith("marked"))
    assert len(marked.split()) == 1 + 1 + 2          # c5 and the two river spaces
    assert pad.view(text)["score"]["players"][0]["warnings"] == []
    text = pad.edit(text, {"op": "field", "player": 0, "cell": "c5"})
    assert "marked" not in text
