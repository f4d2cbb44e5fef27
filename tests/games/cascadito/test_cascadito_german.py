"""Cascadito in German (issue 30): views, narration, the drawing, help, the scoring pad and
errors read German under ``i18n.using("de")``; English stays as it was; German aliases of
the typed notation parse to the same actions (the notation itself stays language-free);
every sheet text a player reads has a German translation."""

from __future__ import annotations

import random
import re
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import i18n_scan
import regalia.games.cascadito  # noqa: F401  (registers the game)
from regalia.core import i18n
from regalia.core.errors import NotationError, RegaliaError
from regalia.core.help import find_entry
from regalia.core.registry import load_game
from regalia.core.svgkit import provenance_note
from regalia.games.cascadito import help as chelp
from regalia.games.cascadito import narration, pad, svg, textformat, view
from regalia.games.cascadito.components import SHEETS_DIR
from regalia.games.cascadito.interview import SheetInterview
from regalia.games.cascadito.wording import DATA_TEXTS, colour, colour_stem

NAMES = ["Ann", "Bob", "Cleo", "Dev"]


def _mid_game(players: int, sheet: int, seed: int, plies: int = 40):
    """A position after ``plies`` random plies (uniform legal moves), at a decision."""
    g = load_game("cascadito", players=players, sheet=sheet)
    s = g.new_initial_state(seed)
    rng = random.Random(seed)
    log = []
    for _ply in range(plies):
        if s.is_terminal():
            break
        chance = s.is_chance_node()
        a = s.sample_chance_outcome(rng) if chance else rng.choice(s.legal_actions())
        log.append({"seat": None if chance else s.current_player(),
                    "text": s.action_to_string(a)})
        s.apply_action(a)
    while s.is_chance_node():
        s.apply_action(s.sample_chance_outcome(rng))
    return g, s, log


# ------------------------------------------------------------------ words and sentences
def test_a_move_in_words_in_german_and_english():
    with i18n.using("de"):
        assert narration.phrase("pink c5", past=True) == "markierte c5 mit dem pinken Würfel"
        assert narration.phrase("orange c5", past=False) == \
            "c5 mit dem orangefarbenen Würfel markieren"
        assert narration.phrase("white pass", past=True) == "nahm den weißen Würfel und passte"
        assert narration.phrase("blue river west", past=True) == \
            "markierte das nächste Feld auf dem Westfluss mit dem blauen Würfel"
        assert narration.phrase("track yellow", past=True) == \
            "rückte die gelbe Erfolgsleiste vor"
        assert narration.phrase("claim top 2", past=False) == \
            "Errungenschaft 2 der oberen Reihe beanspruchen"
        assert narration.dice_words("BYOP") == "Blau, Gelb, Orange und Pink"
    # English unchanged
    assert narration.phrase("pink c5", past=True) == "marked c5 with the pink die"
    assert narration.dice_words("BYOP") == "blue, yellow, orange and pink"


def test_colours_in_german():
    with i18n.using("de"):
        assert [colour(c) for c in ("blue", "yellow", "orange", "pink", "white")] == \
            ["Blau", "Gelb", "Orange", "Pink", "Weiß"]
        assert colour_stem("white") + "e Stadt" == "weiße Stadt"
    assert colour("white") == "white" and colour_stem("orange") == "orange"


def test_the_log_and_the_solo_end_in_german():
    g, s, log = _mid_game(2, 1, seed=5)
    obs = s.observation(0)
    with i18n.using("de"):
        entries = narration.narrate(obs, log, NAMES[:2])
        assert entries[0]["text"].startswith("Runde 1: gewürfelt ")
        assert any(e["text"].startswith("markierte ") for e in entries if e["seat"] is not None)
        solo = load_game("cascadito", players=1, sheet=1).new_initial_state(1)
        end = narration.outcome(solo.observation(0), ["Ann"])
        assert end["banner"] == "Deine Wertung: 0 Punkte"
        assert "Wie viele Punkte schaffst du?" in end["notes"][0]


def test_views_in_german():
    g, s, _log = _mid_game(2, 2, seed=3)
    p = s.current_player()
    obs = s.observation(p)
    with i18n.using("de"):
        assert view.title(g, obs) == f"Zug {obs['turns'] + 1}"
        decision = view.describe_decision(s)
        assert decision.startswith("wähle einen Würfel aus dem Vorrat ") or \
            "Errungenschaft" in decision or "markiere" in decision, decision
        rows = view.achievement_rows(g, obs, p)
        assert rows[0][1] == "Erreiche das erste Banner auf allen 5 Erfolgsleisten."
        assert all(r[3] in ("offen", "beansprucht", "erfüllt: beanspruchen") or
                   r[3].startswith("gesperrt") for r in rows)
        assert view.bandit_line(g, obs, p).startswith("Markierte Räuber: ")
        assert " · Leisten B" in view.summary_line(g, obs, p, "Ann")
        assert view.notation_help().startswith("So schreibst du Züge")
        assert view.NOTATION_HELP == view.notation_help()
    assert view.NOTATION_HELP.startswith("How to write moves")
    # the English status keys stay for front ends that style by them
    assert set(view.achievement_status(g, obs, p).values()) <= {
        "claimed", "met: claim it", "open"} | {v for v in view.achievement_status(
            g, obs, p).values() if v.startswith("locked (seat ")}


def test_end_reason_and_solo_title_in_german():
    g = load_game("cascadito", players=1, sheet=1)
    s = g.new_initial_state(2)
    rng = random.Random(2)
    while not s.is_terminal():
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node()
                       else rng.choice(s.legal_actions()))
    obs = s.observation(0)
    with i18n.using("de"):
        assert view.end_reason(g, obs) == "das letzte Würfelkästchen ist markiert (Solo Play)"
        assert view.title(g, obs) == f"Alle {obs['solo']['boxes']} Runden gespielt"
    assert view.end_reason(g, obs) == "the last dice box is marked (Solo Play)"


# ------------------------------------------------------------------ the drawing
#: Words that mark an English sentence (none of them is German).
ENGLISH = re.compile(r"\b(the|and|of|with|your|you|is|are|next|space|field|fields|track|"
                     r"marked|points|dice|town|claim|river)\b")  # not "die": German too


def _core_lines() -> set[str]:
    """Lines of the hover texts written by the core (another area's messages: the data's
    provenance in a sentence), left out of the check."""
    return {provenance_note(p, w) for p in ("reconstructed", "rulebook", "verified")
            for w in ("sheet", "map", "component")}


def _english_lines(doc: str) -> list[str]:
    """The lines of the SVG's texts and hover texts that read as English sentences, once
    the rulebook citations ``[book, section]``, rulebook quotations (``Regel: ...``) and the
    data files' notes (``Anmerkung: ...``, in a hover text ``Warum: ...``) are left out: those quote the English rulebook
    and the English data."""
    core = _core_lines()
    found = []
    for el in ET.fromstring(doc).iter():
        for line in (el.text or "").splitlines():
            line = line.strip()
            if not line or line in core or line.startswith(("Regel: ", "Anmerkung: ", "Warum: ")):
                continue
            bare = re.sub(r"\[[^\]]*\]", " ", line)
            if i18n_scan.is_prose(bare) and len(ENGLISH.findall(bare)) >= 2:
                found.append(line)
    return found


@pytest.mark.parametrize("players,sheet,seed", [(2, 1, 1), (3, 2, 2), (2, 3, 3), (4, 4, 4),
                                                (1, 2, 5)])
def test_a_german_svg_of_a_mid_game_position_has_no_english_sentence(players, sheet, seed):
    g, s, _log = _mid_game(players, sheet, seed)
    p = max(s.current_player(), 0)
    obs = s.observation(p)
    with i18n.using("de"):
        doc = svg.render(obs, s.legal_actions(), NAMES[:players])
    assert not _english_lines(doc), _english_lines(doc)[:10]
    assert "Würfelvorrat" in doc and "Erfolgsleiste" in doc
    # the check finds English: the same position drawn in English fails it
    assert _english_lines(svg.render(obs, s.legal_actions(), NAMES[:players]))


def test_clicks_scores_and_scoring_help_in_german():
    g, s, _log = _mid_game(2, 2, seed=3)
    p = s.current_player()
    obs = s.observation(p)
    with i18n.using("de"):
        step = svg.click(obs, s.legal_actions(), [])
        assert step["next"]["prompt"].startswith("Wähle einen Würfel aus dem Vorrat")
        bad = svg.click(obs, s.legal_actions(), [{"field": "c5"}])
        assert bad["error"].startswith("wähle zuerst einen Würfel")
        assert svg.click(obs, s.legal_actions(), "x") == {
            "error": "die Klicks müssen eine Liste von Klick-Objekten sein"}
        table = svg.score_table(obs)
        labels = [r["label"] for r in table["rows"]]
        assert labels[0] == "Errungenschaften der oberen Reihe" and labels[-1] == "Gesamt"
        assert "Blaue Leiste" in labels and "Räuber" in labels
        assert svg.scoring_help(obs)[0]["heading"] == "Wertung"
    # the rows add up the same in both languages
    en = svg.score_table(obs)
    assert [r["cells"] for r in en["rows"]] == [r["cells"] for r in table["rows"]]


# ------------------------------------------------------------------ help and the pad
def test_help_in_german_and_english_names_still_find_entries():
    g = load_game("cascadito", players=2, sheet=2)
    with i18n.using("de"):
        entries = chelp.help_entries(g)
        blue = find_entry(entries, "blue track")
        assert blue.name == "blaue Leiste" and blue.kind == "Erfolgsleiste"
        assert find_entry(entries, "blaue Leiste") is blue
        bandit = find_entry(entries, "raiding bandit")
        assert bandit.name == "Räuber" and bandit.effect.startswith("Markierst du ein Feld")
        summary = chelp.rules_summary(g.new_initial_state(1))
        assert summary.cite.startswith("Cascadito-Spielregel (englisch)")
    assert find_entry(chelp.help_entries(g), "blue track").name == "blue track"


def test_the_scoring_pad_in_german():
    with i18n.using("de"):
        text = pad.new({"sheet": 2, "players": 2})
        v = pad.view(text)
        assert v["title"] == "Cascadito, Spielblatt 2 „Plündernde Räuber“, 2 Spieler"
        assert v["notes"][0].startswith("Spielblatt 2 ist die Rekonstruktion des Projekts")
        with pytest.raises(NotationError, match="Blatt 2 hat keinen Fluss|keine Räuberleiste"):
            pad.edit(pad.new({"sheet": 4, "players": 1}),
                     {"op": "bandits", "player": 0, "value": 1})
    # the pad's text (a record) stays English
    assert text.startswith("# Cascadito, play sheet 2 (Raiding Bandits), entered on the")


def test_score_text_errors_and_the_interview_in_german():
    with i18n.using("de"):
        with pytest.raises(NotationError, match="erwartet 'sheet N': das Spielblatt"):
            textformat.score_texts([("sheet 9\n", "a.txt")])
        t = textformat.sheet_tables(2)
        iv = SheetInterview(t)
        q = iv.next_question()
        assert q.key == "castle" and q.prompt.startswith("Heimatburg")
        iv.answer(q, "gelb")   # a German colour word
        assert iv.answers["castle"] == "yellow"
        q = iv.next_question()
        with pytest.raises(NotationError, match="erwartet eine ganze Zahl von 0 bis"):
            iv.answer(q, "99")


# ------------------------------------------------------------------ the notation
#: The notation's words and a German word a player may type for each.
GERMAN = {"blue": "blau", "yellow": "gelb", "white": "weiß", "pink": "rosa",
          "river": "fluss", "pass": "passen", "track": "leiste", "mark": "markiere",
          "claim": "beanspruche", "top": "oben", "bottom": "unten", "decline": "ablehnen",
          "east": "ost"}


@pytest.mark.parametrize("players,sheet", [(2, 1), (2, 2), (3, 3), (2, 4), (1, 3)])
def test_german_aliases_parse_to_the_same_actions(players, sheet):
    g = load_game("cascadito", players=players, sheet=sheet)
    rng = random.Random(sheet)
    s = g.new_initial_state(sheet)
    checked = 0
    for _ply in range(300):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
            continue
        for a in s.legal_actions():
            text = s.action_to_string(a)
            german = " ".join(GERMAN.get(w, w) for w in text.split())
            assert s.string_to_action(german) == a, (text, german)
            with i18n.using("de"):
                assert s.action_to_string(a) == text   # the notation stays language-free
            checked += 1
        s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 100


def test_bad_german_input_gets_a_clear_error_and_changes_nothing():
    g = load_game("cascadito", players=2, sheet=3)
    s = g.new_initial_state(1)
    s.apply_action(s.sample_chance_outcome(random.Random(1)))
    before = s.to_json() if hasattr(s, "to_json") else None
    with i18n.using("de"):
        with pytest.raises(NotationError, match=r"'zz9' ist kein Feld dieses Blatts"):
            s.string_to_action("blau zz9")
        with pytest.raises(NotationError, match=r"nenne den Fluss \(west, east\)"):
            s.string_to_action("pink fluss")
        with pytest.raises(NotationError, match=r"ist nicht lesbar; Züge schreibt man so"):
            s.string_to_action("lila c5")
        with pytest.raises(RegaliaError, match="grenzt an keine"):
            bad = next(a for a in range(g.bases[0]) if a not in s.legal_actions()
                       and s.action_to_string(a).split()[0] in ("blue", "yellow"))
            s.apply_action(bad)
    assert before is None or s.to_json() == before
    # English errors unchanged
    with pytest.raises(NotationError, match=r"'zz9' is no field of this sheet"):
        s.string_to_action("blue zz9")


# ------------------------------------------------------------------ the sheets' texts
def test_every_sheet_text_a_player_reads_is_translated():
    seen = set()
    for path in sorted(Path(SHEETS_DIR).glob("sheet*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        seen.add(data["title"])
        seen.update(a["text"] for a in data.get("achievements", ()))
        seen.update(t["theme"] for t in data.get("tracks", ()))
        seen.update(s["good"] for s in data.get("specials", ()) if "good" in s)
        seen.update(r["name"] for r in data.get("rivers", ()))
    missing = seen - set(DATA_TEXTS)
    assert not missing, missing
    with i18n.using("de"):
        untranslated = [t for t in seen if i18n.gettext(t) == t]
    assert not untranslated, untranslated


@pytest.mark.parametrize("players,sheet", [(1, 1), (2, 2), (3, 3), (4, 4), (2, 1)])
def test_whole_games_in_german_draw_and_explain_every_decision(players, sheet):
    """A whole random game in German: every decision's view, drawing, clicks, hint words
    and the refusal of a wrong claim are German and never fail; the end has a German
    reason, score report and score table."""
    g = load_game("cascadito", players=players, sheet=sheet)
    s = g.new_initial_state(sheet * 10 + players)
    rng = random.Random(players)
    log = []
    with i18n.using("de"):
        while not s.is_terminal():
            if s.is_chance_node():
                a = s.sample_chance_outcome(rng)
                log.append({"seat": None, "text": s.action_to_string(a)})
                s.apply_action(a)
                continue
            p = s.current_player()
            obs = s.observation(p)
            legal = s.legal_actions()
            assert view.describe_decision(s)
            step = svg.click(obs, legal, [])
            assert set(step) <= {"next", "action"}
            assert "Würfelvorrat" in svg.render(obs, legal, NAMES[:players])
            a = rng.choice(legal)
            assert narration.describe(obs, s.action_to_string(a))
            refusal = view.explain(s, "claim top 9")
            assert refusal is None or "Errungenschaft" in refusal or "top 9" in refusal
            log.append({"seat": p, "text": s.action_to_string(a)})
            s.apply_action(a)
        obs = s.observation(0)
        reason = view.end_reason(g, obs, NAMES[:players])
        assert any(w in reason for w in ("Würfelkästchen", "Reihe", "Leiste", "Zügen",
                                         "kein Spieler")), reason
        assert narration.narrate(obs, log, NAMES[:players])
        assert svg.score_table(obs)["rows"][-1]["label"] == "Gesamt"
        text = textformat.to_text(s)
        report = textformat.format_report(textformat.score_texts([(text, "game.txt")]))
        assert "Ergebnis: " in report and " Punkte" in report
