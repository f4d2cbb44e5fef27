"""Issue 10, "Broken (found)": agent specs checked against the game before it starts (no
traceback in match, play or a hint), and ``match --solo`` without --players."""

from __future__ import annotations

import pytest

import regalia
from regalia.agents import check_spec
from regalia.arena.tournament import check_lineup
from regalia.core.errors import UnknownNameError


@pytest.mark.parametrize("args", [
    ("match", "kingdomino", "-p", "mcts:playout=fast,greedy"),
    ("match", "kingdomino", "-p", "greedy,mce:iterations=3,playout=fast"),
    ("play", "kingdomino", "-p", "human,mcts:playout=fast"),
    ("play", "kingdomino", "-p", "human,greedy", "--hints",
     "--hint-agent", "ismcts:playout=fast"),
    ("tournament", "kingdomino", "--agents", "mcts:playout=fast,greedy", "--games", "1"),
])
def test_playout_policy_the_game_does_not_offer_is_refused_before_the_game(cli, args):
    # stdin is empty: were the game to start, 'play' would read EOF at the first prompt
    result = cli(*args, input="")
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert "Kingdomino offers no playout policy 'fast'; available: random, greedy" in text
    assert "Traceback" not in result.output
    assert "Round 1" not in result.output and "line" not in text.split("Error")[0].lower()


def test_a_policy_the_game_offers_is_accepted():
    two_heirs = regalia.load_game("two-heirs")
    assert check_spec("mcts:iterations=2,playout=fast", two_heirs).playout_name == "fast"
    with pytest.raises(UnknownNameError, match="offers no playout policy 'fast'"):
        check_spec("ismcts:playout=fast", regalia.load_game("kingdomino"))
    with pytest.raises(UnknownNameError, match="offers no playout policy 'fast'"):
        check_lineup(regalia.load_game("kingdomino", players=2),
                     ["mce:playout=fast", "greedy"])


def test_match_solo_defaults_players_as_its_help_says(cli):
    result = cli("match", "two-heirs", "--solo", "--level", "1", "--seed", "5", "--quiet")
    assert result.exit_code == 0, result.output
    assert "Seat 1 (greedy)" in result.output and "Heinrich" in result.output
    assert "Missing option" not in result.output
    helptext = " ".join(cli("match", "--help").output.replace("│", " ").split())
    assert "except with --solo (default: greedy)" in helptext
    # without --solo, --players is still required, and says so
    bad = cli("match", "two-heirs")
    assert bad.exit_code == 2 and "--players is required" in bad.output
