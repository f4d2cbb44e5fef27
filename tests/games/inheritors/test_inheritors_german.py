"""Inheritors in German (issue 30): typed German moves, and every view, narration, help
text, drawing and the scoring pad rendered under ``i18n.using("de")``.

The German words are the project's translation (``docs/i18n/inheritors.de.md``); the
notation stays the language-free one (``play purple 2``) in every language.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import i18n_scan
from regalia.core import i18n
from regalia.core.errors import NotationError
from regalia.games.inheritors import InheritorsGame, svg
from regalia.games.inheritors import help as inh_help
from regalia.games.inheritors import labels, narration, pad, view
from regalia.games.inheritors.components import load_cards
from regalia.games.inheritors.policies import greedy_policy

from hidden_cards import hidden_names

NS = "{http://www.w3.org/2000/svg}"


def _decisions(players: int, seed: int, limit: int = 40):
    """Decision states of one seeded game (random and greedy moves mixed)."""
    s = InheritorsGame(players=players).new_initial_state(seed)
    rng = random.Random(seed)
    out = []
    while not s.is_terminal() and len(out) < limit:
        if s.is_chance_node():
            s.apply_action(rng.choice(s.legal_actions()))
            continue
        out.append(s.clone())
        s.apply_action(rng.choice(s.legal_actions()) if rng.random() < 0.5
                       else greedy_policy(s, rng))
    return out


def _mid_game(players: int = 3, seed: int = 4):
    """A decision state after some turns: stacks played, a Market with several cards."""
    states = _decisions(players, seed, limit=80)

    def fits(s) -> bool:
        obs = s.observation(s.current_player())
        return (obs["phase"] == "start" and len(obs["hand"]) > 2
                and sum(len(area) for area in obs["play_areas"]) >= 3)
    return next(s for s in states[30:] if fits(s))


def _german(state, action: int) -> str:
    """How a German player types ``action`` (the German names the table shows)."""
    a = state.decode(action)
    with i18n.using("de"):
        card, colour = labels.card(a.card), labels.colour(a.colour)
        clan, honor = labels.card(a.clan), labels.card(a.honor)
    return {
        "play": f"spiele {card}",
        "use": f"nutze {card}",
        "discard-draw": f"wirf {card} auf Reihe {a.row}, ziehe 2",
        "discard-take": f"wirf {card} auf Reihe {a.row}, nimm Reihe {a.take_row}",
        "quest": f"quest {colour}",
        "quest-discard": f"wirf {card} auf Reihe {a.row}",
        "ask": f"frage P{(a.seat or 0) + 1} nach {card}",
        "take": f"nimm Reihe {a.row} Karte {a.depth}",
        "sabotage": f"sabotiere P{(a.seat or 0) + 1} {colour}",
        "claim": f"beanspruche {clan}",
        "honor": f"ehrung {honor}",
        "end-turn": "zug beenden",
        "pass": "passe",
    }[a.kind]


# ------------------------------------------------------------------ typed German moves
@pytest.mark.parametrize("german, english", [
    ("spiele lila 1", "play purple 1"), ("Spiele Lila 1", "play purple 1"),
    ("nutze Spion", "use Spy"), ("setze Spion ein", "use Spy"),
    ("wirf Spion auf Reihe 1, ziehe 2", "discard Spy to row 1, draw 2"),
    ("wirf Lila 2 auf Reihe 1, nimm Reihe 3", "discard purple 2 to row 1, take row 3"),
    ("wirf Foliant auf Reihe 2", "discard Tome to row 2"),
    ("wirf Relikt Rot auf Reihe 3, ziehe 2", "discard red relic to row 3, draw 2"),
    ("quest lila", "quest purple"), ("auftrag Weiß", "quest white"),
    ("frage P2 nach Blau 3", "ask P2 for blue 3"),
    ("nimm Reihe 2 Karte 1", "take row 2 card 1"),
    ("sabotiere P2 grün", "sabotage P2 green"),
    ("beanspruche Bär", "claim Bear"), ("beanspruche Wolf", "claim Wolf"),
    ("ehrung Eine Sechs", "honor A Six"), ("ehrung Erfolg des Spions", "honor Spy's Success"),
    ("zug beenden", "end turn"), ("passe", "pass"),
])
def test_a_german_move_reads_as_the_notation(german, english):
    s = InheritorsGame(players=3).new_initial_state(1)
    want = s.string_to_action(english)
    assert s.string_to_action(german) == want
    with i18n.using("de"):     # the language in force changes nothing in reading or writing
        assert s.string_to_action(german) == want
        assert s.action_to_string(want) == english


def test_every_legal_move_typed_in_german_is_that_move():
    """Over many positions of 2-4 player games: every legal decision, typed with the German
    names the table shows, reads back as that very action id."""
    checked = 0
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        for s in _decisions(players, seed, limit=25):
            for a in s.legal_actions():
                assert s.string_to_action(_german(s, a)) == a, _german(s, a)
                checked += 1
    assert checked > 1000


def test_the_notation_stays_language_free_in_german():
    s = _mid_game()
    english = [s.action_to_string(a) for a in s.legal_actions()]
    with i18n.using("de"):
        assert [s.action_to_string(a) for a in s.legal_actions()] == english
        assert all(s.decode(a).notation == t for a, t in zip(s.legal_actions(), english))


@pytest.mark.parametrize("text, words", [
    ("spiele lila 9", "keine Karte namens 'purple 9'; Karten heißen zum Beispiel 'Lila 2'"),
    ("spiele nichts", "Züge schreibst du so: 'spiele Lila 2'"),
    ("wirf Spion auf Reihe 7, ziehe 2", "der Markt hat die Reihen 1, 2 und 3, nicht 7"),
    ("frage P9 nach Lila 2", "die Spieler heißen P1 bis P3, nicht P9"),
    ("nutze Lila 2", "ist kein Fürsprecher"),
    ("beanspruche Drache", "kein solcher Name 'drache'; Namen: Ratte, Rabe, Luchs"),
    ("quest Schwarz", "unbekannte Farbe"),
])
def test_bad_german_input_gets_a_clear_german_error_and_changes_nothing(text, words):
    s = InheritorsGame(players=3).new_initial_state(1)
    before = s.to_json_string()
    with i18n.using("de"), pytest.raises(NotationError) as err:
        s.string_to_action(text)
    assert words in str(err.value)
    assert s.to_json_string() == before


def test_the_notation_help_in_german_names_both_ways():
    from regalia.games.inheritors.notation import NOTATION_HELP, notation_help
    assert notation_help() == NOTATION_HELP
    with i18n.using("de"):
        text = notation_help()
    assert "'spiele Lila 2'" in text and "'zug beenden'" in text and "'play purple 2'" in text


# ------------------------------------------------------------------ views and texts
def test_views_explain_and_decide_in_german():
    s = _decisions(3, 5, limit=1)[0]
    seat = s.current_player()
    hand = s.observation(seat)["hand"]
    missing = next(f"{c} {n}" for c in s.game.colours for n in (5, 6)
                   if f"{c} {n}" not in hand)
    colour = missing.split()[0]
    with i18n.using("de"):
        why = view.explain(s, f"spiele {labels.card(missing)}")
        assert why is not None and why.startswith("du hast ") and "nicht auf der Hand" in why
        assert labels.card(missing) in why
        assert view.explain(s, "beanspruche Drache").startswith(
            "in dieser Partie gibt es keinen Clan 'drache'")
        line = view.decision_line(s.observation(seat))
    assert line == ("Wähle eine Aktion (spiele, wirf ... ziehe 2, wirf ... nimm Reihe, quest "
                    "FARBE, nutze FÜRSPRECHER) oder beanspruche zuerst einen Clan / eine "
                    "Ehrung")
    # the same reason in English is unchanged (and says the English words)
    assert view.explain(s, f"play {missing}").startswith(f"you have no {missing} in your hand")
    assert colour in view.explain(s, f"play {missing}")


def test_narration_in_german():
    plies = [{"seat": None, "text": "reveal honor A Six"},
             {"seat": None, "text": "reveal clan Wolf"},
             {"seat": None, "text": "first player P2"},
             {"seat": 1, "text": "play purple 1"},
             {"seat": 1, "text": "claim Wolf"},
             {"seat": 1, "text": "end turn"},
             {"seat": 2, "text": "discard Spy to row 1, draw 2"},
             {"seat": None, "text": "Cem drew a card"},
             {"seat": None, "text": "Cem drew a card"},
             {"seat": 2, "text": "end turn"}]
    names = ["Anna", "Bo", "Cem"]
    with i18n.using("de"):
        log = narration.narrate({}, plies, names)
        hint = narration.describe({}, "ask P1 for blue 3")
    texts = [e["text"] for e in log]
    assert texts[0] == "Ehrungen: Eine Sechs; Clans: Wolf; Bo beginnt"
    assert texts[1] == "spielte Lila 1; beanspruchte den Clan Wolf"
    assert texts[2] == ("warf Spion auf Marktreihe 1 ab und zog 2 Karten; "
                        "Cem zog 2 Karten (verdeckt)")
    assert hint == "Spieler 1 nach Blau 3 fragen"
    english = [e["text"] for e in narration.narrate({}, plies, names)]
    assert english[1] == "played purple 1; claimed the Wolf Clan"


def test_help_and_rules_in_german():
    g = InheritorsGame(players=3)
    with i18n.using("de"):
        entries = {e.name: e for e in inh_help.help_entries(g)}
        summary = inh_help.rules_summary(_decisions(3, 5, limit=1)[0])
        scoring = inh_help.scoring_rules(g)
    spy = entries["Spion"]
    assert spy.kind == "Grund-Fürsprecher" and "spy" in spy.aliases
    assert spy.effect.startswith("Wähle einen Spieler und nenne eine Einflusskarte")
    assert entries["Wolf"].kind == "Clan des Reichs Gelb"
    assert entries["Relikt Lila"].kind == "Relikt"
    assert summary.title == "Dein Zug: EINE von fünf Aktionen"
    assert summary.cite == ("Inheritors-Spielregel (North Star Games 2023), "
                            "III. Spielablauf, Während deines Zuges")
    assert [r.title for r in scoring][:2] == ["1. Einflusskarten", "2. Folianten (und Epen)"]
    # English unchanged, found by its English name
    assert {e.name for e in inh_help.help_entries(g)} >= {"Spy", "Wolf", "purple relic"}


def test_every_card_name_and_text_of_the_data_has_a_german_label():
    """The label tables cover the bundled card data, so nothing on a card stays English."""
    cs = load_cards()
    names = [r.name for section in ("advocates", "special_advocates", "tomes", "epics",
                                    "quests", "honors", "clans") for r in getattr(cs, section)]
    texts = [t for _s, rec in cs.records() for t in [getattr(rec, "text", "")] if t]
    notes = {rec.note for _s, rec in cs.records() if rec.note}
    assert set(names) == set(labels.NAMES)
    assert set(texts) <= set(labels.TEXTS)
    assert notes == set(labels.NOTES)
    with i18n.using("de"):
        assert all(labels.card(n) != n or n in ("Agent", "Saboteur", "Wolf") for n in names)
        assert all(labels.text(t) != t for t in texts)
        assert all(labels.note(n) != n for n in notes)


# ------------------------------------------------------------------ the drawing
#: Hover lines this game does not write: the core's provenance sentences
#: (:func:`regalia.core.svgkit.provenance_note`, the main area's to translate).
CORE_LINES = ("Taken from the rulebook.", "\u2248 Reconstructed data")


def _texts(document: str) -> list[str]:
    """Every text node, aria-label and hover line of a drawing (the core's lines out, and
    the core's "Effect: " label taken off the card's effect text)."""
    root = ET.fromstring(document)
    out = []
    for e in root.iter():
        if e.tag == NS + "text" and e.text:
            out.append(e.text)
        if e.tag == NS + "title" and e.text:
            for line in e.text.split("\n"):
                bare = line.strip()
                if not bare.startswith(CORE_LINES):
                    out.append(bare.removeprefix("Effect: ").removeprefix("Why: "))
        if "aria-label" in e.attrib:
            out.append(e.attrib["aria-label"])
    return out


def test_no_english_sentence_in_a_german_drawing_mid_game():
    """Every text node and hover text of the German drawing of a mid-game position that
    reads as prose (``i18n_scan.is_prose``) is not the English drawing's text: nothing
    English is left; and the table's German words are there."""
    s = _mid_game()
    seat = s.current_player()
    obs, legal = s.observation(seat), s.legal_actions()
    names = ["Anna", "Bo", "Cem"]
    english = svg.render(obs, legal, names)
    with i18n.using("de"):
        german = svg.render(obs, legal, names)
        prompt = svg.click(obs, legal, [])["next"]["prompt"]
    english_prose = {line for t in _texts(english) for line in t.split("\n")
                     if i18n_scan.is_prose(line)}
    german_lines = [line for t in _texts(german) for line in t.split("\n")]
    assert english_prose, "the English drawing has prose to compare with"
    left = [line for line in german_lines if i18n_scan.is_prose(line) and line in english_prose]
    assert not left, left[:10]
    body = "\n".join(german_lines)
    for word in ("Auslage", "Markt (auf eine Reihe abwerfen", "Ehrungen (je 1 SP)",
                 "Nachziehstapel:", "Entfernte Karten", "Dem Tisch verraten"):
        assert word in body
    assert prompt.startswith("Du bist am Zug: Klicke eine Karte auf deiner Hand an")


def test_german_click_replies_and_panels():
    s = _mid_game()
    seat = s.current_player()
    obs, legal = s.observation(seat), s.legal_actions()
    with i18n.using("de"):
        bad = svg.click(obs, legal, [{"row": 3, "depth": 9}])
        table = svg.score_table(obs)
        log = svg.move_log(obs)
        rules = svg.scoring_help(obs)
    assert "kann jetzt nicht angeklickt werden; du kannst anklicken:" in bad["error"]
    assert [r["label"] for r in table["rows"]][:3] == ["1. Einfluss (oberste Karten)",
                                                       "5. Ehrungen", "Öffentliche Summe"]
    assert log[0].startswith("(Hier ist nur bekannt, was Züge dem Tisch verraten haben")
    assert rules[0]["heading"] == "1. Einflusskarten"
    # the click-path cache answers each language in its own words
    with i18n.using("de"):
        german = svg.click(obs, legal, [{"card": obs["hand"][0]}])["next"]["choices"]
    english = svg.click(obs, legal, [{"card": obs["hand"][0]}])["next"]["choices"]
    assert [c["click"] for c in german] == [c["click"] for c in english]
    assert not {c["label"] for c in german} & {c["label"] for c in english if " " in c["label"]}


def test_the_german_drawing_shows_no_hidden_card():
    """Hidden information stays hidden in German: no German name of a card in another
    seat's hand or of its Quests appears in the seat's German drawing unless the
    observation shows that card publicly (the German labels of its public cards)."""
    checked = 0
    for s in _decisions(3, 21, limit=40)[10::6]:
        for seat in range(3):
            obs = s.observation(seat)
            with i18n.using("de"):
                shown = "\n".join(_texts(svg.render(obs, s.legal_actions()
                                                    if seat == s.current_player() else ())))
                public = {labels.card(c) for row in obs["market"] for c in row}
                public |= {labels.card(c) for c in obs["hand"]}
                public |= {labels.card(q) for q in obs["quests"]}
                public |= {labels.card(f"{col} {k}") for area in obs["play_areas"]
                           for col, nums in area.items() for k in nums}
                public |= {labels.card(c) for c in obs["removed_area"]}
                public |= {labels.card(n) for c in obs["clans"] for n in c["cards"]}
                hidden = {labels.card(n) for n in hidden_names(s, seat)} - public
            for name in hidden:
                if any(name in p for p in public):
                    continue
                assert f">{name}<" not in shown and f"{name} \u00d7" not in shown, name
                checked += 1
    assert checked > 20


# ------------------------------------------------------------------ the scoring pad
def test_the_scoring_pad_in_german():
    with i18n.using("de"):
        text = pad.new({"players": 3})
        text = pad.edit(text, {"op": "top", "player": 0, "colour": "yellow", "value": 4})
        text = pad.edit(text, {"op": "clan", "player": 0, "name": "Wolf"})
        v = pad.view(text, "stack:0:2")
    assert "player Spieler 1" in text and "clan Wolf" in text   # the text format stays
    assert v["title"] == "Inheritors, 3 Spieler"
    assert v["notes"][0].startswith("Kartentexte: Die Ehrungen und eine Quest")
    assert v["menu"]["title"] == "Spieler 1: die oberste Karte des Stapels in Gelb"
    board = v["parts"][0]["boards"][0]
    assert "Auslage: die oberste Karte jedes Stapels" in board and "Wolf (Gelb)" in board
    with i18n.using("de"), pytest.raises(NotationError, match="gibt es auf diesem Block nicht"):
        pad.view(text, "stack:9")


def test_a_score_text_in_german_scores_as_the_english_one():
    """The score format's keywords and names stay English (``player``, ``purple 4``); a
    German player may write them in German too, with the same result."""
    from regalia.games.inheritors import textformat
    english = ("player Anna\narea purple 4, yellow 3\nhand Tome x2, purple relic, Spy, "
               "purple 3\nquests Two Threes\nhonors A Six\nclan Wolf\n"
               "player Bo\narea purple 5\nhand purple 3, purple 3\n")
    german = ("Spieler Anna\nAuslage Lila 4, Gelb 3\nHand Foliant x2, Relikt Lila, Spion, "
              "Lila 3\nQuests Zwei Dreien\nEhrungen Eine Sechs\nClan Wolf\n"
              "Spieler Bo\nAuslage Lila 5\nHand Lila 3, Lila 3\n")
    a, b = textformat.score_text(german), textformat.score_text(english)
    assert [(s.name, s.total, s.tomes, s.cards) for s in a.scores] == \
        [(s.name, s.total, s.tomes, s.cards) for s in b.scores] == \
        [("Anna", 11, 2, 5), ("Bo", 5, 0, 2)]
    with i18n.using("de"):
        report = textformat.format_report(textformat.score_text(german))
        with pytest.raises(NotationError, match="unbekannte Quest 'Drei Vieren'"):
            textformat.score_text(german.replace("Zwei Dreien", "Drei Vieren"))
    assert report.splitlines()[0] == ("Anna: 11 Punkte (Folianten auf der Hand 2, Karten auf "
                                      "der Hand 5)")
    assert "  Folianten-Mehrheit: 3   (2 auf der Hand: die meisten)" in report
    assert report.splitlines()[-1] == "Ergebnis: Anna gewinnt mit 11 Punkten (danach: 5)"


def test_explain_reads_a_german_number_out_of_range():
    s = _decisions(3, 5, limit=1)[0]
    with i18n.using("de"):
        assert view.explain(s, "spiele Lila 8") == "Einflusskarten tragen die Zahlen 1 bis 6"
        assert view.explain(s, "spiele Grau 2").startswith("es gibt kein Reich grau; die "
                                                          "Farben sind Lila, Blau")
