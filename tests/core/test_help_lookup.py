"""``regalia.core.help``: looking a component up by name, as ``help NAME`` does."""

from __future__ import annotations

import pytest

from regalia.core.errors import UnknownNameError
from regalia.core.help import HelpEntry, RulesSummary, find_entry, provenance_words

ENTRIES = [
    HelpEntry("Inn", "building", "Score 1 point per tile in its row.", "reconstructed",
              aliases=("travel-1", "travel-2")),
    HelpEntry("Cathedral", "building", "Score 5 points.", "rulebook", source="rulebook"),
    HelpEntry("Cowshed", "building", "Green area.", "reconstructed"),
    HelpEntry("Conspirator", "Basic Advocate", "Skip 1 number.", "verified"),
]


def test_lookup_ignores_case_hyphens_and_finds_aliases():
    assert find_entry(ENTRIES, "CATHEDRAL").name == "Cathedral"
    assert find_entry(ENTRIES, "travel-2").name == "Inn"
    assert find_entry(ENTRIES, "travel 1").name == "Inn"


def test_a_unique_prefix_is_enough_and_an_ambiguous_one_names_the_candidates():
    assert find_entry(ENTRIES, "cath").name == "Cathedral"
    with pytest.raises(UnknownNameError, match="Cowshed, Conspirator|Conspirator, Cowshed"):
        find_entry(ENTRIES, "co")


def test_a_misspelt_name_gets_the_close_matches():
    with pytest.raises(UnknownNameError, match="did you mean: Cathedral"):
        find_entry(ENTRIES, "cathedrel")


def test_an_unknown_name_lists_every_name():
    with pytest.raises(UnknownNameError, match="Cathedral, Conspirator, Cowshed, Inn"):
        find_entry(ENTRIES, "zzz")


def test_reconstructed_is_said_plainly():
    text = ENTRIES[0].text()
    assert "Provenance: reconstructed" in text and "NOT the printed component" in text
    assert provenance_words("verified").startswith("verified: transcribed")


def test_rules_summary_text_cites_its_section():
    s = RulesSummary("Pick", ("Put your king on a free domino.",), "Quick reference, Turn")
    assert s.text().splitlines() == ["Pick", "  Put your king on a free domino.",
                                     "  (Quick reference, Turn)"]
