"""Hostile component data (issue 11): seeded mutations of every bundled data file and
hypothesis-made TOML, fed to the games' loaders (``load_game(..., data=FILE)``, then a
whole random game on what loads), to `regalia data check` and to `--data` / `--param
data=`. Each ends in a clean DataError (or another regalia error) or a legitimate game."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import regalia

from fuzzlib import (DATA_FILES, DATA_IDS, GAMES_DIR, HOSTILE_TOML_VALUES, clean, deep_toml,
                     huge_int, invoke_clean, mutate_toml)

PLAYERS = {"kingdomino": 2, "two-heirs": 2, "cascadito": 2, "inheritors": 3}
MAX_PLIES = 5000


def play_out(game: regalia.Game, seed: int) -> None:
    """A whole random game (chance from the dealer): must end within MAX_PLIES."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    for _ in range(MAX_PLIES):
        if state.is_terminal():
            state.scores()
            return
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(state.dealer()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"no end after {MAX_PLIES} plies")


def load_and_play(game: str, path, seed: int) -> None:
    """Load ``path`` as the game's data: a clean error, or a game that plays to its end."""
    if path.name == "treasures.toml":  # not a game parameter: read by its loader
        from regalia.games.two_heirs.components import load_treasures
        clean(lambda: load_treasures(path))
        return
    g = clean(lambda: regalia.load_game(game, players=PLAYERS[game], data=str(path)))
    if g is not None:
        play_out(g, seed)


def data_sweep(tmp_path, index: int, n: int, seed: int, cli_every: int) -> None:
    game, rel = DATA_FILES[index]
    base = (GAMES_DIR / rel).read_text(encoding="utf-8")
    rng = random.Random(f"data-{rel}-{seed}")
    path = tmp_path / rel.split("/")[-1]
    for i in range(n):
        path.write_text(mutate_toml(base, rng), encoding="utf-8", errors="surrogatepass")
        load_and_play(game, path, seed=i)
        if i % cli_every == 0:
            invoke_clean(["data", "check", game, str(path)], codes=(0, 1, 2))  # 2: mutated to bytes that are not UTF-8
            if path.name != "treasures.toml":
                n_players = PLAYERS[game]
                args = ["match", game, "-p", ",".join(["random"] * n_players), "--quiet",
                        "--seed", str(i)]
                option = ["--data", str(path)] if i % 2 else ["--param", f"data={path}"]
                invoke_clean(args + option)


@pytest.mark.parametrize("index", range(len(DATA_FILES)), ids=DATA_IDS)
def test_mutated_data_files_load_or_are_refused(tmp_path, index):
    data_sweep(tmp_path, index, n=25, seed=1, cli_every=8)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(DATA_FILES)), ids=DATA_IDS)
@pytest.mark.parametrize("seed", range(3))
def test_mutated_data_files_load_or_are_refused_long(tmp_path, index, seed):
    data_sweep(tmp_path, index, n=600, seed=100 + seed, cli_every=20)


# ------------------------------------------------------------------ hypothesis
toml_key = st.from_regex(r"[a-z_][a-z0-9_]{0,10}", fullmatch=True)
toml_value = st.one_of(
    st.sampled_from(HOSTILE_TOML_VALUES),
    st.integers().map(str),
    st.text(max_size=30).map(lambda t: '"' + t.replace("\\", "\\\\").replace('"', '\\"')
                             .replace("\n", "\\n") + '"'),
    st.integers(min_value=1, max_value=60).map(lambda d: "[" * d + "1" + "]" * d),
)
toml_lines = st.lists(st.one_of(
    st.tuples(toml_key, toml_value).map(lambda kv: f"{kv[0]} = {kv[1]}"),
    st.sampled_from(["[[dominoes]]", "[[tiles]]", "[[rivers]]", "[[advocates]]", "[kingdom]",
                     "[solo]", "[[towns]]", "[[treasures]]", "[[colours]]"]),
), max_size=12)


def hypothesis_data(tmp_path, examples: int) -> None:
    @settings(max_examples=examples, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.function_scoped_fixture])
    @given(st.integers(0, len(DATA_FILES) - 1), toml_lines, st.booleans())
    def run(index, lines, keep):
        game, rel = DATA_FILES[index]
        base = (GAMES_DIR / rel).read_text(encoding="utf-8") if keep else ""
        path = tmp_path / rel.split("/")[-1]
        path.write_text(base + "\n" + "\n".join(lines) + "\n", encoding="utf-8",
                        errors="surrogatepass")
        load_and_play(game, path, seed=1)
    run()


def test_hypothesis_data_files(tmp_path):
    hypothesis_data(tmp_path, 60)


@pytest.mark.slow
def test_hypothesis_data_files_long(tmp_path):
    hypothesis_data(tmp_path, 2000)


# ------------------------------------------------------------------ specific inputs
@pytest.mark.parametrize("text, message, code", [
    # not TOML regalia reads at all (issue 11: exit 2), then TOML that fails its check (1)
    (deep_toml(100_000), "nested too deeply", 2),
    ("a = " + huge_int() + "\n", "a number is too long", 2),
    ('provenance = "verified"\nsource = "\\u001b]0;title\\u0007"\n',
     "source holds the control character '\\x1b'", 1),
    ("provenance = 1\n", "provenance", 1),
])
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_specific_hostile_data_is_refused(tmp_path, game, text, message, code):
    path = tmp_path / "data.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(regalia.DataError, match=f"^{path}: ") as exc:
        regalia.load_game(game, players=PLAYERS[game], data=str(path))
    assert message in str(exc.value)
    result = invoke_clean(["data", "check", game, str(path)], codes=(code,))
    assert message in " ".join(result.output.split()).replace(" ", "") or \
        message.replace(" ", "") in result.output.replace("\n", "").replace(" ", "")
