"""A study in German (issue 30): the page and the findings read in German with German
numbers, while the machine's files (summary.json, games.csv) are the same bytes in both
languages."""

from __future__ import annotations

import re

from regalia.core import i18n
from regalia.core.registry import load_game
from regalia.study import finish, plan_study, run_study
from regalia.study import text
from regalia.study.summary import summarise, write_csv


def de_pct(rate: float) -> str:
    """A percentage as German writes it (worked out here, not by Babel)."""
    return f"{100 * rate:.1f}".replace(".", ",") + "\u00a0%"


def test_a_seats_study_reads_in_german_and_its_files_do_not_change(tmp_path):
    plan = plan_study("seats", load_game("kingdomino", players=2), ["greedy", "greedy"], 40, 3)
    games, _done, _seconds = run_study(plan)
    run = {"backend": "serial"}
    en_dir, de_dir = tmp_path / "en", tmp_path / "de"
    en_dir.mkdir()
    de_dir.mkdir()
    with i18n.using("en"):
        en = finish(en_dir, plan, games, run, "regalia study kingdomino seats")
    with i18n.using("de"):
        de = finish(de_dir, plan, games, run, "regalia study kingdomino seats")
    # the machine's files are language-free: the same bytes
    assert en == de
    for name in ("summary.json", "games.csv"):
        assert (en_dir / name).read_bytes() == (de_dir / name).read_bytes()
    assert en["result"]["findings"][0].startswith("The first player won")
    en_page = (en_dir / "report.html").read_text(encoding="utf-8")
    page = (de_dir / "report.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in en_page and '<html lang="de">' in page
    first = en["result"]["rows"][0]["win"]
    # the first finding in German, numbers with decimal commas and the German percent sign
    low, high = first["ci95"]
    assert (f"Der Startspieler gewann {de_pct(first['rate'])} ({de_pct(low)}–{de_pct(high)}) "
            f"von 40 Partien; Parität ist 50,0\u00a0%.") in page
    for german in ("Die Frage.", "Was sie ergab", "Diagramme", "Tabellen",
                   "Einstellungen und Seeds", "Methode", "Siegquote jedes Platzes",
                   "greedy auf jedem Platz", "1. Platz", "Platz in Zugreihenfolge"):
        assert german in page, german
    # no English sentence of the page is left
    for english in ("The question.", "What it found", "Settings and seeds", "The first player",
                    "win rate", "seat in turn order", "in every seat", "Made by regalia"):
        assert english not in page, english
    assert re.search(r"\d,\d\u00a0%", page) and not re.search(r">\d+\.\d%", page)


def test_findings_of_a_hand_made_result_in_both_languages():
    result = {"question": "seats", "parity": 0.5, "informative": True,
              "rows": [{"label": "1st", "significant": True,
                        "win": {"n": 1000, "rate": 0.531, "ci95": [0.5, 0.562]}},
                       {"label": "2nd", "significant": False,
                        "win": {"n": 1000, "rate": 0.469, "ci95": [0.438, 0.5]}}],
              "first_minus_last_score": {"diff": 1.254, "ci95": [-0.5, 3.0], "p": 0.0123}}
    assert text.findings(result) == [
        "The first player won 53.1% (50.0%-56.2%) of 1,000 games; parity is 50.0%.",
        "Seats whose win rate differs from parity after Holm's correction: 1st.",
        "The first player scored +1.25 points against the last on average (95% -0.50 to "
        "+3.00, paired t p = 0.0123)."]
    with i18n.using("de"):
        assert text.findings(result) == [
            "Der Startspieler gewann 53,1\u00a0% (50,0\u00a0%–56,2\u00a0%) von 1.000 Partien; "
            "Parität ist 50,0\u00a0%.",
            "Plätze, deren Siegquote nach der Holm-Korrektur von der Parität abweicht: "
            "1. Platz.",
            "Der Startspieler erzielte im Mittel +1,25 Punkte gegenüber dem letzten Platz "
            "(95 %: -0,50 bis +3,00, gepaarter t-Test p = 0,0123)."]


def test_a_components_study_in_german(draw_duel, tmp_path):
    plan = plan_study("components", load_game("draw-duel", edge=4), ["random", "random"], 60, 1)
    games, _done, _seconds = run_study(plan)
    summary = summarise(plan, games, {})
    with i18n.using("de"):
        assert summarise(plan, games, {}) == summary
        lines = text.findings(summary["result"])
        warnings = text.warnings(summary["result"])
    assert lines and all("Benjamini-Hochberg q < 0,05" in line for line in lines)
    assert all(("von" in line or "keine der" in line) for line in lines)
    assert warnings and warnings[0].startswith("Zu wenige Partien für eine Aussage")
    with i18n.using("de"):
        write_csv(tmp_path / "de.csv", plan, games)
    write_csv(tmp_path / "en.csv", plan, games)
    assert (tmp_path / "de.csv").read_bytes() == (tmp_path / "en.csv").read_bytes()


def test_numbers_and_labels_follow_the_language():
    assert (text.pct(0.0512), text.dec(1234.56, 2), text.signed(-0.125, 2),
            text.count(12345), text.sig3(0.01234)) == ("5.1%", "1,234.56", "-0.12", "12,345",
                                                       "0.0123")
    assert text.dec(9.05) == f"{9.05:.1f}" == "9.1"  # rounded as Python rounds the float
    assert [text.seat_label(x) for x in ("1st", "7th", "solo", "every seat")] == \
        ["1st", "7th", "solo", "every seat"]
    with i18n.using("de"):
        assert (text.pct(0.0512), text.dec(1234.56, 2), text.signed(-0.125, 2),
                text.count(12345), text.sig3(0.01234)) == ("5,1\u00a0%", "1.234,56", "-0,12",
                                                           "12.345", "0,0123")
        assert [text.seat_label(x) for x in ("1st", "7th", "solo", "every seat")] == \
            ["1. Platz", "7. Platz", "Solo", "alle Plätze"]
        assert [text.arm_name(x) for x in ("base", "A: bundled data", "harmony")] == \
            ["Grundspiel", "A: mitgelieferte Daten", "harmony"]
        assert text.arm_description("the component file /x/b.toml") == \
            "die Komponentendatei /x/b.toml"
