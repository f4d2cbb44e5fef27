"""What a balance study may ask of Kingdomino (the contract: :mod:`regalia.core.balance`).

* Components: ``domino``, each of the 48 dominoes by its printed number: in play when drawn in
  the game, taken by the seat that picked it (it then goes to that seat's kingdom, or is
  discarded: rulebook, "Placement"); ``first-pick``: the dominoes of the first line (the
  opening choice, when no kingdom yet constrains it), taken by the seat whose king chose it.
  With the Dynasty variant the three games of a record all count.
* Turn order: the seats in the order their kings were drawn for the first line ("each
  player in turn, in the order the kings were drawn, places their king on a domino"), the
  owner of the first king drawn first; that order also places the first kings of each later
  round.
* Variants compared: Middle Kingdom and Harmony (the two scoring bonuses); Dynasty and the
  Mighty Duel change the game's length and board, not a rule of balance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.balance import ComponentKind, GameComponents, VariantOption, toggled_variants

if TYPE_CHECKING:
    from .state import KingdominoState

KINDS = (
    ComponentKind("domino", "Dominoes", in_play="drawn in the game",
                  taken="picked by the seat (placed in its kingdom, or discarded)"),
    ComponentKind("first-pick", "First picks", in_play="on the first line of the game",
                  taken="picked by the seat from the first line"),
)


_Picks = tuple[list[tuple[int, int, bool]], list[int]]
#: The last replay, keyed by the record's actions (a study asks for the components and the
#: turn order of the same finished game).
_LAST: dict[tuple[int, ...], _Picks] = {}


def _picks(state: "KingdominoState") -> _Picks:
    """Replays the record: every pick as (seat, domino number, from the first line), and
    the kings in the order they were drawn for the first line(s)."""
    key = (state.game.num_players, *state.history())
    if key not in _LAST:
        _LAST.clear()
        _LAST[key] = _replay(state)
    return _LAST[key]


def _replay(state: "KingdominoState") -> _Picks:
    game = state.game
    geo = game.geo
    replay = game.new_initial_state(0)
    picks: list[tuple[int, int, bool]] = []
    kings: list[int] = []
    for action in state.history():
        if geo.pick_base <= action < geo.draw_base:
            picks.append((replay.current_player(), action - geo.pick_base + 1,
                          replay.choosing_first_line))
        elif action >= geo.king_base:
            kings.append(action - geo.king_base)
        replay.apply_action(action)
    return picks, kings


def components(state: "KingdominoState") -> GameComponents:
    """Dominoes drawn and picked per seat; the first line and each seat's picks from it."""
    picks, _ = _picks(state)
    n = state.game.num_players
    taken: list[dict[str, set[str]]] = [{"domino": set(), "first-pick": set()}
                                        for _ in range(n)]
    first_line: set[str] = set()
    for seat, number, first in picks:
        taken[seat]["domino"].add(str(number))
        if first:
            taken[seat]["first-pick"].add(str(number))
            first_line.add(str(number))
    # the drawn dominoes: every pick, plus those of a last line nobody picks (none: every
    # drawn domino is picked by a king), so the picks are the dominoes drawn
    drawn = {str(number) for _, number, _ in picks}
    return GameComponents(
        in_play={"domino": _sorted(drawn), "first-pick": _sorted(first_line)},
        taken=tuple({k: _sorted(v) for k, v in seat.items()} for seat in taken))


def _sorted(names: set[str]) -> tuple[str, ...]:
    return tuple(sorted(names, key=int))


def turn_order(state: "KingdominoState") -> tuple[int, ...]:
    """The owners of the kings in the order drawn for the first line, each seat once."""
    _, kings = _picks(state)
    owner = state.game.owner
    order: list[int] = []
    for k in kings:
        if owner[k] not in order:
            order.append(owner[k])
    order += [s for s in range(state.game.num_players) if s not in order]
    return tuple(order)


def variant_arms(params: dict[str, Any]) -> tuple[dict[str, Any], list[VariantOption]]:
    """The base game without Middle Kingdom and Harmony, and each of them added."""
    return toggled_variants("kingdomino", params, ["middle-kingdom", "harmony"])
