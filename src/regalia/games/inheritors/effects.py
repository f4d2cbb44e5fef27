"""The effect vocabulary of Inheritors card texts: conditions, effects and abilities.

Card texts (clan abilities, advocates, epics, quest and honor requirements, relic scoring)
are data, not code: each is written in the data file as small tables with a ``kind`` field,
validated here by pydantic (a discriminated union on ``kind``), so that a transcription of
the printed cards can define them without touching the engine. The vocabulary is derived
from what the rulebook (``../shared/rules/inheritors.rulebook.en.txt``) describes, and kept
as small as the bundled cards allow; ``docs/data-format.md`` documents every kind.

Conditions (true or false for one player, "you"):

* ``cards_in_hand{count, card_kinds, number, min_number, colour}``: at least ``count``
  cards in your hand of the given kinds (default: Influence Cards) matching the filters.
  The quest example "2 number 3 cards in hand"; the honors "Show 3 Tomes / 3 Relics".
* ``stacks_at_least{count, min_number}``: at least ``count`` of your influence stacks have
  a top card numbered ``min_number`` or higher. The honors "A number 6 card", "Two number 4
  (or above)", "Three number 3 (or above)", "Four number 2 (or above) cards in your play
  area".
* ``influence_at_least{colour, number}``: your stack of ``colour`` has a top card numbered
  ``number`` or higher (the clan claim rule: "a yellow 3 (or higher) played").
* ``highest_influence{colour}``: you have a stack of ``colour`` and no player has a higher
  top card of it (ties included). The relic check of scoring step 3.
* ``quests_at_least{count}``: at least ``count`` Quests in your play area (honor "2 Quests").
* ``opponent_ahead{}``: another player's stack of the colour of the card you are playing has
  a higher top card than yours (none counts as 0). The Conspirator's requirement.
* ``used_advocate{advocate, min_number}``: this turn you used the named advocate and it put
  an Influence Card numbered ``min_number`` or higher in your play area (honor "Use a Spy to
  play an Influence Card numbered 2 or higher").

Effects:

* ``draw{n}``: draw ``n`` cards from the deck (the Spy's miss; action 2).
* ``score{points}``: gain (or, negative, lose) victory points (relics +1/-1, quests, honors).
* ``take_from_market{count}``: take any ``count`` cards from the Market, from any rows, even
  covered ones, then restock empty rows (the Advisor).
* ``play_influence{count, skip}``: play ``count`` Influence Cards from your hand, each
  skipping exactly ``skip`` numbers in its stack (0 = the normal order; the Conspirator
  skips 1: "play a 4 on a 2", or a 2 as a new stack).
* ``demand_card{otherwise_draw}``: pick a player and announce an Influence Card you can
  legally play; if they have it they must place it in your play area, otherwise you draw
  ``otherwise_draw`` cards (the Spy, with 1).
* ``remove_top_card{max_number}``: remove the top card (numbered ``max_number`` or lower) of
  another player's influence stack to the removed area.
* ``take_cards{names}``: take the named Special Advocates / Epics that sit with this clan
  into your hand ("Some Clans provide Special Advocates or Epics").
* ``majority{card_kinds, points}``: compare the cards of these kinds in each player's hand;
  ``points[0]`` for the most, ``points[1]`` for the second most, ...; ties share the full
  award and a tie for a place leaves the next place empty (scoring step 2, the tomes).

An :class:`Ability` binds them: a ``trigger`` (``play``: an advocate played as action 5;
``claim``: once, when its owner claims the clan; ``scoring``: at end-game scoring), an
optional ``requirement`` (a condition: for ``play``/``claim`` the ability cannot be used
unless it holds; for ``scoring`` the ``effects`` apply if it holds and ``otherwise`` if not),
and the effects.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from regalia.core.i18n import N_, _, ngettext

#: Kinds of cards a player can hold (the values of ``card_kinds``). Special and basic
#: advocates are both ``advocate``.
CARD_KINDS: tuple[str, ...] = ("influence", "advocate", "tome", "relic", "epic")
CardKind = Literal["influence", "advocate", "tome", "relic", "epic"]

#: When an ability applies.
TRIGGERS: tuple[str, ...] = ("play", "claim", "scoring")
Trigger = Literal["play", "claim", "scoring"]

_PLURAL = {"influence": N_("Influence Cards"), "advocate": N_("Advocates"),
           "tome": N_("Tomes"), "relic": N_("Relics"), "epic": N_("Epics")}
_SINGULAR = {"influence": N_("Influence Card"), "advocate": N_("Advocate"), "tome": N_("Tome"),
             "relic": N_("Relic"), "epic": N_("Epic")}


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _colour(name: str) -> str:
    from .labels import colour
    return colour(name)


class _Kind(BaseModel):
    """Base of every condition and effect: frozen, no unknown fields."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def describe(self) -> str:  # pragma: no cover - every kind overrides it
        raise NotImplementedError

    def colours(self) -> tuple[str, ...]:
        """Colour names this condition or effect refers to (checked against the file)."""
        c = getattr(self, "colour", None)
        return (c,) if c else ()


Number = Annotated[int, Field(ge=1, le=6)]
#: A colour name (checked against the file's colours section); case and spaces normalised.
ColourRef = Annotated[str, StringConstraints(strip_whitespace=True, to_lower=True,
                                             min_length=1, max_length=30)]


# ================================================================== conditions
class CardsInHand(_Kind):
    """At least ``count`` cards in your hand of ``card_kinds`` matching every filter given."""

    kind: Literal["cards_in_hand"] = "cards_in_hand"
    count: int = Field(ge=1, le=20)
    card_kinds: tuple[CardKind, ...] = Field(default=("influence",), min_length=1)
    number: Number | None = None
    min_number: Number | None = None
    colour: ColourRef | None = None

    @model_validator(mode="after")
    def _filters(self) -> "CardsInHand":
        if len(set(self.card_kinds)) != len(self.card_kinds):
            raise ValueError("@card_kinds: each card kind may be listed once")  # i18n: no
        if self.number is not None and self.min_number is not None:
            raise ValueError("@min_number: give either number or min_number, not both")  # i18n: no
        numbered = self.number is not None or self.min_number is not None
        if numbered and self.card_kinds != ("influence",):
            raise ValueError("@card_kinds: number and min_number only apply to Influence "  # i18n: no
                             "Cards (card_kinds = [\"influence\"])")
        if self.colour is not None and not set(self.card_kinds) <= {"influence", "relic"}:
            raise ValueError("@colour: only Influence Cards and Relics have a colour")  # i18n: no
        return self

    def describe(self) -> str:
        kinds = _(" or ").join(_(_PLURAL[k]) if self.count != 1 else _(_SINGULAR[k])
                               for k in self.card_kinds)
        fields = {"n": self.count, "kinds": kinds, "colour": _colour(self.colour or ""),
                  "number": self.number if self.number is not None else self.min_number}
        if self.number is not None:
            text = (_("you have {n} {colour} number {number} {kinds} in your hand")
                    if self.colour else _("you have {n} number {number} {kinds} in your hand"))
        elif self.min_number is not None:
            text = (_("you have {n} {colour} number {number} (or higher) {kinds} in your hand")
                    if self.colour else
                    _("you have {n} number {number} (or higher) {kinds} in your hand"))
        else:
            text = (_("you have {n} {colour} {kinds} in your hand") if self.colour else
                    _("you have {n} {kinds} in your hand"))
        return text.format(**fields)


class StacksAtLeast(_Kind):
    """At least ``count`` of your stacks have a top card numbered ``min_number`` or more."""

    kind: Literal["stacks_at_least"] = "stacks_at_least"
    count: int = Field(ge=1, le=5)
    min_number: Number = 1

    def describe(self) -> str:
        n = self.count
        if self.min_number == 1:
            return ngettext("you have {n} stack (colours) in your play area",
                            "you have {n} stacks (colours) in your play area", n).format(n=n)
        if self.min_number == 6:
            return ngettext("you have {n} stack topped by a number {number} in your play area",
                            "you have {n} stacks topped by a number {number} in your play "
                            "area", n).format(n=n, number=self.min_number)
        return ngettext("you have {n} stack topped by a number {number} or higher in your "
                        "play area",
                        "you have {n} stacks topped by a number {number} or higher in your "
                        "play area", n).format(n=n, number=self.min_number)


class InfluenceAtLeast(_Kind):
    """Your stack of ``colour`` has a top card numbered ``number`` or higher."""

    kind: Literal["influence_at_least"] = "influence_at_least"
    colour: ColourRef
    number: Number

    def describe(self) -> str:
        return _("your {colour} stack shows a {number} or higher").format(
            colour=_colour(self.colour), number=self.number)


class HighestInfluence(_Kind):
    """You have a stack of ``colour`` and nobody has a higher top card of it (ties count)."""

    kind: Literal["highest_influence"] = "highest_influence"
    colour: ColourRef

    def describe(self) -> str:
        return _("you played the highest {colour} number (ties included)").format(
            colour=_colour(self.colour))


class QuestsAtLeast(_Kind):
    """At least ``count`` Quests in your play area."""

    kind: Literal["quests_at_least"] = "quests_at_least"
    count: int = Field(ge=1, le=7)

    def describe(self) -> str:
        return ngettext("you have {n} Quest in your play area",
                        "you have {n} Quests in your play area", self.count).format(
            n=self.count)


class OpponentAhead(_Kind):
    """Another player has a higher top card in the colour of the card being played."""

    kind: Literal["opponent_ahead"] = "opponent_ahead"

    def describe(self) -> str:
        return _("another player has a higher-numbered card of the same colour in their "
                 "play area")


class UsedAdvocate(_Kind):
    """This turn you used ``advocate`` and it put a card numbered ``min_number``+ in your area."""

    kind: Literal["used_advocate"] = "used_advocate"
    advocate: str = Field(min_length=1)
    min_number: Number = 1

    def describe(self) -> str:
        from .labels import card
        return _("you used a {advocate} this turn to play an Influence Card numbered "
                 "{number} or higher").format(advocate=card(self.advocate),
                                              number=self.min_number)


Condition = Annotated[
    Union[CardsInHand, StacksAtLeast, InfluenceAtLeast, HighestInfluence, QuestsAtLeast,
          OpponentAhead, UsedAdvocate],
    Field(discriminator="kind"),
]
CONDITION_KINDS: tuple[str, ...] = (
    "cards_in_hand", "stacks_at_least", "influence_at_least", "highest_influence",
    "quests_at_least", "opponent_ahead", "used_advocate")


# ===================================================================== effects
class Draw(_Kind):
    """Draw ``n`` cards from the deck."""

    kind: Literal["draw"] = "draw"
    n: int = Field(ge=1, le=10)

    def describe(self) -> str:
        return _("draw {cards} from the deck").format(cards=_cards(self.n))


class Score(_Kind):
    """Gain ``points`` victory points (lose them if negative)."""

    kind: Literal["score"] = "score"
    points: int = Field(ge=-10, le=10)

    def describe(self) -> str:
        if self.points < 0:
            return _("lose {n} VP").format(n=-self.points)
        return _("gain {n} VP").format(n=self.points)


class TakeFromMarket(_Kind):
    """Take any ``count`` cards from the Market (any rows, covered ones too), then restock."""

    kind: Literal["take_from_market"] = "take_from_market"
    count: int = Field(ge=1, le=10)

    def describe(self) -> str:
        return _("take any {cards} from the Market (from any rows, even under other cards), "
                 "then restock the Market").format(cards=_cards(self.count))


class PlayInfluence(_Kind):
    """Play ``count`` Influence Cards, each skipping exactly ``skip`` numbers in its stack."""

    kind: Literal["play_influence"] = "play_influence"
    count: int = Field(default=1, ge=1, le=5)
    skip: int = Field(default=0, ge=0, le=4)

    def describe(self) -> str:
        if self.skip and self.count == 1:
            return ngettext("play an Influence Card skipping {skip} number",
                            "play an Influence Card skipping {skip} numbers", self.skip
                            ).format(skip=self.skip)
        if self.skip:
            return ngettext("play {n} Influence Cards, one after the other, skipping {skip} "
                            "number",
                            "play {n} Influence Cards, one after the other, skipping {skip} "
                            "numbers", self.skip).format(n=self.count, skip=self.skip)
        return ngettext("play an Influence Card", "play {n} Influence Cards, one after the "
                        "other", self.count).format(n=self.count)


class DemandCard(_Kind):
    """The Spy: announce a playable card; its holder places it for you, or you draw."""

    kind: Literal["demand_card"] = "demand_card"
    otherwise_draw: int = Field(default=1, ge=0, le=5)

    def describe(self) -> str:
        if self.otherwise_draw:
            return _("pick a player and announce an Influence Card (colour and number) that "
                     "you can legally play; if that player has it, they must place it in your "
                     "play area; if not, you draw {cards} from the deck").format(
                cards=_cards(self.otherwise_draw))
        return _("pick a player and announce an Influence Card (colour and number) that you "
                 "can legally play; if that player has it, they must place it in your play "
                 "area")


class RemoveTopCard(_Kind):
    """Remove the top card (numbered ``max_number`` or lower) of another player's stack."""

    kind: Literal["remove_top_card"] = "remove_top_card"
    max_number: Number = 6

    def describe(self) -> str:
        if self.max_number == 6:
            return _("remove the top Influence Card of another player's stack to the removed "
                     "area")
        return _("remove the top Influence Card of another player's stack (if it is numbered "
                 "{n} or lower) to the removed area").format(n=self.max_number)


class TakeCards(_Kind):
    """Take the named Special Advocates / Epics sitting with this clan into your hand."""

    kind: Literal["take_cards"] = "take_cards"
    names: tuple[Annotated[str, Field(min_length=1)], ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> "TakeCards":
        if len(set(self.names)) != len(self.names):
            raise ValueError("@names: each card may be named once")  # i18n: no
        return self

    def describe(self) -> str:
        from .labels import card
        return _("take {cards} (every copy sitting with this Clan) into your hand").format(
            cards=_(" and ").join(card(n) for n in self.names))


class Majority(_Kind):
    """Most cards of ``card_kinds`` in hand: ``points[0]``; second most: ``points[1]``..."""

    kind: Literal["majority"] = "majority"
    card_kinds: tuple[CardKind, ...] = Field(min_length=1)
    points: tuple[Annotated[int, Field(ge=0, le=10)], ...] = Field(min_length=1, max_length=4)

    @model_validator(mode="after")
    def _unique(self) -> "Majority":
        if len(set(self.card_kinds)) != len(self.card_kinds):
            raise ValueError("@card_kinds: each card kind may be listed once")  # i18n: no
        return self

    def describe(self) -> str:
        what = _(" and ").join(_(_PLURAL[k]) for k in self.card_kinds)
        places = [_("most: {n} VP"), _("second-most: {n} VP"), _("third-most: {n} VP"),
                  _("fourth-most: {n} VP")]
        awards = "; ".join(places[i].format(n=p) for i, p in enumerate(self.points))
        return _("compare the {cards} in each player's hand; {awards} (ties share the full "
                 "award; a tie for a place leaves the next place empty)").format(
            cards=what, awards=awards)


Effect = Annotated[
    Union[Draw, Score, TakeFromMarket, PlayInfluence, DemandCard, RemoveTopCard, TakeCards,
          Majority],
    Field(discriminator="kind"),
]
EFFECT_KINDS: tuple[str, ...] = (
    "draw", "score", "take_from_market", "play_influence", "demand_card", "remove_top_card",
    "take_cards", "majority")

#: Which effects each trigger allows: during a turn (``play``, ``claim``) cards move;
#: only ``scoring`` gives points; ``take_cards`` is how a clan hands over its cards.
TRIGGER_EFFECTS: dict[str, frozenset[str]] = {
    "play": frozenset({"draw", "take_from_market", "play_influence", "demand_card",
                       "remove_top_card"}),
    "claim": frozenset({"draw", "take_from_market", "play_influence", "demand_card",
                        "remove_top_card", "take_cards"}),
    "scoring": frozenset({"score", "majority"}),
}
#: Which conditions each trigger allows as a requirement. ``opponent_ahead`` needs a card
#: being played; ``used_advocate`` is an event of the turn, checked when an honor is claimed.
TRIGGER_CONDITIONS: dict[str, frozenset[str]] = {
    "play": frozenset(CONDITION_KINDS) - {"used_advocate"},
    "claim": frozenset(CONDITION_KINDS) - {"used_advocate"},
    "scoring": frozenset(CONDITION_KINDS) - {"used_advocate", "opponent_ahead"},
}

_TRIGGER_TEXT = {"play": N_("When played"), "claim": N_("When you claim this Clan"),
                 "scoring": N_("At the end of the game")}


class Ability(BaseModel):
    """A trigger, an optional requirement (condition) and what happens.

    ``play`` / ``claim``: the ability can only be used if ``requirement`` holds (the
    Conspirator); ``otherwise`` must stay empty. ``scoring``: ``effects`` apply if the
    requirement holds (or there is none), ``otherwise`` if it does not.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    trigger: Trigger
    requirement: Condition | None = None
    effects: tuple[Effect, ...] = Field(min_length=1)
    otherwise: tuple[Effect, ...] = ()
    text: str = ""

    @model_validator(mode="after")
    def _fits_trigger(self) -> "Ability":
        allowed = TRIGGER_EFFECTS[self.trigger]
        problems = []
        for field in ("effects", "otherwise"):
            for i, eff in enumerate(getattr(self, field)):
                if eff.kind not in allowed:
                    problems.append(
                        f"@{field}.{i}.kind: effect {eff.kind!r} is not allowed with trigger "  # i18n: no
                        f"{self.trigger!r}; expected one of {sorted(allowed)}")
        if self.otherwise and self.trigger != "scoring":
            problems.append("@otherwise: only a 'scoring' ability has 'otherwise' effects (an "  # i18n: no
                            "unmet requirement means the card cannot be used)")
        if self.otherwise and self.requirement is None:
            problems.append("@otherwise: 'otherwise' effects need a requirement")  # i18n: no
        if self.requirement is not None:
            ok = TRIGGER_CONDITIONS[self.trigger]
            if self.requirement.kind not in ok:
                problems.append(
                    f"@requirement.kind: condition {self.requirement.kind!r} is not allowed "  # i18n: no
                    f"with trigger {self.trigger!r}; expected one of {sorted(ok)}")
            elif (self.requirement.kind == "opponent_ahead"
                  and not any(e.kind == "play_influence" for e in self.effects)):
                problems.append("@requirement.kind: 'opponent_ahead' compares the colour of "  # i18n: no
                                "the card being played, so it needs a 'play_influence' effect")
        if problems:
            raise ValueError("\n".join(problems))
        return self

    def all_effects(self) -> tuple[Any, ...]:
        return tuple(self.effects) + tuple(self.otherwise)

    def colours(self) -> tuple[str, ...]:
        out: list[str] = []
        if self.requirement is not None:
            out += self.requirement.colours()
        for e in self.all_effects():
            out += e.colours()
        return tuple(out)

    def describe(self) -> str:
        """The ability in English, generated from its vocabulary (not the printed text)."""
        body = "; ".join(e.describe() for e in self.effects)
        head = _(_TRIGGER_TEXT[self.trigger])
        if self.requirement is None:
            return _("{when}: {effects}.").format(when=head, effects=body)
        if self.trigger == "scoring":
            if self.otherwise:
                return _("{when}: if {requirement}, {effects}; otherwise {otherwise}.").format(
                    when=head, requirement=self.requirement.describe(), effects=body,
                    otherwise="; ".join(e.describe() for e in self.otherwise))
            return _("{when}: if {requirement}, {effects}.").format(
                when=head, requirement=self.requirement.describe(), effects=body)
        return _("{when} (only if {requirement}): {effects}.").format(
            when=head, requirement=self.requirement.describe(), effects=body)


__all__ = [
    "CARD_KINDS", "TRIGGERS", "CONDITION_KINDS", "EFFECT_KINDS", "TRIGGER_EFFECTS",
    "TRIGGER_CONDITIONS", "CardKind", "Trigger", "Condition", "Effect", "Ability",
    "CardsInHand", "StacksAtLeast", "InfluenceAtLeast", "HighestInfluence", "QuestsAtLeast",
    "OpponentAhead", "UsedAdvocate", "Draw", "Score", "TakeFromMarket", "PlayInfluence",
    "DemandCard", "RemoveTopCard", "TakeCards", "Majority",
]
