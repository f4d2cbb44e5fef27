"""``regalia review`` (issue 26): a record reviewed for a seat, in the terminal, as JSON and
as an HTML page; bad records, seats and options refused with the replay's messages and
exit codes. Tiny iteration budgets (the searches' iteration counts keep it reproducible)."""

from __future__ import annotations

import json

import pytest

from regalia.arena import play_match
from regalia.core.registry import load_game
from regalia.core.seat_record import SeatRecord
from regalia.review import Review


@pytest.fixture
def kingdomino_record(tmp_path):
    """A finished 2-player Kingdomino game, seat 1 labelled human."""
    game = load_game("kingdomino", players=2)
    result = play_match(game, ["random", "greedy"], seed=5)
    record = result.record.model_copy(update={"players": ["human", "greedy"]})
    record.digest = record.compute_digest()
    path = tmp_path / "game.json"
    record.save(path)
    return path


@pytest.fixture
def inheritors_seat_record(tmp_path):
    game = load_game("inheritors", players=2)
    result = play_match(game, ["random", "greedy"], seed=6)
    path = tmp_path / "seat.json"
    SeatRecord.from_state(result.state, 0, ["random", "greedy"]).save(path)
    return path


def test_the_terminal_review_and_its_json(cli, kingdomino_record, tmp_path):
    out = tmp_path / "review.json"
    result = cli("review", str(kingdomino_record), "--iterations", "8", "--seed", "1",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    review = Review.model_validate(json.loads(out.read_text()))
    assert review.seat == 0 and review.players == ["human", "greedy"]   # the human seat
    assert review.search.iterations == 8 and review.search.seed == 1
    assert review.measure == "win" and review.unit == "win chance"
    assert len(review.decisions) == 24 and review.complete   # 12 places and 12 picks
    assert sum(review.counts.values()) == 24
    text = result.stdout
    assert "Kingdomino: review of human (seat 1)" in text
    assert "Decisions: best" in text and "Curve (chance to win" in text
    for d in review.decisions:
        assert d.played.notation in text
        if d.key:
            assert f"Key moment: decision {d.index + 1} " in text
    # a second run with the same seed gives the same review
    again = tmp_path / "again.json"
    assert cli("review", str(kingdomino_record), "--iterations", "8", "--seed", "1",
               "--out", str(again)).exit_code == 0
    assert again.read_text() == out.read_text()


def test_the_html_page_is_self_contained(cli, kingdomino_record, tmp_path):
    page = tmp_path / "review.html"
    plot = tmp_path / "chart.png"
    result = cli("review", str(kingdomino_record), "--as", "1", "--iterations", "8",
                 "--out", str(page), "--plot", str(plot))
    assert result.exit_code == 0, result.output
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "Review of Kingdomino: human (seat 1)" in html
    assert "<script" not in html and 'src="http' not in html and "href=\"http" not in html
    moments = html.count('class="moment"')
    assert moments >= 1   # a random player makes mistakes
    assert html.count("<svg") == 1 + moments   # the chart, then a board per key moment
    assert html.count("Played:") == moments and "rv-played-" in html
    assert plot.read_bytes().startswith(b"\x89PNG")


def test_a_record_that_fails_its_check_is_refused_as_replay_refuses_it(cli, kingdomino_record):
    data = json.loads(kingdomino_record.read_text())
    data["actions"][30] = data["actions"][31]
    kingdomino_record.write_text(json.dumps(data))
    review = cli("review", str(kingdomino_record), "--iterations", "5")
    replay = cli("replay", str(kingdomino_record))
    assert review.exit_code == replay.exit_code == 1
    assert "digest" in review.stderr and review.stderr == replay.stderr


def test_a_seat_record_is_reviewed_for_its_own_seat_only(cli, inheritors_seat_record, tmp_path):
    refused = cli("review", str(inheritors_seat_record), "--as", "2", "--iterations", "5")
    assert refused.exit_code == 2
    assert "seat record of seat 1" in refused.stderr and "--as 1" in refused.stderr
    out = tmp_path / "r.json"
    ok = cli("review", str(inheritors_seat_record), "--iterations", "2", "--out", str(out))
    assert ok.exit_code == 0, ok.output
    assert json.loads(out.read_text())["seat"] == 0


def test_a_spectator_record_of_hidden_information_is_refused(cli, tmp_path):
    game = load_game("two-heirs", players=2)
    state = play_match(game, ["greedy", "greedy"], seed=2).state
    path = tmp_path / "spectator.json"
    SeatRecord.from_state(state, None, observe=lambda s: {**s.observation(0),
                                                          "player": None}).save(path)
    result = cli("review", str(path), "--iterations", "5")
    assert result.exit_code == 2 and "spectator" in result.stderr


@pytest.mark.parametrize("args, message", [
    (["--out", "review.txt"], "--out review.txt: give a file name ending in .html or .htm "
                              "or .json"),
    (["--plot", "chart.pdf"], "--plot chart.pdf: give a file name ending in .png or .svg"),
    (["--as", "3"], "--as 3: the game has seats 1 to 2"),
    (["--iterations", "0"], "iterations per decision must be a whole number >= 1"),
    (["--seconds-per-decision", "0"], "seconds per decision must be a positive number"),
])
def test_bad_options_are_refused(cli, kingdomino_record, args, message, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    result = cli("review", str(kingdomino_record), *args)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.stderr.split())


def test_a_record_without_a_human_seat_needs_as(cli, tmp_path):
    path = tmp_path / "g.json"
    play_match(load_game("kingdomino", players=2), ["greedy", "random"], seed=1).record.save(path)
    result = cli("review", str(path), "--iterations", "5")
    assert result.exit_code == 2
    assert "choose the seat to review with --as (seats: 1 (greedy), 2 (random))" in \
        " ".join(result.stderr.split())
