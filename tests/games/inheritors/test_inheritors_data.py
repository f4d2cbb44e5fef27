"""The bundled cards file against every known fact.

Sources: the rulebook (I. Components: "70 Influence Cards (14 per color)", "5 Relics (1 per
color)", "18 Basic Advocates (Conspirator, Spy, Advisor)", "5 Special Advocates (Ambassador
(x2), Agent, Knight, Saboteur)", "6 Tomes", "3 Epics", "8 Honors", "7 Quests", "10 Clans";
III. action 1: four "number 1" cards of each color; the Quest example; Explanations of the
Honors; Claiming Clans: the Wolf is yellow; II. Setup step 2: the suggested clans) and
COMPONENTS.md (one 5 and one 6 per colour; green; what is not public).
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

import regalia
from regalia.games.inheritors import DECK_SIZE, DEFAULT_DATA, load_cards, provenance_summary
from regalia.games.inheritors.effects import (CardsInHand, HighestInfluence, Majority,
                                              QuestsAtLeast, StacksAtLeast, UsedAdvocate)

# "Explanations of the Honors", quoted, with the requirement each is read as.
HONORS = [
    ("2 Quests in your play area.", QuestsAtLeast(count=2)),
    ("A number 6 card in your play area.", StacksAtLeast(count=1, min_number=6)),
    ("Two number 4 (or above) cards in your play area.", StacksAtLeast(count=2, min_number=4)),
    ("Three number 3 (or above) cards in your play area.",
     StacksAtLeast(count=3, min_number=3)),
    ("Four number 2 (or above) cards in your play area.", StacksAtLeast(count=4, min_number=2)),
    ("Show 3 Tomes from your hand. (They can leave your hand after the Honor is claimed.)",
     CardsInHand(count=3, card_kinds=("tome",))),
    ("Show 3 Relics from your Hand. (They can leave your hand after the Honor is claimed.)",
     CardsInHand(count=3, card_kinds=("relic",))),
    ("Use a Spy to play an Influence Card numbered 2 or higher.",
     UsedAdvocate(advocate="Spy", min_number=2)),
]
KNOWN_COLOURS = {"purple": "rulebook", "blue": "rulebook", "yellow": "rulebook",
                 "green": "verified"}
SUGGESTED = {"Wolf", "Fox", "Bear", "Lynx", "Rat"}


def _rulebook_text(inh) -> str:
    if not inh.RULEBOOK.exists():
        pytest.skip(f"rulebook not found at {inh.RULEBOOK}")
    text = inh.RULEBOOK.read_text(encoding="utf-8").replace("*", "")
    return re.sub(r"\s+", " ", text)


# ------------------------------------------------------------------ loading
def test_default_file_loads_and_is_cached(cards):
    assert load_cards() is cards
    assert load_cards(DEFAULT_DATA) == cards
    assert DEFAULT_DATA.name == "cards.toml" and DEFAULT_DATA.parent.name == "data"


def test_package_registers_the_game():
    names = [info.name for info in regalia.core.registry.list_games()]
    assert "inheritors" in names
    assert "kingdomino" in names


# ------------------------------------------------------------------ colours
def test_five_colours_four_known_and_a_reconstructed_fifth(cards):
    assert len(cards.colours) == 5
    prov = {c.name: c.provenance for c in cards.colours}
    assert {k: prov[k] for k in KNOWN_COLOURS} == KNOWN_COLOURS
    (fifth,) = [c for c in cards.colours if c.name not in KNOWN_COLOURS]
    assert fifth.provenance == "reconstructed"
    assert fifth.name != "white"            # "All Advocates are white"
    assert "COMPONENTS.md" in fifth.note  # why: named by no public text


# ------------------------------------------------------------------ influence
def test_seventy_influence_cards_fourteen_per_colour(cards):
    per = Counter()
    for c in cards.influence:
        per[c.colour] += c.copies
    assert per == {c: 14 for c in cards.colour_names}
    assert sum(per.values()) == 70


def test_four_ones_per_colour_from_the_rulebook(cards):
    for colour in cards.colour_names:
        (rec,) = [c for c in cards.influence if c.colour == colour and c.number == 1]
        assert rec.copies == 4
        assert rec.provenance == "rulebook"
        assert "four" in rec.source


@pytest.mark.parametrize("number", [5, 6])
def test_one_five_and_one_six_per_colour_verified(cards, number):
    for colour in cards.colour_names:
        (rec,) = [c for c in cards.influence if c.colour == colour and c.number == number]
        assert rec.copies == 1
        assert rec.provenance == "verified"
        assert "COMPONENTS.md" in rec.source


def test_twos_threes_fours_total_eight_and_are_reconstructed(cards):
    for colour in cards.colour_names:
        recs = [c for c in cards.influence if c.colour == colour and c.number in (2, 3, 4)]
        assert sorted(c.number for c in recs) == [2, 3, 4]
        assert sum(c.copies for c in recs) == 8
        assert {c.provenance for c in recs} == {"reconstructed"}
        assert all(c.note for c in recs)


def test_numbers_one_to_six_once_per_colour(cards):
    keys = [(c.colour, c.number) for c in cards.influence]
    assert len(keys) == len(set(keys)) == 30
    assert {n for _, n in keys} == {1, 2, 3, 4, 5, 6}


# ------------------------------------------------------------------ advocates
def test_eighteen_basic_advocates_conspirator_spy_advisor(cards):
    assert [a.name for a in cards.advocates] == ["Conspirator", "Spy", "Advisor"]
    assert sum(a.copies for a in cards.advocates) == 18
    for a in cards.advocates:
        assert a.provenance_of("name") == "rulebook"
        # the split and the player-count marks are not public
        assert a.provenance == "reconstructed" and a.provenance_of("copies") == "reconstructed"
        assert a.provenance_of("marked") == "reconstructed"
        assert 0 < a.marked < a.copies


def test_basic_advocate_abilities_are_the_rulebook_ones(cards):
    spy, = [a for a in cards.advocates if a.name == "Spy"]
    advisor, = [a for a in cards.advocates if a.name == "Advisor"]
    consp, = [a for a in cards.advocates if a.name == "Conspirator"]
    for a in (spy, advisor, consp):
        (ab,) = a.abilities
        assert ab.provenance == "rulebook" and ab.trigger == "play"
    assert spy.abilities[0].requirement is None
    assert [e.model_dump() for e in spy.abilities[0].effects] == \
        [{"kind": "demand_card", "otherwise_draw": 1}]
    assert [e.model_dump() for e in advisor.abilities[0].effects] == \
        [{"kind": "take_from_market", "count": 2}]
    assert consp.abilities[0].requirement.kind == "opponent_ahead"
    assert [e.model_dump() for e in consp.abilities[0].effects] == \
        [{"kind": "play_influence", "count": 1, "skip": 1}]


def test_five_special_advocates_as_listed_with_existing_clans(cards):
    copies = {a.name: a.copies for a in cards.special_advocates}
    assert copies == {"Ambassador": 2, "Agent": 1, "Knight": 1, "Saboteur": 1}
    assert sum(copies.values()) == 5
    clans = {c.name for c in cards.clans}
    for a in cards.special_advocates:
        assert a.clan in clans
        assert a.provenance_of("name") == "rulebook"
        assert a.provenance_of("copies") == "rulebook"
        # which clan it sits with, and its text, are not public
        assert a.provenance == "reconstructed" and a.provenance_of("clan") == "reconstructed"
        assert all(ab.provenance == "reconstructed" for ab in a.abilities)


def test_each_special_advocate_and_epic_is_taken_by_its_clan(cards):
    clans = {c.name: c for c in cards.clans}
    for card in cards.special_advocates + cards.epics:
        taken = [n for ab in clans[card.clan].abilities if ab.trigger == "claim"
                 for e in ab.effects if e.kind == "take_cards" for n in e.names]
        assert card.name in taken


# ------------------------------------------------------------------ tomes, relics, epics
def test_six_tomes_and_the_tome_majority(cards):
    assert sum(t.copies for t in cards.tomes) == 6
    assert all(t.provenance == "rulebook" for t in cards.tomes)
    tm = cards.tome_majority
    assert tm.provenance == "rulebook" and "second-most gains 1 VP" in tm.source
    assert Majority.model_validate(tm.model_dump(include={"kind", "card_kinds", "points"})) == \
        Majority(card_kinds=("tome", "epic"), points=(3, 1))


def test_five_relics_one_per_colour_plus_one_minus_one(cards):
    assert sorted(r.colour for r in cards.relics) == sorted(cards.colour_names)
    for r in cards.relics:
        assert r.provenance == "rulebook"
        assert r.requirement == HighestInfluence(colour=r.colour)
        assert (r.points_met, r.points_unmet) == (1, -1)


def test_three_epics_with_existing_clans_reconstructed(cards):
    assert len(cards.epics) == 3
    clans = {c.name for c in cards.clans}
    assert all(e.clan in clans for e in cards.epics)
    assert len({e.clan for e in cards.epics}) == 3
    for e in cards.epics:
        assert e.provenance == "reconstructed" and e.note
        assert all(ab.provenance == "reconstructed" and ab.trigger == "scoring"
                   for ab in e.abilities)


# ------------------------------------------------------------------ quests
def test_seven_quests_the_rulebook_example_and_six_reconstructed(cards):
    assert len(cards.quests) == 7
    rulebook = [q for q in cards.quests if q.provenance == "rulebook"]
    assert len(rulebook) == 1
    (example,) = rulebook
    assert example.requirement == CardsInHand(count=2, number=3)
    assert example.requirement.card_kinds == ("influence",)
    assert (example.points_met, example.points_unmet) == (2, 1)
    assert "2 number 3 cards in hand" in example.source
    assert example.realm is None
    others = [q for q in cards.quests if q is not example]
    assert len(others) == 6 and all(q.provenance == "reconstructed" and q.note for q in others)


def test_quests_score_two_or_one_and_leave_four_in_a_two_player_game(cards):
    assert {(q.points_met, q.points_unmet) for q in cards.quests} == {(2, 1)}
    for colour in cards.colour_names:         # 2-player: one colour's quests removed
        assert sum(q.realm != colour for q in cards.quests) >= 4


# ------------------------------------------------------------------ honors
def test_eight_honors_all_rulebook_with_the_rulebooks_texts(cards):
    assert [(h.text, h.requirement) for h in cards.honors] == HONORS
    assert all(h.provenance == "rulebook" and h.points == 1 for h in cards.honors)
    assert all("Explanations of the Honors" in h.source for h in cards.honors)


def test_honor_texts_are_quoted_from_the_rulebook_file(cards, inh):
    book = _rulebook_text(inh)
    for h in cards.honors:
        assert h.text in book, h.text


def test_rulebook_ability_texts_are_quoted_sentence_by_sentence(cards, inh):
    book = _rulebook_text(inh)
    texts = [ab.text for a in cards.advocates for ab in a.abilities if ab.provenance == "rulebook"]
    assert len(texts) == 3
    for text in texts:
        for sentence in re.split(r"(?<=\.) ", text):
            assert sentence in book, sentence


# ------------------------------------------------------------------ clans
def test_ten_clans_two_per_colour(cards):
    assert len(cards.clans) == 10
    assert Counter(c.colour for c in cards.clans) == {c: 2 for c in cards.colour_names}


def test_wolf_is_yellow_from_the_rulebook(cards):
    wolf = cards.named("Wolf")
    assert wolf.colour == "yellow"
    assert wolf.provenance == "rulebook"
    assert "yellow 3" in wolf.source


def test_suggested_clans_are_the_rulebooks_five_one_per_colour(cards):
    suggested = [c for c in cards.clans if c.suggested]
    assert {c.name for c in suggested} == SUGGESTED
    assert sorted(c.colour for c in suggested) == sorted(cards.colour_names)
    for c in suggested:
        assert c.provenance_of("name") == "rulebook"
        assert c.provenance_of("suggested") == "rulebook"
        # only the Wolf's colour is known
        assert c.provenance_of("colour") == ("rulebook" if c.name == "Wolf" else "reconstructed")


def test_clans_beyond_the_suggested_five_are_reconstructed(cards):
    others = [c for c in cards.clans if c.name not in SUGGESTED]
    assert len(others) == 5
    assert all(c.provenance == "reconstructed" and not c.field_provenance for c in others)


def test_every_clan_ability_is_reconstructed(cards):
    abilities = [ab for c in cards.clans for ab in c.abilities]
    assert len(abilities) >= 10
    assert all(ab.provenance == "reconstructed" and ab.note for ab in abilities)


# ------------------------------------------------------------------ whole file
def test_deck_is_99_cards(cards):
    assert DECK_SIZE == 99
    assert cards.deck_size == 70 + 18 + 6 + 5 == 99


def test_names_are_unique(cards):
    names = [r.name.casefold() for s in ("advocates", "special_advocates", "tomes", "epics",
                                         "quests", "honors", "clans")
             for r in getattr(cards, s)]
    assert len(names) == len(set(names))


def test_every_record_has_a_source_or_note(cards):
    for kind, rec in cards.records():
        if rec.provenance == "reconstructed":
            assert rec.note.strip(), (kind, rec)
        else:
            assert rec.source.strip(), (kind, rec)


def test_every_unknown_is_reconstructed(cards):
    """COMPONENTS.md "Missing": the fifth colour, the 2/3/4 split, the advocate split, the
    clan abilities, the special advocate and epic texts, 6 of 7 quests."""
    fifth = [c for c in cards.colours if c.name not in KNOWN_COLOURS]
    middle = [c for c in cards.influence if c.number in (2, 3, 4)]
    unknown = (
        [(c, "name") for c in fifth]
        + [(c, "copies") for c in middle]
        + [(a, "copies") for a in cards.advocates] + [(a, "marked") for a in cards.advocates]
        + [(ab, "effects") for c in cards.clans for ab in c.abilities]
        + [(ab, "effects") for a in cards.special_advocates for ab in a.abilities]
        + [(a, "clan") for a in cards.special_advocates]
        + [(e, "name") for e in cards.epics] + [(e, "clan") for e in cards.epics]
        + [(ab, "effects") for e in cards.epics for ab in e.abilities]
        + [(q, "requirement") for q in cards.quests if q.name != "Two Threes"]
        + [(c, "colour") for c in cards.clans if c.name != "Wolf"]
    )
    assert len(unknown) == 1 + 15 + 6 + 10 + 4 + 4 + 3 + 3 + 3 + 6 + 9
    assert [(rec, f) for rec, f in unknown if rec.provenance_of(f) != "reconstructed"] == []


def test_provenance_summary(cards):
    by_kind = cards.provenance_by_kind()
    assert by_kind["honors"] == {"rulebook": 8}
    assert by_kind["clans abilities"] == {"reconstructed": 10}
    assert by_kind["quests"] == {"rulebook": 1, "reconstructed": 6}
    assert by_kind["influence"] == {"verified": 10, "rulebook": 5, "reconstructed": 15}
    total = Counter()
    for counts in by_kind.values():
        total.update(counts)
    assert cards.provenance_summary() == dict(total) == provenance_summary()
    assert cards.provenance_summary() == {"verified": 11, "rulebook": 28, "reconstructed": 58}
    assert cards.provenance == "reconstructed"     # the file as a whole


def test_digest_ignores_provenance_and_texts(cards):
    relabelled = cards.model_copy(update={"note": "other", "source": "other"})
    assert relabelled.digest() == cards.digest()
    assert re.fullmatch(r"[0-9a-f]{64}", cards.digest())
