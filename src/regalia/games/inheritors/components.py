"""Inheritors components: the card data of ``data/cards.toml``, validated, with provenance.

Sources: the English rulebook (North Star Games, 2023; ``../shared/rules/
inheritors.rulebook.en.txt``) and the component facts of ``../shared/rules/COMPONENTS.md``.
Most card texts are not public: every record says whether it is ``verified`` (a published
source, named in ``source``), ``rulebook`` (a rulebook sentence or example, named in
``source``) or ``reconstructed`` (designed by the project to fit every known fact; ``note``
says why). A record's ``provenance`` is that of its weakest part; ``field_provenance`` may
name fields that are better established than the record (a clan whose name is in the
rulebook but whose colour is reconstructed), and each ability carries its own provenance,
because a card can be known while its text is not. The format is documented in
``docs/data-format.md``; the ability vocabulary in :mod:`.effects`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, ClassVar, Iterator, cast

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, \
    model_validator

from regalia.core import data as core_data
from regalia.core.data import Provenance, load_validated, provenance_by_kind, provenance_counts
from regalia.core.provenance import SourcedRecord, content_digest, file_provenance_problems

from .effects import Ability, Condition, Majority

DEFAULT_DATA = Path(__file__).parent / "data" / "cards.toml"

# -------------------------------------------------------------- the known numbers
#: Rulebook I. Components and COMPONENTS.md (Inheritors, "Known").
NUM_COLOURS = 5
INFLUENCE_PER_COLOUR = 14
INFLUENCE_CARDS = NUM_COLOURS * INFLUENCE_PER_COLOUR          # 70
#: Copies fixed per colour: four 1s (rulebook), one 5 and one 6 (COMPONENTS.md).
FIXED_COPIES = {1: 4, 5: 1, 6: 1}
#: The 2s, 3s and 4s of one colour together (14 - 4 - 1 - 1); the split is not public.
MIDDLE_COPIES = INFLUENCE_PER_COLOUR - sum(FIXED_COPIES.values())   # 8
BASIC_ADVOCATE_NAMES = ("Conspirator", "Spy", "Advisor")
BASIC_ADVOCATES = 18
SPECIAL_ADVOCATES = {"Ambassador": 2, "Agent": 1, "Knight": 1, "Saboteur": 1}
TOMES = 6
RELICS = NUM_COLOURS
EPICS = 3
HONORS = 8
QUESTS = 7
CLANS = 10
CLANS_PER_COLOUR = 2
#: The deck (setup step 4): Influence Cards, Basic Advocates, Tomes and Relics.
DECK_SIZE = INFLUENCE_CARDS + BASIC_ADVOCATES + TOMES + RELICS    # 99
#: "All Advocates are white" (action 3): white is the advocates' colour, not a realm's.
RESERVED_COLOURS = ("white",)

#: Fields that describe a record rather than the card (left out of the digest).
META_FIELDS = frozenset({"provenance", "source", "note", "field_provenance", "text"})

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=60)]
ColourName = Annotated[str, StringConstraints(strip_whitespace=True, to_lower=True,
                                              pattern=r"^[a-z][a-z -]*$", max_length=30)]


# ==================================================================== records
class Sourced(SourcedRecord):
    """Provenance fields shared by every record.

    ``provenance`` is the record's weakest part. ``source`` names the rulebook section or
    published source of a ``verified``/``rulebook`` fact (quoted); ``note`` says why a
    reconstruction was chosen. ``field_provenance`` lists fields better established than
    the record itself (``{ name = "rulebook" }``).
    """

    source_hint: ClassVar[str] = "the rulebook section or published source it comes from"  # i18n: no
    record_meta: ClassVar[frozenset[str]] = META_FIELDS


class CardAbility(Sourced, Ability):
    """An ability printed on a card, with its own provenance (texts are often unknown)."""


class Colour(Sourced):
    """A realm's colour. Every colour-bearing record refers to one by name."""

    name: ColourName


class InfluenceCard(Sourced):
    """``copies`` identical Influence Cards of ``colour`` and ``number``."""

    colour: ColourName
    number: int = Field(ge=1, le=6)
    copies: int = Field(ge=1, le=14)


class Advocate(Sourced):
    """A Basic Advocate (in the deck): ``copies`` cards, ``marked`` of them carrying the
    player-count mark (removed in 2-player games)."""

    name: Name
    copies: int = Field(ge=1, le=18)
    marked: int = Field(default=0, ge=0)
    abilities: tuple[CardAbility, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _marked(self) -> "Advocate":
        if self.marked > self.copies:
            raise ValueError(f"@marked: {self.marked} marked copies but only {self.copies} "  # i18n: no
                             "copies")
        bad = [i for i, a in enumerate(self.abilities) if a.trigger != "play"]
        if bad:
            raise ValueError("\n".join(f"@abilities.{i}.trigger: an advocate's ability is "  # i18n: no
                                       "used when it is played: expected 'play'" for i in bad))
        return self


class SpecialAdvocate(Advocate):
    """A Special Advocate: not in the deck; it sits with ``clan`` (setup step 3)."""

    clan: Name


class Tome(Sourced):
    """``copies`` identical Tomes (in the deck; counted for the tome majority)."""

    name: Name
    copies: int = Field(ge=1, le=TOMES)


class TomeMajority(Sourced, Majority):
    """Scoring step 2: the tome (and epic) majority, a ``majority`` effect with provenance."""


class Relic(Sourced):
    """The Relic of ``colour``: at scoring, if ``requirement`` holds for its holder they gain
    ``points_met``, else ``points_unmet`` (scoring step 3: +1 / -1)."""

    colour: ColourName
    requirement: Condition
    points_met: int = Field(default=1, ge=-5, le=5)
    points_unmet: int = Field(default=-1, ge=-5, le=5)
    text: str = ""


class Epic(Sourced):
    """An Epic: sits with ``clan``; counts as a Tome in scoring step 2 and as any colour in
    the Market (action 3); its own text is ``abilities`` (``scoring``, for its holder)."""

    name: Name
    clan: Name
    abilities: tuple[CardAbility, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _scoring(self) -> "Epic":
        bad = [i for i, a in enumerate(self.abilities) if a.trigger != "scoring"]
        if bad:
            raise ValueError("\n".join(f"@abilities.{i}.trigger: an Epic's text applies to "  # i18n: no
                                       "the player holding it at the end: expected 'scoring'"
                                       for i in bad))
        return self


class Quest(Sourced):
    """A Quest: at scoring, ``points_met`` if ``requirement`` holds for the Influence Cards in
    its owner's hand, else ``points_unmet`` ("1 or 2 VPs"). ``colour``: the realm it belongs
    to (removed with it in 2-player games); by default the colour its requirement names."""

    name: Name
    requirement: Condition
    colour: ColourName | None = None
    points_met: int = Field(default=2, ge=0, le=5)
    points_unmet: int = Field(default=1, ge=0, le=5)
    text: str = ""

    @model_validator(mode="after")
    def _hand_of_influence(self) -> "Quest":
        r = self.requirement
        if r.kind != "cards_in_hand" or r.card_kinds != ("influence",):
            raise ValueError("@requirement: \"The requirement always refers to the Influence "  # i18n: no
                             "Cards in your hand at the end of the game\": expected a "
                             "'cards_in_hand' condition on Influence Cards")
        return self

    @property
    def realm(self) -> str | None:
        """The colour this quest belongs to: ``colour``, else the requirement's colour."""
        return self.colour or getattr(self.requirement, "colour", None)


class Honor(Sourced):
    """An Honor: claimed when ``requirement`` holds; ``points`` VP at the end (1 each)."""

    name: Name
    requirement: Condition
    points: int = Field(default=1, ge=0, le=5)
    text: str = ""

    @model_validator(mode="after")
    def _claimable(self) -> "Honor":
        if self.requirement.kind == "opponent_ahead":
            raise ValueError("@requirement.kind: 'opponent_ahead' needs a card being played "  # i18n: no
                             "and cannot be an Honor's requirement")
        return self


class Clan(Sourced):
    """A Clan of ``colour`` (claimed with a 3 or higher of that colour); ``suggested``: one of
    the five the rulebook suggests for new players (setup step 2)."""

    name: Name
    colour: ColourName
    suggested: bool = False
    abilities: tuple[CardAbility, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _triggers(self) -> "Clan":
        bad = [i for i, a in enumerate(self.abilities) if a.trigger == "play"]
        if bad:
            raise ValueError("\n".join(f"@abilities.{i}.trigger: a Clan is claimed, not "  # i18n: no
                                       "played: expected 'claim' or 'scoring'" for i in bad))
        return self


#: The list sections of a cards file, in file order, with the model of their records.
SECTIONS: dict[str, type[Sourced]] = {
    "colours": Colour, "influence": InfluenceCard, "advocates": Advocate,
    "special_advocates": SpecialAdvocate, "tomes": Tome, "relics": Relic, "epics": Epic,
    "quests": Quest, "honors": Honor, "clans": Clan,
}
#: Sections whose records are named (names are unique across all of them).
NAMED_SECTIONS = ("advocates", "special_advocates", "tomes", "epics", "quests", "honors",
                  "clans")


# ==================================================================== the file
class CardSet(BaseModel):
    """A whole cards file, checked against every known fact of the game."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    provenance: Provenance
    source: str = ""
    note: str = ""
    tome_majority: TomeMajority
    colours: tuple[Colour, ...]
    influence: tuple[InfluenceCard, ...]
    advocates: tuple[Advocate, ...]
    special_advocates: tuple[SpecialAdvocate, ...]
    tomes: tuple[Tome, ...]
    relics: tuple[Relic, ...]
    epics: tuple[Epic, ...]
    quests: tuple[Quest, ...]
    honors: tuple[Honor, ...]
    clans: tuple[Clan, ...]

    @model_validator(mode="after")
    def _whole_file(self) -> "CardSet":
        problems: list[str] = []
        colours = self._check_colours(problems)
        self._check_influence(problems, colours)
        self._check_advocates(problems)
        self._check_tomes_relics(problems, colours)
        self._check_clans(problems, colours)
        self._check_cards_of_clans(problems)
        self._check_quests_honors(problems, colours)
        self._check_names(problems)
        self._check_references(problems, colours)
        self._check_file_provenance(problems)
        if not problems and self.deck_size != DECK_SIZE:   # implied by the counts above
            problems.append(f"@influence: the deck holds {self.deck_size} cards, expected "  # i18n: no
                            f"{DECK_SIZE} (70 Influence + 18 Basic Advocates + 6 Tomes + 5 "
                            "Relics)")
        if problems:
            raise ValueError("\n".join(problems))
        return self

    # ------------------------------------------------------------------ checks
    def _check_colours(self, problems: list[str]) -> set[str]:
        seen: dict[str, int] = {}
        for i, c in enumerate(self.colours):
            if c.name in RESERVED_COLOURS:
                problems.append(f"@colours.{i}.name: {c.name!r} is the advocates' colour (\"All "  # i18n: no
                                "Advocates are white\"), not a realm's")
            if c.name in seen:
                problems.append(f"@colours.{i}.name: colour {c.name!r} is also colours record "  # i18n: no
                                f"#{seen[c.name] + 1}")
            seen.setdefault(c.name, i)
        if len(self.colours) != NUM_COLOURS:
            problems.append(f"@colours: expected {NUM_COLOURS} colours (the Five Realms), "  # i18n: no
                            f"found {len(self.colours)}")
        return set(seen)

    def _bad_colour(self, problems: list[str], where: str, colour: str | None,
                    colours: set[str]) -> bool:
        if colour is not None and colour not in colours:
            problems.append(f"@{where}: unknown colour {colour!r}; expected one of "  # i18n: no
                            f"{sorted(colours)} (the colours section)")
            return True
        return False

    def _check_influence(self, problems: list[str], colours: set[str]) -> None:
        where: dict[tuple[str, int], int] = {}
        for i, card in enumerate(self.influence):
            if self._bad_colour(problems, f"influence.{i}.colour", card.colour, colours):
                continue
            key = (card.colour, card.number)
            if key in where:
                problems.append(f"@influence.{i}.number: {card.colour} {card.number} is also "  # i18n: no
                                f"influence record #{where[key] + 1}; give one record per "
                                "colour and number, with its copies")
                continue
            where[key] = i
        for colour in sorted(colours):
            for number, expected in FIXED_COPIES.items():
                rec = where.get((colour, number))
                what = {1: "four 1s (rulebook I: 'four \"number 1\" cards of each color')",  # i18n: no
                        5: "one 5 (COMPONENTS.md)", 6: "one 6 (COMPONENTS.md)"}[number]
                if rec is None:
                    problems.append(f"@influence: no record for {colour} {number}; expected "  # i18n: no
                                    f"{what} per colour")
                elif self.influence[rec].copies != expected:
                    problems.append(f"@influence.{rec}.copies: {self.influence[rec].copies} "  # i18n: no
                                    f"copies of {colour} {number}, expected {expected}: {what} "
                                    "per colour")
            middle = [where[(colour, n)] for n in (2, 3, 4) if (colour, n) in where]
            total = sum(self.influence[i].copies for i in middle)
            if total != MIDDLE_COPIES:
                records = ", ".join(f"#{i + 1}" for i in middle) or "none"
                anchor = f"influence.{middle[0]}.copies" if middle else "influence"
                problems.append(
                    f"@{anchor}: the {colour} 2s, 3s and 4s total {total} copies (records "  # i18n: no
                    f"{records}), expected {MIDDLE_COPIES} (14 per colour minus four 1s, one "
                    "5 and one 6)")
        total = sum(c.copies for c in self.influence)
        if total != INFLUENCE_CARDS:
            problems.append(f"@influence: {total} Influence Cards, expected {INFLUENCE_CARDS} "
                            f"({NUM_COLOURS} colours x {INFLUENCE_PER_COLOUR})")

    def _check_advocates(self, problems: list[str]) -> None:
        names = [a.name for a in self.advocates]
        for i, a in enumerate(self.advocates):
            if a.name not in BASIC_ADVOCATE_NAMES:
                problems.append(f"@advocates.{i}.name: {a.name!r} is not a Basic Advocate; "  # i18n: no
                                f"expected one of {list(BASIC_ADVOCATE_NAMES)}")
        missing = [n for n in BASIC_ADVOCATE_NAMES if n not in names]
        if missing:
            problems.append(f"@advocates: missing Basic Advocates {missing} (rulebook I: "
                            "'18 Basic Advocates (Conspirator, Spy, Advisor)')")
        total = sum(a.copies for a in self.advocates)
        if total != BASIC_ADVOCATES:
            problems.append(f"@advocates: {total} Basic Advocates, expected {BASIC_ADVOCATES}")
        seen = {a.name: i for i, a in enumerate(self.special_advocates)}
        for i, a in enumerate(self.special_advocates):
            if a.name not in SPECIAL_ADVOCATES:
                problems.append(f"@special_advocates.{i}.name: {a.name!r} is not a Special "  # i18n: no
                                f"Advocate; expected one of {list(SPECIAL_ADVOCATES)}")
            elif a.copies != SPECIAL_ADVOCATES[a.name]:
                problems.append(f"@special_advocates.{i}.copies: {a.copies} {a.name} cards, "
                                f"expected {SPECIAL_ADVOCATES[a.name]} (rulebook I: "
                                "'Ambassador (x2), Agent, Knight, Saboteur')")
        missing = [n for n in SPECIAL_ADVOCATES if n not in seen]
        if missing:
            problems.append(f"@special_advocates: missing {missing} (rulebook I: '5 Special "
                            "Advocates (Ambassador (x2), Agent, Knight, Saboteur)')")

    def _check_tomes_relics(self, problems: list[str], colours: set[str]) -> None:
        total = sum(t.copies for t in self.tomes)
        if total != TOMES:
            problems.append(f"@tomes: {total} Tomes, expected {TOMES}")
        seen: dict[str, int] = {}
        for i, r in enumerate(self.relics):
            if self._bad_colour(problems, f"relics.{i}.colour", r.colour, colours):
                continue
            if r.colour in seen:
                problems.append(f"@relics.{i}.colour: a second {r.colour} Relic (also relics "  # i18n: no
                                f"record #{seen[r.colour] + 1}); expected one per colour")
            seen.setdefault(r.colour, i)
            req = r.requirement
            if req.kind != "highest_influence" or req.colour != r.colour:
                problems.append(
                    f"@relics.{i}.requirement: expected {{ kind = \"highest_influence\", "  # i18n: no
                    f"colour = \"{r.colour}\" }} (scoring step 3: 'played the highest number "
                    "(including ties) of the color matching the Relic')")
        missing = sorted(colours - set(seen))
        if missing or len(self.relics) != RELICS:
            problems.append(f"@relics: {len(self.relics)} Relics, expected {RELICS}, one per "  # i18n: no
                            f"colour" + (f"; no Relic of {missing}" if missing else ""))  # i18n: no

    def _check_clans(self, problems: list[str], colours: set[str]) -> None:
        per: dict[str, list[int]] = defaultdict(list)
        for i, c in enumerate(self.clans):
            if not self._bad_colour(problems, f"clans.{i}.colour", c.colour, colours):
                per[c.colour].append(i)
        if len(self.clans) != CLANS:
            problems.append(f"@clans: {len(self.clans)} Clans, expected {CLANS}")
        for colour in sorted(colours):
            if len(per[colour]) != CLANS_PER_COLOUR:
                recs = ", ".join(f"#{i + 1}" for i in per[colour]) or "none"
                problems.append(f"@clans: {len(per[colour])} {colour} Clans (records {recs}), "  # i18n: no
                                f"expected {CLANS_PER_COLOUR} per colour")
        suggested = [i for i, c in enumerate(self.clans) if c.suggested]
        if suggested:
            by_colour = Counter(self.clans[i].colour for i in suggested)
            for i in suggested:
                if by_colour[self.clans[i].colour] > 1:
                    problems.append(f"@clans.{i}.suggested: more than one suggested "  # i18n: no
                                    f"{self.clans[i].colour} Clan; the suggested set is one "
                                    "Clan of each colour (setup step 2)")
            missing = sorted(colours - set(by_colour))
            if missing:
                problems.append(f"@clans: no suggested Clan of {missing}; the suggested set "  # i18n: no
                                "is one Clan of each colour (setup step 2)")

    def _check_cards_of_clans(self, problems: list[str]) -> None:
        clans = {c.name: c for c in self.clans}
        if len(self.epics) != EPICS:
            problems.append(f"@epics: {len(self.epics)} Epics, expected {EPICS}")
        sitting: dict[str, str] = {}
        for section in ("special_advocates", "epics"):
            for i, card in enumerate(getattr(self, section)):
                if card.clan not in clans:
                    problems.append(f"@{section}.{i}.clan: unknown clan {card.clan!r}; "  # i18n: no
                                    f"expected one of {sorted(clans)}")
                    continue
                sitting[card.name] = card.clan
                taken = {n for a in clans[card.clan].abilities if a.trigger == "claim"
                         for e in a.effects if e.kind == "take_cards" for n in e.names}
                if card.name not in taken:
                    problems.append(
                        f"@{section}.{i}.clan: {card.name!r} sits with {card.clan!r}, but no "  # i18n: no
                        f"claim ability of {card.clan!r} takes it (expected a take_cards "
                        "effect naming it)")
        for ci, clan in enumerate(self.clans):
            for ai, ab in enumerate(clan.abilities):
                for ei, eff in enumerate(ab.all_effects()):
                    if eff.kind != "take_cards":
                        continue
                    for name in eff.names:
                        if sitting.get(name) != clan.name:
                            problems.append(
                                f"@clans.{ci}.abilities.{ai}.effects.{ei}.names: {name!r} is "  # i18n: no
                                f"not a Special Advocate or Epic sitting with {clan.name!r}")

    def _check_quests_honors(self, problems: list[str], colours: set[str]) -> None:
        if len(self.quests) != QUESTS:
            problems.append(f"@quests: {len(self.quests)} Quests, expected {QUESTS}")
        if len(self.honors) != HONORS:
            problems.append(f"@honors: {len(self.honors)} Honors, expected {HONORS}")
        for i, q in enumerate(self.quests):
            self._bad_colour(problems, f"quests.{i}.colour", q.colour, colours)

    def _check_names(self, problems: list[str]) -> None:
        """Every name the notation reads is unique (case and spacing aside): the named
        records', and none may read as an Influence Card (``red 3``) or a Relic
        (``red relic``), whose notation names are made from the colours."""
        made = {f"{c.name} {n}": "an Influence Card" for c in self.colours for n in range(1, 7)}
        made.update({f"{c.name} relic": "a Relic" for c in self.colours})
        first: dict[str, tuple[str, int]] = {}
        for section in NAMED_SECTIONS:
            for i, rec in enumerate(getattr(self, section)):
                key = " ".join(rec.name.casefold().split())
                if key in made:
                    problems.append(f"@{section}.{i}.name: name {rec.name!r} is the notation "  # i18n: no
                                    f"of {made[key]}; names must be unique")
                elif key in first:
                    s, j = first[key]
                    problems.append(f"@{section}.{i}.name: name {rec.name!r} is also used by "  # i18n: no
                                    f"{s} record #{j + 1}; names must be unique")
                else:
                    first[key] = (section, i)

    def _check_references(self, problems: list[str], colours: set[str]) -> None:
        advocates = {a.name for a in self.advocates} | {a.name for a in self.special_advocates}
        for section, path, text in self._texts():
            if isinstance(text, Ability):
                conditions = [(f"{path}.requirement", text.requirement)] if text.requirement \
                    else []
                for k, eff in enumerate(text.all_effects()):
                    for colour in eff.colours():
                        self._bad_colour(problems, f"{section}.{path}.effects.{k}.colour",
                                         colour, colours)
            else:
                conditions = [(path, text)]
            for where, c in conditions:
                for colour in c.colours():
                    self._bad_colour(problems, f"{section}.{where}.colour", colour, colours)
                if c.kind == "used_advocate" and c.advocate not in advocates:
                    problems.append(f"@{section}.{where}.advocate: unknown advocate "  # i18n: no
                                    f"{c.advocate!r}; expected one of {sorted(advocates)}")

    def _texts(self) -> Iterator[tuple[str, str, Any]]:
        """(section, path in the section, condition or ability) of every card text."""
        for section in SECTIONS:
            for i, rec in enumerate(getattr(self, section)):
                if hasattr(rec, "requirement"):
                    yield section, f"{i}.requirement", rec.requirement
                for j, ab in enumerate(getattr(rec, "abilities", ())):
                    yield section, f"{i}.abilities.{j}", ab

    def _check_file_provenance(self, problems: list[str]) -> None:
        problems += file_provenance_problems(self.provenance, self.source,
                                             (r for _, r in self.records()))

    # -------------------------------------------------------------- queries
    def records(self) -> Iterator[tuple[str, Sourced]]:
        """Every record with its kind, abilities included (each has its own provenance)."""
        yield "tome majority", self.tome_majority  # i18n: no
        for section in SECTIONS:
            for rec in getattr(self, section):
                yield section, rec
                for ab in getattr(rec, "abilities", ()):
                    yield f"{section} abilities", ab

    def provenance_summary(self) -> dict[str, int]:
        """Records per provenance (abilities counted as records of their own)."""
        return provenance_counts(r for _, r in self.records())

    def provenance_by_kind(self) -> dict[str, dict[str, int]]:
        """``{kind: {provenance: records}}``, kinds in file order."""
        return provenance_by_kind(self.records())

    @property
    def colour_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.colours)

    @property
    def deck_size(self) -> int:
        """Cards in the deck: Influence Cards, Basic Advocates, Tomes and Relics."""
        return (sum(c.copies for c in self.influence) + sum(a.copies for a in self.advocates)
                + sum(t.copies for t in self.tomes) + len(self.relics))

    def influence_copies(self, colour: str, number: int) -> int:
        """Copies of the ``colour`` ``number`` Influence Card (0 if there is no record)."""
        return sum(c.copies for c in self.influence if c.colour == colour and c.number == number)

    def named(self, name: str) -> Sourced:
        """The named record (advocate, special advocate, tome, epic, quest, honor or clan)."""
        for section in NAMED_SECTIONS:
            for rec in getattr(self, section):
                if rec.name.casefold() == name.casefold():
                    return cast(Sourced, rec)
        raise KeyError(f"no card named {name!r}")  # i18n: no

    def digest(self) -> str:
        """SHA-256 of the cards' content (provenance, sources, notes and texts left out)."""
        return content_digest(self, META_FIELDS)


# ==================================================================== loading
def _label(section: str, rec: Any) -> str:
    """The label of a raw record in error messages: ``" (name='Wolf')"``."""
    if not isinstance(rec, dict):
        return ""
    if section == "influence":
        return f" (colour={rec.get('colour')!r}, number={rec.get('number')!r})"
    if "name" in rec:
        return f" (name={rec['name']!r})"
    if "colour" in rec:
        return f" (colour={rec['colour']!r})"
    return ""


def describe_errors(exc: ValidationError, data: Any, source: str) -> str:
    """One line per problem: ``FILE: SECTION record #N (label), field F: message``, e.g.
    ``clans record #3 (name='Wolf'), field 'abilities[0].effects[1].n'``
    (:func:`regalia.core.data.describe_errors`)."""
    return core_data.describe_errors(exc, data, source, sections=SECTIONS, label=_label)


def load_cards(path: str | Path | None = None) -> CardSet:
    """Load and validate a cards file (default: the bundled ``data/cards.toml``).

    Raises:
        DataError: one line per problem, each naming the file, the record (section,
            position and name) and the field, and saying what was expected.
    """
    if path is None:
        return _default_set()
    return _load(path)


def _load(path: str | Path) -> CardSet:
    return load_validated(CardSet, path, describe_errors)


@lru_cache(maxsize=1)
def _default_set() -> CardSet:
    return _load(DEFAULT_DATA)


def provenance_summary(path: str | Path | None = None) -> dict[str, int]:
    """Records per provenance of a cards file (default: the bundled one)."""
    return load_cards(path).provenance_summary()


__all__ = [
    "DEFAULT_DATA", "DECK_SIZE", "CardSet", "Sourced", "CardAbility", "Colour",
    "InfluenceCard", "Advocate", "SpecialAdvocate", "Tome", "TomeMajority", "Relic", "Epic",
    "Quest", "Honor", "Clan", "load_cards", "provenance_summary", "describe_errors",
    "SECTIONS", "BASIC_ADVOCATE_NAMES", "SPECIAL_ADVOCATES",
]
