"""Hostile command-line input (issue 11): `--param KEY=VALUE` (hypothesis and the cases of
the issue), every file argument given a FIFO, a device, a directory, a binary file, a huge
or deeply nested file, and stdin over the limit; kingdom grids and landscapes mutated.
Each ends in exit 1 (bad content) or 2 (bad usage) with a message, never a traceback or a
hang (a FIFO is refused before it is opened)."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import regalia
from regalia.cli.common import build_game, parse_params
from regalia.core.files import MAX_FILE_BYTES

from fuzzlib import (GAMES_DIR, HOSTILE_STRINGS, clean, deep_json, deep_toml, huge_int,
                     invoke_clean, mutate_bytes, no_hang, record_text)

SEATS = {"kingdomino": 2, "two-heirs": 2, "cascadito": 2, "inheritors": 3}


def one_line(output: str) -> str:
    return " ".join(output.split())


# ------------------------------------------------------------------ --param
@pytest.mark.parametrize("value", ["--1", "²", "٣", "1" * 5000, "-" * 40, "3.0", "0x3", " ",
                                   "1_000", "[/]", "true"])
def test_bad_level_parameter_is_a_usage_error_naming_it(value):
    result = invoke_clean(["match", "two-heirs", "--solo", "-p", "random", "--quiet",
                           "--param", f"level={value}"], codes=(2,))
    text = one_line(result.output)
    assert text.startswith("Error: --param level: a number of 5,000 digits") if len(value) > 99 \
        else text.startswith("Error: level must be 1 (Heinrich the Poor), 2 (the Brave) or 3"), text


def test_parse_params_reads_ascii_whole_numbers_only():
    assert parse_params(["level=3", "x=-2", "y=²", "z=--1", "roads=off"]) == {
        "level": 3, "x": -2, "y": "²", "z": "--1", "roads": False}
    with pytest.raises(regalia.ParameterError, match="a number of 5,000 digits; a whole "
                                                     "number here has at most 30 digits"):
        parse_params(["level=" + "9" * 5000])
    with pytest.raises(regalia.ParameterError, match="control character"):
        parse_params(["sets=\x1b[2J"])


param_key = st.one_of(st.sampled_from(["level", "sheet", "sets", "roads", "variants", "data",
                                       "players", "seed", "x", "lev-el"]),
                      st.text(max_size=12))
param_value = st.one_of(st.sampled_from(HOSTILE_STRINGS), st.text(max_size=40),
                        st.integers().map(str), st.sampled_from(["1", "2", "3", "off", "war"]))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(SEATS)), st.lists(st.tuples(param_key, param_value).map(
    lambda kv: f"{kv[0]}={kv[1]}"), max_size=3), st.booleans())
def test_hypothesis_params_build_a_game_or_a_parameter_error(game, items, solo):
    seats = 1 if solo and game in ("two-heirs", "cascadito") else SEATS[game]
    with no_hang():
        g = clean(lambda: build_game(game, seats, params=items, solo=seats == 1))
    if g is not None:
        g.new_initial_state(1)


@pytest.mark.parametrize("game", sorted(SEATS))
def test_hypothesis_params_at_the_command_line(game):
    @settings(max_examples=12, deadline=None, derandomize=True)
    @given(st.lists(st.tuples(param_key, param_value).map(lambda kv: f"{kv[0]}={kv[1]}"),
                    min_size=1, max_size=2))
    def run(items):
        args = ["match", game, "-p", ",".join(["random"] * SEATS[game]), "--quiet"]
        for item in items:
            args += ["--param", item]
        with no_hang():
            invoke_clean(args, codes=(0, 1, 2))
    run()


# ------------------------------------------------------------------ files of every kind
def file_arguments(tmp_path):
    """Every place the command line reads a file: (args before the path, args after)."""
    own = tmp_path / "own.toml"  # a record of a game played with the user's own data
    own.write_bytes((GAMES_DIR / "kingdomino/data/dominoes.toml").read_bytes())
    record = tmp_path / "ok.json"
    record.write_text(record_text("kingdomino", {"players": 2, "data": str(own)}),
                      encoding="utf-8")
    return [
        (["replay"], []),
        (["replay", str(record), "--data"], []),
        (["data", "check", "kingdomino"], []),
        (["data", "check", "two-heirs"], []),
        (["data", "check", "cascadito"], []),
        (["data", "check", "inheritors"], []),
        (["score", "kingdomino"], []),
        (["score", "two-heirs"], []),
        (["match", "kingdomino", "-p", "random,random", "--quiet", "--data"], []),
        (["match", "cascadito", "-p", "random", "--quiet", "--param"], ["data="]),
    ]


def path_arg(before, prefix, path):
    return before + ([f"{prefix[0]}{path}"] if prefix else [str(path)])


def hostile_paths(tmp_path):
    """(name, path, expected exit code, words of the message): every one is exit 2 (issue
    11: not a file regalia can read as text of its kind at all), except where a score
    file's text is read but is no grid (exit 1)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    big = tmp_path / "big.txt"
    with open(big, "wb") as fh:
        fh.truncate(MAX_FILE_BYTES + 1)
    binary = tmp_path / "binary.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    deep = tmp_path / "deep.txt"
    deep.write_text(deep_json(100_000) + "\n" + deep_toml(100_000), encoding="utf-8")
    deep_j = tmp_path / "deep.json"
    deep_j.write_text(deep_json(100_000), encoding="utf-8")
    deep_t = tmp_path / "deep.toml"
    deep_t.write_text(deep_toml(100_000), encoding="utf-8")
    hugeint = tmp_path / "huge.toml"
    hugeint.write_text("a = " + huge_int() + "\n", encoding="utf-8")
    hugejson = tmp_path / "huge.json"
    hugejson.write_text('{"format": "regalia-record", "seed": ' + huge_int() + "}",
                        encoding="utf-8")
    return [
        ("/dev/zero", "/dev/zero", 2, "a character device"),
        ("/dev/null", "/dev/null", 2, "a character device"),
        ("fifo", fifo, 2, "a FIFO (named pipe)"),
        ("directory", tmp_path, 2, "it is a directory"),
        ("missing", tmp_path / "missing", 2, "no such file"),
        ("too large", big, 2, "more than the 8.0 MiB"),
        ("binary", binary, 2, "not UTF-8 text"),
        ("deep json", deep_j, 2, ""),
        ("deep toml", deep_t, 2, ""),
        ("deep both", deep, 2, ""),
        ("huge int toml", hugeint, 2, ""),
        ("huge int json", hugejson, 2, ""),
    ]


def test_every_file_argument_refuses_hostile_files(tmp_path):
    cases = hostile_paths(tmp_path)
    for before, prefix in file_arguments(tmp_path):
        for name, path, code, words in cases:
            args = path_arg(before, prefix, path)
            with no_hang():
                result = invoke_clean(args, codes=(1, 2))
            text = one_line(result.output)
            if name.startswith(("deep", "huge")) and (
                    before[0] == "score" or "not JSON" in text or "not valid TOML" in text):
                # text of another kind (JSON where TOML is read, a grid that is no grid):
                # read, but its content fails the check
                assert result.exit_code == 1, (args, text)
                continue
            assert result.exit_code == code, (name, args, text)
            assert words in text, (name, args, text)


def test_stdin_is_capped_and_must_be_text():
    big = "W " * (MAX_FILE_BYTES // 2 + 1)
    result = invoke_clean(["score", "kingdomino", "-"], input=big, codes=(2,))
    assert "more than the 8.0 MiB" in one_line(result.output)
    result = invoke_clean(["score", "kingdomino", "-"], input=b"\xff\xfe\x00W", codes=(2,))
    assert "<stdin>: not UTF-8 text" in one_line(result.output)


def test_a_file_name_with_control_characters_is_shown_without_them(tmp_path):
    path = tmp_path / "\x1b]0;pwned\x07.json"
    result = invoke_clean(["replay", str(path)], codes=(2,))
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "no such file" in one_line(result.output)


# ------------------------------------------------------------------ score texts
def kingdom_grid() -> str:
    return "W W* C F F\nL L L F** F\nS S M** M G\nG G* W W W\nF F F L L\n"


def landscape_text() -> str:
    from regalia.games.two_heirs.textformat import format_landscape

    g = regalia.load_game("two-heirs", players=2)
    s = g.new_initial_state(5)
    rng = random.Random(5)
    while not s.is_terminal():
        s.apply_action(s.sample_chance_outcome(s.dealer()) if s.is_chance_node()
                       else rng.choice(s.legal_actions()))
    return format_landscape(g.tiles, s.landscape(), s.troop_map())


def score_sweep(n: int, seed: int) -> None:
    rng = random.Random(seed)
    bases = {"kingdomino": kingdom_grid(), "two-heirs": landscape_text()}
    for _ in range(n):
        game = rng.choice(sorted(bases))
        text = mutate_bytes(bases[game].encode(), rng)
        # exit 2 where a mutation left bytes that are not UTF-8 (not text at all)
        invoke_clean(["score", game, "-"], input=text, codes=(0, 1, 2))


def test_mutated_score_texts():
    score_sweep(40, 1)


@pytest.mark.slow
def test_mutated_score_texts_long():
    score_sweep(1500, 2)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["kingdomino", "two-heirs"]), st.text(max_size=300))
def test_hypothesis_score_texts(game, text):
    invoke_clean(["score", game, "-"], input=text, codes=(0, 1))


def test_bundled_data_files_still_check_ok():
    for game, rel in [("kingdomino", "kingdomino/data/dominoes.toml"),
                      ("inheritors", "inheritors/data/cards.toml")]:
        invoke_clean(["data", "check", game, str(GAMES_DIR / rel)], codes=(0,))


# ------------------------------------------------------------------ typed moves
def random_states(game: str, params: dict, seed: int, count: int):
    g = regalia.load_game(game, **params)
    rng = random.Random(seed)
    s = g.new_initial_state(seed)
    out = []
    while not s.is_terminal() and len(out) < count:
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(s.dealer()))
            continue
        if rng.random() < 0.3:
            out.append(s.clone())
        s.apply_action(rng.choice(s.legal_actions()))
    return out


MOVE_WORDS = ["pick", "claim", "top", "bottom", "river", "take", "build", "discard", "draw",
              "ask", "card", "king", "star", "track", "roll", "@", "->", ",", "d5-e5"]


@pytest.mark.parametrize("cid", sorted({g: p for g, p in [
    ("kingdomino", {"players": 2}), ("two-heirs", {"players": 2}),
    ("cascadito", {"players": 1, "sheet": 1}), ("inheritors", {"players": 3})]}.items()))
def test_hypothesis_typed_moves(cid):
    """What a person types at the prompt: a legal or illegal action id, or a NotationError;
    never another exception (e.g. 'claim top ' and 5,000 digits)."""
    game, params = cid
    states = random_states(game, params, 3, 8)
    word = st.one_of(st.sampled_from(MOVE_WORDS + HOSTILE_STRINGS), st.text(max_size=8),
                     st.integers().map(str))

    @settings(max_examples=80, deadline=None, derandomize=True)
    @given(st.integers(0, len(states) - 1), st.lists(word, min_size=1, max_size=4))
    def run(i, words):
        state = states[i]
        action = clean(lambda: state.string_to_action(" ".join(words)))
        if action is not None:
            clean(lambda: state.clone().apply_action(action))
    run()


@pytest.mark.parametrize("game, params, text", [
    ("cascadito", {"players": 1, "sheet": 1}, "claim top " + "1" * 5000),
    ("cascadito", {"players": 1, "sheet": 1}, "claim top ²"),
    ("kingdomino", {"players": 2}, "pick " + "1" * 5000),
    ("kingdomino", {"players": 2}, "²"),
], ids=["cascadito-5000-digits", "cascadito-superscript", "kingdomino-5000-digits",
        "kingdomino-superscript"])
def test_typed_numbers_too_long_or_not_ascii_are_notation_errors(game, params, text):
    for state in random_states(game, params, 1, 6):
        with pytest.raises(regalia.RegaliaError):
            state.string_to_action(text)


def test_record_to_a_fifo_or_device_is_refused_before_the_game(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for target, kind in [(fifo, "a FIFO (named pipe)"), ("/dev/null", "a character device")]:
        with no_hang():
            result = invoke_clean(["match", "kingdomino", "-p", "random,random", "--quiet",
                                   "--record", str(target)], codes=(2,))
        assert f"it is {kind}, not a regular file" in one_line(result.output)
