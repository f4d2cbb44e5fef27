"""How the review judges a decision (issue 26): hand-made positions with a clear blunder
are flagged, a forced move is best, labels follow the game's thresholds, and a seeded
review under an iteration budget is reproducible. Budgets are iteration counts (tiny, so
the tests are quick and deterministic)."""

from __future__ import annotations

import json

import pytest

from regalia.core.errors import IllegalActionError, ParameterError, RegaliaError
from regalia.core.registry import ReviewSettings, game_review, load_game, register_review
from regalia.games.inheritors.positions import position
from regalia.review import Budget, judge_position
from regalia.review.judge import LABELS, Judge

# Kingdomino, 2 players with Harmony, seat 1 (index 0) to place domino 43 (wheat / swamp
# with two crowns) in the last round but one; its other domino to come is 3 (forest /
# forest), its last pick, then 28 (forest with a crown / lake). Its kingdom has six empty
# squares inside its 5x5: c3-d3 and the strip c7-d7-e7-f7. 43 fits the strip only: on d7-e7
# it leaves c7 and f7 alone, so one of the two dominoes to come fits nowhere and is
# discarded (Harmony lost, its squares unscored); on d7-c7 or f7-e7 both fit. Seat 2
# (11 points) can place neither of its dominoes. The seat wins with every domino placed and
# loses with one discarded.
KINGDOMINO_DISCARD = {
    "game": "kingdomino", "params": {"players": 2, "variants": ["harmony"]},
    "phase": "place", "king": 2, "idx": 3, "game_no": 0, "drawn": 24,
    "current_line": {"dominoes": [13, 32, 42, 43], "kings": [0, 1, 3, 2]},
    "next_line": {"dominoes": [3, 17, 18, 28], "kings": [-1, 3, 1, 0]},
    "box": [1, 2, 4, 5, 6, 7, 8, 9, 14, 16, 19, 21, 22, 23, 26, 27, 31, 33, 34, 35, 39, 40,
            46, 47],
    "undrawn_kings": [],
    "kingdoms": [[". . . . . . . . .", ". . . . . . . . .", ". . . . L F F . .",
                  ". . F L G F F . .", ". . F G C G F . .", ". . F W S F F . .",
                  ". . . . . . M . .", ". . . . . . . . .", ". . . . . . . . ."],
                 [". . . . . . . . .", ". . . . . . . . .", ". . W* W . W W . .",
                  ". . W W W W . . .", ". . . W C L L . .", ". . W W L L L . .",
                  ". . L L . L L . .", ". . . . . . . . .", ". . . . . . . . ."]],
    "placed": [9, 10], "discarded": [0, 0], "past_games": [], "finished_kingdoms": [],
    "history": []}


def kingdomino_discard_position():
    game = load_game("kingdomino", players=2, variants=["harmony"])
    return game.state_from_json(json.loads(json.dumps(KINGDOMINO_DISCARD)))


def discards_forced(state, action) -> bool:
    """Whether, after ``action``, seat 0 ends the game with a discarded domino whatever
    it does (every line of its own choices; the other seat and chance as they come)."""
    s = state.clone()
    s.apply_action(action)
    return not _some_line_without_discard(s)


def _some_line_without_discard(s) -> bool:
    while not s.is_terminal() and (s.is_chance_node() or s.current_player() != 0):
        s.apply_action(s.chance_outcomes()[0][0] if s.is_chance_node()
                       else s.legal_actions()[0])
    if s.is_terminal():
        return s.to_json()["discarded"][0] == 0
    for a in s.legal_actions():
        c = s.clone()
        c.apply_action(a)
        if _some_line_without_discard(c):
            return True
    return False


def test_a_kingdomino_placement_that_forces_a_later_discard_is_a_blunder():
    s = kingdomino_discard_position()
    moves = {s.action_to_string(a): a for a in s.legal_actions()}
    assert sorted(moves) == ["d7-c7", "d7-e7", "f7-e7"]
    assert discards_forced(s, moves["d7-e7"])
    assert not discards_forced(s, moves["f7-e7"]) and not discards_forced(s, moves["d7-c7"])
    verdict = judge_position(s, moves["d7-e7"], Budget(iterations=200), seed=1)
    assert verdict.label == "blunder" and verdict.cost >= 0.5
    assert verdict.better == verdict.best and s.action_to_string(verdict.best) in ("f7-e7",
                                                                                   "d7-c7")
    # the placement that keeps room for both is best
    assert judge_position(s, moves["f7-e7"], Budget(iterations=200), seed=1).label == "best"


def inheritors_market_position():
    """Inheritors, 2 players, seat 1 (index 0) to act. Market row 1: Tome, Tome, yellow 5,
    green 5, purple 6 (top); rows 2 and 3: red 4, green 3. The seat holds a Tome and
    yellow 1. Only the Honor Three Tomes is left and no face-down Quest: whoever claims
    it ends the game (IV. End of the Game), and Tomes in hand also win the Tome majority
    (V. Scoring 2). A Tome discarded counts as any colour, and so does a Tome on top of a
    row ("Tomes and Epics count as any color ... discarding them to the Market and
    acquiring them from the Market"): discarded onto row 1, it lets the next player take
    the whole row with any card; discarded onto another row, it takes row 1 for the seat
    itself."""
    game = load_game("inheritors", players=2)
    return position(game, seed=3, hands={0: ["Tome", "yellow 1"],
                                         1: ["yellow 3", "red 2", "green 1", "red 1"]},
                    market=[["Tome", "Tome", "yellow 5", "green 5", "purple 6"], ["red 4"],
                            ["green 3"]],
                    stacks={0: {"yellow": [1, 2], "green": [1, 2], "red": [1, 2, 3]},
                            1: {"purple": [1, 2, 3], "yellow": [1, 2, 3]}},
                    honors=["Three Tomes"], quests_in_row=0, turn=0)


def test_an_inheritors_discard_that_hands_the_next_player_a_market_row_is_a_blunder():
    s = inheritors_market_position()
    moves = {s.action_to_string(a): a for a in s.legal_actions()}
    blunder = moves["discard Tome to row 1, draw 2"]
    verdict = judge_position(s, blunder, Budget(iterations=200), seed=1)
    assert verdict.label == "blunder" and verdict.cost >= 0.4
    assert s.action_to_string(verdict.best) in ("discard Tome to row 2, take row 1",
                                                "discard Tome to row 3, take row 1")
    # the next player can take the row with any card: the Tome on top counts as any
    # colour; the real hand of seat 2 is never read (only the seat's information)
    after = s.clone()
    after.apply_action(blunder)
    while after.is_chance_node() or after.current_player() == 0:   # the draws, end turn
        after.apply_action(after.chance_outcomes()[0][0] if after.is_chance_node()
                           else after.string_to_action("end turn"))
    assert after.current_player() == 1
    assert any("take row 1" in after.action_to_string(a) for a in after.legal_actions())


def test_the_only_legal_move_is_best_without_a_search():
    s = kingdomino_discard_position()
    s.apply_action(s.legal_actions()[0])   # place: the pick has one domino left (3)
    while s.is_chance_node() or s.current_player() != 0:
        s.apply_action(s.chance_outcomes()[0][0] if s.is_chance_node()
                       else s.legal_actions()[0])
    assert len(s.legal_actions()) == 1
    verdict = judge_position(s, s.legal_actions()[0], Budget(iterations=50))
    assert verdict.label == "best" and verdict.cost == 0 and verdict.visits == 0
    assert verdict.better is None


def test_labels_follow_the_game_thresholds():
    game = load_game("kingdomino", players=2)
    judge = Judge(game, 0, Budget(iterations=10))
    best, inaccuracy, mistake, blunder = judge.thresholds
    assert judge.thresholds == game_review("kingdomino", 2).thresholds
    assert [judge.label(c) for c in (0, best, (best + inaccuracy) / 2, inaccuracy, mistake,
                                     blunder, 1.0)] == [
        "best", "best", "good", "inaccuracy", "mistake", "blunder", "blunder"]
    assert LABELS == ("best", "good", "inaccuracy", "mistake", "blunder")


def test_a_seeded_judgement_is_reproducible_and_the_seed_matters():
    s = inheritors_market_position()
    move = s.legal_actions()[0]
    runs = [judge_position(s, move, Budget(iterations=30), seed=k) for k in (4, 4, 5)]
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


def test_bad_budgets_and_positions_are_refused():
    with pytest.raises(ParameterError, match="iterations"):
        Budget(iterations=0)
    with pytest.raises(ParameterError, match="seconds"):
        Budget(seconds=-1)
    s = kingdomino_discard_position()
    with pytest.raises(IllegalActionError):
        judge_position(s, 10**6)
    chance = load_game("kingdomino", players=2).new_initial_state(1)
    with pytest.raises(RegaliaError, match="decision node"):
        judge_position(chance, 0)


def test_register_review_checks_its_settings():
    with pytest.raises(ValueError, match="ascending"):
        register_review("no-such-game", ReviewSettings("ismcts", 10, (0.1, 0.05, 0.2, 0.3)))
    with pytest.raises(ValueError, match="iterations"):
        register_review("no-such-game", ReviewSettings("ismcts", 0, (0, 0.05, 0.1, 0.2)))
    with pytest.raises(ParameterError, match="ismcts"):
        Judge(load_game("kingdomino", players=2), 0, Budget(iterations=5),
              settings=ReviewSettings("mcts:playout=greedy", 5, (0, 0.05, 0.1, 0.2)))


def test_a_review_under_a_time_budget_for_the_whole_game_ends_in_time():
    """A server's budget per table: the decisions share the time left (no assertion on
    wall time: the budget is passed down to every search as its time cap)."""
    from regalia.arena import play_match
    from regalia.review import review_game

    game = load_game("kingdomino", players=2)
    record = play_match(game, ["random", "greedy"], seed=3).record
    review = review_game(record, 0, Budget(total_seconds=0.5), seed=1)
    assert review["search"] == {"spec": "ismcts:playout=greedy", "iterations": None,
                                "seconds": None, "total_seconds": 0.5, "seed": 1}
    assert len(review["decisions"]) == 24 and review["complete"]
    assert all(d["iterations"] > 0 for d in review["decisions"] if not d["forced"])
