"""Every scoring pad (``/score``; :mod:`regalia.core.pad`) against its game's score format:
random walks of taps from every setup, each step's text read by the game's own parser and
scored by the same functions as ``regalia score`` (the pad's totals and ranking must be
theirs), text round trips, and hostile edits refused with a NotationError only."""

from __future__ import annotations

import itertools
import json
import random
import re
from html import unescape
from typing import Any, Callable

import pytest

import regalia  # noqa: F401  (registers the games)
from regalia.core.errors import NotationError
from regalia.core.pad import ranks
from regalia.core.registry import game_pad, pad_games

PADS = sorted(pad_games())
ATTR = re.compile(r'data-(edit|focus)="([^"]*)"')


def _reference(game: str) -> Callable[[str], tuple[list[float], list[int]]]:
    """``text -> (totals, ranks)`` by the game's score format and scoring alone."""
    if game == "kingdomino":
        from regalia.games.kingdomino.textformat import parse_table, ranking, score_kingdoms

        def ref(text: str) -> tuple[list[float], list[int]]:
            s = score_kingdoms(parse_table(text))
            return [x.total for x in s], ranking(s)
    elif game == "cascadito":
        from regalia.games.cascadito.components import CASTLE_ORDER
        from regalia.games.cascadito.textformat import score_texts, winner

        def ref(text: str) -> tuple[list[float], list[int]]:
            s = score_texts([(text, "t")])
            keys = [(x.total, CASTLE_ORDER.index(x.castle)) for x in s.scores]
            r = ranks(keys)
            w, _ = winner(s)
            assert w is None or r[w] == 1
            return [x.total for x in s.scores], r
    elif game == "inheritors":
        from regalia.games.inheritors.textformat import score_text

        def ref(text: str) -> tuple[list[float], list[int]]:
            t = score_text(text)
            r = ranks([(x.total, x.tomes, x.cards) for x in t.scores])
            assert {i for i, k in enumerate(r) if k == 1} == set(t.winners)
            return [x.total for x in t.scores], r
    else:
        from regalia.games.two_heirs.components import load_tiles
        from regalia.games.two_heirs.textformat import score_text, winner

        tiles = load_tiles()

        def ref(text: str) -> tuple[list[float], list[int]]:
            sheet, bds = score_text(text, tiles)
            w, _ = winner(sheet, bds)
            totals = [b.total for b in bds]
            if w is None:
                return totals, [1, 1]
            return totals, [1 if s == w else 2 for s in (0, 1)]
    return ref


def taps(view: dict[str, Any]) -> list[tuple[str, Any]]:
    """Everything a person can tap in a view: ``("edit", obj)`` or ``("focus", key)``."""
    out: list[tuple[str, Any]] = []
    for part in view["parts"]:
        for svg in part["boards"]:
            for kind, value in ATTR.findall(svg):
                value = unescape(value)
                out.append((kind, json.loads(value) if kind == "edit" else value))
    groups = list(view["controls"]) + [g for p in view["parts"] for g in p["controls"]]
    if view["menu"]:
        groups += view["menu"]["groups"]
    for g in groups:
        for o in g["options"]:
            if g["kind"] == "name":
                out.append(("edit", {**o["edit"], "name": f"N{len(out)}"}))
            elif o.get("edit"):
                out.append(("edit", o["edit"]))
            elif o.get("focus"):
                out.append(("focus", o["focus"]))
    return out


def check(game: str, text: str, view: dict[str, Any]) -> None:
    """The view of ``text`` shows the text itself and the reference's totals and ranks."""
    assert view["text"] == text
    totals, r = _reference(game)(text)
    score = view["score"]
    assert [p["total"] for p in score["players"]] == totals
    shown = {row["player"]: row["rank"] for row in score["ranking"]}
    assert [shown[i] for i in range(len(totals))] == r, score
    for p in score["players"]:
        assert sum(s["points"] for s in p["steps"]) == p["total"]
        assert all(s["section"] for s in p["steps"]), p["steps"]


def setups(pad: Any) -> list[dict[str, Any]]:
    qs = pad.setup()
    return [dict(zip([q["name"] for q in qs], values))
            for values in itertools.product(*[[o["value"] for o in q["options"]] for q in qs])]


@pytest.mark.parametrize("game", PADS)
def test_every_setup_gives_a_position_the_parser_reads(game):
    pad = game_pad(game)
    made = 0
    for choices in setups(pad):
        try:
            text = pad.new(choices)
        except Exception as exc:   # only a refusal of the parameters, named as such
            assert type(exc).__name__ == "ParameterError", exc
            continue
        made += 1
        check(game, text, pad.view(text))
        assert pad.view(pad.view(text)["text"])["text"] == text
    assert made


@pytest.mark.parametrize("game", PADS)
@pytest.mark.parametrize("seed", range(3))
def test_random_taps_keep_the_pad_and_the_score_format_in_step(game, seed):
    """60 random taps (an element of a drawing, a control, a menu's option): each edit is
    applied or refused with a NotationError; every position's text parses, shows itself
    and scores as the score format scores it."""
    rng = random.Random(f"{game}-{seed}")
    pad = game_pad(game)
    text = pad.new(rng.choice([c for c in setups(pad) if _ok(pad, c)]))
    view = pad.view(text)
    refused = applied = 0
    for _ in range(60):
        kind, value = rng.choice(taps(view))
        if kind == "focus":
            view = pad.view(text, value)
            assert view["menu"] and view["menu"]["focus"].startswith(value.split(":")[0])
            continue
        try:
            after = pad.edit(text, value)
        except NotationError as exc:
            refused += 1
            assert str(exc) and "Traceback" not in str(exc)
            assert not re.match(r"pad:\d+:\d+:", str(exc))   # no line of the pad's own text
            continue
        applied += 1
        text = after
        focus = view["menu"]["focus"] if view["menu"] else None
        try:
            view = pad.view(text, focus)
        except NotationError:   # its element is gone (a player removed)
            view = pad.view(text)
        check(game, text, view)
    assert applied > refused / 4


def _ok(pad: Any, choices: dict[str, Any]) -> bool:
    try:
        pad.new(choices)
        return True
    except Exception:
        return False


HOSTILE: list[Any] = [None, [], "square", {}, {"op": "nope"}, {"op": 3},
                      {"op": "name", "player": 0, "name": "a#b"},
                      {"op": "name", "player": 0, "name": "x" * 500},
                      {"op": "name", "player": 99, "name": "X"},
                      {"op": "name", "player": True, "name": "X"},
                      {"op": "name", "player": 10 ** 40, "name": "X"},
                      {"op": "square", "player": 0, "row": 9, "col": 0, "terrain": "W",
                       "crowns": 0},
                      {"op": "track", "player": 0, "track": "blue", "value": -1},
                      {"op": "track", "player": 0, "track": "blue", "value": 10 ** 9},
                      {"op": "tile", "x": 10 ** 6, "y": 0, "tile": "travel-1"},
                      {"op": "hand", "player": 0, "card": "Jocker", "value": 1},
                      {"op": "top", "player": 0, "colour": "purple", "value": 7.5}]


@pytest.mark.parametrize("game", PADS)
def test_hostile_edits_and_focus_are_refused_with_a_notation_error(game):
    pad = game_pad(game)
    text = pad.new({})
    for edit in HOSTILE:
        with pytest.raises(NotationError):
            pad.edit(text, edit)
    for focus in ("", "x", "cell:1e9:0", "sq:0:0:99", "stack:9:9", ":" * 50, "hand:0:jade"):
        with pytest.raises(NotationError):
            pad.view(text, focus)
    with pytest.raises(NotationError):
        pad.view("\x00garbage that parses as nothing\n" * 3)
