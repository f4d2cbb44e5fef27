"""The board at a decision with the played and the better move drawn on it (issue 26),
through each game's own drawing and its board protocol: every legal move of every game is
found as the elements a person clicks to make it."""

from __future__ import annotations

import re

import pytest

from regalia.core.registry import game_drawing, load_game
from regalia.review.board import COLOURS, marked_board, move_clicks, outline
from regalia.testing.game_checks import mid_game_state

#: Moves made by a button of the page only (no element of the drawing): the caption
#: names them.
BUTTONS = {"end", "end turn", "decline"}


@pytest.mark.parametrize("name,params", [("kingdomino", {"players": 3}),
                                         ("two-heirs", {"players": 2}),
                                         ("two-heirs", {"players": 1, "level": 2}),
                                         ("cascadito", {"players": 2}),
                                         ("inheritors", {"players": 2})])
def test_every_legal_move_is_drawn_on_the_board(name, params):
    game = load_game(name, **params)
    drawing = game_drawing(name)
    checked = 0
    for seed, plies in ((1, 15), (2, 40), (3, 70), (4, 25), (5, 55)):
        state = mid_game_state(game, seed, plies)
        while state.is_chance_node():
            state.apply_random_chance()
        if state.is_terminal():
            continue
        seat = state.current_player()
        obs = state.observation(seat)
        for action in state.legal_actions():
            text = state.action_to_string(action)
            clicks = move_clicks(drawing, obs, action)
            svg = marked_board(name, obs, [(action, "played")], uid="t")
            used = re.findall(r'<use href="#([^"]+)" filter="url\(#rv-played-t\)"/>', svg)
            rings = len(used)
            # each ring copies one element of this board, by an id of its own
            ids = re.findall(r'\sid="([^"]+)"', svg)
            assert all(ids.count(i) == 1 and i.startswith("rv") for i in used)
            if text in BUTTONS:
                assert rings == 0
            else:
                assert clicks and rings >= 1, text
            checked += 1
    assert checked >= 10


def test_outline_rings_the_elements_of_a_move():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><g class="card target" '
           'data-click="{&quot;card&quot;:&quot;red 1&quot;}"><rect/></g>'
           '<rect data-click="{&quot;row&quot;:1}"/><rect data-click="{&quot;row&quot;:2}"/>'
           '</svg>')
    out = outline(svg, {'{"card":"red 1"}': "played", '{"row":1}': "both"}, uid="a b")
    assert '<g id="rv-ab-0" class="card target"' in out
    assert '<rect id="rv-ab-1" data-click="{&quot;row&quot;:1}"/>' in out
    assert '<rect data-click="{&quot;row&quot;:2}"/>' in out   # not a move's: untouched
    assert out.endswith('<g class="review-marks" pointer-events="none">'
                        '<use href="#rv-ab-0" filter="url(#rv-played-ab)"/>'
                        '<use href="#rv-ab-1" filter="url(#rv-both-ab)"/></g></svg>')
    for role in ("played", "better", "both"):
        assert f'<filter id="rv-{role}-ab"' in out
    assert COLOURS["played"] in out and COLOURS["better"] in out
    # where the drawing transforms elements, the ring goes on the element itself
    moved = svg.replace("<rect/>", '<rect transform="rotate(90)"/>')
    out = outline(moved, {'{"card":"red 1"}': "better"})
    assert '<g filter="url(#rv-better-0)" class="card target"' in out and "<use" not in out


def test_outline_gives_the_drawing_s_ids_a_prefix_of_its_own():
    """The board sits in a page beside another drawing of the same game (the live board,
    another decision): its ids, and the references to them, are its own."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><defs><pattern id="hatch"/></defs>'
           '<rect id="k1-a1" fill="url(#hatch)" data-click="{&quot;square&quot;:&quot;a1'
           '&quot;}"/><use href="#k1-a1"/><a href="#elsewhere"/></svg>')
    out = outline(svg, {'{"square":"a1"}': "played"}, uid="7")
    assert '<pattern id="rv7-hatch"/>' in out and 'fill="url(#rv7-hatch)"' in out
    assert '<rect id="rv7-k1-a1" fill=' in out and '<use href="#rv7-k1-a1"/>' in out
    assert '<a href="#elsewhere"/>' in out   # not an id of the drawing: untouched
    assert out.endswith('<use href="#rv7-k1-a1" filter="url(#rv-played-7)"/></g></svg>')
    assert 'id="k1-a1"' not in out and 'id="hatch"' not in out


def test_the_review_imports_no_game():
    """Layers (ARCHITECTURE.md): the review is built on the agents and the core; a game's
    drawing and settings come through the registry."""
    import ast
    from pathlib import Path

    import regalia.review

    for path in Path(regalia.review.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        names = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        names += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [m for m in names if m.startswith(("regalia.games", "regalia.web",
                                                       "regalia.cli"))], path.name
