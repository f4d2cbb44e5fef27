"""The web table in the visitor's language (issue 30), through FastAPI's TestClient on a real
SQLite store: the language chosen per request (the switch's cookie, else ``Accept-Language``,
else English), the pages rendered in it (``<html lang>``, no English left), the server's
words in it (refusals, the undo rule, the seat labels, the result), each WebSocket in its
connection's language, and the views' caches never handing one language's words to another.
"""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("jinja2")
from fastapi.testclient import TestClient  # noqa: E402

from regalia.core import i18n  # noqa: E402
from regalia.web import create_app, views  # noqa: E402
from regalia.web.errors import Later  # noqa: E402
from regalia.web.language import choose, safe_next  # noqa: E402

DE = {"accept-language": "de-DE,de;q=0.9,en;q=0.5"}
EN = {"accept-language": "en-GB,en;q=0.9"}
PAGES = ["/", "/score", "/leaderboard", "/components", "/table/abc"]


@pytest.fixture
def client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 't.sqlite'}", pace=0,
                     rate_limits={"request": "off"}, allowed_origins=("http://testserver",))
    with TestClient(app) as c:
        c.rooms = app.state.rooms
        yield c
    app.state.rooms.store.close()


def page_lang(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', html)
    assert found, html[:200]
    return found.group(1)


def visible(html: str) -> str:
    """The page's text as a person reads it (no tags, no embedded catalogue)."""
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def create(client, seats, headers=None, **extra):
    r = client.post("/api/tables", json={"game": "kingdomino", "players": len(seats),
                                         "seats": seats, **extra}, headers=headers or {})
    assert r.status_code == 201, r.text
    d = r.json()
    return d["table"], [s.get("token") for s in d["seats"]], d


def test_choose_takes_the_cookie_then_the_header_then_english():
    assert choose(None, None) == "en"
    assert choose(None, "de-AT,de;q=0.9") == "de"
    assert choose("en", "de-DE") == "en"           # the switch's choice beats the browser's
    assert choose("de", "en-US") == "de"
    assert choose("fr", "de-DE") == "de"           # a cookie naming no language is ignored
    assert choose(None, "fr-FR, it;q=0.8") == "en"
    assert choose(None, "en;q=0.5, de;q=0.8") == "de"


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_served_in_the_browsers_language_with_the_switch(client, path):
    de = client.get(path, headers=DE)
    en = client.get(path)
    assert de.status_code == en.status_code == 200
    assert page_lang(de.text) == "de" and page_lang(en.text) == "en"
    assert de.headers["content-language"] == "de" and "Cookie" in de.headers["vary"]
    for r, here in ((de, "de"), (en, "en")):   # the switch: both languages, this one current
        nav = re.search(r'<nav class="langswitch".*?</nav>', r.text, re.S).group(0)
        assert 'hreflang="en"' in nav and 'hreflang="de"' in nav and "Deutsch" in nav
        assert re.search(rf'hreflang="{here}" lang="{here}" aria-current="true"', nav)
    catalogue = json.loads(re.search(r'<script type="application/json" id="messages">(.*?)'
                                     r'</script>', de.text, re.S).group(1))
    assert catalogue["lang"] == "de" and catalogue["messages"]["Cancel"] == "Abbrechen"
    assert json.loads(re.search(r'id="messages">(.*?)</script>', en.text, re.S).group(1)
                      )["messages"] == {}


def test_a_german_page_has_no_english_left_and_english_is_as_before(client):
    de = visible(client.get("/", headers=DE).text)
    assert "Neuer Tisch" in de and "Tisch eröffnen" in de and "Dein Spielerschlüssel" in de
    for english in ("New table", "Create the table", "Your games", "Turn alerts"):
        assert english not in de
    en = visible(client.get("/").text)
    assert "New table" in en and "Create the table" in en and "Neuer Tisch" not in en
    table = visible(client.get("/table/x", headers=DE).text)
    assert "Meinen letzten Zug zurücknehmen" in table and "Take back" not in table


def test_the_switch_sets_a_cookie_that_beats_the_header_and_goes_back(client):
    r = client.get("/lang/en?next=/score", headers=DE, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/score"
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("regalia_lang=en;") and "Max-Age=31536000" in cookie
    assert "samesite=lax" in cookie.lower()
    # the client keeps the cookie: every page is English now, the German header aside
    assert page_lang(client.get("/score", headers=DE).text) == "en"
    assert page_lang(client.get("/", headers=DE).text) == "en"
    client.get("/lang/de?next=/", follow_redirects=False)
    assert page_lang(client.get("/leaderboard", headers=EN).text) == "de"
    assert client.get("/api/tables/nope", headers=EN).json()["detail"] == \
        "kein Tisch 'nope'"


@pytest.mark.parametrize("bad", ["//evil.example/x", "https://evil.example/", "x", "",
                                 "/\\evil", "/a\nb"])
def test_the_switch_goes_back_to_this_server_only(client, bad):
    assert safe_next(bad) == "/"
    r = client.get("/lang/de", params={"next": bad}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/"


def test_an_unknown_language_is_refused_in_words_and_sets_nothing(client):
    r = client.get("/lang/fr?next=/", follow_redirects=False, headers=DE)
    assert r.status_code == 404 and "set-cookie" not in r.headers
    assert r.json()["detail"] == "regalia spricht en, de; die Sprache 'fr' gibt es nicht"
    assert client.get("/i18n/xx.json").status_code == 404
    assert client.get("/static/nothing.html").status_code == 404


def test_the_catalogue_of_the_pages_modules_is_served_and_complete(client):
    d = client.get("/i18n/de.json").json()
    assert d["lang"] == "de"
    m = d["messages"]
    assert m["Thinking…"] == "Denkt nach …"
    assert m["{n} minute"] == ["{n} Minute", "{n} Minuten"]       # plural forms
    assert m["the viewer, before a move\u0004You"] == "Du"       # a message with a context
    assert "Neuer Tisch" not in m.values()                       # only the modules' messages
    assert client.get("/i18n/en.json").json() == {"lang": "en", "messages": {}}


def test_a_german_tables_words_are_german(client):
    tid, tokens, created = create(client, [{"kind": "here"}, {"kind": "computer"}], DE)
    assert [s["label"] for s in created["seats"]] == ["Spieler 1", "Computer (leicht)"]
    client.rooms.wait(tid)
    v = client.get(f"/api/tables/{tid}", headers={**DE, "x-seat-token": tokens[0]}).json()
    assert v["undo"] == "du hast keinen Zug zurückzunehmen"
    assert v["legal"]                     # the person's turn (the computer moved first or not)
    r = client.post(f"/api/tables/{tid}/actions", json={"action": 10 ** 6},
                    headers={**DE, "x-seat-token": tokens[0]})
    # the engine's reason is the core's words (area main); the frame is the web's
    assert r.status_code == 422 and r.json()["detail"].startswith("Nicht erlaubt: "), r.text
    r = client.post(f"/api/tables/{tid}/actions", json={"action": "x"},
                    headers={**DE, "x-seat-token": tokens[0]})
    assert r.json()["detail"] == "action muss eine ganzzahlige Aktions-ID sein"
    r = client.post(f"/api/tables/{tid}/undo", json={}, headers={**DE, "x-seat-token": tokens[0]})
    assert r.status_code == 409 and r.json()["detail"] == "du hast keinen Zug zurückzunehmen"
    r = client.post(f"/api/tables/{tid}/hint", json={}, headers={**DE, "x-seat-token": tokens[0]})
    assert r.json()["detail"] == ("Tipps sind an diesem Tisch ausgeschaltet (wähle sie beim "
                                  "Eröffnen des Tisches)")
    # the same refusals in English for an English request: nothing was remembered
    r = client.post(f"/api/tables/{tid}/undo", json={}, headers={**EN, "x-seat-token": tokens[0]})
    assert r.json()["detail"] == "you have no move to take back"


def test_a_german_and_an_english_spectator_each_get_their_own_language(client):
    tid, _tokens, _ = create(client, [{"kind": "computer"}, {"kind": "computer"}])
    client.rooms.wait(tid)
    for _round in range(2):   # alternating: neither cache answers the other
        de = client.get(f"/api/tables/{tid}", headers=DE).json()
        en = client.get(f"/api/tables/{tid}", headers=EN).json()
        assert de["undo"] == "Zuschauer haben keinen Zug zurückzunehmen"
        assert en["undo"] == "a spectator has no move to take back"
        assert de["version"] == en["version"] and de["svg"] and en["svg"]
    t = client.rooms.get(tid)
    langs = {k[-1] for k in t.views}
    assert langs == {"de", "en"} and {k[-1] for k in t.drawings} == {"de", "en"}
    # the encoded views too: one text per (seat, language)
    assert len({text for text in t.encoded.values()}) == len(t.encoded) == 2
    with client.websocket_connect(f"/api/tables/{tid}/ws", headers=DE) as ws_de, \
            client.websocket_connect(f"/api/tables/{tid}/ws", headers=EN) as ws_en:
        assert json.loads(ws_de.receive_text())["undo"] == \
            "Zuschauer haben keinen Zug zurückzunehmen"
        assert json.loads(ws_en.receive_text())["undo"] == \
            "a spectator has no move to take back"


def test_words_made_without_a_reader_are_said_in_each_readers_language(client):
    """A computer player's failure is set in a server thread: kept as a message
    (:class:`Later`) and said in the language of whoever reads the view."""
    tid, tokens, _ = create(client, [{"kind": "here"}, {"kind": "computer"}])
    client.rooms.wait(tid)
    t = client.rooms.get(tid)
    with t.lock:
        t.error = Later.of("the computer player failed: {why}", why="boom")
        t.bump()
    de = client.get(f"/api/tables/{tid}", headers={**DE, "x-seat-token": tokens[0]}).json()
    en = client.get(f"/api/tables/{tid}", headers={**EN, "x-seat-token": tokens[0]}).json()
    assert de["error"] == "der Computerspieler ist gescheitert: boom"
    assert en["error"] == "the computer player failed: boom"
    stored = Later.of("the review failed: {why}", why="x").encode()
    with i18n.using("de"):
        assert Later.decode(stored) == "die Analyse ist gescheitert: x"
    assert Later.decode(stored) == "the review failed: x"
    assert Later.decode("an older row's words") == "an older row's words"


def test_the_result_is_worded_in_the_language_in_force():
    from regalia.web import story

    table = {"rows": [{"label": "Gesamt", "cells": [41, 38]}]}
    with i18n.using("de"):
        r = story.result(table, [1.0, 0.0], ["Ann", "Bo"], 1, object(), {})
        assert r["banner"] == "Ann gewinnt mit 41 Punkten"
        r = story.result(table, [1.0, 0.0], ["Ann", "Bo"], 0, object(), {})
        assert r["banner"] == "Du gewinnst mit 41 Punkten"
        r = story.result({"rows": [{"label": "Total", "cells": [1, 1]}]}, [1.0, 1.0],
                         ["Ann", "Bo"], 0, object(), {})
        assert r["banner"] == "Geteilter Sieg: Du und Bo"
        one = story.result({"rows": [{"label": "Total", "cells": [1, 0]}]}, [1.0, 0.0],
                           ["Ann", "Bo"], None, object(), {})
        assert one["banner"] == "Ann gewinnt mit 1 Punkt"
    english = {"rows": [{"label": "Total", "cells": [41, 38]}]}
    assert story.result(english, [1.0, 0.0], ["Ann", "Bo"], 1, object(), {})["banner"] == \
        "Ann wins with 41 points"


def test_a_player_key_refusal_carries_a_code_the_page_reads(client):
    r = client.get("/api/players/me", headers={**DE, "x-player-key": "A" * 43})
    assert r.status_code == 403 and r.json()["code"] == "key-unknown"
    assert r.json()["detail"] == "dieser Spielerschlüssel ist hier nicht bekannt"


def test_the_view_cache_key_names_the_language(client):
    tid, tokens, _ = create(client, [{"kind": "here"}, {"kind": "computer"}])
    client.rooms.wait(tid)
    t = client.rooms.get(tid)
    with i18n.using("de"):
        key_de, _view = views._view(t, 0)
    key_en, _view = views._view(t, 0)
    assert key_de[:-1] == key_en[:-1] and (key_de[-1], key_en[-1]) == ("de", "en")


def test_a_hint_is_worded_in_the_language_of_the_request_that_asked(tmp_path, monkeypatch):
    """The hint is searched in a worker process and worded in a pool thread: the asking
    request's language is carried there (the German request's hint is worded in German,
    an English one's in English)."""
    from regalia.web import story

    seen = []
    original = story.hint_answer

    def spy(*args, **kwargs):
        seen.append(i18n.language())
        return original(*args, **kwargs)
    monkeypatch.setattr(story, "hint_answer", spy)
    app = create_app(f"sqlite:///{tmp_path / 'h.sqlite'}", pace=0,
                     hint_spec="mcts:iterations=40",
                     rate_limits={"request": "off", "hint": "off"},
                     allowed_origins=("http://testserver",))
    with TestClient(app) as c:
        tid, tokens, _ = create(c, [{"kind": "here"}, {"kind": "computer"}], hints=True)
        app.state.rooms.wait(tid)
        for headers in (DE, EN):
            r = c.post(f"/api/tables/{tid}/hint", json={},
                       headers={**headers, "x-seat-token": tokens[0]})
            assert r.status_code == 200, r.text
            assert r.json()["notation"] in {m["notation"] for m in c.get(
                f"/api/tables/{tid}", headers={"x-seat-token": tokens[0]}).json()["legal"]}
    app.state.rooms.store.close()
    assert seen == ["de", "en"]
