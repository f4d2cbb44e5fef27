"""regalia.core.i18n: choosing the language, looking messages up, formatting by locale."""

from __future__ import annotations

import threading
from datetime import date

import pytest

from regalia.core import i18n


PO = r'''msgid ""
msgstr ""
"Language: de\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"Content-Type: text/plain; charset=utf-8\n"

msgid "Your turn"
msgstr "Du bist am Zug"

msgctxt "verb"
msgid "Score"
msgstr "Werten"

msgid "Score"
msgstr "Punkte"

msgid "{n} point"
msgid_plural "{n} points"
msgstr[0] "{n} Punkt"
msgstr[1] "{n} Punkte"

#, fuzzy
msgid "Not sure"
msgstr "Nicht sicher"
'''


@pytest.fixture
def german(tmp_path, monkeypatch):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "test.po").write_text(PO, encoding="utf-8")
    monkeypatch.setattr(i18n, "catalogue_dir", lambda: tmp_path)
    i18n._catalogue.cache_clear()
    yield
    i18n._catalogue.cache_clear()


def test_lookup_in_german_and_english(german):
    assert i18n._("Your turn") == "Your turn"
    with i18n.using("de-DE"):
        assert i18n._("Your turn") == "Du bist am Zug"
        assert i18n._("Unknown message") == "Unknown message"
        assert i18n.pgettext("verb", "Score") == "Werten"
        assert i18n._("Score") == "Punkte"
        assert i18n.ngettext("{n} point", "{n} points", 1).format(n=1) == "1 Punkt"
        assert i18n.ngettext("{n} point", "{n} points", 2).format(n=2) == "2 Punkte"
        assert i18n.ngettext("{n} point", "{n} points", 0).format(n=0) == "0 Punkte"
        assert i18n._("Not sure") == "Not sure"  # fuzzy entries are not used
    assert i18n.ngettext("{n} point", "{n} points", 1) == "{n} point"
    assert i18n.language() == "en"


def test_the_context_language_is_per_thread(german):
    seen = {}

    def other():
        seen["other"] = i18n._("Your turn")

    with i18n.using("de"):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        seen["here"] = i18n._("Your turn")
    assert seen == {"other": "Your turn", "here": "Du bist am Zug"}


def test_default_language(german):
    try:
        i18n.set_default_language("de_DE.UTF-8")
        assert i18n._("Your turn") == "Du bist am Zug"
        with i18n.using("en"):
            assert i18n._("Your turn") == "Your turn"
        with pytest.raises(ValueError, match="speaks en, de"):
            i18n.set_default_language("fr")
    finally:
        i18n.set_default_language("en")


@pytest.mark.parametrize("header,lang", [
    ("de-DE,de;q=0.9,en;q=0.8", "de"), ("en-US,en;q=0.9,de;q=0.8", "en"),
    ("fr-FR,fr;q=0.9,de;q=0.5", "de"), ("fr", "en"), ("", "en"), (None, "en"),
    ("de;q=0, en", "en"), ("en;q=0.1, de;q=0.2", "de"), ("de;q=nan", "en"),
    ("de;q=abc", "en"), ("*", "en"), (",,;;==", "en"), ("x" * 10000, "en"),
])
def test_negotiate(header, lang):
    assert i18n.negotiate(header) == lang


@pytest.mark.parametrize("env,lang", [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "C.UTF-8"}, "en"), ({}, "en"),
    ({"LC_ALL": "de_AT", "LANG": "en_US"}, "de"), ({"LANGUAGE": "fr:de", "LANG": "en"}, "de"),
    ({"LC_MESSAGES": "en_GB.UTF-8", "LANG": "de_DE"}, "en"),
])
def test_from_environment(env, lang):
    assert i18n.from_environment(env) == lang


def test_numbers_dates_and_lists_by_locale():
    assert i18n.format_number(12345) == "12,345"
    assert i18n.format_decimal(51.94) == "51.9"
    assert i18n.format_list(["a", "b", "c"]) == "a, b, and c"
    with i18n.using("de"):
        assert i18n.format_number(12345) == "12.345"
        assert i18n.format_decimal(51.94) == "51,9"
        assert i18n.format_percent(0.519) == "52\xa0%"
        assert i18n.format_date(date(2026, 11, 26)) == "26.11.2026"
        assert i18n.format_list(["a", "b", "c"]) == "a, b und c"
        assert i18n.format_percent(0.5194, digits=1) == "51,9\xa0%"
    assert i18n.format_percent(0.5194, digits=1) == "51.9%"
