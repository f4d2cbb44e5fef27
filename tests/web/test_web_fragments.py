"""The parts of a table's boards drawn once and reused (issue 23, "views 3x cheaper";
:class:`regalia.core.svgkit.Fragments`): every board a seat is sent is the board drawn
afresh, at every ply of random games of the four games, for every seat, the spectator,
and moves in progress (clicks), in English and German."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("sqlalchemy")

from regalia.core import i18n, svgkit  # noqa: E402
from regalia.web import views  # noqa: E402
from regalia.web.rooms import Rooms  # noqa: E402
from regalia.web.settings import Settings  # noqa: E402
from regalia.web.store import Store  # noqa: E402

from click_walks import click_walk  # noqa: E402

#: (game, players, params): the web bench's mix, a few of each game's set-ups
SETUPS = [("kingdomino", 2, None), ("kingdomino", 4, None), ("two-heirs", 1, {"level": 2}),
          ("two-heirs", 2, None), ("cascadito", 1, {"sheet": 3}), ("cascadito", 3, {"sheet": 4}),
          ("inheritors", 2, None), ("inheritors", 4, None)]


def test_fragments_draw_once_and_forget_what_a_ply_no_longer_uses():
    drawn: list[str] = []

    def draw(word: str) -> str:
        drawn.append(word)
        return f"<g>{word}</g>"

    # no memo in force: drawn every time
    assert svgkit.fragment("part", "a", draw, "a") == "<g>a</g>"
    assert svgkit.fragment("part", "a", draw, "a") == "<g>a</g>"
    assert drawn == ["a", "a"]
    memo = svgkit.Fragments()
    drawn.clear()
    with svgkit.remembering(memo):
        for _ in range(3):
            assert svgkit.fragment("part", "a", draw, "a") == "<g>a</g>"
        assert svgkit.fragment("part", "b", draw, "b") == "<g>b</g>"
        assert svgkit.fragment("other", "a", draw, "x") == "<g>x</g>"   # parts apart
        with i18n.using("de"):   # the language is part of the key
            svgkit.fragment("part", "a", draw, "a")
    assert drawn == ["a", "b", "x", "a"]
    assert (memo.hits, memo.misses, len(memo)) == (2, 4, 4)
    memo.turn()
    with svgkit.remembering(memo):
        svgkit.fragment("part", "a", draw, "a")          # used in this ply: kept
    memo.turn()
    assert len(memo) == 1                                 # the others were not used
    memo.turn()
    assert len(memo) == 0
    # never more than its limit: the parts unused in this ply go first, then all
    small = svgkit.Fragments(limit=3)
    with svgkit.remembering(small):
        svgkit.fragment("part", "a", draw, "a")
        small.turn()
        svgkit.fragment("part", "b", draw, "b")          # a, b: a unused in this ply
        svgkit.fragment("part", "c", draw, "c")
        svgkit.fragment("part", "d", draw, "d")          # full: a goes
        assert len(small) == 3
        svgkit.fragment("part", "e", draw, "e")          # all used in this ply: all go
        assert len(small) == 1
    # the memo is only in force inside the block
    drawn.clear()
    svgkit.fragment("part", "a", draw, "a")
    assert drawn == ["a"]


def _fresh(t, seat, recent, pending=()):
    """The board of ``seat`` drawn with no memo, from what its view was drawn from."""
    drawing = views.drawing_of(t)
    s = t.state
    obs = views.observe(t, s, seat)
    legal = s.legal_actions() if seat is not None and s.current_player() == seat else []
    with svgkit.remembering(None):
        return drawing.render(obs, legal, [x.label for x in t.seats], pending=pending,
                              recent=recent)


@pytest.mark.parametrize("game,players,params", SETUPS,
                         ids=[f"{g}-{n}" for g, n, _ in SETUPS])
def test_remembered_boards_are_the_boards_drawn_afresh(tmp_path, game, players, params):
    rng = random.Random(f"{game}{players}")
    store = Store(f"sqlite:///{tmp_path / 't.sqlite'}")
    rooms = Rooms(store, Settings(pace=0))
    try:
        tid, seats = rooms.create(game, players, None, [{"kind": "here"}] * players,
                                  params=params, pace=0)
        tokens = [s.get("token") for s in seats]
        t = rooms.get(tid)
        viewers = [*range(players), None]
        for ply in range(36):
            s = t.state
            if s.is_terminal():
                break
            lang = "de" if ply % 5 == 4 else "en"
            with i18n.using(lang):
                for seat in viewers:
                    v = views.view(t, seat)
                    assert v["svg"] == _fresh(t, seat, v["recent"]), (game, ply, seat, lang)
                # a move in progress, clicked as a page does, drawn with the memo
                mover = s.current_player()
                recent = views.view(t, mover)["recent"]
                walk = click_walk(lambda clicks: views.click(t, mover, clicks), rng, 4)
                for sent in walk:
                    answer = views.click(t, mover, sent)
                    if "next" in answer:
                        assert answer["next"]["svg"] == _fresh(t, mover, recent, sent)
            action = rng.choice(s.legal_actions())
            rooms.act(tid, tokens[mover], action, ply=len(s.history()))
        # the game's drawing draws its parts through the memo, and reuses them
        assert t.fragments.misses > 0 and t.fragments.hits > 0
    finally:
        rooms.close()
        store.close()
