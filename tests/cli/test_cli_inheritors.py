"""`regalia play/match/replay/data check inheritors`: a person sees only their own hand,
records keep the truth, `replay --as N` hides what seat N could not see."""

from __future__ import annotations

import json

import regalia
from regalia.games.inheritors.components import DEFAULT_DATA
from regalia.games.inheritors.positions import swap_with_deck

from random_play import plies


def _dealt_line(output: str, seat: int) -> str:
    lines = [ln for ln in output.splitlines() if f"Seat {seat} " in ln and "is dealt" in ln]
    return lines[0] if lines else ""


def test_play_shows_a_person_only_their_hand(cli, human_inputs):
    game = regalia.load_game("inheritors", players=3)
    specs = ["human", "greedy", "greedy"]
    typed, scores = human_inputs(game, specs, 4)
    result = cli("play", "inheritors", "--players", ",".join(specs), "--seed", "4",
                 input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Scores (rulebook order)" in out
    assert _dealt_line(out, 1)                       # the person's own deal is shown
    assert not _dealt_line(out, 2) and not _dealt_line(out, 3)
    assert "Seat 2 (greedy) draws a card" in out or "Seat 3 (greedy) draws a card" in out
    before_end = out.split("Final hands")[0]
    assert "10 cards" in before_end                  # others' hands as counts
    total = [ln for ln in out.splitlines() if ln.strip().startswith("total")][0]
    assert total.split()[1:] == [str(int(x)) for x in scores]


def test_match_record_and_replay_as_a_seat(cli, tmp_path):
    path = tmp_path / "game.json"
    result = cli("match", "inheritors", "-p", "greedy,random,random", "-s", "2", "-q",
                 "--record", str(path))
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    assert any(text.startswith("card ") for text in record["notation"])   # the full truth
    full = cli("replay", str(path), "--brief")
    assert full.exit_code == 0, full.output
    assert _dealt_line(full.output, 1) and _dealt_line(full.output, 2)
    as2 = cli("replay", str(path), "--as", "2")
    assert as2.exit_code == 0, as2.output
    assert _dealt_line(as2.output, 2) and not _dealt_line(as2.output, 1)
    assert "Seat 1 (greedy) draws a card" in as2.output
    assert "Shown as Seat 2" in as2.output
    bad = cli("replay", str(path), "--as", "4")
    assert bad.exit_code == 2 and "seats 1 to 3" in bad.output


def test_data_check_and_play_with_a_data_file(cli, tmp_path):
    ok = cli("data", "check", "inheritors", str(DEFAULT_DATA))
    assert ok.exit_code == 0, ok.output
    assert "OK: 99 deck cards" in ok.output and "reconstructed" in ok.output
    text = DEFAULT_DATA.read_text(encoding="utf-8")
    mine = tmp_path / "cards.toml"
    mine.write_text(text.replace('name = "Two Quests"', 'name = "Pair of Quests"'),
                    encoding="utf-8")
    assert cli("data", "check", "inheritors", str(mine)).exit_code == 0
    played = cli("match", "inheritors", "-p", "greedy,greedy", "-s", "1", "-q",
                 "--data", str(mine))
    assert played.exit_code == 0, played.output
    assert "cards from" in played.output
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("copies = 4", "copies = 5", 1), encoding="utf-8")
    bad = cli("data", "check", "inheritors", str(broken))
    assert bad.exit_code == 1
    assert "influence record #1" in " ".join(bad.output.split())
    assert cli("match", "inheritors", "-p", "greedy,greedy", "--data", str(broken)).exit_code == 1


# ----------------------------------------------------- nothing hidden reaches a view
def _render(renderable) -> str:
    import io

    from rich.console import Console
    buf = io.StringIO()
    Console(file=buf, width=120, color_system=None, force_terminal=False).print(renderable)
    return buf.getvalue()


def _twin(state, viewer: int, rng):
    """``state`` with a card nobody but its holder has seen (not one everyone saw enter the
    hand) exchanged with a card of the deck, in a hand ``viewer`` cannot see; None if there
    is no such card."""
    g = state.game
    T = g.T
    for q in rng.sample(range(g.num_players), g.num_players):
        if q == viewer:
            continue
        o = q * T
        pairs = [(a, b) for a in range(T) if state.hand[o + a] > state.known[o + a]
                 for b in range(T) if b != a and state.deck[b]]
        if pairs:
            a, b = rng.choice(pairs)
            return swap_with_deck(state, q, g.tname[a], g.tname[b])
    return None


def test_table_views_do_not_depend_on_hidden_cards():
    """The table drawn for a seat (``regalia play`` at a person's turn, ``replay --as``) is
    the same for two states that differ only in another hand's hidden card; the holder's
    own view shows the difference."""
    import random

    from regalia.cli.frontends import ui_for
    rng = random.Random(3)
    checked = 0
    for players in (2, 3, 4):
        g = regalia.load_game("inheritors", players=players)
        labels = [f"Seat {i + 1}" for i in range(players)]
        for seed in range(3):
            s = g.new_initial_state(seed)
            for _ in plies(s, random.Random(seed)):
                if len(s.history()) % 9 or s.stage == 0 or s.is_terminal():
                    continue
                viewer = rng.randrange(players)
                twin = _twin(s, viewer, rng)
                if twin is None:
                    continue
                ui = ui_for("inheritors").seen_by(viewer)
                assert _render(ui.position(s, labels)) == _render(ui.position(twin, labels))
                assert _render(ui.header(g, labels, None)) == _render(ui.header(g, labels,
                                                                                None))
                everything = ui_for("inheritors").seen_by(None)
                assert _render(everything.position(s, labels)) != \
                    _render(everything.position(twin, labels))
                checked += 1
    assert checked > 30


def test_narration_does_not_depend_on_hidden_outcomes():
    """The course of the game told to a seat reads the same whichever card another player
    drew, and whichever Quest they took (``regalia play`` and ``replay --as``); told to the
    drawer, the card is named."""
    import io
    import random

    from rich.console import Console

    from regalia.cli.frontends import ui_for
    checked = 0
    for players in (2, 4):
        g = regalia.load_game("inheritors", players=players)
        labels = [f"Seat {i + 1}" for i in range(players)]
        s = g.new_initial_state(5)
        rng = random.Random(5)
        while not s.is_terminal():
            if s.is_chance_node():
                action = s.sample_chance_outcome(rng)
                target = None
                if s.phase_name == "draw" and s.drawq[0] < players and s.stage:
                    target = s.drawq[0]
                    alts = [a for a, _ in s.chance_outcomes() if a != action]
                elif s.phase_name == "quest-draw":
                    target = s.cur
                    alts = [a for a, _ in s.chance_outcomes() if a != action]
                if target is not None and alts:
                    other = alts[0]
                    for viewer in range(players):
                        texts = []
                        for a in (action, other):
                            buf = io.StringIO()
                            con = Console(file=buf, width=120, color_system=None)
                            ui_for("inheritors").seen_by(viewer).narrator(labels, con).step(
                                s, a)
                            texts.append(buf.getvalue())
                        assert (texts[0] == texts[1]) == (viewer != target), texts
                        checked += 1
                s.apply_action(action)
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.randrange(len(legal))])
    assert checked > 50


def test_views_of_a_seat_do_not_show_the_seed(cli, tmp_path):
    """The seed fixes the whole deal (every hidden card): a seat's view does not print it
    (``regalia play`` with a person, ``replay --as``); the full replay does."""
    path = tmp_path / "game.json"
    assert cli("match", "inheritors", "-p", "greedy,random", "-s", "987654", "-q",
               "--record", str(path)).exit_code == 0
    full = cli("replay", str(path), "--brief")
    assert "seed 987654" in full.output
    as1 = cli("replay", str(path), "--brief", "--as", "1")
    assert as1.exit_code == 0, as1.output
    assert "987654" not in as1.output
    played = cli("play", "inheritors", "-p", "human,greedy", "-s", "987654", input="quit\n")
    assert played.exit_code == 0, played.output
    assert "987654" not in played.output.split("Game abandoned")[0]


def test_hints_in_inheritors_come_from_what_the_person_sees(cli):
    """A hint is a search: mcts (or mce) searches the true state, so its suggestion and
    win rates would depend on the hidden cards; the default ismcts hint does not. `play
    inheritors --hints` refuses a hint agent that would look at hidden cards."""
    import random

    from regalia.agents import hint
    g = regalia.load_game("inheritors", players=3)
    s = g.new_initial_state(8)
    rng = random.Random(8)
    seen = {"ismcts": 0, "mcts": 0}
    while not s.is_terminal() and len(s.history()) < 150:
        if s.is_chance_node():
            s.apply_random_chance()
            continue
        p = s.current_player()
        if len(s.history()) % 7 == 0 and len(s.legal_actions()) > 1:
            twin = _twin(s, p, rng)
            if twin is not None:
                for spec in seen:
                    a = hint(s, f"{spec}:iterations=30", seed=1)
                    b = hint(twin, f"{spec}:iterations=30", seed=1)
                    seen[spec] += a != b
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    assert seen["ismcts"] == 0 and seen["mcts"] > 0
    for spec in ("mcts", "mce"):
        refused = cli("play", "inheritors", "-p", "human,greedy", "--hints",
                      "--hint-agent", spec, input="quit\n")
        assert refused.exit_code == 2
        assert "only ismcts decides from what you can see" in " ".join(refused.output.split())
    ok = cli("play", "inheritors", "-p", "human,greedy", "-s", "3", "--hints",
             "--hint-agent", "ismcts:iterations=20", input="hint\nquit\n")
    assert ok.exit_code == 0, ok.output
    assert "Hint (ismcts" in ok.output


def _leaks(text: str, seat: int, players: int) -> list[str]:
    """Lines of a seat's view that name a card or Quest of another player's hidden hand:
    another seat's draw or Quest named, or another seat's hand listed in the table."""
    import re
    bad = []
    for line in text.splitlines():
        for q in range(1, players + 1):
            if q == seat:
                continue
            if re.search(rf"Seat {q} \(\w+\) (draws (?!a card)|is dealt|takes the Quest ')",
                         line):
                bad.append(line)
            m = re.match(rf"\s*Seat {q} \(\w+\)\s.*?\s(\d+): \S", line)
            if m:   # the table's hand column shows "N cards" for others, never "N: cards"
                bad.append(line)
    return bad


def test_a_whole_game_at_the_terminal_never_names_a_hidden_card(cli, human_inputs):
    """`regalia play inheritors` with a person at seat 2 of 4, driven through stdin to the
    end: until the hands are shown for scoring, no line names another player's draw,
    deal, Quest or hand."""
    game = regalia.load_game("inheritors", players=4)
    specs = ["greedy", "human", "random", "greedy"]
    typed, _ = human_inputs(game, specs, 12)
    result = cli("play", "inheritors", "--players", ",".join(specs), "--seed", "12",
                 input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Final hands" in out
    before, after = out.split("Final hands", 1)
    assert "draws a card" in before
    assert _leaks(before, 2, 4) == []
    assert _leaks(after, 2, 4) != []        # at the end the hands are shown for scoring


def test_replay_as_a_seat_never_names_a_hidden_card(cli, tmp_path):
    """`regalia replay FILE --as N` of a 4-player record: the narration and the tables
    between rounds never name another seat's card or Quest until the final hands; the full
    replay (no --as) does."""
    path = tmp_path / "game.json"
    assert cli("match", "inheritors", "-p", "greedy,random,greedy,random", "-s", "5", "-q",
               "--record", str(path)).exit_code == 0
    full = cli("replay", str(path))
    assert full.exit_code == 0
    assert _leaks(full.output.split("Final hands")[0], 3, 4) != []   # the truth is there
    for seat in (1, 3):
        view = cli("replay", str(path), "--as", str(seat))
        assert view.exit_code == 0, view.output
        before = view.output.split("Final hands")[0]
        assert "Round 2" in before          # the tables between rounds are checked too
        assert _leaks(before, seat, 4) == []
