"""The helpers the engines share from sim/core: deck-dict card entries and event redaction."""
from __future__ import annotations

from sim.core.decklists import deck_card_entries
from sim.core.events import redact_events


def test_deck_card_entries_expand_counts_and_name_every_bad_part():
    problems: list[str] = []
    assert deck_card_entries({"A": 2, "B": 1}, "print id", "print_id", problems) == ["A", "A", "B"]
    assert deck_card_entries(["A", "B", "A"], "print id", "print_id", problems) == ["A", "B", "A"]
    assert problems == []
    entries = deck_card_entries({"A": 0, "B": True, "C": 1, 7: 2}, "card code", "code", problems)
    assert entries == ["C"]
    assert problems == [
        "deck dict: 'cards'['A'] must map a card code to a positive int, got 0",
        "deck dict: 'cards'['B'] must map a card code to a positive int, got True",
        "deck dict: 'cards'[7] must map a card code to a positive int, got 2",
    ]
    problems.clear()
    assert deck_card_entries(["A", 3], "print id", "print_id", problems) == ["A"]
    assert problems == ["deck dict: 'cards'[1] must be a print id string, got 3"]
    problems.clear()
    assert deck_card_entries("A", "print id", "print_id", problems) == []
    assert problems == ["deck dict: 'cards' must be a {print_id: count} dict, got 'A'"]


def test_redact_events_hides_only_other_seats_private_cards():
    events = [("draw", 0, 12), ("draw", 1, 30), ("tx_draw", 1, 4), ("play", 1, 30, "slot")]
    assert redact_events(events, 0, {"draw"}) == [
        ("draw", 0, 12), ("draw", 1, None), ("tx_draw", 1, 4), ("play", 1, 30, "slot")]
    assert redact_events(events, 1, {"draw", "tx_draw"}) == [("draw", 0, None)] + events[1:]
    assert redact_events(events, 2, {"draw", "tx_draw"}) == [
        ("draw", 0, None), ("draw", 1, None), ("tx_draw", 1, None), ("play", 1, 30, "slot")]
