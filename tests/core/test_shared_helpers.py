"""The helpers the engines share from sim/core: deck-dict card entries, event redaction and
the determinization helpers."""
from __future__ import annotations

import numpy as np

from sim.core.decklists import deck_card_entries
from sim.core.events import redact_events
from sim.core.hidden import draw_seed, shuffled, split_known
from sim.core.seeding import LazyRng


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


def test_shuffled_deals_as_the_sorted_cards_indexed_by_a_permutation():
    """Determinizations of every saved game depend on it: `shuffled` must give the sorted cards
    in the order of `rng.permutation(n)` and leave the generator where that draw leaves it."""
    ours, theirs = np.random.default_rng(11), np.random.default_rng(11)
    cards_rng = np.random.default_rng(0)
    for n in [0, 1, 2, 3, 7, 30, 64, 150]:
        cards = cards_rng.integers(0, 40, n).tolist()
        expected = sorted(cards)
        if n >= 2:
            expected = [expected[i] for i in theirs.permutation(n)]
        assert shuffled(cards, ours) == expected
        assert ours.bit_generator.state == theirs.bit_generator.state


def test_split_known_counts_a_known_card_once_per_listing():
    assert split_known([5, 3, 5, 9], [5]) == ([5], [3, 5, 9])
    assert split_known([5, 3, 5, 9], [5, 5, 9, 7]) == ([5, 5, 9], [3])
    assert split_known([4, 2], []) == ([], [4, 2])


def test_a_drawn_seed_builds_the_generator_a_seeded_pcg64_gives_when_first_used():
    class Holder(LazyRng):
        __slots__ = ()

    seed = draw_seed(np.random.default_rng(3))
    lazy = Holder()
    lazy.set_rng_state(seed)
    twin = Holder()
    lazy.copy_rng_into(twin)                      # a clone before the first draw
    expected = np.random.Generator(np.random.PCG64(seed)).integers(1 << 40, size=4).tolist()
    assert lazy.rng.integers(1 << 40, size=4).tolist() == expected
    assert twin.rng.integers(1 << 40, size=4).tolist() == expected
