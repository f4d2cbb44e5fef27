"""Small hand-built Cascadito sheets for the rules tests.

``small_sheet(tmp_path, ...)`` writes a valid sheet TOML file with a tiny kingdom and
returns its path; ``load_game("cascadito", players=n, data=path)`` plays on it. Every
record is ``reconstructed`` with a note (a test fixture, not a printed sheet).
"""

from __future__ import annotations

import json

import pytest

R = 'provenance = "reconstructed"\nnote = "hand-built test sheet"\n'

#: Track spaces: (points, action or None) bottom-up; the same for every colour by default.
DEFAULT_SPACES = ((1, None), (3, None), (6, None))


def _track(colour: str, castle: bool, spaces, home: int) -> str:
    sp = ", ".join("{ points = " + str(p) + (f', action = "{a}"' if a else "") + " }"
                   for p, a in spaces)
    home_line = f"home_points = {home}\n" if castle else ""
    return (f'[[tracks]]\ncolour = "{colour}"\ntheme = "t"\ncastle = {str(castle).lower()}\n'
            f"{home_line}spaces = [{sp}]\n{R}\n")


def write_sheet(path, rows, towns, *, specials=(), river=None, bridge=None, tracks=None,
                banners=((1, 2),),
                achievements=None, forbidden=("black",), game_end=None, solo=(4, 2),
                all_tracks_bonus=None, bandit_track=None, number=1) -> str:
    """Write a sheet file; returns its path as a string.

    rows: the kingdom picture; towns: ``[(colour, [x, y]), ...]``; specials: TOML
    snippets of ``[[specials]]`` bodies; river: a ``[[rivers]]`` body or a list of
    them; bridge: the low bridge's ``[x, y]``; tracks:
    ``{colour: spaces}`` (default :data:`DEFAULT_SPACES` for the five colours, white left
    out when forbidden); achievements: ``[[achievements]]`` bodies (default: one top-row
    achievement, the first banner on 2 tracks, 5 points)."""
    out = [f'number = {number}\ntitle = "Test"\nforbidden = {json.dumps(list(forbidden))}\n{R}']
    out.append(f"[kingdom]\nrows = {json.dumps(list(rows))}\n{R}")
    for colour, at in towns:
        out.append(f'[[towns]]\ncolour = "{colour}"\nat = {json.dumps(list(at))}\n{R}')
    for body in specials:
        out.append(f"[[specials]]\n{body}\n{R}")
    for body in ([river] if isinstance(river, str) else list(river or ())):
        out.append(f"[[rivers]]\n{body}\n{R}")
    if bridge:
        out.append(f"[bridge]\nat = {json.dumps(list(bridge))}\n{R}")
    colours = [c for c in ("blue", "yellow", "orange", "pink", "white") if c not in forbidden]
    tracks = tracks or {}
    for c in colours:
        out.append(_track(c, c != "white", tracks.get(c, DEFAULT_SPACES), 10))
    for fleurs, height in banners:
        out.append(f"[[banners]]\nfleurs = {fleurs}\nheight = {height}\n{R}")
    if bandit_track:
        pts = ", ".join("{ points = " + str(p) + " }" for p in bandit_track)
        out.append(f"[bandit_track]\nspaces = [{pts}]\n{R}")
    if achievements is None:
        achievements = [('row = "top"\ntext = "t"\ncriterion = { kind = "banner", banner = 1, '
                         'tracks = 2 }\npoints = 5')]
    for body in achievements:
        out.append(f"[[achievements]]\n{body}\n{R}")
    if all_tracks_bonus:
        out.append(f"[all_tracks_bonus]\nmin_spaces = {all_tracks_bonus[0]}\n"
                   f"points = {all_tracks_bonus[1]}\n{R}")
    end = game_end or "top_row_claimed = true\nbottom_row_by_one = true"
    out.append(f"[game_end]\n{end}\n{R}")
    out.append(f"[solo]\nboxes = {solo[0]}\nharder_start = {solo[1]}\n{R}")
    path.write_text("\n".join(out), encoding="utf-8")
    return str(path)


@pytest.fixture
def sheet_file(tmp_path):
    """``sheet_file(name, rows, towns, **kw)``: :func:`write_sheet` into ``tmp_path``."""
    def make(name, rows, towns, **kw):
        return write_sheet(tmp_path / f"{name}.toml", rows, towns, **kw)
    return make
