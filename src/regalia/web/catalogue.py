"""What the lobby offers: the registered games, their parameters at a web table, and the
computer players' strengths (:func:`games_catalogue`, :func:`check_params`,
:func:`strengths_of`). Read from each game's class and registrations, never from its
rules modules."""

from __future__ import annotations

import functools
import inspect
import re
from typing import Any

from regalia.agents import check_spec, default_hint_spec, make_agent, seat_spec
from regalia.core.errors import RegaliaError
from regalia.core.game import Game
from regalia.core.registry import game_class, game_drawing, game_strengths, list_games, load_game
from regalia.core.i18n import N_, _

from .errors import WebError
from .settings import Settings

#: friendly strength -> agent spec (perfect-information games; hidden: ismcts for search)
STRENGTHS = {"easy": "greedy", "normal": "mcts:seconds=0.5", "strong": "mcts:seconds=2"}
#: the strengths in words (translated where shown: :func:`strength_words`)
STRENGTH_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "strong": N_("strong")}
HIDDEN_STRENGTHS = {"easy": "greedy", "normal": "ismcts:seconds=0.5",
                    "strong": "ismcts:seconds=2"}
MAX_SEATS = 8



def title_words(title: str) -> str:
    """A game's title as shown: the published one, or the title of the edition in the
    language in force where the game's catalogue gives it (Two Heirs: "Die zwei Erben")."""
    return _(title) if title else title


def strength_words(strength: str) -> str:
    """A strength's name in the language in force (``easy`` -> ``leicht``); an agent spec
    is shown as it is."""
    return _(STRENGTH_WORDS[strength]) if strength in STRENGTH_WORDS else strength

def strengths_of(game: Game) -> dict[str, str]:
    """The friendly strengths of ``game``: the recommended opponents it registers
    (:func:`regalia.core.registry.register_strengths`, measured settings at <= 1 s per
    move; see docs/agents.md), else the generic defaults above."""
    declared = game_strengths(game.info.name)
    if declared is not None:
        return declared.as_dict()
    return STRENGTHS if game.info.perfect_information else HIDDEN_STRENGTHS


def table_agent(game: Game, spec: str, max_think: float) -> tuple[str, float]:
    """The agent ``spec`` as a web table plays it: ``(spec, budget)``, the spec of an agent
    that decides from its seat's information only (:func:`regalia.agents.seat_spec`:
    ``mcts`` becomes ``ismcts`` in a game with hidden information) and thinks at most
    ``max_think`` seconds a move (:meth:`~regalia.agents.Agent.limit_time`), and that
    budget in seconds (a search agent's time limit; ``max_think`` for others, which the
    worker pool enforces from outside).

    Raises:
        WebError(422): a bad spec; an agent that reads files; one that reads hidden
            information and has no counterpart that does not (``mce``, ``onestep`` in a
            game with hidden information).
    """
    try:
        agent = check_spec(spec, game)
        if agent.reads_files:
            raise WebError(422, _('{spec!r} reads a file on the server: not at a web table').format(spec=spec))
        honest = seat_spec(spec, game)
        if honest is None:
            raise WebError(422, _("{spec!r} decides from the whole state, hidden cards included: it cannot sit at a {title} table (ismcts and the game's greedy decide from what the seat sees)").format(spec=spec, title=game.info.title))
        agent = make_agent(honest)
        agent.limit_time(max_think)
    except RegaliaError as exc:
        raise WebError(422, str(exc)) from None
    seconds = getattr(agent, "seconds", None)
    return agent.spec(), float(seconds if seconds is not None else max_think)


def table_strengths(game: Game, settings: Settings) -> dict[str, str]:
    """The strengths a web table of ``game`` offers: name -> the spec played
    (:func:`table_agent` of :func:`strengths_of`)."""
    return {name: table_agent(game, spec, settings.max_think)[0]
            for name, spec in strengths_of(game).items()}


def computer_seat(game: Game, request: dict[str, Any], settings: Settings) -> tuple[str, float]:
    """A computer seat asked for at table creation (``{"strength": "normal"}``, or
    ``{"agent": SPEC}`` where the server allows agent specs): its ``(spec, budget)``
    (:func:`table_agent`).

    Raises:
        WebError(422): an unknown strength; an agent spec where the server allows none;
            :func:`table_agent`'s refusals.
    """
    strengths = strengths_of(game)
    agent, strength = request.get("agent"), request.get("strength")
    if agent is not None:
        if not settings.allow_agent_specs:
            raise WebError(422, _('this server offers the strengths {values}; agent specs are off (regalia serve --allow-agent-specs)').format(values=', '.join(strengths)))
        if not isinstance(agent, str) or len(agent) > 200:
            raise WebError(422, _("agent must be an agent spec of at most 200 characters"))
        return table_agent(game, agent, settings.max_think)
    strength = strength or "easy"
    if not isinstance(strength, str) or strength not in strengths:
        raise WebError(422, _('strength must be one of {values}').format(values=', '.join(strengths)))
    return table_agent(game, strengths[strength], settings.max_think)


def hint_agent(game: Game, settings: Settings) -> tuple[str, float]:
    """The hint agent of ``game`` at a web table: ``(spec, budget)`` (the server's
    ``hint_spec`` or the game's default, :func:`table_agent`)."""
    return table_agent(game, settings.hint_spec or default_hint_spec(game.info.name),
                       settings.max_think)



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


@functools.lru_cache(maxsize=64)
def _offered(game_name: str, max_think: float) -> tuple[tuple[str, str], ...]:
    game = load_game(game_name, players=game_class(game_name).info.min_players)
    return tuple(table_strengths(game, Settings(max_think=max_think)).items())


def games_catalogue(settings: Settings | None = None) -> list[dict[str, Any]]:
    """The registered games for the lobby: name, title, player counts, variants, their
    parameters (:func:`game_parameters`), whether the web table can draw them yet, and
    the computer strengths it offers (name -> the agent spec played,
    :func:`table_strengths`)."""
    max_think = (settings or Settings()).max_think
    # the variants' and parameters' words are the games' (their rulebook's, their
    # docstrings'): said in the language in force where a game's catalogue has them
    return [{"name": g.name, "title": title_words(g.title), "min_players": g.min_players,
             "max_players": g.max_players,
             "variants": {k: _(v) if v else v for k, v in g.variants.items()},
             "params": [{**p, "help": _(p["help"]) if p["help"] else ""}
                        for p in game_parameters(g.name)],
             "perfect_information": g.perfect_information,
             "strengths": dict(_offered(g.name, max_think)),
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
        raise WebError(422, _("params must be an object of the game's parameters, e.g. "
                            "{\"sheet\": 2}"))
    try:
        offered = [p["name"] for p in game_parameters(game_name)]
        files = _file_params(game_name)
    except RegaliaError as exc:
        raise WebError(422, str(exc)) from None
    title = game_class(game_name).info.title
    for key in params:
        if key in files:
            raise WebError(422, _("{key}: a web table cannot read files on the server (custom component files are for 'regalia play --data'); leave {key} out to play with the bundled components").format(key=key))
        if key in OWN_FIELDS:
            raise WebError(422, _("params.{key}: give it as the table's own '{key}' field").format(key=key))
        if key not in offered:
            raise WebError(422, _('{title} has no parameter {value!r} at the web table; its parameters: {value2}').format(title=title, value=str(key)[:40], value2=', '.join(offered) or 'none'))
    return dict(params)
