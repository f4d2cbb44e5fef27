"""regalia auf Deutsch in the terminal (issue 30): a whole game of each of the four games
played in German in a pseudo-terminal (pexpect), the language chosen by the locale
(``LANG=de_DE.UTF-8``) for two games and by ``regalia --lang de`` for the other two; the
help and a usage error in German; an unknown ``--lang`` refused naming en and de.

The assertions are on the command line's own texts (prompts, seat labels, the table's
help, the end of the game, errors): the games' own texts are translated in their packages.
Each test starts ``python -m regalia`` in a scratch directory with fixed seeds and fast
opponents; every wait is bounded by a timeout.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

import regalia
from regalia.core.record import GameRecord

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")

SRC = str(Path(regalia.__file__).resolve().parents[1])
SEED = 4
#: name -> (load_game parameters, seats, command-line arguments, how German is chosen)
GAMES = {
    "kingdomino": ({"players": 2}, ["human", "greedy"], ["-p", "human,greedy"], "LANG"),
    "cascadito": ({"players": 1}, ["human"], ["-p", "human"], "--lang"),
    "two-heirs": ({"players": 1, "level": 2}, ["human"], ["--solo", "--level", "2"], "LANG"),
    "inheritors": ({"players": 2}, ["human", "greedy"], ["-p", "human,greedy"], "--lang"),
}
#: A fresh prompt: prompt_toolkit switches bracketed paste on, then draws the German seat
#: label "Platz 1 (du) >".
PROMPT = re.compile(r"\?2004h[^>]*Platz 1 \(du\)[^>]*>")
#: The locale variables gettext reads before LANG (they would win over it).
LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def spawn(*args: str, cwd: Path, lang: str | None = None, timeout: int = 60):
    """``python -m regalia ARGS`` in a pseudo-terminal; ``lang``: the LANG to set (the
    other locale variables are removed; None: LANG=C, so only --lang can choose German)."""
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""),
               TERM="xterm", NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1", COLUMNS="200",
               LINES="60")
    for name in LOCALE_VARS:
        env.pop(name, None)
    env["LANG"] = lang or "C"
    env.pop("FORCE_COLOR", None)
    return pexpect.spawn(sys.executable, ["-m", "regalia", *args], cwd=str(cwd), env=env,
                         encoding="utf-8", timeout=timeout, dimensions=(60, 200))


def start_german(name: str, cwd: Path):
    """`regalia play NAME` in German: by the locale or by --lang, as GAMES says."""
    _params, _specs, args, how = GAMES[name]
    if how == "LANG":
        return spawn("play", name, *args, "-s", str(SEED), cwd=cwd, lang="de_DE.UTF-8")
    return spawn("--lang", "de", "play", name, *args, "-s", str(SEED), cwd=cwd)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_in_german(name, tmp_path, table_script):
    params, specs, _args, _how = GAMES[name]
    turns = table_script(regalia.load_game(name, **params), specs, SEED, 100_000)
    assert turns, "the person has decisions to make"
    child = start_german(name, tmp_path)
    # the table's help in German, at the first prompt, with the German alias 'hilfe'
    child.expect(PROMPT)
    child.send("hilfe\r")
    child.expect(r"Am\s+Tisch:")
    child.expect(r"beenden'\.")
    for turn in turns:
        child.expect(PROMPT)
        child.send(turn.typed + "\r")
    # the end of the game: the seed line of the command line, in German
    child.expect(r"Seed dieser Partie: 4 \(derselbe Seed und dieselben Spieler ergeben "
                 r"dieselbe Partie\)", timeout=120)
    child.expect(pexpect.EOF, timeout=60)
    child.close()
    assert child.exitstatus == 0
    assert "Seed of this game" not in child.before


@pytest.mark.parametrize("name", ["kingdomino", "inheritors"])
def test_german_aliases_at_the_table_and_quitting(name, tmp_path, table_script):
    """'tipp' (hints off), 'rückgängig' before any move, then 'beenden' keeps the game:
    every answer in German, and the saved game is the one played."""
    child = start_german(name, tmp_path)
    child.expect(PROMPT)
    child.send("tipp\r")
    child.expect(r"Tipps sind aus: Starte die Partie mit --hints\.")
    child.expect(PROMPT)
    child.send("rückgängig\r")
    child.expect(r"Nichts rückgängig zu machen")
    child.expect(PROMPT)
    child.send("beenden\r")
    child.expect(r"Partie auf deinen Wunsch abgebrochen\.")
    child.expect(r"Die unfertige Partie ist gespeichert in")
    child.expect(r"fortsetzen mit: regalia resume regalia-" + re.escape(name))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    (saved,) = tmp_path.glob(f"regalia-{name}-*.json")
    assert GameRecord.load(saved).scores is None


def test_the_help_in_german(tmp_path):
    child = spawn("--lang", "de", "play", "--help", cwd=tmp_path)
    child.expect(r"Selbst eine Partie im Terminal spielen, gegen Computerspieler")
    child.expect(r"Argumente")
    child.expect(r"Name des Spiels \(siehe 'regalia games'\)")
    child.expect(r"Optionen")
    child.expect(r"Ein Eintrag pro Platz, durch Kommas")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Play a game yourself" not in child.before


def test_the_locale_chooses_german_and_lang_overrides_it(tmp_path):
    child = spawn("--help", cwd=tmp_path, lang="de_AT.UTF-8")
    child.expect(r"Brettspiele über den Bau von Königreichen")
    child.expect(r"Sprache der Meldungen: en \(English\) oder de \(Deutsch\)")
    child.expect(pexpect.EOF)
    child.close()
    child = spawn("--lang", "en", "--help", cwd=tmp_path, lang="de_DE.UTF-8")
    child.expect(r"Play, watch, replay and score")
    child.expect(pexpect.EOF)
    child.close()
    assert "Brettspiele" not in child.before


def test_a_bad_argument_gets_a_german_error(tmp_path):
    child = spawn("--lang", "de", "play", "schach", "-p", "human", cwd=tmp_path)
    child.expect(r"Fehler: unbekanntes Spiel 'schach'; bekannte Spiele: cascadito, "
                 r"inheritors,\s+kingdomino, two-heirs")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    child = spawn("play", "kingdomino", "-p", "human,schach", cwd=tmp_path,
                  lang="de_DE.UTF-8")
    child.expect(r"Fehler: unbekannter Spieler 'schach' in --players; wähle aus: human,")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    child = spawn("--lang", "de", "play", "kingdomino", "-p", "human,greedy", "--record",
                  str(tmp_path / "fehlt" / "partie.json"), cwd=tmp_path)
    child.expect(r"Fehler: --record ")
    child.expect(r"das Partieprotokoll kann dort nicht geschrieben werden:\s+Verzeichnis ")
    child.expect(r"existiert\s+nicht")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert not list(tmp_path.glob("regalia-*.json"))


def test_an_unknown_language_is_refused_naming_en_and_de(tmp_path):
    child = spawn("--lang", "fr", "games", cwd=tmp_path)
    child.expect(r"Error: unknown language 'fr' for --lang: regalia speaks en \(English\) "
                 r"and de \(Deutsch\)\.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    child = spawn("--lang", "fr", "games", cwd=tmp_path, lang="de_DE.UTF-8")
    child.expect(r"Fehler: unbekannte Sprache 'fr' für --lang: regalia spricht en \(English\) "
                 r"und de \(Deutsch\)\.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
