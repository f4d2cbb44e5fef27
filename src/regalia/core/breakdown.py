"""One score breakdown type for every game: a player's points, itemised.

Every game's ``state.breakdown(player)`` returns a :class:`Breakdown`; the scoring
assistants (``regalia score GAME FILE``), the terminal's final tables and the web table's
score tables read it, so a front end draws any game's score the same way. The items keep
the order of the rulebook's scoring; :attr:`ScoreItem.key` groups them into the entries a
game's rules name (Kingdomino ``property``, Cascadito ``river``, Inheritors ``quests``,
Two Heirs ``building``...), and :attr:`ScoreItem.facts` carries what is particular to a
game (a property's squares and crowns, a building's position) as JSON-able values.

    >>> bd = Breakdown((ScoreItem("property", "forest", 6, facts={"squares": 3, "crowns": 2}),
    ...                 ScoreItem("harmony", "Harmony bonus", 5)))
    >>> bd.total, bd.points("property"), [i.label for i in bd.of("harmony")]
    (11, 6, ['Harmony bonus'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a score.

    Attributes:
        key: the scoring entry it adds to, a stable lower-case name of the game's
            rulebook (``"property"``, ``"tracks"``, ``"quests"``, ``"building"``...).
        label: what scores, as a person reads it (``"forest"``, ``"blue track"``,
            ``"Quest Wolf"``).
        points: the points it adds, in game points (an int in every game here; 0 and
            negative points are items too).
        detail: how the points were counted, in words (``"1 + 3 tiles in its row"``), or
            ``""``.
        facts: game-specific values behind the line (``{"squares": 3, "crowns": 2}``),
            JSON-able; read-only by convention (the item is compared by value, not hashed).
    """

    key: str
    label: str
    points: float
    detail: str = ""
    facts: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"key", "label", "points", "detail", "facts"}``, JSON-able."""
        return {"key": self.key, "label": self.label, "points": self.points,
                "detail": self.detail, "facts": dict(self.facts)}


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A player's score itemised: :attr:`items` in the rulebook's order, adding up to
    :attr:`total`.

    Attributes:
        items: every line, zero-point ones included where the game shows them (a bonus of a
            variant that is played but not met, an unscored Quest).
    """

    items: tuple[ScoreItem, ...] = ()

    @property
    def total(self) -> float:
        """The sum of the items' points: the player's score."""
        return sum(i.points for i in self.items)

    def __iter__(self) -> Iterator[ScoreItem]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def of(self, *keys: str) -> tuple[ScoreItem, ...]:
        """The items of the entries ``keys``, in order."""
        return tuple(i for i in self.items if i.key in keys)

    def points(self, *keys: str) -> float:
        """The points of the entries ``keys`` (0 where there is no such item)."""
        return sum(i.points for i in self.items if i.key in keys)

    def keys(self) -> list[str]:
        """The entries present, each once, in the order of their first item."""
        return list(dict.fromkeys(i.key for i in self.items))

    def to_json(self) -> dict[str, Any]:
        """``{"items": [ScoreItem.to_json(), ...], "total": int}``, JSON-able."""
        return {"items": [i.to_json() for i in self.items], "total": self.total}

    @classmethod
    def of_items(cls, items: Iterable[ScoreItem]) -> "Breakdown":
        """A breakdown of ``items`` (any iterable), in the order given."""
        return cls(tuple(items))


__all__ = ["Breakdown", "ScoreItem"]
