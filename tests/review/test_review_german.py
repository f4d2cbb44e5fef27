"""A game review in German (issue 30): verdicts in the German terms, the page in German with
German numbers, and the review's JSON the same in both languages."""

from __future__ import annotations

import json
import re

import pytest

from regalia.arena import play_match
from regalia.core import i18n
from regalia.core.record import GameRecord
from regalia.core.registry import load_game
from regalia.review import LABELS, Budget, review_game
from regalia.review.html import fmt_value, report_html
from regalia.review.report import label_name, player_label

pytest.importorskip("matplotlib")

GERMAN = {"best": "Bester Zug", "good": "gut", "inaccuracy": "Ungenauigkeit",
          "mistake": "Fehler", "blunder": "grober Fehler"}


@pytest.fixture(scope="module")
def record():
    state = play_match(load_game("kingdomino", players=2), ["greedy", "random"], seed=3).state
    return GameRecord.from_state(state)


def test_the_review_json_is_the_same_in_both_languages(record):
    en = review_game(record, 1, Budget(iterations=8), seed=1)
    with i18n.using("de"):
        de = review_game(record, 1, Budget(iterations=8), seed=1)
    assert json.dumps(de, sort_keys=True) == json.dumps(en, sort_keys=True)
    assert {d["label"] for d in en["decisions"]} <= set(LABELS)   # the keys stay English
    assert en["unit"] == "win chance"


def test_the_page_reads_in_german(record):
    review = review_game(record, 1, Budget(iterations=8), seed=1)
    with i18n.using("de"):
        page = report_html(review)
    english = report_html(review)
    assert '<html lang="de">' in page and '<html lang="en">' in english
    text = re.sub(r"<svg.*?</svg>", "", page, flags=re.S)
    for german in ("Analyse von Kingdomino: Platz 2 (Platz 2)", "Schlüsselmomente",
                   "Alle Entscheidungen", "Ergebnis", "Iterationen je Entscheidung",
                   "Kosten in Siegchance: Bester Zug bis 2\u00a0%, Ungenauigkeit ab 5\u00a0%, "
                   "Fehler ab 10\u00a0%, grober Fehler ab 20\u00a0%", "Wert danach"):
        assert german in text, german
    for label, n in review["counts"].items():
        assert f"{GERMAN[label]}: {n}</span>" in text
    for english_text in ("Key moments", "Every decision", "Review of", "iterations",
                         "Played:", "Better:", ">best<", ">blunder<", "win chance"):
        assert english_text not in text, english_text
    # the chart speaks German too: its axis, and percentages with the German sign
    chart = re.search(r'<div class="chart">(.*?)</div>', page, flags=re.S).group(1)
    assert "Siegchance" in chart and "Entscheidung" in chart and "50\u00a0%" in chart
    assert "chance to win" not in chart


def test_verdicts_and_values_follow_the_language():
    win, margin = {"measure": "win"}, {"measure": "margin"}
    assert [label_name(k) for k in LABELS] == list(LABELS)
    assert (fmt_value(win, 0.634), fmt_value(win, 0.12, True), fmt_value(margin, 3.14),
            fmt_value(margin, 2.55, True), fmt_value({"measure": "score"}, 47.25)) == \
        ("63%", "-12%", "+3.1", "-2.5", "47.2")
    assert player_label("Seat 2") == "Seat 2"
    with i18n.using("de"):
        assert [label_name(k) for k in LABELS] == [GERMAN[k] for k in LABELS]
        assert (fmt_value(win, 0.634), fmt_value(win, 0.12, True), fmt_value(margin, 3.14),
                fmt_value(margin, 2.55, True), fmt_value({"measure": "score"}, 47.25)) == \
            ("63\u00a0%", "-12\u00a0%", "+3,1", "-2,5", "47,2")
        assert player_label("Seat 2") == "Platz 2" and player_label("Ada") == "Ada"
