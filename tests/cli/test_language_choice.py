"""How the terminal's language is chosen (``regalia.__main__``, docs/languages.md): ``--lang``
among the root options, else the locale, else English; a missing or unknown value refused
with exit 2. Each case runs ``python -m regalia`` in a fresh process (the help texts are built
when the command modules are imported, so the language must be set before)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import regalia
from regalia.__main__ import given_language

SRC = str(Path(regalia.__file__).resolve().parents[1])


@pytest.mark.parametrize("args, expected", [
    (["--lang", "de", "play", "kingdomino"], "de"),
    (["--lang=de", "games"], "de"),
    (["--version", "--lang", "en"], "en"),
    (["-h", "--lang=de_AT"], "de_AT"),
    (["play", "kingdomino", "--lang", "de"], None),   # a command's own options are its own
    ([], None),
])
def test_lang_is_read_among_the_root_options_only(args, expected):
    assert given_language(args) == expected


def test_lang_without_a_value_is_an_error():
    with pytest.raises(ValueError):
        given_language(["--lang"])


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items()
               if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    environ.update(PYTHONPATH=SRC, COLUMNS="100", NO_COLOR="1", TERM="dumb", **env)
    environ.pop("FORCE_COLOR", None)
    return subprocess.run([sys.executable, "-m", "regalia", *args], env=environ,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("env, args, german", [
    ({"LANG": "de_DE.UTF-8"}, [], True),
    ({"LANGUAGE": "de:en", "LANG": "en_US.UTF-8"}, [], True),   # LANGUAGE before LANG
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, [], False),        # LC_ALL set: it decides
    ({"LANG": "fr_FR.UTF-8"}, [], False),                       # not spoken: English
    ({"LANG": "C"}, ["--lang", "de"], True),
    ({"LANG": "de_DE.UTF-8"}, ["--lang=en"], False),            # --lang wins
])
def test_the_help_follows_lang_then_the_locale(env, args, german):
    result = run(*args, "agents", "--help", **env)
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())
    if german:
        assert "Die Computerspieler (Agenten) und 'human' für --players auflisten." in out
        assert "Optionen" in out
    else:
        assert "List the computer players (agents) and 'human', for --players." in out
        assert "Optionen" not in out


def test_the_agents_listing_in_both_languages():
    """The agents' descriptions are marked at import (N_) and translated where shown."""
    english = run("agents", LANG="C")
    german = run("--lang", "de", "agents", LANG="C")
    assert english.returncode == german.returncode == 0
    assert "uniform over the legal actions" in " ".join(english.stdout.split())
    assert "gleichverteilt über die erlaubten Aktionen" in " ".join(german.stdout.split())
    assert "du, Züge in diesem Terminal tippend" in " ".join(german.stdout.split())


def test_a_missing_or_unknown_language_is_refused():
    missing = run("--lang", LANG="C")
    assert missing.returncode == 2
    assert "Error: --lang needs a language: en (English) and de (Deutsch)." in missing.stderr
    unknown = run("--lang", "klingon", "games", LANG="de_DE.UTF-8")
    assert unknown.returncode == 2
    assert ("Fehler: unbekannte Sprache 'klingon' für --lang: regalia spricht en (English) "
            "und de (Deutsch).") in unknown.stderr
    assert unknown.stdout == ""
