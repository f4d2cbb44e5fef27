"""The README's examples are true: its Python session runs as a doctest, its kingdom scores
as the text says, and it opens with the two commands CI relies on."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

from regalia.games.kingdomino import parse_kingdom
from regalia.games.kingdomino.scoring import properties_of

README = Path(__file__).resolve().parents[1] / "README.md"


def blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README.read_text(), flags=re.S)


def test_readme_python_session_runs():
    text = "\n".join(blocks("python"))
    test = doctest.DocTestParser().get_doctest(text, {}, "README", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 5


def test_readme_kingdom_example_scores_37():
    # wheat 3x1 + forest 4x1 + lake 3x1 + grassland 5x2 + swamp 4x1 + mine 3x1 = 27;
    # castle centred in a full 5x5 extent: Middle Kingdom +10; two empty squares: no Harmony.
    (grid,) = blocks("text")
    bd = parse_kingdom(grid).breakdown(middle_kingdom=True, harmony=True)
    assert sorted((p.terrain, p.squares, p.crowns) for p in properties_of(bd)) == [
        ("forest", 4, 1), ("grassland", 5, 2), ("lake", 3, 1), ("mine", 3, 1),
        ("swamp", 4, 1), ("wheat", 3, 1)]
    assert (bd.points("property"), bd.points("middle_kingdom"), bd.points("harmony"), bd.total) == (27, 10, 0, 37)


def test_readme_opens_with_the_run_and_test_commands():
    first_two = blocks("bash")[:2]
    assert first_two[0].strip().startswith("python -m pip install . && python -m regalia match")
    assert first_two[1].strip() == "python -m pip install -e '.[test]' && python -m pytest"
    ci = (README.parent / ".ci" / "run").read_text()
    assert "-e '.[test]'" in ci and "python -m pytest" in ci


def test_readme_third_command_serves_the_web_table():
    third = blocks("bash")[2]
    assert third.strip() == "python -m pip install '.[web]' && python -m regalia serve"
    assert "-e '.[web]'" in (README.parent / ".ci" / "run").read_text()
