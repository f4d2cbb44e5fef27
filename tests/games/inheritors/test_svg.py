"""The Inheritors board of the web table (board protocol v2, issue 13): the SVG drawn from
one seat's observation, clicks mapped to actions, the spectators' view, the score table,
the scoring help and the move log; and the attacker's tests that nothing of another seat's
hand or Quests reaches a seat or a spectator (rulebook II. Setup, III. Gameplay action 4:
hands and Quests are hidden)."""

from __future__ import annotations

import copy
import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

from regalia.core.registry import game_drawing
from regalia.games.inheritors import InheritorsGame
from regalia.games.inheritors import svg
from regalia.games.inheritors.policies import greedy_policy

from hidden_cards import hidden_names

NS = "{http://www.w3.org/2000/svg}"


def _positions(players: int, seed: int, every: int = 9, limit: int = 12):
    """Decision states of one game (random and greedy moves mixed), every ``every``-th
    decision, at most ``limit``, the final state last."""
    g = InheritorsGame(players=players)
    s = g.new_initial_state(seed)
    rng = random.Random(seed)
    out, k = [], 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice(s.legal_actions()))
            continue
        k += 1
        if k % every == 0 and len(out) < limit:
            out.append(s.clone())
        a = rng.choice(s.legal_actions()) if rng.random() < 0.5 else greedy_policy(s, rng)
        s.apply_action(a)
    out.append(s)
    return out


RARE = frozenset({"ask", "sabotage", "take", "honor", "claim", "pass", "quest-discard"})


def _rare_positions(players: int, seed: int, limit: int = 6):
    """Decision states of a random game where an Advocate's effect waits (Spy, Advisor,
    Saboteur, Conspirator...), a claim is open, or the hand is empty."""
    g = InheritorsGame(players=players)
    s = g.new_initial_state(seed)
    rng = random.Random(seed)
    out = []
    while not s.is_terminal() and len(out) < limit:
        legal = s.legal_actions()
        if not s.is_chance_node() and (s.phase_name == "effect" or any(
                s.decode(a).kind in RARE for a in legal)):
            out.append(s.clone())
        s.apply_action(rng.choice(legal))
    return out


POSITIONS = [(n, seed, s) for n, seed in ((2, 1), (3, 2), (4, 3), (3, 4))
             for s in _positions(n, seed)]
POSITIONS += [(n, seed, s) for n, seed in ((2, 11), (3, 12), (4, 13), (3, 14), (4, 15),
                                           (2, 16))
              for s in _rare_positions(n, seed)]


def _walk(obs, legal, limit=20000):
    """Every action some click sequence reaches from ``[]`` (targets and choices), and
    every click reply seen; fails on an illegal action."""
    found, replies = set(), []
    todo = [[]]
    calls = 0
    while todo:
        clicks = todo.pop()
        calls += 1
        assert calls < limit, "the click tree is unbounded"
        reply = svg.click(obs, legal, clicks)
        replies.append(reply)
        if "action" in reply:
            assert reply["action"] in legal, (clicks, reply)
            found.add(reply["action"])
            continue
        assert "next" in reply, (clicks, reply)
        nxt = reply["next"]
        assert isinstance(nxt["prompt"], str) and nxt["prompt"]
        for t in nxt["targets"]:
            obj = json.loads(t)
            # a card of a Market row stands for its row: walk one of them per row
            if "depth" in obj and any(json.loads(u) == {"row": obj["row"]}
                                      for u in nxt["targets"]):
                if obj["depth"] != 1:
                    continue
            todo.append(clicks + [obj])
        for c in nxt["choices"]:
            assert isinstance(c["label"], str) and c["label"]
            todo.append(clicks + [c["click"]])
    return found, replies


def _decision(s):
    p = s.current_player()
    return (p, s.legal_actions()) if p >= 0 else (0, [])


# ------------------------------------------------------------------ the drawing
def test_registered_and_offers_protocol_v2():
    mod = game_drawing("inheritors")
    assert mod is svg
    for name in ("render", "click", "public_observation", "score_table", "scoring_help",
                 "move_log"):
        assert callable(getattr(mod, name))


def test_svg_parses_for_every_seat_and_the_spectator():
    for n, _seed, s in POSITIONS:
        p, legal = _decision(s)
        for seat in range(n):
            text = svg.render(s.observation(seat), legal if seat == p else (),
                              [f"Seat <{seat}> & co" for seat in range(n)])
            root = ET.fromstring(text)
            assert root.tag == NS + "svg"
            assert "Seat &lt;" in text      # names are escaped
        ET.fromstring(svg.render(svg.public_observation(s.observation(0))))


def test_every_clickable_element_is_canonical_json_and_the_targets_are_drawn():
    n, _seed, s = next(x for x in POSITIONS if x[2].phase_name == "start")
    p, legal = _decision(s)
    obs = s.observation(p)
    root = ET.fromstring(svg.render(obs, legal))
    clicks = [e.attrib["data-click"] for e in root.iter() if "data-click" in e.attrib]
    assert clicks
    for c in clicks:
        assert svg.canonical(json.loads(c)) == c
    drawn = set(clicks)
    reply = svg.click(obs, legal, [])
    assert reply["next"]["targets"]
    assert set(reply["next"]["targets"]) <= drawn
    for card in obs["hand"]:
        assert svg.canonical({"card": card}) in drawn


def test_every_legal_action_is_reachable_by_clicks_and_nothing_else():
    checked = 0
    for _n, _seed, s in POSITIONS:
        p, legal = _decision(s)
        if not legal:
            continue
        found, _ = _walk(s.observation(p), legal)
        assert found == set(legal), sorted(set(legal) - found)
        checked += 1
    assert checked >= 30


def test_a_whole_game_played_by_clicks_only():
    """Every decision of a 3-player game taken by walking the clicks (random choices)."""
    g = InheritorsGame(players=3)
    s = g.new_initial_state(99)
    rng = random.Random(5)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice(s.legal_actions()))
            continue
        p, legal = s.current_player(), s.legal_actions()
        obs = s.observation(p)
        clicks = []
        while True:
            reply = svg.click(obs, legal, clicks)
            if "action" in reply:
                break
            nxt = reply["next"]
            options = [json.loads(t) for t in nxt["targets"]] + [c["click"] for c in
                                                                  nxt["choices"]]
            clicks.append(rng.choice(options))
        assert reply["action"] in legal
        s.apply_action(reply["action"])
    assert s.is_terminal()


def test_a_two_step_discard_and_take_by_hand():
    """Action 3 (III. Gameplay): discard onto one row, take another whose top card
    matches; a card of a row names its row."""
    for _n, _seed, s in POSITIONS:
        p, legal = _decision(s)
        takes = [a for a in legal if s.decode(a).kind == "discard-take"]
        if takes:
            break
    else:
        pytest.skip("no discard-and-take in the sample")
    a = s.decode(takes[0])
    obs = s.observation(p)
    depth = len(obs["market"][a.row - 1])
    r1 = svg.click(obs, legal, [{"card": a.card}])
    assert {"label": "Draw 2 cards", "click": {"do": "draw"}} not in r1["next"]["choices"]
    r2 = svg.click(obs, legal, [{"card": a.card}, {"row": a.row, "depth": depth}])
    assert {"label": "Draw 2 cards", "click": {"do": "draw"}} in r2["next"]["choices"]
    assert svg.canonical({"row": a.take_row}) in r2["next"]["targets"]
    r3 = svg.click(obs, legal, [{"card": a.card}, {"row": a.row}, {"row": a.take_row}])
    assert r3 == {"action": a.id}


HOSTILE = [
    None, "card", 7, {"card": "purple 1"}, [None], [[]], [{}], [{"card": ["x"]}],
    [{"card": {"a": 1}}], [{"row": True}], [{"row": 10 ** 30}], [{"row": -1}],
    [{"evil": 1}], [{"card": "x" * 10_000}], [{"card": "no such card"}],
    [{"row": 9}], [{"clan": "Nobody"}], [{"honor": "<script>"}], [{"do": "end"}] * 50,
    [{"seat": 7}], [{"action": 0}], [{"do": "explode"}], [{"pile": "quests"}, {"quest": 3}],
    [{"card": "purple 1"}, {"row": 1}, {"row": 1}, {"row": 1}, {"row": 1}],
]


@pytest.mark.parametrize("clicks", HOSTILE)
def test_hostile_clicks_give_errors_and_change_nothing(clicks):
    for _n, _seed, s in POSITIONS[:8]:
        p, legal = _decision(s)
        obs = s.observation(p)
        before = copy.deepcopy(obs)
        reply = svg.click(obs, legal, clicks)
        assert set(reply) == {"error"}, (clicks, reply)
        assert isinstance(reply["error"], str) and 10 < len(reply["error"]) < 2000
        assert obs == before


def test_clicks_out_of_turn():
    s = POSITIONS[3][2]
    p, legal = _decision(s)
    other = (p + 1) % s.game.num_players
    obs = s.observation(other)
    assert svg.click(obs, [], [])["next"]["targets"] == []
    assert "not your turn" in svg.click(obs, [], [{"card": "purple 1"}])["error"]


def test_a_wrong_click_names_what_is_allowed():
    s = next(x[2] for x in POSITIONS if x[2].phase_name == "post")
    p, legal = _decision(s)
    err = svg.click(s.observation(p), legal, [{"row": 2}])["error"]
    assert "Market row 2 cannot be clicked now" in err and "End turn" in err


def test_output_is_deterministic():
    for _n, _seed, s in POSITIONS[::5]:
        p, legal = _decision(s)
        obs = s.observation(p)
        a = svg.render(obs, legal)
        assert svg.render(copy.deepcopy(obs), list(legal)) == a
        assert svg.click(obs, legal, []) == svg.click(copy.deepcopy(obs), legal, [])


def test_pending_clicks_are_drawn_selected():
    s = next(x[2] for x in POSITIONS if x[2].phase_name == "start")
    p, legal = _decision(s)
    obs = s.observation(p)
    card = obs["hand"][0]
    plain = svg.render(obs, legal)
    sel = svg.render(obs, legal, pending=[{"card": card}])
    assert plain != sel
    assert '#d4145a' in sel     # the selected card's outline


# ------------------------------------------------------------------ hidden information
def _public_blob(s, obs):
    """Every name the observation shows (and the texts of the public records drawn)."""
    G = s.game
    parts = list(obs.get("hand") or ()) + list(obs.get("quests") or ())
    parts += [c for row in obs["market"] for c in row]
    parts += [f"{col} {k}" for area in obs["play_areas"] for col, nums in area.items()
              for k in nums]
    parts += list(obs["removed_area"])
    for c in obs["clans"]:
        parts += [c["clan"], *c["cards"]]
        rec = next(x for x in G.cards.clans if x.name == c["clan"])
        parts += [a.text for a in rec.abilities]
    for h in list(obs["honor_row"]) + [h for hs in obs["honors"] for h in hs]:
        parts.append(h)
        parts.append(next(x for x in G.cards.honors if x.name == h).text)
    for r in obs["reveals"]:
        parts += [str(r.get("card", "")), *(r.get("cards") or ()), str(r.get("honor"))]
    return "\n".join(parts)


def _visible_strings(text):
    """What a seat sees in the SVG: attribute values, texts, the first line of each hover
    text (a card's name; the rest is the public card data of that card)."""
    root = ET.fromstring(text)
    out = []
    for e in root.iter():
        out += list(e.attrib.values())
        if e.tag == NS + "title":
            out.append((e.text or "").split("\n")[0])
        elif e.text:
            out.append(e.text)
    return out


def _find(name, strings):
    rx = re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", re.IGNORECASE)
    return [x for x in strings if rx.search(x)]


def _everything_shown(obs, legal):
    out = _visible_strings(svg.render(obs, legal))
    if legal:
        _, replies = _walk(obs, legal)
        out += [json.dumps(r) for r in replies]
    out += [json.dumps(svg.score_table(obs)), *svg.move_log(obs)]
    return out


def test_attacker_finds_no_card_of_another_hand_or_quest():
    """For every seat and the spectator: no name of a card in another seat's hand or of
    its Quests appears in the drawing, the click replies, the score table or the move
    log, unless the observation shows that same card publicly."""
    hits = 0
    for n, _seed, s in POSITIONS:
        if s.is_terminal():
            continue          # hands and Quests are shown for scoring at the end
        p, legal = _decision(s)
        for seat in list(range(n)) + [None]:
            if seat is None:
                obs = svg.public_observation(s.observation(0))
                hidden = hidden_names(s, -1)
            else:
                obs = s.observation(seat)
                hidden = hidden_names(s, seat)
            blob = _public_blob(s, obs)
            shown = _everything_shown(obs, legal if seat == p else [])
            for name in hidden:
                if _find(name, [blob]):
                    continue
                hits += 1
                assert not _find(name, shown), (seat, name, _find(name, shown)[:3])
    assert hits > 50     # the test did look for cards that are hidden


def test_equal_information_gives_byte_equal_outputs():
    """Two states a seat cannot tell apart (the other hands, Quests and deck re-dealt
    with :meth:`resample_from_infostate`) give that seat byte-equal drawings, click
    replies, score tables and logs; spectators too."""
    differed = 0
    for n, seed, s in POSITIONS:
        if s.is_terminal():
            continue
        p, legal = _decision(s)
        for seat in range(n):
            t = s.resample_from_infostate(seat, random.Random(seed * 7 + seat))
            assert t.information_state_string(seat) == s.information_state_string(seat)
            if any(t.hand_names(q) != s.hand_names(q) for q in range(n) if q != seat):
                differed += 1
            a, b = s.observation(seat), t.observation(seat)
            la = legal if seat == p else []
            lb = t.legal_actions() if seat == p else []
            assert la == lb
            assert svg.render(a, la, None) == svg.render(b, lb, None)
            assert svg.score_table(a) == svg.score_table(b)
            assert svg.move_log(a) == svg.move_log(b)
            if la:
                assert _walk(a, la)[1] == _walk(b, lb)[1]
            pa = svg.public_observation(s.observation((seat + 1) % n))
            pb = svg.public_observation(t.observation((seat + 1) % n))
            assert svg.render(pa) == svg.render(pb)
    assert differed > 20


def test_public_observation_drops_every_hand_and_quest():
    s = next(x[2] for x in POSITIONS if x[2].is_terminal())
    obs = s.observation(1)
    pub = svg.public_observation(obs)
    assert "hand" in obs and "hands" in obs and "all_quests" in obs
    for key in ("hand", "quests", "hands", "all_quests"):
        assert key not in pub
    assert pub["player"] is None
    assert pub["scores"] == obs["scores"]      # the final scores stay
    text = svg.render(pub)
    assert '{&quot;card&quot;' not in text      # no hand card to click
    assert "Hand at the end" not in text and "Your hand" not in text


def test_the_viewer_sees_its_own_hand_and_quests():
    for n, _seed, s in POSITIONS:
        if s.is_terminal():
            continue
        p = next((q for q in range(n) if s.quests[q]), None)
        if p is None:
            continue
        obs = s.observation(p)
        text = svg.render(obs)
        for q in obs["quests"]:
            assert f"Quest: {q}" in text.replace("&#x27;", "'").replace("&apos;", "'")
        strings = _visible_strings(text)
        for card in set(obs["hand"]):
            assert _find(card, strings)
        return
    pytest.skip("no Quest taken in the sample")


def test_a_clan_shows_the_cards_sitting_with_it_on_hover():
    s = _set_up(clans=["Raven", "Lynx", "Wolf", "Boar", "Fox"], hands={0: ["red 1"]})
    root = ET.fromstring(svg.render(s.observation(0)))
    boar = next(e for e in root.iter(NS + "g") if e.attrib.get("data-card") == "Boar")
    tip = boar.find(NS + "title").text
    assert tip.startswith("Boar (Clan of the green realm)") and "Saboteur (Special Advocate" in tip


def test_hover_texts_carry_provenance():
    """Issue 24: in a player's words (a badge and a sentence, never a file name or a data
    field), and still never passing a reconstruction for the printed card."""
    g = InheritorsGame(players=3)
    assert "\u2248 Reconstructed data" in svg.hover(g, "purple 2")   # the 2/3/4 split
    assert "Taken from the rulebook." in svg.hover(g, "purple 1")    # four 1s per colour
    spy = svg.hover(g, "Spy")
    assert spy.startswith("Spy") and "reconstructed" in spy
    for name in ("Spy", "purple 2", "Tome", "Wolf", "Yellow Treasury"):
        text = svg.hover(g, name)
        assert "COMPONENTS.md" not in text and "Source:" not in text, text
        assert "Better established" not in text and "Provenance" not in text, text
    s = POSITIONS[0][2]
    text = svg.render(s.observation(0))
    assert "reconstructed" in text


# ------------------------------------------------------------------ side panels
def test_score_table_running_and_final():
    obs = copy.deepcopy(POSITIONS[20][2].observation(0))
    obs["play_areas"] = [{"purple": [1, 2, 3], "blue": [1]}, {}, {"red": [1, 2]}][:len(
        obs["play_areas"])] + [{}] * max(0, len(obs["play_areas"]) - 3)
    obs["honors"] = [["A Six"], [], []][:len(obs["honors"])] + [[]] * max(
        0, len(obs["honors"]) - 3)
    table = svg.score_table(obs)
    rows = {r["label"]: r["cells"] for r in table["rows"]}
    assert rows["1. Influence (top cards)"][0] == 4      # purple 3 + blue 1 (V. step 1)
    assert rows["5. Honors"][0] == 1                     # step 5
    assert rows["Public total"][0] == 5
    end = next(x[2] for x in POSITIONS if x[2].is_terminal())
    fin = svg.score_table(svg.public_observation(end.observation(0)))
    totals = next(r for r in fin["rows"] if r["label"] == "Total")["cells"]
    assert totals == [int(x) for x in end.scores()]
    assert fin["headings"] == ["Scoring item"] + [f"P{p + 1}" for p in range(end.game.num_players)]


def test_scoring_help_cites_the_rulebook():
    obs = POSITIONS[0][2].observation(0)
    help_ = svg.scoring_help(obs)
    assert [h["heading"] for h in help_][:5] == ["1. Influence Cards", "2. Tomes (and Epics)",
                                                 "3. Relics", "4. Quests", "5. Honors"]
    for h in help_:
        assert set(h) == {"heading", "text", "source"}
        assert "Inheritors rulebook" in h["source"] and "V. Scoring" in h["source"]
    assert "3 VP, 1 VP" in help_[1]["text"]            # from the card data's majority


def test_move_log_says_it_is_partial_and_lists_what_the_table_learnt():
    for _n, _seed, s in POSITIONS:
        obs = s.observation(0)
        log = svg.move_log(obs)
        assert "not part of a seat's observation" in log[0]
        assert len(log) >= 1 + len(obs["reveals"])
        if obs["reveals"]:
            assert any(line.startswith("ply ") for line in log)


def _set_up(**described):
    from regalia.games.inheritors.positions import position
    return position(InheritorsGame(players=3), seed=1, **described)


def _clicked(s, clicks):
    p = s.current_player()
    return svg.click(s.observation(p), s.legal_actions(), clicks)


def test_hand_worked_claims_spy_saboteur_and_pass():
    """Every decision kind by hand: a Clan and an Honor claimed by clicking them (III.
    Claiming Clans and Honors), the Saboteur's removal by clicking the stack, the Spy's
    question (seat, then card), a Quest from the pile, and Pass with an empty hand."""
    s = _set_up(hands={0: ["Spy", "red 3", "Tome", "Tome", "Tome"], 1: ["blue 2"]},
                stacks={0: {"red": [1, 2], "green": [1, 2, 3]},
                        1: {"blue": [1, 2], "green": [1]}},
                honors=["Three Tomes", "A Six"], clans=["Raven", "Lynx", "Wolf", "Boar", "Fox"])
    start = _clicked(s, [])["next"]["targets"]
    assert '{"clan":"Boar"}' in start and '{"honor":"Three Tomes"}' in start
    assert '{"clan":"Wolf"}' not in start           # no yellow 3: not claimable
    assert _clicked(s, [{"honor": "Three Tomes"}]) == {
        "action": s.string_to_action("honor Three Tomes")}
    q = _clicked(s, [{"pile": "quests"}])["next"]
    assert {"label": "Quest: discard 3 purple cards", "click": {"quest": "purple"}} in q["choices"]
    assert _clicked(s, [{"pile": "quests"}, {"quest": "white"}]) == {
        "action": s.string_to_action("quest white")}
    # the Spy: the seat, then the card asked for
    spy = s.clone()
    spy.apply_action(_clicked(spy, [{"card": "Spy"}, {"do": "use"}])["action"])
    nxt = _clicked(spy, [])["next"]
    assert nxt["targets"] == ['{"seat":1}', '{"seat":2}'] and "Spy" in nxt["prompt"]
    asks = _clicked(spy, [{"seat": 1}])["next"]["choices"]
    assert {"label": "Ask P2 for red 3", "click": {"ask": "red 3"}} in asks
    assert _clicked(spy, [{"seat": 1}, {"ask": "red 3"}]) == {
        "action": spy.string_to_action("ask P2 for red 3")}
    text = svg.render(spy.observation(0), spy.legal_actions())
    assert 'data-click="{&quot;seat&quot;:1}"' in text
    # the Boar's Saboteur (claimed with a green 3), used on P2's top cards
    s.apply_action(_clicked(s, [{"clan": "Boar"}])["action"])
    while s.is_chance_node():
        s.apply_action(s.legal_actions()[0])
    s.apply_action(_clicked(s, [{"card": "Saboteur"}, {"do": "use"}])["action"])
    nxt = _clicked(s, [])["next"]
    assert sorted(nxt["targets"]) == ['{"seat":1,"stack":"blue"}', '{"seat":1,"stack":"green"}']
    assert _clicked(s, [{"seat": 1, "stack": "blue"}]) == {
        "action": s.string_to_action("sabotage P2 blue")}
    text = svg.render(s.observation(0), s.legal_actions())
    assert '{&quot;seat&quot;:1,&quot;stack&quot;:&quot;blue&quot;}' in text
    # an empty hand passes
    e = _set_up(hands={1: ["blue 2"]})
    nxt = _clicked(e, [])["next"]
    assert nxt["choices"] == [{"label": "Pass (your hand is empty)", "click": {"do": "pass"}}]
    assert "empty" in nxt["prompt"]
    assert _clicked(e, [{"do": "pass"}]) == {"action": e.string_to_action("pass")}


def test_the_prompt_says_why_a_card_of_the_hand_cannot_be_played():
    """Issue 24: the reason was only in hover text. A hand card offering no Play says why
    in the prompt, in the rulebook's words (Influence Cards go on their stack in order from
    1 to 6; Tomes and Relics are never played)."""
    import random as _random
    from regalia.core.registry import load_game
    g = load_game("inheritors", players=2)
    rng = _random.Random(3)
    seen = {"influence": 0, "tome": 0}
    for seed in range(6):
        s = g.new_initial_state(seed)
        while not s.is_terminal() and sum(seen.values()) < 12:
            if s.is_chance_node():
                s.apply_random_chance()
                continue
            seat = s.current_player()
            obs = s.observation(seat)
            legal = s.legal_actions()
            if obs.get("phase") == "start":
                for card in dict.fromkeys(obs.get("hand") or ()):
                    step = svg.click(obs, legal, [{"card": card}])
                    if "next" not in step:
                        continue
                    labels = [c["label"] for c in step["next"]["choices"]]
                    prompt = step["next"]["prompt"]
                    if any(lb.startswith(("Play ", "Use ")) for lb in labels):
                        assert "cannot be played" not in prompt
                    elif card.split()[0] in ("purple", "blue", "yellow", "green", "red") \
                            and card.split()[-1].isdigit():
                        assert "It cannot be played now: Influence Cards go on their stack" \
                               in prompt, prompt
                        seen["influence"] += 1
                    elif card in ("Tome",) or card.endswith(" relic"):
                        assert "Tomes and Relics are never played" in prompt, prompt
                        seen["tome"] += 1
            s.apply_action(rng.choice(legal))
    assert seen["influence"] and seen["tome"], seen
