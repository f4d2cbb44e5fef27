"""A record never makes regalia open a file it names, and its strings reach the terminal as
text (issue 11). A game played with the user's own component file is replayed with that
file given explicitly (`--data FILE`), checked against the record's data digest."""

from __future__ import annotations

import json
import os

import pytest

import regalia
from regalia.core.errors import RecordError
from regalia.core.record import GameRecord

from fuzzlib import CONFIG_IDS, CONFIGS, GAMES_DIR, invoke_clean, no_hang, record_text

OWN_DATA = {"kingdomino": "kingdomino/data/dominoes.toml",
            "two-heirs": "two_heirs/data/tiles.toml",
            "cascadito": "cascadito/data/sheets/sheet2.toml",
            "inheritors": "inheritors/data/cards.toml"}
SEATS = {"kingdomino": 2, "two-heirs": 2, "cascadito": 2, "inheritors": 3}


def own_record(tmp_path, game: str):
    """A record of a game played with a copy of the bundled data (the user's own file)."""
    own = tmp_path / f"my-{game}.toml"
    own.write_bytes((GAMES_DIR / OWN_DATA[game]).read_bytes())
    path = tmp_path / f"{game}.json"
    path.write_text(record_text(game, {"players": SEATS[game], "data": str(own)}),
                    encoding="utf-8")
    return path, own


def with_data_path(path, target) -> None:
    """Point the record's ``params.data`` at ``target`` (digest recomputed)."""
    rec = GameRecord.load(path)
    rec.params["data"] = str(target)
    rec.digest = rec.compute_digest()
    rec.save(path)


@pytest.mark.parametrize("game", sorted(OWN_DATA))
def test_replay_of_own_data_needs_the_file_given_explicitly(tmp_path, game):
    path, own = own_record(tmp_path, game)
    rec = GameRecord.load(path)
    with pytest.raises(RecordError, match="pass that file with --data FILE"):
        rec.replay()
    assert rec.replay(data=own).is_terminal()
    out = invoke_clean(["replay", str(path), "--brief"], codes=(1,)).output
    assert "pass that file with --data FILE" in " ".join(out.split())
    invoke_clean(["replay", str(path), "--brief", "--data", str(own)], codes=(0,))


@pytest.mark.parametrize("game", sorted(OWN_DATA))
def test_replay_with_other_components_is_refused(tmp_path, game):
    path, own = own_record(tmp_path, game)
    text = own.read_text(encoding="utf-8")
    # a change of content (not of provenance) changes the data digest
    edits = {"kingdomino": ('crowns = 0 }', 'crowns = 1 }'),
             "two-heirs": ('id = "travel-1"', 'id = "travel-x"'),
             "cascadito": ('name = "river"', 'name = "stream"'),
             "inheritors": ('points = 2 }]', 'points = 3 }]')}[game]
    other = tmp_path / "other.toml"
    other.write_text(text.replace(*edits, 1), encoding="utf-8")
    assert regalia.load_game(game, players=SEATS[game], data=str(other)).data_digest() != \
        regalia.load_game(game, players=SEATS[game], data=str(own)).data_digest()
    with pytest.raises(RecordError, match="these components differ from those the game was "
                                          "recorded with"):
        GameRecord.load(path).replay(data=other)
    invoke_clean(["replay", str(path), "--data", str(other)], codes=(1,))


def test_replay_with_data_for_a_bundled_record_is_refused(tmp_path):
    path = tmp_path / "k.json"
    path.write_text(record_text("kingdomino", {"players": 2}), encoding="utf-8")
    own = tmp_path / "own.toml"
    own.write_bytes((GAMES_DIR / OWN_DATA["kingdomino"]).read_bytes())
    out = invoke_clean(["replay", str(path), "--data", str(own)], codes=(1,)).output
    assert "played with the bundled component data; replay it without --data" in \
        " ".join(out.split())


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/stdin", "/etc/passwd", "fifo"])
def test_a_path_in_a_record_is_never_opened(tmp_path, target):
    """``params.data`` naming a device, a system file or a FIFO: without --data the record is
    refused before anything is opened (a FIFO would block forever if opened); with --data
    the user's file is used instead, and the named path is never touched."""
    path, own = own_record(tmp_path, "kingdomino")
    if target == "fifo":
        target = tmp_path / "fifo"
        os.mkfifo(target)
    with_data_path(path, target)
    with no_hang():
        with pytest.raises(RecordError, match="regalia never opens a file a record names"):
            GameRecord.load(path).replay()
        invoke_clean(["replay", str(path)], codes=(1,))
        state = GameRecord.load(path).replay(data=own)
        assert state.is_terminal()
        invoke_clean(["replay", str(path), "--brief", "--data", str(own)], codes=(0,))


def test_a_record_naming_data_without_a_data_digest_is_refused(tmp_path):
    path, own = own_record(tmp_path, "kingdomino")
    rec = GameRecord.load(path)
    rec.data_digest = None
    rec.digest = rec.compute_digest()
    with pytest.raises(RecordError, match="carries no data digest"):
        rec.replay(data=own)


# ------------------------------------------------------------------ labels
MARKUP_LABELS = ["[/]", "[bold red]X[/bold red]", "[link=file:///etc/passwd]y[/link]"]


@pytest.mark.parametrize("cid", CONFIG_IDS)
@pytest.mark.parametrize("extra", [[], ["--brief"], ["--as", "1"]])
def test_markup_in_labels_is_printed_as_text(tmp_path, cid, extra):
    game, params = CONFIGS[CONFIG_IDS.index(cid)]
    seats = regalia.load_game(game, **params).num_players
    labels = (MARKUP_LABELS * 2)[:seats]
    path = tmp_path / "game.json"
    path.write_text(record_text(game, params, players=labels), encoding="utf-8")
    out = invoke_clean(["replay", str(path), *extra], codes=(0,)).output
    for label in labels:
        assert label in out, label
    assert "\x1b" not in out


@pytest.mark.parametrize("label", ["\x1b]0;title\x07", "\x1b[2J", "a\nb", "\u202egnp.exe",
                                   "\x9b31m", "x" * 201])
def test_control_characters_in_labels_are_refused_at_load(tmp_path, label):
    data = json.loads(record_text("kingdomino", {"players": 2}))
    data["players"][1] = label
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=r"players(\[1\]|\.1)"):
        GameRecord.load(path)
    out = invoke_clean(["replay", str(path)], codes=(1,)).output
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "malformed record" in out


def test_names_from_a_data_file_are_printed_as_text(tmp_path):
    """A river named '[/]' on the user's own Cascadito sheet: data check, match and replay
    print it as text."""
    own = tmp_path / "sheet.toml"
    own.write_text((GAMES_DIR / "cascadito/data/sheets/sheet3.toml").read_text(
        encoding="utf-8").replace('name = "west river"', 'name = "[/]west river"'),
        encoding="utf-8")
    out = invoke_clean(["data", "check", "cascadito", str(own)], codes=(0,)).output
    path = tmp_path / "game.json"
    out = invoke_clean(["match", "cascadito", "-p", "random,random", "--seed", "2", "--data",
                        str(own), "--record", str(path)], codes=(0,)).output
    assert "[/]west" in out
    out = invoke_clean(["replay", str(path), "--data", str(own)], codes=(0,)).output
    assert "[/]west" in out
