"""Kingdomino in German (issue 30): the views, narration, help, drawing, clicks and scoring
pad under ``i18n.using("de")`` read in German, the notation stays language-free, and the
German aliases of the typed moves (``nimm 23``, ``abwerfen``...) name the same actions.

The terms are those of ``docs/i18n/kingdomino.de.md`` (Dominostein, Schloss, König,
Krone, Reihe, Feld, Gebiet, ...).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import i18n_scan
import regalia
from regalia.core import i18n
from regalia.core.errors import NotationError
from regalia.core.svgkit import and_join
from regalia.games.kingdomino import narration, pad, svg, view
from regalia.games.kingdomino.help import help_entries, rules_summary
from regalia.games.kingdomino.notation import ALIASES

#: Words of an English sentence that no German text of the drawing may hold.
ENGLISH = re.compile(r"\b(the|and|of|your|to|is|it|with|domino|line|pick|place|turn|"
                     r"points?|crowns?|round|left|draw)\b", re.I)


#: Notation as quoted in a drawing's marks.
NOTATION = re.compile(r"\b(pick \d+|discard)\b")


def _play(players: int, plies: int, seed: int, variants=()) -> "regalia.core.state.State":
    g = regalia.load_game("kingdomino", players=players, variants=list(variants))
    s = g.new_initial_state(4321)
    rng = random.Random(seed)
    while not s.is_terminal() and (len(s.history()) < plies or s.current_player() < 0):
        s.apply_action(rng.choice(s.legal_actions()))
    return s


def _to_end(s):
    rng = random.Random(7)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    return s


def _texts(svg_text: str) -> list[str]:
    """Every text a person reads in a drawing: text nodes (tspans joined into their
    text), titles and the description."""
    root = ET.fromstring(svg_text)
    out = []
    for e in root.iter():
        tag = e.tag.rsplit("}", 1)[-1]
        if tag in ("text", "title", "desc"):
            out.append("".join(e.itertext()).strip())
    return [t for t in out if t]


def _first(s, kind: str) -> int:
    """The first legal action of a kind (``pick``, ``place``...) by its notation."""
    for a in s.legal_actions():
        text = s.action_to_string(a)
        if kind == "pick" and text.startswith("pick "):
            return a
        if kind == "place" and re.fullmatch(r"[a-z]\d+-[a-z]\d+", text):
            return a
    raise AssertionError(f"no {kind} here")


# ------------------------------------------------------------------ notation aliases
def _at(phase: str, seed: int = 3):
    s = regalia.load_game("kingdomino", players=2).new_initial_state(99)
    rng = random.Random(seed)
    while s.phase_name != phase:
        s.apply_action(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("typed", ["nimm {n}", "Nimm {n}", "NIMM{n}", "wähle {n}",
                                   "Wähle  {n}", "waehle {n}"])
def test_a_german_pick_names_the_same_action(typed):
    s = _at("pick")
    a = _first(s, "pick")
    n = s.action_to_string(a).split()[1]
    assert s.string_to_action(typed.format(n=n)) == a
    with i18n.using("de"):       # the notation written stays language-free
        assert s.action_to_string(a) == f"pick {n}"


@pytest.mark.parametrize("typed", ["abwerfen", "Wirf ab", "ablegen", "  ABWERFEN "])
def test_a_german_discard_names_the_discard(typed):
    s = _at("place")
    assert s.string_to_action(typed) == s.string_to_action("discard")


def test_german_chance_words_name_the_draws_and_kings():
    s = regalia.load_game("kingdomino", players=2).new_initial_state(99)
    assert s.phase_name == "draw"
    for a, _p in s.chance_outcomes():
        n = s.action_to_string(a).split()[1]
        assert s.string_to_action(f"ziehe {n}") == a == s.string_to_action(f"zieh {n}")
    rng = random.Random(1)
    while s.phase_name != "king-draw":
        s.apply_action(rng.choice(s.legal_actions()))
    for a, _p in s.chance_outcomes():
        k = s.action_to_string(a).split()[1]
        assert s.string_to_action(f"König {k}") == a == s.string_to_action(f"koenig {k}")


def test_every_alias_is_a_verb_of_the_notation():
    assert set(ALIASES.values()) == {"pick", "draw", "king", "discard"}


@pytest.mark.parametrize("bad, words", [
    ("nimm 99", "von 1 bis 48 nummeriert, nicht 99"),
    ("nimm", "nicht lesbar"),
    ("nimmer 3", "nicht lesbar"),
    ("abwerfenx", "nicht lesbar"),
    ("könig 9", "Könige sind von 1 bis 4 nummeriert"),
])
def test_bad_german_input_gets_a_clear_german_error_and_changes_nothing(bad, words):
    s = _at("pick")
    before = s.to_json()
    with i18n.using("de"), pytest.raises(NotationError) as err:
        s.string_to_action(bad)
    assert words in str(err.value)
    assert s.to_json() == before


def test_the_unreadable_move_error_names_the_notation_and_the_aliases():
    s = _at("pick")
    with pytest.raises(NotationError) as en:
        s.string_to_action("xyz")
    with i18n.using("de"), pytest.raises(NotationError) as de:
        s.string_to_action("xyz")
    assert "'pick 23'" in str(en.value) and "nimm" not in str(en.value)
    assert "'pick 23'" in str(de.value) and "'nimm 23'" in str(de.value)
    assert "'d5-e5'" in str(de.value) and "abwerfen" in str(de.value)


def test_an_illegal_move_is_refused_in_german():
    s = _at("pick")
    taken = {e["domino"] for e in s.observation(0)["next_line"]}
    outside = next(n for n in range(1, 49) if n not in taken)
    with i18n.using("de"), pytest.raises(regalia.core.errors.IllegalActionError) as err:
        s.apply_action(s.string_to_action(f"nimm {outside}"))
    assert f"Dominostein {outside} liegt nicht in der nächsten Reihe" in str(err.value)


# ------------------------------------------------------------------ views and narration
def test_decisions_and_moves_read_in_german():
    s = _at("pick")
    a = _first(s, "pick")
    with i18n.using("de"):
        assert view.describe_decision(s) == "Wähle einen Dominostein der nächsten Reihe"
        assert view.describe_action(s, a).startswith("wählt ")
        assert view.seat_label(1) == "Platz 2"
        assert "So schreibst du Züge" in view.notation_help()
        assert "'nimm 23'" in view.notation_help()
    assert view.describe_decision(s) == "Pick a domino of the next line"
    assert view.notation_help() == view.NOTATION_HELP
    p = _at("place")
    with i18n.using("de"):
        assert re.fullmatch(r"(Lege Dominostein \d+ \(\S+\) an|Wirf Dominostein \d+ \(\S+\) "
                            r"ab: er passt nirgends in dein Königreich)",
                            view.describe_decision(p))


def test_a_finished_game_is_scored_and_won_in_german():
    s = _to_end(_play(2, 0, 5, ["middle-kingdom", "harmony"]))
    with i18n.using("de"):      # a breakdown's labels are words of the language in force
        bd = s.breakdown(0)
        winner = view.winner_text(s, ["Anna", "Ben"])
        table = view.breakdown_text(bd)
    assert [i.label for i in s.breakdown(0) if i.key != "property"] == [
        "Middle Kingdom bonus", "Harmony bonus"]
    assert re.search(r"(gewinnt mit \d+ Punkten?\.|teilen sich den Sieg)", winner), winner
    assert not ENGLISH.search(winner), winner
    assert table[0].split() == ["Gebiet", "Felder", "Kronen", "Punkte"]
    assert table[-1].split()[0] == "gesamt"
    assert any(line.startswith("Bonus Reich der Mitte") for line in table)
    terrains = {"Weizenfeld", "Wald", "See", "Wiese", "Sumpf", "Mine"}
    assert {line.split()[0] for line in table[1:-3]} <= terrains
    # the breakdown's keys and facts stay language-free
    assert {i.facts["terrain"] for i in bd.of("property")} <= {
        "wheat", "forest", "lake", "grassland", "swamp", "mine"}


def test_the_story_reads_in_german():
    s = _play(2, 30, 11)
    obs = s.observation(0)
    plies = [{"text": t, "seat": seat} for t, seat in _log(s)]
    with i18n.using("de"):
        entries = narration.narrate(obs, plies, ["Anna", "Ben"])
        hint = narration.describe(obs, "pick 7")
        assert and_join(["a", "b", "c"]) == "a, b und c"   # the core's list joiner
    texts = [e["text"] for e in entries]
    assert texts[0].startswith("Runde 1: erste Reihe "), texts[0]
    assert "die Reihenfolge der Könige beim Wählen wird ausgelost" in texts[0]
    assert any(t.startswith("Runde 2: neue Reihe ") for t in texts)
    assert any(re.match(r"legte Dominostein \d+ \(.+\) auf [a-m]\d+ und [a-m]\d+ an", t)
               for t in texts), texts
    assert any(re.search(r"wählte Dominostein \d+ \(.+\)", t) for t in texts), texts
    assert re.fullmatch(r"wähle Dominostein 7 \(.+\)", hint), hint
    for t in texts:
        assert not ENGLISH.search(t), t


def _log(s):
    """Each ply's notation as the seat saw it and its seat (None for chance), replayed."""
    g = s.game
    r = g.new_initial_state(4321)
    out = []
    for a in s.history():
        seat = r.current_player()
        out.append((r.action_to_string(a), seat if seat >= 0 else None))
        r.apply_action(a)
    return out


def test_token_and_domino_words_in_german():
    with i18n.using("de"):
        assert narration.token_text("F**") == "Wald, 2 Kronen"
        assert narration.token_text("M*") == "Mine, 1 Krone"
        assert narration.token_text("C") == "Schloss (passt zu jeder Landschaft)"
        assert narration.token_text(".") == "leer"
        assert narration.domino_text(24, "F*/W") == "Dominostein 24: Wald, 1 Krone / Weizenfeld"
    assert narration.domino_text(24, "F*/W") == "Domino 24: forest, 1 crown / wheat"


# ------------------------------------------------------------------ help
def test_help_names_the_german_terms_and_keeps_the_english_ones_as_aliases():
    g = regalia.load_game("kingdomino", players=2, variants=["harmony"])
    with i18n.using("de"):
        entries = {e.name: e for e in help_entries(g)}
    wald = entries["Wald"]
    assert wald.kind == "Landschaft" and "forest" in wald.aliases and "f" in wald.aliases
    assert "Gebiet" in wald.effect and "Kronen" in wald.details[0]
    schloss = entries["Schloss"]
    assert schloss.kind == "Startstein" and "castle" in schloss.aliases
    harmonie = entries["Harmonie"]
    assert harmonie.details == ("In dieser Partie gespielt",) and "harmony" in harmonie.aliases
    assert entries["Das mächtige Duell"].details == ("In dieser Partie nicht gespielt",)
    assert entries["24"].effect == "Wald * / Weizenfeld (Kronen als *)"
    english = {e.name for e in help_entries(g)}
    assert {"forest", "castle", "harmony", "mighty-duel"} <= english


def test_the_rules_at_hand_read_in_german():
    s = _at("pick")
    with i18n.using("de"):
        summary = rules_summary(s)
    assert summary.title == "Wähle einen Dominostein"
    assert summary.lines[-1] == "Gib seine Zahl ein: '23'."
    assert summary.cite == "Kingdomino-Kurzregel (englisch), 'On your turn' und 'Turn order'"


# ------------------------------------------------------------------ the drawing
@pytest.mark.parametrize("players, variants", [(2, ("middle-kingdom", "harmony", "dynasty")),
                                               (4, ())])
def test_a_german_drawing_of_a_mid_game_holds_no_english_sentence(players, variants):
    s = _play(players, 40, 2, variants)
    seat = s.current_player()
    obs = s.observation(seat)
    recent = [{"ply": None, "seat": (seat + 1) % players, "notation": "discard", "hint": False},
              {"ply": None, "seat": seat, "notation": s.action_to_string(s.legal_actions()[0]),
               "hint": True}]
    with i18n.using("de"):
        german = svg.render(obs, s.legal_actions(), recent=recent)
        spectator = svg.render(svg.public_observation(s.observation(0)))
    english = svg.render(obs, s.legal_actions(), recent=recent)
    assert len(german.split("data-click")) == len(english.split("data-click"))
    english_prose = {t for t in _texts(english) if i18n_scan.is_prose(t)}
    for drawing in (german, spectator):
        texts = _texts(drawing)
        prose = [t for t in texts if i18n_scan.is_prose(t)]
        assert prose, texts
        for t in prose:
            assert t not in english_prose, t
            # the notation quoted in a mark ("Vorschlag: pick 23") stays language-free
            assert not ENGLISH.search(NOTATION.sub("", t)), t
    joined = " ".join(_texts(german))
    for words in ("Aktuelle Reihe", "Nächste Reihe", "Noch zu ziehende Dominosteine",
                  "Du bist am Zug", "(du)", "Punktestand", "Vorschlag:", "hat abgeworfen"):
        assert words in joined, words
    assert ("Partie 1 von 3: " in joined) == ("dynasty" in variants)


def test_the_german_score_table_and_scoring_help():
    s = _to_end(_play(2, 0, 3, ["middle-kingdom", "harmony", "dynasty"]))
    obs = s.observation(0)
    en_help = svg.scoring_help(obs)
    with i18n.using("de"):
        table = svg.score_table(obs, ["Anna", "Ben"])
        de_help = svg.scoring_help(obs)
    labels = [r["label"] for r in table["rows"]]
    assert labels[:6] == ["Weizenfeld", "Wald", "See", "Wiese", "Sumpf", "Mine"]
    assert labels[6:] == ["Gebiete", "Kronen", "Reich der Mitte (+10)", "Harmonie (+5)",
                          "Frühere Partien (Dynastie)", "Größtes Gebiet (bei Gleichstand)",
                          "Gesamt"]
    assert [h["heading"] for h in de_help] == ["Gebiete", "Dynastie", "Harmonie",
                                               "Reich der Mitte", "Gleichstand"]
    # the cached help answers each language in its own words
    assert svg.scoring_help(obs) == en_help
    assert en_help[0]["heading"] == "Properties"


def test_clicks_prompt_and_refuse_in_german():
    s = _at("place")
    obs = s.observation(s.current_player())
    legal = s.legal_actions()
    with i18n.using("de"):
        start = svg.click(obs, legal, [])
        refused = svg.click(obs, legal, [{"square": "z9"}])
        hostile = svg.click(obs, legal, "nonsense")
        not_yours = svg.click(obs, [], [])
    prompt = start["next"]["prompt"]
    assert re.match(r"(Lege Dominostein \d+ \(.+\) an: klicke das Feld für seine erste "
                    r"Hälfte|Dominostein \d+ passt nirgends in dein Königreich)", prompt), prompt
    assert refused["error"].startswith("'z9' ist kein Feld des Königreichs (a1 bis ")
    assert hostile == {"error": "die Klicks müssen eine Liste von Klick-Objekten sein"}
    assert not_yours == {"error": "du bist nicht am Zug"}
    place = next((a for a in legal if re.fullmatch(r"[a-z]\d+-[a-z]\d+",
                                                    s.action_to_string(a))), None)
    if place is not None:
        first = s.action_to_string(place).split("-")[0]
        with i18n.using("de"):
            step = svg.click(obs, legal, [{"square": first}])
        labels = [c["label"] for c in step["next"]["choices"]]
        assert "Anlegen" in labels and set(labels) <= {"Anlegen", "Drehen"}
        assert "(Vorschau)" in step["next"]["prompt"]


# ------------------------------------------------------------------ the scoring pad
def test_the_scoring_pad_reads_in_german():
    with i18n.using("de"):
        text = pad.new({"players": 2, "size": 5})
        text = pad.edit(text, {"op": "square", "player": 0, "row": 0, "col": 1,
                               "terrain": "F", "crowns": 2})
        text = pad.edit(text, {"op": "square", "player": 0, "row": 0, "col": 2,
                               "terrain": "F", "crowns": 0})
        text = pad.edit(text, {"op": "variant", "name": "harmony", "on": True})
        v = pad.view(text, focus="sq:0:0:1")
        with pytest.raises(NotationError) as err:
            pad.edit(text, {"op": "square", "player": 0, "row": 0, "col": 0,
                            "terrain": "F", "crowns": 0})
        setup = pad.setup()
    assert "player Spieler 1" in text      # the names given; the format stays as it is
    assert v["title"] == "Kingdomino, 2 Königreiche mit 5x5 Feldern (Harmonie (+5))"
    assert v["menu"]["title"] == "Spieler 1: Feld 1 nach rechts vom Schloss aus (Wald, 2 Kronen)"
    assert [g["label"] for g in v["menu"]["groups"]] == ["Landschaft", "Kronen"]
    assert [o["label"] for o in v["menu"]["groups"][0]["options"]] == [
        "Weizenfeld", "Wald", "See", "Wiese", "Sumpf", "Mine", "Leer"]
    assert v["score"]["tie_break"]["text"].startswith("Bei gleicher Punktzahl gewinnt")
    assert v["score"]["key_names"] == ["Punkte", "größtes Gebiet", "Kronen"]
    assert "gewinnt mit 4 Punkten" in v["score"]["result"]
    assert str(err.value).startswith("das ist das Feld des Schlosses")
    assert [x["label"] for x in setup] == ["Spieler", "Königreich"]


# ------------------------------------------------------------------ score files
def test_score_files_are_judged_and_refused_in_german():
    from regalia.games.kingdomino.textformat import parse_table, result, score_kingdoms

    text = "player Anna\nC F* F\nplayer Ben\nC L\n"
    with i18n.using("de"):
        said = result(score_kingdoms(parse_table(text)))
        with pytest.raises(NotationError) as dynasty:
            parse_table("variant dynasty\nC W\n")
        with pytest.raises(NotationError) as wide:
            parse_table("C W W W W W\n")
    assert said == "Anna gewinnt mit 2 Punkten (danach: 0)"
    assert result(score_kingdoms(parse_table(text))) == "Anna wins with 2 points (next: 0)"
    assert "die Variante Dynastie ändert nichts an der Wertung" in str(dynasty.value)
    assert ("das Königreich reicht über 1 Zeilen x 6 Spalten; es muss in 5x5 passen (ein "
            "Königreich im Mächtigen Duell ist 7x7 groß: --size 7") in str(wide.value)


def test_the_pad_swaps_the_command_line_hint_in_german_too():
    with i18n.using("de"):
        text = pad.new({"players": 2, "size": 5})
        for col in range(1, 5):
            text = pad.edit(text, {"op": "square", "player": 0, "row": 0, "col": col,
                                   "terrain": "W", "crowns": 0})
        with pytest.raises(NotationError) as err:
            pad.edit(text, {"op": "square", "player": 0, "row": 0, "col": -1,
                            "terrain": "W", "crowns": 0})
    message = str(err.value)
    assert "(im Mächtigen Duell sind Königreiche 7x7 groß)" in message
    assert "--size" not in message
