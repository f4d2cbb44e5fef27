"""The drawing's caches and remembered parts (issue 23, "views 3x cheaper") change no
output: a board drawn from remembered parts and cached rows, headings and words is the
board drawn with every cache empty, and a story folded a ply at a time (each fold going on
from the one before) is the story folded at once; in English and German."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.core import i18n, svgkit
from regalia.games.kingdomino import narration, svg

from click_walks import click_walk  # noqa: E402

NAMES = ["Anna & <Bo>", 'Ben "B"', "Cleo", "Dan"]
#: (players, variants): each board size and the variants that change the drawing
SETUPS = [(2, ()), (2, ("mighty-duel", "dynasty")), (3, ("harmony",)),
          (4, ("middle-kingdom", "harmony"))]


def _empty_caches() -> None:
    """Forget everything the drawing and the story cached."""
    for module in (svg, narration):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
    narration._STORIES.clear()


def _clicks(obs, legal, rng):
    """A move in progress: the clicks of a walk from :func:`svg.click`'s targets."""
    walk = click_walk(lambda clicks: svg.click(obs, legal, clicks), rng, rng.randrange(1, 4))
    return walk[-1] if walk else []


def _log(state):
    """Each ply's ``{"seat", "text"}`` (the notation, seat None for chance), replayed."""
    replay = state.game.new_initial_state(777)
    out = []
    for a in state.history():
        seat = replay.current_player()
        out.append({"seat": seat if seat >= 0 else None, "text": replay.action_to_string(a)})
        replay.apply_action(a)
    return out


@pytest.mark.parametrize("players,variants", SETUPS, ids=[f"{n}-{'-'.join(v) or 'plain'}"
                                                          for n, v in SETUPS])
def test_boards_from_remembered_parts_and_caches_are_the_boards_drawn_afresh(players,
                                                                              variants):
    rng = random.Random(f"{players}{variants}")
    game = regalia.load_game("kingdomino", players=players, variants=list(variants))
    s = game.new_initial_state(777)
    memo = svgkit.Fragments()
    names = NAMES[:players]
    checked = 0
    while not s.is_terminal() and len(s.history()) < 90:
        if s.current_player() < 0:
            s.apply_action(rng.choice(s.legal_actions()))
            continue
        memo.turn()
        mover = s.current_player()
        log = _log(s)
        for seat in [*range(players), None]:
            obs = s.observation(seat if seat is not None else 0)
            if seat is None:
                obs = svg.public_observation(obs)
            legal = s.legal_actions() if seat == mover else []
            first = max(0, len(log) - 4)
            recent = [{"ply": i, "seat": p["seat"], "notation": p["text"]}
                      for i, p in enumerate(log[first:], first) if p["seat"] is not None]
            pending = _clicks(obs, legal, rng) if legal and rng.random() < 0.5 else []
            lang = rng.choice(("en", "de"))
            with i18n.using(lang):
                with svgkit.remembering(memo):
                    warm = svg.render(obs, legal, names, pending=pending, recent=recent)
                table, story = svg.score_table(obs, names), svg.narrate(obs, log, names)
                _empty_caches()
                assert warm == svg.render(obs, legal, names, pending=pending,
                                          recent=recent), (len(log), seat, lang)
                assert table == svg.score_table(obs, names)
                assert story == svg.narrate(obs, log, names)
            checked += 1
        s.apply_action(rng.choice(s.legal_actions()))
    assert checked >= 60


def test_a_story_folded_a_ply_at_a_time_is_the_story_folded_at_once():
    rng = random.Random(5)
    games = []
    for players, variants in [(2, ("dynasty",)), (4, ())]:
        s = regalia.load_game("kingdomino", players=players,
                              variants=list(variants)).new_initial_state(777)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        games.append((s.observation(0), _log(s)))
    _empty_caches()
    longest = max(len(log) for _obs, log in games)
    told = {}
    for k in range(1, longest + 1):          # two tables side by side, one ply at a time
        for g, (obs, log) in enumerate(games):
            if k <= len(log):
                lang = "de" if (k + g) % 3 == 0 else "en"
                with i18n.using(lang):
                    told[g, k, lang] = svg.narrate(obs, log[:k], NAMES)
    for (g, k, lang), entries in rng.sample(sorted(told.items()), 120):
        _empty_caches()
        obs, log = games[g]
        with i18n.using(lang):
            assert entries == svg.narrate(obs, log[:k], NAMES), (g, k, lang)
    # a shorter log after a longer one, and the whole log again: the same folds
    for g, (obs, log) in enumerate(games):
        for k in (len(log) // 3, len(log), 5, len(log) - 1):
            lang = "de" if (k + g) % 3 == 0 else "en"
            with i18n.using(lang):
                assert svg.narrate(obs, log[:k], NAMES) == told[g, k, lang], (g, k)


def test_the_story_tells_seats_apart_exactly():
    """A seat given as True is not seat 1 (the cache keys on ints and None only)."""
    obs = {"params": {}}
    ints = svg.narrate(obs, [{"seat": 1, "text": "pick 3"}], NAMES)
    bools = svg.narrate(obs, [{"seat": True, "text": "pick 3"}], NAMES)
    assert ints[0]["seat"] == 1 and type(ints[0]["seat"]) is int
    assert bools[0]["seat"] is True
    assert ints[0]["text"] == bools[0]["text"]
