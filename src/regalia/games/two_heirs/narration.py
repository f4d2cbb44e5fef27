"""Two Heirs in plain words for the web table: a move's words (hints), the move log folded
into turns, the end of a solo game against Heinrich.

Read from the notation a seat saw (``take 3``, ``build Inn (travel-1) @ 1,-1``,
``move 0,0->1,1``, ``deploy 1,1``, ``end``...; chance ``toss white``, ``top green``,
``draw travel-3``, ``treasure treasure-2``; :mod:`.actions`) and the observation's public
facts; nothing here reads a state.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from regalia.core.svgkit import and_join, entry, runs

from .components import TYPE_NAMES, load_tiles

AT = re.compile(r"^(build|expand|flip) (.+) @ (-?\d+),(-?\d+)$")
MOVE = re.compile(r"^move (-?\d+),(-?\d+)->(-?\d+),(-?\d+)$")
ONE = re.compile(r"^(deploy|withdraw|destroy) (-?\d+),(-?\d+)$")
TAKE = re.compile(r"^take (\d+)$")
_NAME = re.compile(r"^(.+?) \(([a-z0-9-]+)\)$")


def _tile(label: str) -> str:
    """``Inn (travel-1)`` -> ``Inn``."""
    m = _NAME.match(label)
    return m.group(1) if m else label


def _tile_name(observation: Mapping[str, Any], tile_id: str) -> str:
    """A tile's name (``Inn``) from its id (``travel-1``) in the game's tile data."""
    data = (observation.get("params") or {}).get("data")
    try:
        return TYPE_NAMES[load_tiles(str(data) if data else None).by_id(tile_id).type]
    except (KeyError, ValueError):
        return "a tile"


def _article(name: str) -> str:
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def phrase(notation: str, past: bool) -> str:
    """A move in words, past (``built an Inn at 1,-1``) or to do (``build the Inn at
    1,-1``); None-like empty text for ``end`` in the past (the turn's end goes without
    saying)."""
    if m := TAKE.match(notation):
        verb = "took" if past else "take"
        return f"{verb} the tile on space {m.group(1)} of the royal reserve"
    if m := AT.match(notation):
        verb, name, where = m.group(1), _tile(m.group(2)), f"{m.group(3)},{m.group(4)}"
        if verb == "build":
            return (f"built {_article(name)}" if past else f"build the {name}") + f" at {where}"
        if verb == "expand":
            return (f"{'laid ' + _article(name) if past else 'lay the ' + name} face down "
                    f"as open terrain at {where}")
        return (f"{'flipped' if past else 'flip'} the Encampment at {where} for one more "
                f"take")
    if m := MOVE.match(notation):
        return (f"{'moved' if past else 'move'} a troop from {m.group(1)},{m.group(2)} to "
                f"{m.group(3)},{m.group(4)}")
    if m := ONE.match(notation):
        where = f"{m.group(2)},{m.group(3)}"
        return {"deploy": f"{'deployed' if past else 'deploy'} a troop from the royal "
                          f"reserve to {where}",
                "withdraw": f"{'withdrew' if past else 'withdraw'} the troop on {where} to "
                            f"the royal reserve",
                "destroy": f"{'destroyed' if past else 'destroy'} the building at {where} "
                           f"with the Siege Towers"}[m.group(1)]
    if notation == "spare":
        return "spared the besieged building" if past else "spare the besieged building"
    if notation.startswith("discard "):
        name = _tile(notation[len("discard "):])
        return (f"{'returned ' + _article(name) if past else 'return the ' + name} to the "
                f"box (hand limit)")
    if notation == "end":
        return "" if past else "end your turn"
    return notation


def describe(observation: Mapping[str, Any], notation: str) -> str:
    """A move of the seat to play in words (a hint)."""
    return phrase(notation, past=False)


def _chance(observation: Mapping[str, Any], texts: Sequence[str], names: Sequence[str]) -> str:
    """A row of chance outcomes in words: the toss, tiles drawn into the royal reserve,
    Heinrich's treasures."""
    out = []
    for t in texts:
        if t.startswith("toss "):
            seat = 0 if t.endswith("white") else 1
            who = names[seat] if seat < len(names) else t[5:].capitalize()
            out.append(f"{who} starts (the toss)")
    drawn = [_tile_name(observation, t[5:]) for t in texts if t.startswith("draw ")]
    hidden = sum(1 for t in texts if "face-down" in t or "face down" in t)
    if drawn:
        out.append(("the royal reserve was refilled: " if len(drawn) < 4 else
                    f"{len(drawn)} tiles were drawn: ") + ", ".join(drawn))
    if hidden:
        out.append(f"{hidden} tile{'s were' if hidden > 1 else ' was'} drawn face down")
    treasures = sum(1 for t in texts if t.startswith("treasure "))
    if treasures:
        out.append(f"Heinrich's treasure{'s' if treasures > 1 else ''} "
                   f"{'were' if treasures > 1 else 'was'} placed")
    return "; ".join(out)


def narrate(observation: Mapping[str, Any], plies: Sequence[Mapping[str, Any]],
            names: Sequence[str]) -> list[dict[str, Any]]:
    """The log folded for a person: a seat's turn in one entry (the reserve refilled after
    its take told with it), the set-up's draws and the toss in one, Heinrich's turns in a
    solo game (the last one in his own words, from the observation)."""
    out: list[dict[str, Any]] = []
    parts: list[list[str]] = []    # the phrases of each entry, joined at the end
    turn_open = False              # the last seat entry's turn has not ended yet
    for first, last, seat in runs(plies):
        texts = [str(p.get("text", "")) for p in plies[first:last + 1]]
        if seat is None:
            words = _chance(observation, texts, names)
            if turn_open and out:
                out[-1]["last"] = last
                if words and parts[-1]:
                    parts[-1][-1] += f" ({words})"
            else:
                out.append(entry(first, last, None, ""))
                parts.append([words[:1].upper() + words[1:]])
            continue
        said = [w for w in (phrase(t, past=True) for t in texts) if w]
        if out and out[-1]["seat"] == seat and turn_open:
            out[-1]["last"] = last
            parts[-1] += said
        else:
            out.append(entry(first, last, seat, ""))
            parts.append(said or ["ended the turn"])
        turn_open = texts[-1] != "end"
    for e, said in zip(out, parts):
        e["text"] = and_join(said) if e["seat"] is not None else "; ".join(said)
    solo = (observation.get("params") or {}).get("players") == 1
    if solo:
        for k, e in enumerate(out):    # a chance row after your turn's end: Heinrich's turn
            if e["seat"] is None and k and out[k - 1]["seat"] == 0:
                e["text"] = "Heinrich took his turn" + (f"; {e['text'][:1].lower()}"
                                                        f"{e['text'][1:]}" if e["text"] else "")
        if out and out[-1]["seat"] is None and observation.get("heinrich"):
            his = heinrich_words(str(observation["heinrich"]))
            out[-1]["text"] = out[-1]["text"].replace("Heinrich took his turn", his, 1)
    return out


_H_BUILD = re.compile(r"^Heinrich builds (.+?) \(([a-z0-9-]+)\) at (-?\d+),(-?\d+) "
                      r"\(option ([A-D])\)$")


def heinrich_words(sentence: str) -> str:
    """Heinrich's turn as the engine tells it (``Heinrich builds Inn (travel-2) at 1,-1
    (option A)``), in the past and without ids (``Heinrich built an Inn at 1,-1``)."""
    m = _H_BUILD.match(sentence)
    if m:
        return f"Heinrich built {_article(m.group(1))} at {m.group(3)},{m.group(4)}"
    return re.sub(r" \([a-z]+-\d+\)", "", sentence).replace("Heinrich takes", "Heinrich took")\
        .replace("Heinrich finds", "Heinrich found").replace("leaves the game", "left the game")


def outcome(observation: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    """The end of a solo game in words (None for two players: the table's own words do):
    ``You beat Heinrich by 8 (58 to 50)`` or ``Heinrich wins by 5 (50 to 45)`` (a tie
    goes to Heinrich, as the drawing's header says)."""
    if not (observation.get("params") or {}).get("players") == 1:
        return None
    you = int(float((observation.get("scores") or [0])[0]))
    him = int(observation.get("heinrich_score") or 0)
    if you > him:
        banner = f"You beat Heinrich by {you - him} ({you} to {him})"
    elif you == him:
        banner = f"Heinrich wins the tie at {you} points"
    else:
        banner = f"Heinrich wins by {him - you} ({him} to {you})"
    level = int((observation.get("params") or {}).get("level", 2))
    return {"banner": banner, "notes": [f"Heinrich's level: {level} of 3"]}
