"""The engine choice shared by the games with a compiled core (regalia.core.engines)."""

import pytest

from regalia.core.engines import choose_state_class, default_engine, pure_requested
from regalia.core.errors import ParameterError


class Pure:
    pass


class Compiled:
    pass


@pytest.mark.parametrize("value, pure", [("1", True), ("true", True), (" YES ", True),
                                         ("0", False), ("", False), ("no", False)])
def test_regalia_pure_is_read_from_the_environment(monkeypatch, value, pure):
    monkeypatch.setenv("REGALIA_PURE", value)
    assert pure_requested() is pure
    assert default_engine(True) == ("pure" if pure else "compiled")
    assert default_engine(False) == "pure"


def test_the_default_is_the_compiled_class_when_built(monkeypatch):
    monkeypatch.delenv("REGALIA_PURE", raising=False)
    assert choose_state_class(None, "Toy", Compiled, Pure) is Compiled
    assert choose_state_class(None, "Toy", None, Pure) is Pure
    assert choose_state_class("pure", "Toy", Compiled, Pure) is Pure


def test_compiled_when_not_built_and_unknown_names_are_refused_with_the_choices():
    with pytest.raises(ParameterError, match="compiled Toy engine is not built"):
        choose_state_class("compiled", "Toy", None, Pure)
    with pytest.raises(ParameterError, match="engine must be one of compiled, pure, not 'fast'"):
        choose_state_class("fast", "Toy", Compiled, Pure)


def test_a_game_the_compiled_engine_cannot_hold_falls_back_to_the_pure_one(monkeypatch):
    """``unfit`` (why the compiled engine cannot play this game's data, e.g. a user's
    file beyond its C arrays): the default is then the pure engine, and asking for the
    compiled one names the reason."""
    monkeypatch.delenv("REGALIA_PURE", raising=False)
    assert choose_state_class(None, "Toy", Compiled, Pure, "200 cells") is Pure
    assert choose_state_class("pure", "Toy", Compiled, Pure, "200 cells") is Pure
    assert choose_state_class(None, "Toy", Compiled, Pure, None) is Compiled
    with pytest.raises(ParameterError, match=r"compiled Toy engine cannot hold this game's "
                                             r"data \(200 cells\); use engine='pure'"):
        choose_state_class("compiled", "Toy", Compiled, Pure, "200 cells")
