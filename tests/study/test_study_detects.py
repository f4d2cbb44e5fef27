"""A study finds a planted advantage and reports none where there is none.

Draw Duel (``draw_duel.py``) has a known balance: with ``edge=4`` the seat dealt card 0 wins
4/5 of its games; with ``edge=1`` every card is alike. Kingdomino with a planted dominoes
file (domino 1 made a double mine with 3 crowns on each half, 6 crowns where the printed
one has none) must show that domino winning, in a components study and when compared with
the printed dominoes."""

from __future__ import annotations

from pathlib import Path

import pytest

from regalia.core.registry import load_game
from regalia.games.kingdomino.components import DEFAULT_DATA
from regalia.study import plan_study, run_study
from regalia.study.summary import answer


def card_rows(game, deals, seed=1):
    plan = plan_study("components", game, ["random", "random"], deals, seed)
    games, _, _ = run_study(plan)
    table = answer(plan, games)["tables"][0]
    return {r["name"]: r for r in table["rows"]}


def test_a_planted_card_is_found(draw_duel):
    rows = card_rows(load_game("draw-duel", edge=4), 400)
    ace = rows["0"]
    # true rates: 0.8 when taken; 0.2 * 1/5 + 0.5 * 4/5 = 0.44 when in play with the other seat
    assert ace["win_diff_significant"]
    assert 0.70 <= ace["taken"]["rate"] <= 0.90
    assert ace["taken"]["ci95"][0] <= 0.8 <= ace["taken"]["ci95"][1]
    assert ace["win_diff"]["diff"] > 0.25
    # the other cards lose a little to it (true difference -0.12 each): none is singled out
    # as a winner
    assert not any(r["win_diff_significant"] and r["win_diff"]["diff"] > 0
                   for name, r in rows.items() if name != "0")


def test_a_fair_game_shows_no_component_and_no_seat_advantage(draw_duel):
    game = load_game("draw-duel", edge=1)
    rows = card_rows(game, 400)
    assert len(rows) == 6
    assert not any(r["win_diff_significant"] for r in rows.values())
    assert all(r["win_diff_q"] is not None and r["win_diff_q"] >= 0.05 for r in rows.values())
    plan = plan_study("seats", game, ["random", "random"], 400, 2)
    result = answer(plan, run_study(plan)[0])
    assert [r["significant"] for r in result["rows"]] == [False, False]
    assert "none" in result["findings"][1]


def test_a_seat_advantage_is_found(draw_duel):
    plan = plan_study("seats", load_game("draw-duel", lead=65), ["random", "random"], 300, 3)
    result = answer(plan, run_study(plan)[0])
    first = result["rows"][0]
    assert first["significant"] and first["win"]["ci95"][0] > 0.5
    assert first["win"]["ci95"][0] <= 0.65 <= first["win"]["ci95"][1]


@pytest.fixture
def planted_dominoes(tmp_path) -> Path:
    """The printed dominoes with domino 1 (wheat/wheat, no crown) made mine/mine with 3
    crowns on each half, marked reconstructed (it is no printed domino)."""
    text = DEFAULT_DATA.read_text(encoding="utf-8")
    old = ('number = 1\nfirst = { terrain = "wheat", crowns = 0 }\n'
           'second = { terrain = "wheat", crowns = 0 }\nprovenance = "verified"')
    assert old in text
    path = tmp_path / "planted.toml"
    path.write_text(text.replace(old, 'number = 1\nfirst = { terrain = "mine", crowns = 3 }\n'
                                      'second = { terrain = "mine", crowns = 3 }\n'
                                      'provenance = "reconstructed"'), encoding="utf-8")
    return path


def test_a_planted_domino_is_found_by_a_components_study(planted_dominoes):
    game = load_game("kingdomino", players=2, data=str(planted_dominoes))
    plan = plan_study("components", game, ["greedy", "greedy"], 300, 1)
    tables = answer(plan, run_study(plan)[0])["tables"]
    dominoes = {r["name"]: r for r in tables[0]["rows"]}
    assert dominoes["1"]["win_diff_significant"] and dominoes["1"]["win_diff"]["diff"] > 0.3
    # the largest effect of all 48
    assert max(dominoes.values(), key=lambda r: r["win_diff"]["diff"])["name"] == "1"


def test_compare_finds_the_planted_domino_and_nothing_in_an_identical_copy(
        planted_dominoes, tmp_path):
    game = load_game("kingdomino", players=2)
    plan = plan_study("compare", game, ["greedy", "greedy"], 200, 1,
                      data=[str(planted_dominoes)])
    assert [a.name for a in plan.arms] == ["A: bundled data", "B: planted.toml"]
    result = answer(plan, run_study(plan)[0])
    row = result["rows"][0]
    assert row["significant"] and row["score_diff"]["diff"] > 0  # six crowns more in play
    domino = {r["name"]: r for r in result["components"][0]["rows"]}["1"]
    assert domino["win_diff"]["diff"] > 0.2 and domino["win_diff_significant"]
    # a copy of the printed file: the very same games, no difference at all
    copy = tmp_path / "copy.toml"
    copy.write_text(DEFAULT_DATA.read_text(encoding="utf-8"), encoding="utf-8")
    plan = plan_study("compare", game, ["greedy", "greedy"], 50, 1, data=[str(copy)])
    result = answer(plan, run_study(plan)[0])
    row = result["rows"][0]
    assert row["score_diff"]["diff"] == 0 and not row["significant"]
    assert row["winner_changed"]["rate"] == 0
    assert not any(r["win_diff_significant"] or r["pick_diff_significant"]
                   for t in result["components"] for r in t["rows"])


def test_a_component_taken_once_is_not_tested():
    """Inheritors' greedy draws a Quest about once in 1,500 games: one seat that took it and
    lost must not make it 'significant' (a group of one has no spread to estimate)."""
    from regalia.arena.tournament import GameResult
    from regalia.core.balance import ComponentKind, GameComponents
    from regalia.study.components import components
    from regalia.study.plan import StudyGame

    kind = ComponentKind("quest", "Quests", in_play="could be drawn", taken="drawn")
    games = []
    for i in range(200):
        won = i % 3
        taken = ({"quest": ("Blue",)} if i == 0 else {"quest": ()})
        result = GameResult(index=i, deal=i, rotation=0, seed=i, agents=("a", "a", "a"),
                            scores=(1.0, 2.0, 3.0),
                            returns=tuple(1.0 if s == won else 0.0 for s in range(3)),
                            length=1, moves=1)
        comps = GameComponents({"quest": ("Blue",)}, (taken, {"quest": ()}, {"quest": ()}))
        games.append(StudyGame(result, 0, (0, 1, 2), comps))
    row = components(games, [kind])["tables"][0]["rows"][0]
    assert row["taken"]["n"] == 1 and row["too_few"]
    assert row["win_diff"]["p"] is None and row["score_diff"]["p"] is None
    assert not row["win_diff_significant"] and not row["score_diff_significant"]
