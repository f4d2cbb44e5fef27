"""``regalia replay --step`` answers (Enter: the next move, 'c' or the end of input: to the
end, 'q': stop), for a game record and for a seat record alike."""

from __future__ import annotations

import pytest

from regalia.core.record import GameRecord
from regalia.core.registry import load_game
from regalia.core.seat_record import SeatRecord
from regalia.testing.game_checks import mid_game_state

PROMPT = "Enter: next move, c: to the end, q: stop"
#: what a replay played to the end prints last
END = {"seat_record": "Final scores"}


@pytest.fixture
def seat_record(tmp_path):
    """Seat 1's record of a finished 2-player Inheritors game (seeded random moves)."""
    game = load_game("inheritors", players=2)
    state = mid_game_state(game, 3, game.max_game_length)
    assert state.is_terminal()
    path = tmp_path / "seat.json"
    SeatRecord.from_state(state, 0, ["random", "random"]).save(path)
    return path


@pytest.fixture
def game_record(cli, tmp_path):
    path = tmp_path / "game.json"
    assert cli("match", "kingdomino", "-p", "greedy,random", "-s", "1", "-q",
               "-r", str(path)).exit_code == 0
    return path


@pytest.mark.parametrize("record", ["seat_record", "game_record"])
@pytest.mark.parametrize("typed, prompts, stopped", [
    ("\n\nq\n", 3, True), ("\n\nQuit\n", 3, True), ("\nc\n", 2, False),
    ("\n CONTINUE\n", 2, False), ("", 1, False), ("\nx\nq\n", 3, True)])
def test_step_answers(cli, request, record, typed, prompts, stopped):
    path = request.getfixturevalue(record)
    result = cli("replay", str(path), "--step", input=typed)
    assert result.exit_code == 0, result.output
    assert result.output.count(PROMPT) == prompts
    assert ("Replay stopped." in result.output) == stopped
    assert (end_line(record, path) in result.output) == (not stopped)


def end_line(record, path) -> str:
    """The replay's last line: for the game record, its sole winner's line, read from the
    record (the compiled and the pure engine deal other games from the same seed)."""
    if record == "seat_record":
        return END[record]
    scores = GameRecord.load(path).scores
    best = max(scores)
    assert scores.count(best) == 1
    w = scores.index(best)
    return f"Seat {w + 1} ({['greedy', 'random'][w]}) wins with {best:g} points."
