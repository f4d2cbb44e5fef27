"""What the lobby offers: the registered games, their parameters at a web table, and the
computer players' strengths (:func:`games_catalogue`, :func:`check_params`,
:func:`strengths_of`). Read from each game's class and registrations, never from its
rules modules."""

from __future__ import annotations

import functools
import inspect
import re
from typing import Any

from regalia.core.errors import RegaliaError
from regalia.core.game import Game
from regalia.core.registry import game_class, game_drawing, game_strengths, list_games, load_game

from .errors import WebError

#: friendly strength -> agent spec (perfect-information games; hidden: ismcts for search)
STRENGTHS = {"easy": "greedy", "normal": "mcts:seconds=0.5", "strong": "mcts:seconds=2"}
HIDDEN_STRENGTHS = {"easy": "greedy", "normal": "ismcts:seconds=0.5",
                    "strong": "ismcts:seconds=2"}
MAX_SEATS = 8


def strengths_of(game: Game) -> dict[str, str]:
    """The friendly strengths of ``game``: the recommended opponents it registers
    (:func:`regalia.core.registry.register_strengths`, measured settings at <= 1 s per
    move; see docs/agents.md), else the generic defaults above."""
    declared = game_strengths(game.info.name)
    if declared is not None:
        return declared.as_dict()
    return STRENGTHS if game.info.perfect_information else HIDDEN_STRENGTHS




#: Parameters every table gives by their own fields (not in ``params``).
OWN_FIELDS = ("players", "variants")


def _arg_help(doc: str) -> dict[str, str]:
    """``name -> text`` of a docstring's ``Args:`` section (continuation lines joined)."""
    out: dict[str, str] = {}
    section = doc.split("Args:", 1)[1] if "Args:" in doc else ""
    name = None
    for line in section.splitlines()[1:]:
        if not line.strip() or re.match(r"\s*(Raises|Returns|Yields):", line):
            if out:
                break
            continue
        m = re.match(r"\s{4,8}(\w+)(?:, \w+)*:\s*(.*)", line)
        if m and len(line) - len(line.lstrip()) <= 8:
            name = m.group(1)
            out[name] = m.group(2).strip()
        elif name is not None:
            out[name] += " " + line.strip()
    return out


@functools.lru_cache(maxsize=None)
def _file_params(game_name: str) -> frozenset[str]:
    """The parameters of a game that name a file on the server (annotated ``Path``),
    which a web table refuses: a visitor must not make the server read its files."""
    sig = inspect.signature(game_class(game_name).__init__)
    return frozenset(p.name for p in sig.parameters.values() if "Path" in str(p.annotation))


@functools.lru_cache(maxsize=None)
def game_parameters(game_name: str) -> tuple[dict[str, Any], ...]:
    """The parameters a web table of ``game_name`` may set, read from the game class (the
    ones ``regalia play`` takes as ``--param KEY=VALUE``, ``--sheet``, ``--level``): every
    keyword of its ``__init__`` except ``players`` and ``variants`` (their own fields), the
    keyword-only ones (``engine``: not a parameter of the game) and those naming files
    on the server (custom data files). Each: ``{name, help (the docstring's Args line),
    type ("bool", "int", "list" or "text", from the default), defaults ({player count:
    the value a game of that count uses, absent where the game takes no such value})}``.
    """
    cls = game_class(game_name)
    info = cls.info
    helps = _arg_help(cls.__doc__ or "")
    sig = inspect.signature(cls.__init__)
    names = [p.name for p in sig.parameters.values()
             if p.name != "self" and p.name not in OWN_FIELDS
             and p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
             and p.name not in _file_params(game_name)]
    by_count = {n: load_game(info.name, players=n).params
                for n in range(info.min_players, info.max_players + 1)}
    out = []
    for name in names:
        defaults = {str(n): ps[name] for n, ps in by_count.items() if name in ps}
        sample = next(iter(defaults.values()), sig.parameters[name].default)
        kind = ("bool" if isinstance(sample, bool) else "int" if isinstance(sample, int)
                else "list" if isinstance(sample, (list, tuple)) else "text")
        out.append({"name": name, "help": helps.get(name, ""), "type": kind,
                    "defaults": defaults})
    return tuple(out)


def games_catalogue() -> list[dict[str, Any]]:
    """The registered games for the lobby: name, title, player counts, variants, their
    parameters (:func:`game_parameters`), and whether the web table can draw them yet."""
    return [{"name": g.name, "title": g.title, "min_players": g.min_players,
             "max_players": g.max_players, "variants": dict(g.variants),
             "params": list(game_parameters(g.name)),
             "perfect_information": g.perfect_information,
             "playable": game_drawing(g.name) is not None} for g in list_games()]


def check_params(game_name: str, params: Any) -> dict[str, Any]:
    """A table's ``params`` (the game's own parameters beyond players and variants) as
    ``load_game`` keywords, before the game checks their values.

    Raises:
        WebError(422): not an object; a key the game does not take here (the message lists
        the ones it does); a parameter naming a file on the server.
    """
    if params is None:
        return {}
    if not isinstance(params, dict):
        raise WebError(422, "params must be an object of the game's parameters, e.g. "
                            "{\"sheet\": 2}")
    try:
        offered = [p["name"] for p in game_parameters(game_name)]
        files = _file_params(game_name)
    except RegaliaError as exc:
        raise WebError(422, str(exc)) from None
    title = game_class(game_name).info.title
    for key in params:
        if key in files:
            raise WebError(422, f"{key}: a web table cannot read files on the server (custom "
                                f"component files are for 'regalia play --data'); leave "
                                f"{key} out to play with the bundled components")
        if key in OWN_FIELDS:
            raise WebError(422, f"params.{key}: give it as the table's own '{key}' field")
        if key not in offered:
            raise WebError(422, f"{title} has no parameter {str(key)[:40]!r} at the web "
                                f"table; its parameters: {', '.join(offered) or 'none'}")
    return dict(params)
