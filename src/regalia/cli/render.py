"""``regalia render``: a position of a recorded game drawn as SVG.

Registered on the main Typer ``app`` when :mod:`regalia.cli.app` imports this module. The
drawing is the game's own (``games/<game>/svg.py``, found through the core registry), made
from one seat's observation or, by default, from the public view a spectator has.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from regalia.core.record import GameRecord
from regalia.core.registry import game_drawing

from .root import app, examples as _examples, help_text as _help
from .common import (EXIT_FAILED, EXIT_USAGE, check_readable, check_writable, checked_game,
                     error, user_errors)
from regalia.core.i18n import _


@app.command(help=_help(
    _("Draw a position of a recorded game as SVG (the same drawing as the web table)."),
    _("""The record is checked first (as by `regalia replay`); the position after --ply
      moves (chance outcomes count as moves; default: the end) is drawn as the seat --as N
      sees it, or as a spectator sees it without --as. Without -o the SVG goes to stdout.""")),
    epilog=_examples("regalia render game.json -o end.svg",  # i18n: no
                     "regalia render game.json --ply 20 --as 1 -o ply20.svg"))  # i18n: no
def render(
    file: Path = typer.Argument(..., metavar="RECORD", help=_("A game record written by --record."),
                                show_default=False),
    ply: Optional[int] = typer.Option(None, "--ply", metavar="N", show_default=False,
                                      help=_("Draw the position after the first N moves "
                                             "(default: after all of them).")),
    as_seat: Optional[int] = typer.Option(None, "--as", metavar="SEAT", show_default=False,
                                          help=_("Draw what seat SEAT (1 = the first) saw; "
                                                 "default: the public view.")),
    output: Optional[Path] = typer.Option(None, "-o", "--output", metavar="FILE",
                                          show_default=False, help=_("Write the SVG here.")),
) -> None:
    """Draw a position of a recorded game as SVG."""
    with user_errors(EXIT_USAGE):
        check_readable(file, _("a game record (JSON)"))
        if output is not None:
            check_writable(output, _("the SVG file"), "-o")
    with user_errors(EXIT_FAILED):
        rec = GameRecord.load(file)
        game = checked_game(rec, file)
    drawing = game_drawing(game.info.name)
    if drawing is None:
        raise error(_("{title} has no drawing yet (regalia render draws Kingdomino for now)").format(title=game.info.title), EXIT_USAGE)
    total = len(rec.actions)
    if ply is None:
        ply = total
    if not 0 <= ply <= total:
        raise error(_("--ply {ply}: the record has moves 0 to {total}").format(ply=ply, total=total), EXIT_USAGE)
    n = game.num_players
    if as_seat is not None and not 1 <= as_seat <= n:
        raise error(_("--as {as_seat}: the game has seats 1 to {n}").format(as_seat=as_seat, n=n), EXIT_USAGE)
    state = game.new_initial_state(rec.seed)
    for action in rec.actions[:ply]:
        state.apply_action(action)
    if as_seat is None:
        obs = drawing.public_observation(state.observation(0))
    else:
        obs = state.observation(as_seat - 1)
    names = rec.players if len(rec.players) == n else None
    svg = drawing.render(obs, names=names)
    if output is None:
        typer.echo(svg)
    else:
        output.write_text(svg + "\n", encoding="utf-8")
